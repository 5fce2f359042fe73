/// How query results are shown (`.mode`), with the sqlite3 shell's names and layouts; `tsv` is
/// also `tabs`, as sqlite3 calls it, and `jsonl` one object per line, as DuckDB's shell has it.
public enum OutputMode: String, Sendable, CaseIterable {
    /// Aligned columns under a header and a rule of dashes: the default.
    case column
    case box, table, markdown
    case csv, tsv, list
    case json, jsonl
    /// One `name = value` line per column, a blank line between rows.
    case line

    /// Whether rows can be written as they come: every mode but the grids, which size their
    /// columns from all the rows.
    public var streams: Bool {
        switch self {
        case .column, .box, .table, .markdown: return false
        case .csv, .tsv, .list, .json, .jsonl, .line: return true
        }
    }

    public init?(name: String) {
        if name == "tabs" { self = .tsv; return }
        self.init(rawValue: name)
    }
}
