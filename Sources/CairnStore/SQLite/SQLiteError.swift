import CSQLite

/// A failure reported by SQLite, with what a person needs to act on it: the result code, the
/// message, the file and the statement that failed.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public let code: Int32
    public let message: String
    public let path: String
    public let sql: String?

    public var description: String {
        var text = "\(path): \(message) (SQLite error \(code))"
        if let sql { text += " in: \(sql)" }
        return text
    }

    /// True when a statement was refused because the connection is read-only.
    public var isReadOnlyRefusal: Bool { code & 0xff == SQLITE_READONLY }
}
