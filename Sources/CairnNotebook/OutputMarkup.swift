import CairnCore
import Foundation

/// A block's text output as HTML for a notebook page. Cairn's own listings become structure a
/// reader can scan: aligned result columns (a header over a rule of dashes) become tables, and
/// insight listings (`profile  module@V kind subject`, the text, `evidence: k=v, …`) become one
/// card each with its evidence as a table. Anything else stays preformatted, as printed.
enum OutputMarkup {
    static func html(_ output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var html = ""
        var plain: [String] = []
        func flushPlain() {
            while plain.last?.isEmpty == true { plain.removeLast() }
            if !plain.isEmpty { html += "<pre class=\"output\">" + escape(plain.joined(separator: "\n")) + "</pre>\n" }
            plain = []
        }
        var index = 0
        while index < lines.count {
            if let (table, next) = self.table(lines, at: index) {
                flushPlain()
                html += table
                index = next
            } else if let (card, next) = insight(lines, at: index) {
                flushPlain()
                html += card
                index = next
            } else {
                plain.append(lines[index])
                index += 1
            }
        }
        flushPlain()
        return html
    }

    /// A header line over a rule of dashes (`.mode column`): the dash runs give the columns;
    /// rows follow until a blank line or a line of another shape.
    static func table(_ lines: [String], at index: Int) -> (String, Int)? {
        guard index + 1 < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let rule = Array(lines[index + 1])
        guard rule.contains("-"), rule.allSatisfy({ $0 == "-" || $0 == " " }) else { return nil }
        var columns: [Range<Int>] = []
        var start: Int?
        for (position, character) in rule.enumerated() {
            if character == "-", start == nil { start = position }
            if character == " ", let begun = start { columns.append(begun..<position); start = nil }
        }
        if let begun = start { columns.append(begun..<rule.count) }
        // Cells run from their column's start to the next column's start.
        func cells(_ line: String) -> [String] {
            let characters = Array(line)
            return columns.indices.map { column in
                let from = columns[column].lowerBound
                let to = column + 1 < columns.count ? columns[column + 1].lowerBound : characters.count
                guard from < characters.count else { return "" }
                return String(characters[from..<min(to, characters.count)]).trimmingCharacters(in: .whitespaces)
            }
        }
        // A row has the table's shape: no longer than the rule, a space before every column but
        // the first. The next command's output in the same block (a chart's lines after a
        // query) does not, and ends the table instead of being cut into its cells.
        func fits(_ line: String) -> Bool {
            let characters = Array(line)
            guard characters.count <= rule.count else { return false }
            return columns.dropFirst().allSatisfy { column in
                column.lowerBound > characters.count || characters[column.lowerBound - 1] == " "
            }
        }
        var html = "<table class=\"result\">\n<thead><tr>" + cells(lines[index]).map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        var next = index + 2
        while next < lines.count, !lines[next].trimmingCharacters(in: .whitespaces).isEmpty, !lines[next].hasPrefix("("), fits(lines[next]) {
            html += "<tr>" + cells(lines[next]).map { cell in
                Double(cell) != nil ? "<td class=\"number\">\(escape(cell))</td>" : "<td>\(escape(cell))</td>"
            }.joined() + "</tr>\n"
            next += 1
        }
        return (html + "</tbody>\n</table>\n", next)
    }

    /// `profile  module@V kind subject`, then the text indented by two spaces, then perhaps
    /// `  evidence: k=v, …` (continued on lines indented by four).
    static func insight(_ lines: [String], at index: Int) -> (String, Int)? {
        let words = lines[index].split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 4, lines[index].contains("  "), !lines[index].hasPrefix(" "),
              words[1].range(of: #"^[a-z0-9-]+@\d+$"#, options: .regularExpression) != nil,
              index + 1 < lines.count, lines[index + 1].hasPrefix("  "), !lines[index + 1].hasPrefix("  evidence: ") else { return nil }
        let profile = String(words[0]), module = String(words[1]), kind = String(words[2])
        let subject = words.dropFirst(3).joined(separator: " ")
        var text = lines[index + 1].trimmingCharacters(in: .whitespaces)
        var next = index + 2
        while next < lines.count, lines[next].hasPrefix("    ") { text += " " + lines[next].trimmingCharacters(in: .whitespaces); next += 1 }
        var html = "<article class=\"insight \(escape(kind))\">\n<header><span class=\"module\">\(escape(module))</span> "
            + "<span class=\"kind\">\(escape(kind))</span> <span class=\"subject\">\(escape(subject))</span> "
            + "<span class=\"profile\">\(escape(profile))</span></header>\n<p>\(escape(text))</p>\n"
        if next < lines.count, lines[next].hasPrefix("  evidence: ") {
            var evidence = String(lines[next].dropFirst("  evidence: ".count))
            next += 1
            while next < lines.count, lines[next].hasPrefix("    ") { evidence += " " + lines[next].trimmingCharacters(in: .whitespaces); next += 1 }
            html += "<details><summary>evidence</summary>\n<table class=\"evidence\">\n" + pairs(evidence).map { key, value in
                "<tr><th>\(escape(key))</th><td>\(escape(value))</td></tr>\n"
            }.joined() + "</table>\n</details>\n"
        }
        return (html + "</article>\n", next)
    }

    /// `k=v, k=[a, b], k={x: 1}` split at the commas outside brackets.
    static func pairs(_ evidence: String) -> [(String, String)] {
        var items: [String] = [], current = "", depth = 0
        var characters = Array(evidence)[...]
        while let character = characters.popFirst() {
            if "[{".contains(character) { depth += 1 }
            if "]}".contains(character) { depth -= 1 }
            if character == ",", depth == 0, characters.first == " " {
                items.append(current)
                current = ""
                characters = characters.dropFirst()
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { items.append(current) }
        return items.map { item in
            guard let equals = item.firstIndex(of: "=") else { return (item, "") }
            return (String(item[..<equals]), String(item[item.index(after: equals)...]))
        }
    }

    static func escape(_ text: String) -> String { HTMLText.escape(text) }
}
