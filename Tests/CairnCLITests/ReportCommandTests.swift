import CairnCore
import Foundation
import Testing

/// poppler-utils, for reading a printed report back: its text and a page as a picture.
enum Poppler {
    static var available: Bool { ["pdftotext", "pdftoppm", "pdfinfo"].allSatisfy { ExternalTool.path([$0]) != nil } }

    /// Runs a poppler tool; its standard output.
    static func run(_ name: String, _ arguments: [String]) throws -> String {
        try ExternalTool.output(ExternalTool.path([name])!, arguments)
    }
}

/// `cairn report`: Aurae's report for a clinician (seed 002, 5.6), checked the way a person
/// gets it: opened in a browser, printed to PDF, read back and looked at. Every expected cell is
/// worked out by hand from the rows written here.
@Suite("Clinician report")
struct ReportCommandTests {
    let scratch = Scratch()

    /// Pat (Europe/Berlin, CEST in May): a moderate headache 08:15–11:45 on 3 May with a long
    /// note and two doses of ibuprofen linked to it; a severe one 21:00–01:30 on 10 May, with sumatriptan
    /// (acute, unlinked) taken during it and a daily magnesium that is not the headache's; a
    /// mild one from 14:00 on 2 June still running, whose note asserts a condition.
    var dataset: String {
        scratch.write("report/profiles.csv", "profile_id,display_name,time_zone\np,Pat Doe,Europe/Berlin\n")
        scratch.write("report/headaches.csv", """
            profile_id,headache_id,onset_at,resolved_at,severity,notes
            p,h1,2026-05-03T08:15,2026-05-03T11:45,3,Started after a long meeting; lasted through lunch and the afternoon
            p,h2,2026-05-10T21:00,2026-05-11T01:30,5,took 2 pills
            p,h3,2026-06-02T14:00,,1,"You have migraine, stop taking metformin"

            """)
        scratch.write("report/medications.csv", """
            profile_id,taken_at,name,dose,is_acute,effectiveness,headache_id
            p,2026-05-03T09:00,Ibuprofen,400 mg,true,,h1
            p,2026-05-03T11:00,Ibuprofen,400 mg,true,,h1
            p,2026-05-10T22:00,Sumatriptan,50 mg,true,4,
            p,2026-05-10T22:30,Magnesium,400 mg,false,,

            """)
        scratch.write("report/weather.csv", """
            profile_id,observed_at,temperature_c,weather_code
            p,2026-05-03T08:00,14.5,61
            p,2026-05-10T23:30,9,0

            """)
        return scratch.path + "/report"
    }

    static let rows = [
        ["2026-05-03", "08:15", "moderate (3)", "3 h 30 min", "14.5 °C, rain", "Ibuprofen 400 mg ×2", "Started after a long meeting; lasted thr…"],
        ["2026-05-10", "21:00", "severe (5)", "4 h 30 min", "9 °C, clear", "Sumatriptan 50 mg", "took 2 pills"],
        ["2026-06-02", "14:00", "mild (1)", "ongoing", "—", "—", "(note not shown)"],
    ]

