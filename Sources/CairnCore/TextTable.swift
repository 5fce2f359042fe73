/// Columns aligned with two spaces between them and a rule under the header, the way the
/// sqlite3 shell's column mode lays out a result; trailing spaces trimmed.
public enum TextTable {
    /// Cells are data (visit titles, doctors, labels): their control characters are shown
    /// escaped, never sent to the terminal.
    public static func render(_ header: [String], _ rows: [[String]]) -> String {
        let header = header.map(TerminalText.escaped), rows = rows.map { $0.map(TerminalText.escaped) }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ values: [String]) -> String {
            var text = values.enumerated().map { column, value in
                value + String(repeating: " ", count: widths[column] - value.count)
            }.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text + "\n"
        }
        return line(header) + line(widths.map { String(repeating: "-", count: $0) }) + rows.map(line).joined()
    }
}
