import Foundation
import Testing

/// Headless Chromium (Debian's package, installed by scripts/ensure-system-libraries), or nil.
enum Chromium {
    static let path = ExternalTool.path(["chromium", "chromium-browser", "google-chrome"])

    /// Runs Chromium headless on a page with `arguments`; its standard output.
    static func run(_ arguments: [String], profile: String) throws -> String {
        try ExternalTool.output(path!, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(profile)"] + arguments)
    }
}

/// `cairn render NOTEBOOK --html`, opened as a person would open it: in a browser.
@Suite("Notebook pages")
struct RenderCommandTests {
    let scratch = Scratch()
    var demo: String { WorkbenchTests.root.appendingPathComponent("Datasets/demo").path }

    var notebook: String {
        scratch.write("page.md", """
            <!-- cairn: width=100 -->
            # Lena's *May*

            The warning, the count behind it, and Maya's LDL.

            ```cairn
            .open \(demo)
            .profile lena
            .asof 2026-05-31
            .run medication-overuse
            ```

            ```cairn
            SELECT name, count(*) AS doses FROM medications WHERE profile_id = 'lena' GROUP BY name ORDER BY name;
            ```

            ```cairn
            .profile maya
            .chart ldl
            ```

            """)
    }

    @Test("the page holds the prose, a result table, the insight with its evidence and the picture, and nothing from elsewhere")
    func page() throws {
        let page = scratch.path + "/page.html"
        let result = try CLI.run(["render", notebook, "--html"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Wrote \(page): 3 blocks, 1 picture.\n")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<title>Lena's May</title>"))
        #expect(!html.contains("<script") && !html.contains("src=\"http") && !html.contains("href=\"http"))
        // The notebook itself is not changed by rendering it.
        #expect(try String(contentsOfFile: notebook, encoding: .utf8).contains("```cairn\n.profile maya\n.chart ldl\n```\n"))
    }

    @Test("the bundled marker review: a chart's captions after a query stay whole, outside the query's table (issue 25)")
    func markerReview() throws {
        for folder in ["Notebooks", "Datasets"] {
            try FileManager.default.copyItem(atPath: WorkbenchTests.root.appendingPathComponent(folder).path, toPath: scratch.path + "/" + folder)
        }
        let result = try CLI.run(["render", scratch.path + "/Notebooks/marker-review.md", "--html"])
        #expect(result.status == 0, "\(result.error)")
        let html = try String(contentsOfFile: scratch.path + "/Notebooks/marker-review.html", encoding: .utf8)
        #expect(html.contains("<pre class=\"output\">LDL Cholesterol: 10 points, 2023-10-13 to 2026-09-04, 10 outside the range\n"), "\(html)")
        #expect(html.contains("<tr><td>2026-09-04</td><td class=\"number\">143</td><td>mg/dL</td></tr>\n</tbody>"))
        #expect(!html.contains("<td>LDL Cholest"))
    }

