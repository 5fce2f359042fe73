import CSQLite
import Foundation

/// The inserts of one import, run in the order rows were accepted. For the small tables
/// (profiles, markers, overrides, whose rows read the dataset as they go) each row runs at once
/// on the calling thread. For a file of an event table the import is a two-stage pipeline: the
/// calling thread parses and validates rows into batches, and a writer thread binds and runs
/// them, so parsing and SQLite's own work proceed on two cores. `finishFile` waits for the
/// writer before anything else touches the database, and a failure on the writer (a full disk)
/// is rethrown to the importer, which then rolls the whole import back.
///
/// Values are kept in a batch as they are bound: numbers inline, text as bytes in one buffer
/// bound without a copy (`SQLITE_STATIC`; the batch outlives the step that reads it).
final class InsertPipeline: @unchecked Sendable {
    /// A prepared insert, by its place in the pipeline's list.
    struct Insert {
        let pipeline: InsertPipeline
        fileprivate let index: Int
    }

    private enum Value {
        case null
        case integer(Int)
        case real(Double)
        /// Bytes `start..<end` of the batch's text buffer.
        case text(start: Int, end: Int)
    }

    private struct Batch {
        var values: [Value] = []
        var text: [UInt8] = []
        /// Per row: the insert and where its values end in `values`.
        var rows: [(insert: Int, end: Int)] = []
        var isEmpty: Bool { rows.isEmpty }
    }

    private let database: SQLiteDatabase
    private var statements: [SQLiteStatement] = []
    /// Each statement's parameter count: a row that binds them all runs without clearing the
    /// previous row's bindings first.
    private var parameterCounts: [Int] = []
    private var batch = Batch()
    private static let rowsPerBatch = 4096
    private static let batchesInFlight = 4

    // The writer and its queue, under `condition`.
    private let condition = NSCondition()
    private var queue: [Batch] = []
    private var writing = false
    private var writerRunning = false
    private var failure: SQLiteError?

    init(database: SQLiteDatabase) {
        self.database = database
    }

    func prepareInsert(into table: String, columns: [String]) throws(SQLiteError) -> Insert {
        try prepare(database.insertSQL(into: table, columns: columns))
    }

    func prepare(_ sql: String) throws(SQLiteError) -> Insert {
        let statement = try database.prepare(sql)
        statements.append(statement)
        parameterCounts.append(statement.parameterCount)
        return Insert(pipeline: self, index: statements.count - 1)
    }

    // MARK: Binding, in order, then `endRow`

    func add(_ value: String?) {
        guard let value else { return batch.values.append(.null) }
        let start = batch.text.count
        batch.text.append(contentsOf: value.utf8)
        batch.values.append(.text(start: start, end: batch.text.count))
    }

    func add(_ value: Double?) { batch.values.append(value.map(Value.real) ?? .null) }
    func add(_ value: Int?) { batch.values.append(value.map(Value.integer) ?? .null) }
    func add(_ value: Bool?) { batch.values.append(value.map { .integer($0 ? 1 : 0) } ?? .null) }

    /// Ends the row bound since the last one: runs it now, or queues it for the writer.
    func endRow(_ insert: Insert) throws(SQLiteError) {
        batch.rows.append((insert.index, batch.values.count))
        if !writerRunning {
            try write(batch)
            batch = Batch()
        } else if batch.rows.count >= InsertPipeline.rowsPerBatch {
            try hand(batch)
            batch = Batch()
        }
    }

    // MARK: The writer

    /// From here until `finishFile`, rows are written on the writer thread.
    func startFile() {
        guard !writerRunning else { return }
        condition.lock()
        writerRunning = true
        // Counted as writing from now, so a `finishFile` that comes before the thread is
        // scheduled still waits for it.
        writing = true
        condition.unlock()
        let thread = Thread { self.writerLoop() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Writes what is queued and stops the writer; afterwards rows run at once again.
    func finishFile() throws(SQLiteError) {
        guard writerRunning else { return }
        if !batch.isEmpty {
            try hand(batch)
            batch = Batch()
        }
        stopWriter()
        if let failure { throw failure }
    }

    private func hand(_ full: Batch) throws(SQLiteError) {
        condition.lock()
        while queue.count >= InsertPipeline.batchesInFlight && failure == nil { condition.wait() }
        let failed = failure
        if failed == nil { queue.append(full) }
        condition.broadcast()
        condition.unlock()
        if let failed { throw failed }
    }

    /// After a failure: drops what is queued and waits for the writer to leave, so nothing
    /// runs on the connection while the import rolls back.
    func abandon() {
        condition.lock()
        queue.removeAll()
        condition.unlock()
        batch = Batch()
        stopWriter()
    }

    /// Waits for the queue to empty and the writer to leave.
    private func stopWriter() {
        guard writerRunning else { return }
        condition.lock()
        writerRunning = false
        condition.broadcast()
        while !queue.isEmpty || writing { condition.wait() }
        condition.unlock()
    }

    private func writerLoop() {
        condition.lock()
        while true {
            while queue.isEmpty && writerRunning { condition.wait() }
            guard !queue.isEmpty else { break }
            let next = queue.removeFirst()
            condition.broadcast()
            condition.unlock()
            let outcome: SQLiteError?
            do {
                try write(next)
                outcome = nil
            } catch {
                outcome = error
            }
            condition.lock()
            if let outcome, failure == nil {
                failure = outcome
                queue.removeAll()
            }
        }
        writing = false
        condition.broadcast()
        condition.unlock()
    }

    /// Runs a batch's rows. A row that binds fewer values than its statement has parameters
    /// starts from cleared bindings (NULL), as each row always did; when the batch is done, the
    /// statements it used are cleared, so none keeps pointing into the batch's text.
    private func write(_ batch: Batch) throws(SQLiteError) {
        var first = 0
        var used: [Int] = []
        defer { for insert in used { statements[insert].clearBindings() } }
        try batch.text.withUnsafeBufferPointer { (text: UnsafeBufferPointer<UInt8>) throws(SQLiteError) in
            for (insert, end) in batch.rows {
                let statement = statements[insert]
                if !used.contains(insert) { used.append(insert) }
                if end - first < parameterCounts[insert] { statement.clearBindings() }
                for position in first..<end {
                    let index = Int32(position - first + 1)
                    switch batch.values[position] {
                    case .null: try statement.bind(nil as Int?, at: index)
                    case .integer(let value): try statement.bind(value, at: index)
                    case .real(let value): try statement.bind(value, at: index)
                    case .text(let start, let stop):
                        try statement.bindStatic(text.baseAddress.map { $0 + start }, count: stop - start, at: index)
                    }
                }
                first = end
                try statement.runKeepingBindings()
            }
        }
    }
}
