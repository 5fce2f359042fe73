import Foundation
import CairnCore
import CairnStore

/// Query results in an output mode. The grid modes (column, box, table, markdown) keep numbers
/// to the right and spell out NULL; shown to a person (a terminal, a notebook) they are cut to
/// its width and `maxRows` rows with a count of what was left out, as DuckDB's shell does.
/// csv, tsv, list, json, jsonl and line write every row and every column, for programs.
/// Columns stay in the query's order in every mode.
public enum TableRenderer {
    public enum Cell: Sendable, Equatable {
        case null, integer(Int), real(Double), text(String)

        var display: String {
            switch self {
            case .null: return "NULL"
            case .integer(let value): return String(value)
            case .real(let value): return NumberText.format(value, significantDigits: 12)
            case .text(let value): return value
            }
        }

        /// As csv, tsv, list and line write it, as sqlite3 does: NULL as an empty field, a real
        /// number in full (15 significant digits) and always with its point ("10.0").
        var plain: String {
            switch self {
            case .null: return ""
            case .real(let value): return TableRenderer.sqliteReal(value)
            default: return display
            }
        }

        var json: String {
            switch self {
            case .null: return "null"
            case .integer(let value): return String(value)
            case .real(let value): return value.isFinite ? TableRenderer.sqliteReal(value) : "null"
            case .text(let value): return TableRenderer.jsonString(value)
            }
        }

        /// The cell with control characters in its text shown as `\x1b` (`TerminalText`).
        var escaped: Cell {
            if case .text(let value) = self { return .text(TerminalText.escaped(value)) }
            return self
        }

        var isNumber: Bool {
            switch self {
            case .integer, .real: return true
            default: return false
            }
        }
    }

    public struct Options: Sendable {
        public var mode = OutputMode.column
        /// Whether column, csv, tsv and list write the header (box, table and markdown always do).
        public var headers = true
        /// `.width`: each column's width in the grid modes (0: as wide as its values; negative:
        /// right-aligned).
        public var widths: [Int] = []
        /// Cut the grid to this many characters (nil: never).
        public var maxWidth: Int?
        /// Show at most this many rows in the grid modes, the first and last halves (0: all).
        public var maxRows = 0
        /// Whether the grid modes end with the count of rows (and of rows and columns shown).
        public var countRows = false
        /// Whether control characters in names and values are shown as `\x1b` (`TerminalText`):
        /// always but in a file the person asked for (`.output`, `.once`). JSON escapes its own.
        public var escapesControls = true

        public init() {}
    }

