import CairnStore

/// Builds one contract CSV file's text: a header and rows, quoted as RFC 4180 requires.
struct TableText {
    let header: [String]
    private(set) var rows: [[String]] = []

    init(_ header: [String]) {
        self.header = header
    }

    /// Adds a row; `nil` fields are written empty.
    mutating func add(_ fields: [String?]) {
        precondition(fields.count == header.count, "row has \(fields.count) fields, header \(header.count)")
        rows.append(fields.map { $0 ?? "" })
    }

    var text: String {
        ([header] + rows).map(CSVWriter.line).joined()
    }
}
