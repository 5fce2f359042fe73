import Testing
@testable import CairnNotebook

/// Recorded output turned into a page's HTML: the shapes are Cairn's own listings, the expected
/// markup written out by hand.
@Suite("Notebook page markup")
struct OutputMarkupTests {
    @Test("aligned columns under a rule of dashes become a table; numbers are right-aligned")
    func table() {
        let output = "marker  n   mean\n------  --  -----\nldl     10  131.5\nhdl     9   48\n(2 rows)\n"
        let html = OutputMarkup.html(output)
        #expect(html.hasPrefix("<table class=\"result\">\n<thead><tr><th>marker</th><th>n</th><th>mean</th></tr></thead>\n"))
        #expect(html.contains("<tr><td>ldl</td><td class=\"number\">10</td><td class=\"number\">131.5</td></tr>"))
        #expect(html.contains("<tr><td>hdl</td><td class=\"number\">9</td><td class=\"number\">48</td></tr>"))
        // The count after the table stays text.
        #expect(html.hasSuffix("</table>\n<pre class=\"output\">(2 rows)</pre>\n"))
    }

    @Test("the next command's lines after a table end it, whole (issue 25: a chart's captions were cut into the query's cells)")
    func tableThenOtherOutput() {
        let output = "date_day    value  unit\n----------  -----  -----\n2026-09-04  143    mg/dL\n"
            + "LDL Cholesterol: 10 points, 2023-10-13 to 2026-09-04, 10 outside the range\n"
        let html = OutputMarkup.html(output)
        #expect(html.contains("<tr><td>2026-09-04</td><td class=\"number\">143</td><td>mg/dL</td></tr>\n</tbody>\n</table>\n"))
        #expect(html.hasSuffix("<pre class=\"output\">LDL Cholesterol: 10 points, 2023-10-13 to 2026-09-04, 10 outside the range</pre>\n"), "\(html)")
    }

    @Test("an insight listing becomes a card with its evidence as a table, wrapped lines joined")
    func insight() {
        let output = """
            lena  as of 2026-05-31T23:59:59+02:00
            lena  medication-overuse@1 awareness 2026-05
              You've logged acute medication <often>.
              evidence: acute_days=14, days=[2026-05-09, 2026-05-10],
                earlier_months={2026-03: 6, 2026-04: 4}, month=2026-05

            """
        let html = OutputMarkup.html(output)
        #expect(html.hasPrefix("<pre class=\"output\">lena  as of 2026-05-31T23:59:59+02:00</pre>\n<article class=\"insight awareness\">"))
        #expect(html.contains("<p>You've logged acute medication &lt;often&gt;.</p>"))
        #expect(html.contains("<tr><th>acute_days</th><td>14</td></tr>\n<tr><th>days</th><td>[2026-05-09, 2026-05-10]</td></tr>\n"
                              + "<tr><th>earlier_months</th><td>{2026-03: 6, 2026-04: 4}</td></tr>\n<tr><th>month</th><td>2026-05</td></tr>"))
    }

    @Test("anything else is kept as printed, escaped")
    func plain() {
        #expect(OutputMarkup.html("a < b\n\n") == "<pre class=\"output\">a &lt; b</pre>\n")
        #expect(OutputMarkup.html("") == "")
        // A rule of dashes with nothing above it is not a table.
        #expect(OutputMarkup.html("\n----\n").contains("<pre"))
    }

    @Test("the page: prose through Markdown, commands, pictures inline, a title from the first heading")
    func page() {
        var block = Notebook.Block(source: ".chart ldl", output: "ldl: 3 points\n")
        block.figures = [Notebook.Figure(title: "LDL — maya", path: "n.figures/figure-1-1.svg")]
        let notebook = Notebook(cells: [.prose("# Maya's *markers*\n\nSome **bold** prose.\n"), .code(block)])
        let html = NotebookPage(notebook: notebook, figures: ["n.figures/figure-1-1.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n"]).html()
        #expect(html.contains("<title>Maya's markers</title>"))
        #expect(html.contains("<h1>Maya's <em>markers</em></h1>"))
        #expect(html.contains("<strong>bold</strong>"))
        #expect(html.contains("<pre class=\"commands\"><code>.chart ldl</code></pre>"))
        #expect(html.contains("<figure>\n<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n<figcaption>LDL — maya</figcaption>"))
        #expect(!html.contains("src=\"http") && !html.contains("<script"))
    }
}