    public static func render(columns: [String], rows: [[Cell]], options: Options = Options()) -> String {
        guard !columns.isEmpty else { return "" }
        if options.escapesControls && options.mode != .json && options.mode != .jsonl {
            var raw = options
            raw.escapesControls = false
            return render(columns: columns.map(TerminalText.escaped), rows: rows.map { $0.map(\.escaped) }, options: raw)
        }
        switch options.mode {
        case .column, .box, .table, .markdown: return grid(columns: columns, rows: rows, options: options)
        case .csv:
            let lines = (options.headers ? [columns.map(CSVWriter.field)] : []) + rows.map { $0.map { CSVWriter.field($0.plain) } }
            return lines.map { $0.joined(separator: ",") + "\r\n" }.joined()
        case .tsv:
            let clean = { (text: String) in text.replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n") }
            let lines = (options.headers ? [columns.map(clean)] : []) + rows.map { $0.map { clean($0.plain) } }
            return lines.map { $0.joined(separator: "\t") + "\n" }.joined()
        case .list:
            let lines = (options.headers ? [columns] : []) + rows.map { $0.map(\.plain) }
            return lines.map { $0.joined(separator: "|") + "\n" }.joined()
        case .json:
            guard !rows.isEmpty else { return "[]\n" }
            return "[" + rows.map { object(columns, $0) }.joined(separator: ",\n") + "]\n"
        case .jsonl:
            return rows.map { object(columns, $0) + "\n" }.joined()
        case .line:
            // sqlite3 right-aligns the names in at least five characters.
            let width = max(5, columns.map(\.count).max() ?? 0)
            return rows.map { row in
                zip(columns, row).map { String(repeating: " ", count: width - $0.count) + $0 + " = " + $1.plain + "\n" }.joined()
            }.joined(separator: "\n")
        }
    }

    /// sqlite3's `%!.15g`: 15 significant digits, and a point even for a whole number.
    static func sqliteReal(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-Inf" : "Inf") }
        var text = String(format: "%.15g", value)
        if !text.contains(".") {
            if let exponent = text.firstIndex(of: "e") { text.insert(contentsOf: ".0", at: exponent) } else { text += ".0" }
        }
        return text
    }

    static func object(_ columns: [String], _ row: [Cell]) -> String {
        "{" + zip(columns, row).map { jsonString($0) + ":" + $1.json }.joined(separator: ",") + "}"
    }

    static func jsonString(_ text: String) -> String { JSONText.quoted(text) }

    // MARK: The grid modes

    private static func grid(columns allColumns: [String], rows allRows: [[Cell]], options: Options) -> String {
        let mode = options.mode
        // Rows: the first and last halves when there are more than maxRows.
        var shownRows = allRows
        var gapAt: Int?
        if options.maxRows > 0 && allRows.count > options.maxRows {
            let head = (options.maxRows + 1) / 2, tail = options.maxRows / 2
            shownRows = Array(allRows.prefix(head)) + Array(allRows.suffix(tail))
            gapAt = head
        }
        var texts = shownRows.map { row in
            row.map { cell in
                let text = cell.display.replacingOccurrences(of: "\n", with: "↵")
                return mode == .markdown ? text.replacingOccurrences(of: "|", with: "\\|") : text
            }
        }
        var widths = allColumns.indices.map { index in
            let chosen = index < options.widths.count ? abs(options.widths[index]) : 0
            if chosen > 0 { return chosen }
            return max(allColumns[index].count, texts.map { $0[index].count }.max() ?? 0, gapAt == nil ? 0 : 1)
        }
        let rightAligned = allColumns.indices.map { index in
            index < options.widths.count && options.widths[index] < 0
                ? true : allRows.contains { $0[index].isNumber } && !allRows.contains { !$0[index].isNumber && $0[index] != .null }
        }
        // Columns: narrowed (longest first, to 8 characters at least) then dropped from the
        // right until the grid fits.
        let separator = mode == .column ? 2 : 3
        let border = mode == .column ? 0 : 4
        func total(_ count: Int) -> Int { widths.prefix(count).reduce(0, +) + separator * max(0, count - 1) + border }
        var shownColumns = allColumns.count
        if let maxWidth = options.maxWidth {
            while total(shownColumns) > maxWidth, let widest = widths.prefix(shownColumns).indices.max(by: { widths[$0] < widths[$1] }),
                  widths[widest] > 8 {
                widths[widest] -= 1
            }
            while shownColumns > 1 && total(shownColumns) > maxWidth { shownColumns -= 1 }
        }
        let columns = Array(allColumns.prefix(shownColumns))
        widths = Array(widths.prefix(shownColumns))
        texts = texts.map { Array($0.prefix(shownColumns)) }
        func fit(_ text: String, _ index: Int, right: Bool) -> String {
            let width = widths[index]
            let cut = text.count > width ? String(text.prefix(max(0, width - 1))) + "…" : text
            let space = String(repeating: " ", count: max(0, width - cut.count))
            return right ? space + cut : cut + space
        }
        func line(_ cells: [String], header: Bool = false) -> String {
            let fitted = cells.enumerated().map { fit($1, $0, right: !header && rightAligned[$0]) }
            switch mode {
            case .box: return "│ " + fitted.joined(separator: " │ ") + " │"
            case .table, .markdown: return "| " + fitted.joined(separator: " | ") + " |"
            default: return fitted.joined(separator: "  ")
            }
        }
        func rule(_ left: String, _ fill: String, _ middle: String, _ right: String) -> String {
            left + widths.map { String(repeating: fill, count: $0 + 2) }.joined(separator: middle) + right
        }
        var lines: [String] = []
        switch mode {
        case .box:
            lines.append(rule("┌", "─", "┬", "┐"))
            lines.append(line(columns, header: true))
            lines.append(rule("├", "─", "┼", "┤"))
        case .table:
            lines.append(rule("+", "-", "+", "+"))
            lines.append(line(columns, header: true))
            lines.append(rule("+", "-", "+", "+"))
        case .markdown:
            lines.append(line(columns, header: true))
            lines.append("|" + widths.indices.map { index in
                String(repeating: "-", count: widths[index] + (rightAligned[index] ? 1 : 2)) + (rightAligned[index] ? ":" : "")
            }.joined(separator: "|") + "|")
        default:
            if options.headers {
                lines.append(line(columns, header: true))
                lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
            }
        }
        for (index, row) in texts.enumerated() {
            if index == gapAt { lines.append(line(Array(repeating: "…", count: columns.count))) }
            lines.append(line(row))
        }
        switch mode {
        case .box: lines.append(rule("└", "─", "┴", "┘"))
        case .table: lines.append(rule("+", "-", "+", "+"))
        default: break
        }
        if options.countRows || shownRows.count < allRows.count || shownColumns < allColumns.count {
            var count = "(\(NumberText.grouped(allRows.count)) row\(allRows.count == 1 ? "" : "s")"
            if shownRows.count < allRows.count { count += ", \(shownRows.count) shown" }
            if shownColumns < allColumns.count { count += "; \(shownColumns) of \(allColumns.count) columns shown" }
            lines.append(count + ")")
        }
        return lines.map { $0.replacingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }
}

extension String {
    func replacingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
