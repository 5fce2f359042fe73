import CairnCore
import Foundation
import Ink

/// A notebook as one self-contained HTML page: the prose through a Markdown renderer (Ink),
/// each block's commands, its output (tables and insight cards where Cairn's listings allow,
/// preformatted text otherwise) and its pictures inlined as SVG. Nothing is fetched: no
/// scripts, fonts or style sheets from elsewhere, so the page reads the same offline and years
/// later.
public struct NotebookPage {
    public let notebook: Notebook
    /// Each picture's SVG text by the path the notebook links it under.
    public let figures: [String: String]

    public init(notebook: Notebook, figures: [String: String]) {
        self.notebook = notebook
        self.figures = figures
    }

    /// The page's title: the first heading of the prose without its Markdown marks, else
    /// "Cairn notebook".
    public var title: String {
        for case .prose(let text) in notebook.cells {
            for line in text.split(separator: "\n") where line.hasPrefix("# ") {
                return String(line.dropFirst(2).filter { !"*_`".contains($0) }).trimmingCharacters(in: .whitespaces)
            }
        }
        return "Cairn notebook"
    }

    public func html() -> String {
        // Raw HTML in the prose is shown as text, never passed through: a notebook from someone
        // else must not put script or event handlers in the page (the CSP forbids them too).
        // Links keep only safe URLs and images show as text (`ProseLink`).
        let parser = MarkdownParser(modifiers: [
            Modifier(target: .html) { _, markdown in NotebookPage.rawHTML(String(markdown)) },
            Modifier(target: .links) { html, markdown in ProseLink.link(html: html, markdown: String(markdown)) },
            Modifier(target: .images) { _, markdown in ProseLink.image(markdown: String(markdown)) },
        ])
        var body = ""
        for cell in notebook.cells {
            switch cell {
            case .prose(let text):
                body += parser.html(from: text) + "\n"
            case .code(let block):
                body += "<section class=\"block\(block.expectsError ? " error" : "")\">\n"
                body += "<pre class=\"commands\"><code>" + OutputMarkup.escape(block.source) + "</code></pre>\n"
                body += OutputMarkup.html(block.output)
                for figure in block.figures {
                    guard let svg = figures[figure.path] else { continue }
                    body += "<figure>\n" + svg.trimmingCharacters(in: .whitespacesAndNewlines) + "\n<figcaption>"
                        + OutputMarkup.escape(figure.title) + "</figcaption>\n</figure>\n"
                }
                body += "</section>\n"
            }
        }
        return HTMLText.page(title: title, generator: "cairn render", style: NotebookPage.style, body: body)
    }

    /// Raw HTML met in the prose: a whole comment (`<!-- cairn: width=80 -->`) is left out,
    /// anything else shown as the text it is.
    static func rawHTML(_ markdown: String) -> String {
        let trimmed = markdown.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->"), trimmed.dropFirst(4).dropLast(3).range(of: "-->") == nil,
           !trimmed.dropFirst(4).dropLast(3).contains("<") {
            return ""
        }
        return OutputMarkup.escape(markdown)
    }

    static let style = """
        body { margin: 0; background: #fff; color: #1b1b1b; font: 16px/1.5 system-ui, sans-serif; }
        main { max-width: 60rem; margin: 0 auto; padding: 1.5rem; }
        h1, h2, h3 { line-height: 1.25; }
        code, pre { font: 13px/1.45 ui-monospace, "DejaVu Sans Mono", monospace; }
        pre { overflow-x: auto; padding: 0.6rem 0.8rem; border-radius: 4px; }
        pre.commands { background: #eef2f7; border-left: 3px solid #3b6ea5; }
        pre.output { background: #f7f7f7; white-space: pre-wrap; }
        section.block { margin: 1rem 0 1.5rem; }
        section.error pre.commands { border-left-color: #a33; }
        table { border-collapse: collapse; margin: 0.5rem 0; font-size: 14px; }
        th, td { border: 1px solid #d0d0d0; padding: 0.2rem 0.5rem; text-align: left; vertical-align: top; }
        td.number { text-align: right; font-variant-numeric: tabular-nums; }
        thead th { background: #eef2f7; }
        article.insight { border: 1px solid #d0d0d0; border-radius: 4px; padding: 0.5rem 0.8rem; margin: 0.5rem 0; }
        article.insight header { font-size: 13px; color: #555; }
        article.insight .module { font-weight: 600; color: #1b1b1b; }
        article.insight.alert { border-left: 4px solid #a33; }
        article.insight.finding { border-left: 4px solid #3b6ea5; }
        article.insight.progress { border-left: 4px solid #999; }
        article.insight p { margin: 0.3rem 0; }
        details summary { cursor: pointer; font-size: 13px; color: #555; }
        table.evidence th { font-weight: 500; background: #fafafa; }
        figure { margin: 1rem 0; }
        figure svg { max-width: 100%; height: auto; }
        figcaption { font-size: 13px; color: #555; }
        """
}