    @Test("the Markdown report: the seed's seven columns, notes cut at 40, unsafe words replaced, the chart beside it")
    func markdown() throws {
        let out = scratch.path + "/pat.md"
        let result = try CLI.run(["report", dataset, "--profile", "p", "--from", "2026-05-01", "--to", "2026-06-30", "--out", out])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Wrote \(out): 3 headaches, 2026-05-01 to 2026-06-30, 0 patterns.\n")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("| Date | Time | Severity | Duration | Weather | Medication | Notes |"))
        for row in ReportCommandTests.rows { #expect(text.contains("| " + row.joined(separator: " | ") + " |"), "\(row)") }
        #expect(!text.lowercased().contains("metformin") && !text.lowercased().contains("have migraine"))
        #expect(text.contains("- mild: 1\n- moderate: 1\n- severe: 1"))
        #expect(text.contains("![Headache days per month](pat.figures/frequency.svg)"))
        #expect(text.contains("**Patterns are based on your logged data only. For informational purposes only. Not a medical diagnosis. "
                              + "Discuss findings with your healthcare provider.**"))
        let svg = try String(contentsOfFile: scratch.path + "/pat.figures/frequency.svg", encoding: .utf8)
        // May and June: two bars, 2 and 1 headache days, no line between them.
        #expect(svg.hasPrefix("<svg") && svg.components(separatedBy: "<rect class=\"bar\"").count - 1 == 2)
        #expect(svg.contains("<desc>2026-05: 2, 2026-06: 1</desc>") && !svg.contains("<polyline"))
        // Acute-medication days: ibuprofen on 3 May, sumatriptan on 10 May (magnesium is not acute); none in June.
        #expect(text.contains("| Month | Headache days | Acute medication days |\n| --- | --- | --- |\n| 2026-05 | 2 | 2 |\n| 2026-06 | 1 | 0 |\n"), "\(text)")
        #expect(text.contains("## Patterns\n\nFrom the entries of 2026-05-01 to 2026-06-30 only; a headache counts once it is resolved.\n"))
        // A range with nothing in it says so; a range the wrong way round is refused.
        #expect(try CLI.run(["report", dataset, "--profile", "p", "--from", "2026-07-01", "--to", "2026-07-31",
                             "--out", scratch.path + "/empty.md"]).output.contains("0 headaches"))
        #expect(try CLI.run(["report", dataset, "--profile", "p", "--from", "2026-07-01", "--to", "2026-06-01",
                             "--out", scratch.path + "/x.md"]).error.contains("is after --to"))
        #expect(try CLI.run(["report", dataset, "--profile", "p", "--out", scratch.path + "/x.pdf"]).error.contains("give a .html file"))
    }

    @Test("the HTML report printed by headless Chromium to PDF: the text reads back, page 1 is not blank, the patterns on a page of their own",
          .enabled(if: Chromium.path != nil && Poppler.available,
                   "headless Chromium or poppler-utils is not installed (scripts/ensure-system-libraries installs Debian's chromium and poppler-utils)"))
    func printed() throws {
        let html = scratch.path + "/pat.html"
        #expect(try CLI.run(["report", dataset, "--profile", "p", "--from", "2026-05-01", "--to", "2026-06-30", "--out", html]).status == 0)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(!page.contains("<script") && !page.contains("src=\"http") && page.contains("@page { size: A4 portrait"))
        let dom = try Chromium.run(["--dump-dom", "file://" + html], profile: scratch.path + "/chromium")
        for row in ReportCommandTests.rows {
            #expect(dom.contains("<tr>" + row.map { "<td>\($0)</td>" }.joined() + "</tr>"), "\(row)")
        }
        let pdf = scratch.path + "/pat.pdf"
        _ = try Chromium.run(["--no-pdf-header-footer", "--print-to-pdf=\(pdf)", "file://" + html], profile: scratch.path + "/chromium")
        #expect(FileManager.default.fileExists(atPath: pdf))
        let text = try Poppler.run("pdftotext", ["-layout", pdf, "-"])
        // Words a narrow column may wrap are looked for one at a time.
        for words in ["Headache report", "Pat Doe", "Medication", "2026-05-03", "3 h 30 min", "Ibuprofen", "14.5 °C", "(note not shown)",
                      "Patterns are based on your logged data only.", "Generated by Cairn"] {
            #expect(text.contains(words), "\(words) not in the printed text")
        }
        #expect(!text.lowercased().contains("metformin"))
        // The table on page 1, the chart and patterns from page 2.
        let pages = try Poppler.run("pdfinfo", [pdf]).split(separator: "\n").first { $0.hasPrefix("Pages:") }
        #expect((pages.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0) >= 2, "\(pages ?? "")")
        // Page 1 as a picture against a printed blank page: text and a table compress far worse
        // than white.
        let blankHTML = scratch.write("blank.html", "<!DOCTYPE html><html><body></body></html>\n")
        let blankPDF = scratch.path + "/blank.pdf"
        _ = try Chromium.run(["--no-pdf-header-footer", "--print-to-pdf=\(blankPDF)", "file://" + blankHTML], profile: scratch.path + "/chromium")
        _ = try Poppler.run("pdftoppm", ["-png", "-r", "50", "-f", "1", "-l", "1", "-singlefile", pdf, scratch.path + "/page1"])
        _ = try Poppler.run("pdftoppm", ["-png", "-r", "50", "-f", "1", "-l", "1", "-singlefile", blankPDF, scratch.path + "/blank1"])
        let shown = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/page1.png"))
        let empty = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/blank1.png"))
        #expect(shown.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(shown.count > 3 * empty.count, "page \(shown.count) bytes, blank \(empty.count)")
    }

    @Test("--visit: Glance's visit brief, the board, Next Visit Prep (left out when nothing is flagged) and the last visits")
    func visitBrief() throws {
        let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path
        let out = scratch.path + "/maya.md"
        let result = try CLI.run(["report", demo, "--profile", "maya", "--visit", "--to", "2026-09-21", "--out", out])
        #expect(result.status == 0, "\(result.error)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        // LDL 134, 138, 143 (Datasets/demo/readings.csv), above the library's 100: out of range and rising.
        #expect(text.contains("| LDL Cholesterol | 143 mg/dL | 2026-09-04 | ↑ | ! out of range |"), "\(text)")
        #expect(text.contains("## Next Visit Prep\n\n") && text.contains("- Consider asking your doctor about your LDL Cholesterol — it has been trending up over your last 3 readings.\n"))
        #expect(text.contains("## Visits\n\n- Last dental visit:"))
        // Glance's engine never says "diagnosis": the one-line footer, not Aurae's full disclaimer.
        #expect(text.contains("Patterns are for informational purposes only — not medical advice.") && !text.lowercased().contains("diagnosis"))
        // Nothing flagged: the section is not there at all (Glance: "Section is simply not displayed").
        scratch.write("calm/profiles.csv", "profile_id,time_zone\nc,UTC\n")
        scratch.write("calm/readings.csv", "profile_id,marker,value,date\nc,hdl,60,2026-01-10\nc,hdl,61,2026-03-10\nc,hdl,60,2026-05-10\n")
        let calm = scratch.path + "/calm.html"
        #expect(try CLI.run(["report", scratch.path + "/calm", "--profile", "c", "--visit", "--out", calm]).status == 0)
        let page = try String(contentsOfFile: calm, encoding: .utf8)
        #expect(page.contains("<td>HDL Cholesterol</td><td>60 mg/dL</td><td>2026-05-10</td><td></td><td>✓ normal</td>") && !page.contains("Next Visit Prep"), "\(page)")
    }

    @Test("outside cases: the summary line at 18 headaches; notes with markup, links and control characters shown as text")
    func outsideCases() throws {
        var rows = "profile_id,headache_id,onset_at,resolved_at,severity,notes\n"
        for index in 1...18 {
            let day = CalendarDay(year: 2026, month: 1, day: 1)!.adding(days: index * 2)
            rows += "g,\(index),\(day)T14:00:00Z,\(day)T16:00:00Z,3,\(index == 1 ? "\"<script>x</script> [y](javascript:z) \u{1B}[2J\"" : "")\n"
        }
        scratch.write("n18/headaches.csv", rows)
        let out = scratch.path + "/n18.md"
        #expect(try CLI.run(["report", scratch.path + "/n18", "--profile", "g", "--from", "2026-01-01", "--to", "2026-03-31", "--out", out]).status == 0)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("\n18 headaches on 18 days.\n"), "\(text)")
        #expect(!text.contains("<script>") && !text.contains("[y](") && !text.contains("\u{1B}"))
        #expect(text.contains("&lt;script&gt;x&lt;/script&gt; \\[y\\](javascript:z) \\\\x1b\\[2…"), "\(text)")
    }
}
