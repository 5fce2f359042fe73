import Testing
@testable import CairnStore

/// The import's two-stage pipeline: rows validated on one thread, written on another, in order.
@Suite("Insert pipeline")
struct InsertPipelineTests {
    static func database() throws -> SQLiteDatabase {
        let database = try SQLiteDatabase.inMemory()
        try database.execute("""
            CREATE TABLE a(seq INTEGER, label TEXT, amount REAL, flag INTEGER);
            CREATE TABLE b(seq INTEGER, label TEXT CHECK (label <> 'refused'));
            """)
        return database
    }

    /// Every row of both tables as "table:seq:label", in insertion (rowid) order.
    static func rows(_ database: SQLiteDatabase) throws -> [String] {
        var out: [String] = []
        for table in ["a", "b"] {
            let statement = try database.prepare("SELECT seq, label FROM \(table) ORDER BY rowid")
            while try statement.step() { out.append("\(table):\(statement.int(0)):\(statement.text(1) ?? "null")") }
        }
        return out
    }

    @Test("rows of two inserts, across many batches, land in the order they were ended, values intact, on the writer or at once")
    func order() throws {
        for threaded in [false, true] {
            let database = try Self.database()
            let pipeline = InsertPipeline(database: database)
            let a = try pipeline.prepareInsert(into: "a", columns: ["seq", "label", "amount", "flag"])
            let b = try pipeline.prepareInsert(into: "b", columns: ["seq", "label"])
            if threaded { pipeline.startFile() }
            var expected: [String] = []
            var expectedB: [String] = []
            for seq in 0..<10_000 {
                // Labels of every length, empty and missing ones, and text beyond ASCII.
                let label: String? = seq % 7 == 0 ? nil : seq % 11 == 0 ? "" : "row \(seq) " + String(repeating: "é", count: seq % 5)
                if seq % 3 == 0 {
                    let bind = StatementBinder(b)
                    bind.add(seq)
                    bind.add(label)
                    try bind.run()
                    expectedB.append("b:\(seq):\(label ?? "null")")
                } else {
                    let bind = StatementBinder(a)
                    bind.add(seq)
                    bind.add(label)
                    bind.add(Double(seq) / 4)
                    bind.add(seq % 2 == 0)
                    try bind.run()
                    expected.append("a:\(seq):\(label ?? "null")")
                }
            }
            try pipeline.finishFile()
            #expect(try Self.rows(database) == expected + expectedB, "threaded: \(threaded)")
            #expect(try database.scalarInt("SELECT count(*) FROM a WHERE amount = seq / 4.0 AND flag = (seq % 2 = 0)") == expected.count)
        }
    }

    @Test("a row SQLite refuses on the writer thread fails the file: the error reaches the importer, later rows are not written")
    func writerFailure() throws {
        let database = try Self.database()
        let pipeline = InsertPipeline(database: database)
        let b = try pipeline.prepareInsert(into: "b", columns: ["seq", "label"])
        pipeline.startFile()
        var thrown: SQLiteError?
        do {
            for seq in 0..<20_000 {
                let bind = StatementBinder(b)
                bind.add(seq)
                bind.add(seq == 5_000 ? "refused" : "kept")
                try bind.run()
            }
            try pipeline.finishFile()
        } catch {
            thrown = error
            pipeline.abandon()
        }
        #expect(thrown?.message.contains("CHECK constraint failed") == true)
        // The batch holding the refused row stopped at it; nothing after it was written.
        #expect(try database.scalarInt("SELECT max(seq) FROM b") == 4_999)
        // Afterwards the pipeline runs rows at once again, on this thread.
        let bind = StatementBinder(b)
        bind.add(-1)
        bind.add("after")
        try bind.run()
        #expect(try database.scalarInt("SELECT count(*) FROM b WHERE seq = -1") == 1)
    }

    @Test("abandoning a file drops what is queued and leaves no writer running")
    func abandon() throws {
        let database = try Self.database()
        let pipeline = InsertPipeline(database: database)
        let a = try pipeline.prepareInsert(into: "a", columns: ["seq", "label", "amount", "flag"])
        pipeline.startFile()
        for seq in 0..<50_000 {
            let bind = StatementBinder(a)
            bind.add(seq)
            bind.add("x")
            bind.add(0.5)
            bind.add(true)
            try bind.run()
        }
        pipeline.abandon()
        let written = try database.scalarInt("SELECT count(*) FROM a") ?? -1
        #expect(written < 50_000)
        // Nothing is still writing: the count stays put.
        #expect(try database.scalarInt("SELECT count(*) FROM a") == written)
        #expect(written % 4096 == 0)
    }
}
