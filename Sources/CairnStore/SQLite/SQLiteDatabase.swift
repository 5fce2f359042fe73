import CSQLite

/// One connection to a SQLite file through the system libsqlite3. Not shared across threads.
public final class SQLiteDatabase {
    public enum OpenMode {
        case readOnly
        case readWrite
        /// Read-write, creating the file when it does not exist.
        case create
    }

    public let path: String
    /// The C connection, for SQLite calls made in this module's extensions.
    let handle: OpaquePointer

    public init(path: String, mode: OpenMode) throws(SQLiteError) {
        var flags: Int32 = SQLITE_OPEN_NOMUTEX
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(connection)
            throw SQLiteError(code: code, message: message, path: path, sql: nil)
        }
        self.handle = connection
        self.path = path
        sqlite3_extended_result_codes(connection, 1)
        guard cairn_sqlite3_harden(connection) == SQLITE_OK else {
            throw SQLiteError(code: SQLITE_ERROR, message: "the SQLite library refused Cairn's safety settings", path: path, sql: nil)
        }
        // Limits: no ATTACH at all, bounded statements, strings and nesting.
        sqlite3_limit(connection, SQLITE_LIMIT_ATTACHED, 0)
        sqlite3_limit(connection, SQLITE_LIMIT_SQL_LENGTH, 1_000_000)
        sqlite3_limit(connection, SQLITE_LIMIT_LENGTH, 100_000_000)
        sqlite3_limit(connection, SQLITE_LIMIT_EXPR_DEPTH, 200)
        sqlite3_limit(connection, SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 1_000)
        sqlite3_limit(connection, SQLITE_LIMIT_TRIGGER_DEPTH, 0)
    }

    /// Runs `body` with an authorizer that allows only reading and an allow-list of functions
    /// (`SQLReadAuthorizer`): the surface people type SQL into. Anything else is refused by
    /// SQLite while the statement is prepared, before it runs.
    public func readingOnly<T>(_ body: () throws -> T) rethrows -> T {
        sqlite3_set_authorizer(handle, SQLReadAuthorizer.callback, nil)
        defer { sqlite3_set_authorizer(handle, nil, nil) }
        return try body()
    }

    /// An in-memory database, for directory datasets opened without a file.
    public static func inMemory() throws(SQLiteError) -> SQLiteDatabase {
        try SQLiteDatabase(path: ":memory:", mode: .create)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        guard code == SQLITE_OK else {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(errorMessage)
            throw SQLiteError(code: code, message: message, path: path, sql: sql, systemError: sqlite3_system_errno(handle))
        }
    }

    /// One statement; text after it that is more than spaces and comments is refused, so a
    /// second statement never goes unseen (GRDB refuses a multi-statement tail the same way).
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        var leftover: OpaquePointer?
        let code = sql.withCString { text -> Int32 in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
            guard code == SQLITE_OK, let tail, tail.pointee != 0 else { return code }
            // Only spaces and comments may follow: preparing them gives no statement.
            _ = sqlite3_prepare_v2(handle, tail, -1, &leftover, nil)
            return code
        }
        guard code == SQLITE_OK, let statement else { throw error(code, sql: sql) }
        if let leftover {
            sqlite3_finalize(leftover)
            sqlite3_finalize(statement)
            throw SQLiteError(code: SQLITE_MISUSE, message: "more than one statement; run one statement at a time", path: path, sql: sql)
        }
        return SQLiteStatement(handle: statement, database: self, sql: sql)
    }

    /// Runs the body in one transaction: committed when it returns, rolled back when it throws.
    public func inTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The first column of the first row, as an integer.
    public func scalarInt(_ sql: String) throws(SQLiteError) -> Int? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.isNull(0) ? nil : statement.int(0)
    }

    /// The names of the tables in the main schema.
    public func tableNames() throws(SQLiteError) -> [String] {
        let statement = try prepare(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        var names: [String] = []
        while try statement.step() { names.append(statement.text(0) ?? "") }
        return names
    }

    /// The column names of a table, in order.
    public func columnNames(of table: String) throws(SQLiteError) -> [String] {
        let statement = try prepare("SELECT name FROM pragma_table_info(?1)")
        try statement.bind(table, at: 1)
        var names: [String] = []
        while try statement.step() { names.append(statement.text(0) ?? "") }
        return names
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The C connection, for `sqlite3_interrupt` from a signal handler (as the SQLite shell does).
    public var interruptHandle: OpaquePointer { handle }

    func error(_ code: Int32, sql: String?) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), path: path, sql: sql,
                    systemError: sqlite3_system_errno(handle))
    }
}
