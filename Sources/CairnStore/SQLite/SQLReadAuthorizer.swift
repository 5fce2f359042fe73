import CSQLite

/// What SQL typed by a person (the REPL, notebooks) may do: read tables, call the functions
/// listed here, use common table expressions. No ATTACH or DETACH, no PRAGMA, no VACUUM INTO,
/// no writes, no `load_extension`, no `fts3_tokenizer` (whose one-argument form leaks a library
/// address and whose two-argument form registers a pointer to call), no function that reads or
/// writes files.
enum SQLReadAuthorizer {
    static let functions: Set<String> = [
        "abs", "avg", "count", "max", "min", "sum", "total", "group_concat", "string_agg", "length", "octet_length",
        "lower", "upper", "substr", "substring", "trim", "ltrim", "rtrim", "replace", "round", "coalesce", "ifnull", "iif",
        "nullif", "instr", "printf", "format", "date", "time", "datetime", "julianday", "strftime", "unixepoch",
        "typeof", "like", "glob", "hex", "unhex", "quote", "sign", "exp", "ln", "log", "log2", "log10", "pow", "power",
        "sqrt", "floor", "ceil", "ceiling", "mod", "pi", "char", "unicode", "zeroblob", "random", "randomblob",
        "row_number", "rank", "dense_rank", "ntile", "lag", "lead", "first_value", "last_value", "nth_value",
        "percent_rank", "cume_dist", "json", "json_extract", "json_array", "json_object", "json_array_length",
        "json_type", "json_valid", "json_group_array", "json_group_object", "json_each", "json_tree", "likely",
        "unlikely", "likelihood", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "degrees", "radians",
    ]

    static let pageTables: Set<String> = ["dbstat", "sqlite_dbpage"]

    static let callback: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                                         UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32 = { _, action, first, second, _, _ in
        switch action {
        case SQLITE_READ:
            // dbstat and sqlite_dbpage read the file's pages below the tables (free pages keep
            // deleted rows); they are not the dataset's data.
            guard let first else { return SQLITE_DENY }
            return SQLReadAuthorizer.pageTables.contains(String(cString: first).lowercased()) ? SQLITE_DENY : SQLITE_OK
        case SQLITE_SELECT, SQLITE_RECURSIVE:
            return SQLITE_OK
        // BEGIN and SAVEPOINT are "read-only" to SQLite, yet an open transaction would hold
        // the dataset and block every import until the session ends (issue 22).
        case SQLITE_TRANSACTION, SQLITE_SAVEPOINT:
            return SQLITE_DENY
        // Writes may be prepared so that the caller refuses them with its own message: a
        // statement that is not read-only never runs (sqlite3_stmt_readonly).
        case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE, SQLITE_CREATE_INDEX, SQLITE_CREATE_TABLE, SQLITE_CREATE_TEMP_INDEX,
             SQLITE_CREATE_TEMP_TABLE, SQLITE_CREATE_TEMP_TRIGGER, SQLITE_CREATE_TEMP_VIEW, SQLITE_CREATE_TRIGGER,
             SQLITE_CREATE_VIEW, SQLITE_DROP_INDEX, SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_INDEX, SQLITE_DROP_TEMP_TABLE,
             SQLITE_DROP_TEMP_TRIGGER, SQLITE_DROP_TEMP_VIEW, SQLITE_DROP_TRIGGER, SQLITE_DROP_VIEW, SQLITE_ALTER_TABLE,
             SQLITE_REINDEX, SQLITE_ANALYZE:
            return SQLITE_OK
        case SQLITE_FUNCTION:
            // For a function, the second argument is its name.
            guard let second else { return SQLITE_DENY }
            return SQLReadAuthorizer.functions.contains(String(cString: second).lowercased()) ? SQLITE_OK : SQLITE_DENY
        default:
            _ = first
            return SQLITE_DENY
        }
    }
}
