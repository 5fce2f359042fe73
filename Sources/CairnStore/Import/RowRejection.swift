/// Thrown while reading a row to reject it; the importer adds the file and line.
struct RowRejection: Error {
    var reason: ImportIssue.Reason
    var column: Int?
    var columnName: String?
    var message: String
}