    @Test("headless Chromium shows the page: its text in the DOM, and a screenshot that is not blank",
          .enabled(if: Chromium.path != nil, "headless Chromium is not installed (scripts/ensure-system-libraries installs Debian's chromium)"))
    func inChromium() throws {
        let page = scratch.path + "/page.html"
        #expect(try CLI.run(["render", notebook, "--out", page]).status == 0)
        let dom = try Chromium.run(["--dump-dom", "file://" + page], profile: scratch.path + "/chromium")
        #expect(dom.contains("<h1>Lena's <em>May</em></h1>"), "\(dom.prefix(500))")
        // Lena's acute doses in May, counted here from the same rows the table shows.
        let medications = try String(contentsOfFile: demo + "/medications.csv", encoding: .utf8).split(separator: "\n")
        let names = Set(medications.dropFirst().filter { $0.hasPrefix("lena,") }.map { $0.split(separator: ",")[2] })
        #expect(dom.contains("<table class=\"result\">"))
        for name in names { #expect(dom.contains("<td>\(name)</td>"), "\(name) missing from the table") }
        #expect(dom.contains("<article class=\"insight awareness\">"))
        #expect(dom.contains("You've logged acute medication for headache relief more than 10 times this month."))
        #expect(dom.contains("<th>acute_days</th><td>14</td>"))
        #expect(dom.contains("<svg") && dom.contains("LDL Cholesterol (mg/dL)"))
        // A screenshot of the page against one of an empty page of the same size: text, tables
        // and a chart compress far worse than white.
        let blank = scratch.write("blank.html", "<!DOCTYPE html><html><body></body></html>\n")
        _ = try Chromium.run(["--screenshot=\(scratch.path)/blank.png", "--window-size=1000,1400", "file://" + blank],
                             profile: scratch.path + "/chromium")
        _ = try Chromium.run(["--screenshot=\(scratch.path)/page.png", "--window-size=1000,1400", "file://" + page],
                             profile: scratch.path + "/chromium")
        let empty = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/blank.png"))
        let shown = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/page.png"))
        #expect(shown.starts(with: [0x89, 0x50, 0x4E, 0x47]) && empty.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(shown.count > 5 * empty.count, "page \(shown.count) bytes, blank \(empty.count)")
    }

    @Test("raw HTML in the prose is shown as text, never run; the page carries a strict Content-Security-Policy")
    func hostileProse() throws {
        let page = scratch.write("hostile.md", """
            <!-- cairn: width=100 -->
            # Notes

            Hello <script>alert(1)</script> and <img src=x onerror="alert(2)"> and [a link](javascript:alert(3)).

            <div onmouseover="alert(4)">block</div>

            ```cairn
            .open \(demo)
            ```

            """)
        let result = try CLI.run(["render", page, "--html"])
        #expect(result.status == 0, "\(result.error)")
        let html = try String(contentsOfFile: scratch.path + "/hostile.html", encoding: .utf8)
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
                              + "img-src data:; base-uri 'none'; form-action 'none'\">"))
        for tag in ["<script", "<img", "<div onmouseover"] { #expect(!html.contains(tag), "\(tag) reached the page") }
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(html)")
        #expect(!html.contains("cairn: width"), "the settings comment is left out, not shown")
    }

    @Test("Markdown links and images cannot carry script: javascript: in any case, data:, an entity in the scheme, a quote closing the attribute; safe links stay")
    func hostileLinks() throws {
        let page = scratch.write("links.md", """
            # Links

            [a](JaVaScRiPt:alert(1)) [b](java&#x09;script:alert(2)) [c](data:text/html,<script>alert(3)</script>)
            ![d](x" onerror="alert(4)) [e](https://example.org/x" onclick="alert(5)) [f](//evil.example/x) ![g](https://example.org/p.png)

            [safe](https://example.org/a?b=1) [mail](mailto:me@example.org) [near](other.md#part) [here](#links)

            ```cairn
            .open \(demo)
            ```

            """)
        let result = try CLI.run(["render", page, "--html"])
        #expect(result.status == 0, "\(result.error)")
        let html = try String(contentsOfFile: scratch.path + "/links.html", encoding: .utf8)
        let lowered = html.lowercased()
        for forbidden in ["href=\"javascript", "href=\"java&#x09;", "href=\"data:", "onerror=\"", "onclick=\"", "<img", "href=\"//"] {
            #expect(!lowered.contains(forbidden), "\(forbidden) reached the page")
        }
        // Each refused one is shown as the Markdown it was.
        #expect(html.contains("[a](JaVaScRiPt:alert(1))"), "\(html)")
        #expect(html.contains("![d](x&quot; onerror=&quot;alert(4))"), "\(html)")
        for kept in ["<a href=\"https://example.org/a?b=1\">safe</a>", "<a href=\"mailto:me@example.org\">mail</a>",
                     "<a href=\"other.md#part\">near</a>", "<a href=\"#links\">here</a>"] {
            #expect(html.contains(kept), "\(kept) missing: \(html)")
        }
    }

    @Test("a failing command still gives a page, with exit 1 and the failure named; --out may not be the notebook")
    func failures() throws {
        let failing = scratch.write("failing.md", "```cairn\n.open \(demo)\n.profile nobody\n```\n")
        let result = try CLI.run(["render", failing])
        #expect(result.status == 1)
        #expect(result.error.contains("no profile nobody"), "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/failing.html"))
        let refused = try CLI.run(["render", failing, "--out", failing])
        #expect(refused.status != 0 && refused.error.contains("is the notebook itself"), "\(refused.error)")
    }
}
