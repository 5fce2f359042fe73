import CairnCore
import CSQLite

/// A prepared statement. Parameters are 1-based, result columns 0-based, as in SQLite's C API.
public final class SQLiteStatement {
    let handle: OpaquePointer
    private let database: SQLiteDatabase
    public let sql: String

    init(handle: OpaquePointer, database: SQLiteDatabase, sql: String) {
        self.handle = handle
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    public func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
        guard let value else { return try check(sqlite3_bind_null(handle, index)) }
        var text = value
        let code = text.withUTF8 { bytes -> Int32 in
            guard let base = bytes.baseAddress else {
                return cairn_sqlite3_bind_text_transient(handle, index, "", 0)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                cairn_sqlite3_bind_text_transient(handle, index, $0, Int32(bytes.count))
            }
        }
        try check(code)
    }

    /// Binds text that stays where it is until the statement is reset (no copy by SQLite).
    func bindStatic(_ bytes: UnsafePointer<UInt8>?, count: Int, at index: Int32) throws(SQLiteError) {
        let code = bytes.map { pointer in
            pointer.withMemoryRebound(to: CChar.self, capacity: count) { cairn_sqlite3_bind_text_static(handle, index, $0, Int32(count)) }
        } ?? cairn_sqlite3_bind_text_transient(handle, index, "", 0)
        try check(code)
    }

    public func bind(_ value: Double?, at index: Int32) throws(SQLiteError) {
        guard let value else { return try check(sqlite3_bind_null(handle, index)) }
        try check(sqlite3_bind_double(handle, index, value))
    }

    public func bind(_ value: Int?, at index: Int32) throws(SQLiteError) {
        guard let value else { return try check(sqlite3_bind_null(handle, index)) }
        try check(sqlite3_bind_int64(handle, index, Int64(value)))
    }

    public func bind(_ value: Bool?, at index: Int32) throws(SQLiteError) {
        try bind(value.map { $0 ? 1 : 0 } as Int?, at: index)
    }

    /// Steps once; true when a row is available.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(code, sql: sql)
        }
    }

    /// Makes the statement ready to run again with new bindings.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Runs a statement that returns no rows, then resets it.
    public func run() throws(SQLiteError) {
        defer { reset() }
        try step()
    }

    /// Runs a statement that returns no rows and resets it, keeping its bindings: for a caller
    /// that binds every parameter again before each run (`InsertPipeline`), clearing them after
    /// every row is work for nothing.
    func runKeepingBindings() throws(SQLiteError) {
        defer { sqlite3_reset(handle) }
        try step()
    }

    /// Unbinds every parameter (to NULL), so no text bound without a copy stays pointed to.
    func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    /// How many parameters the statement has.
    var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    public var columnCount: Int32 { sqlite3_column_count(handle) }

    public func columnName(_ index: Int32) -> String {
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
    }

    public func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// SQLite's storage class of a result value.
    public func columnType(_ index: Int32) -> Int32 { sqlite3_column_type(handle, index) }

    public func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }

    public func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

    public func text(_ index: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// A `YYYY-MM-DD` column as a calendar day, parsed from SQLite's bytes (no string is made:
    /// profile loads read a day for every dated row).
    public func day(_ index: Int32) -> CalendarDay? {
        guard let pointer = sqlite3_column_text(handle, index), sqlite3_column_bytes(handle, index) == 10 else { return nil }
        return ISODateTimeText.parseDate(UnsafeBufferPointer(start: pointer, count: 10))
    }

    /// Whether the statement leaves the database unchanged (SELECT, read-only PRAGMA, EXPLAIN).
    public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else { throw database.error(code, sql: sql) }
    }
}
