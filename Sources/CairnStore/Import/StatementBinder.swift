/// Binds a row's values in order and ends the row, so an insert reads as a list of its values
/// instead of numbered calls. Rows go through the import's `InsertPipeline`.
struct StatementBinder {
    let insert: InsertPipeline.Insert

    init(_ insert: InsertPipeline.Insert) {
        self.insert = insert
    }

    func add(_ value: String?) { insert.pipeline.add(value) }
    func add(_ value: Double?) { insert.pipeline.add(value) }
    func add(_ value: Int?) { insert.pipeline.add(value) }
    func add(_ value: Bool?) { insert.pipeline.add(value) }

    /// Binds a time as its three stored columns: text, epoch and local day.
    func add(_ time: EventTimeColumns?) {
        add(time?.text)
        add(time?.epoch)
        add(time?.day)
    }

    /// Ends the row: it runs now, or is queued for the pipeline's writer.
    func run() throws(SQLiteError) {
        try insert.pipeline.endRow(insert)
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
    func insertSQL(into table: String, columns: [String]) -> String {
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        return "INSERT INTO \(table)(\(columns.joined(separator: ", "))) VALUES (\(placeholders))"
    }
}
