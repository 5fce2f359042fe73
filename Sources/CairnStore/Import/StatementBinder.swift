/// Binds values to a prepared statement's parameters in order, so an insert reads as a list of
/// its values instead of numbered calls.
struct StatementBinder {
    let statement: SQLiteStatement
    private var index: Int32 = 0

    init(_ statement: SQLiteStatement) {
        self.statement = statement
    }

    mutating func add(_ value: String?) throws(SQLiteError) {
        index += 1
        try statement.bind(value, at: index)
    }

    mutating func add(_ value: Double?) throws(SQLiteError) {
        index += 1
        try statement.bind(value, at: index)
    }

    mutating func add(_ value: Int?) throws(SQLiteError) {
        index += 1
        try statement.bind(value, at: index)
    }

    mutating func add(_ value: Bool?) throws(SQLiteError) {
        index += 1
        try statement.bind(value, at: index)
    }

    /// Binds a time as its three stored columns: text, epoch and local day.
    mutating func add(_ time: EventTimeColumns?) throws(SQLiteError) {
        try add(time?.text)
        try add(time?.epoch)
        try add(time?.day)
    }

    /// Runs the insert and makes the statement ready for the next row.
    func run() throws(SQLiteError) {
        try statement.run()
    }
}

import CairnCore

/// An event time as the three columns it is stored in.
struct EventTimeColumns {
    var text: String
    var epoch: Int
    var day: String?

    init(_ time: EventTime) {
        text = time.text
        epoch = time.epochSeconds
        day = time.day.description
    }

    init(text: String, epoch: Int, day: String?) {
        self.text = text
        self.epoch = epoch
        self.day = day
    }
}

extension SQLiteDatabase {
    /// `INSERT INTO table(columns...) VALUES (?, ...)` for a table's stored columns.
    func prepareInsert(into table: String, columns: [String]) throws(SQLiteError) -> SQLiteStatement {
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        return try prepare("INSERT INTO \(table)(\(columns.joined(separator: ", "))) VALUES (\(placeholders))")
    }
}
