import Foundation
import Testing
@testable import CairnStore

/// Issue 22, items 5 and 7: a statement a person typed runs under a time budget (SQLite's
/// progress handler); a prepared statement with more SQL after it is refused. (The heap limit
/// is SQLite's, for the whole process: a test of it here would starve the suites running
/// beside it, so it is left to the CLI's memory-budget test.)
@Suite("Query budgets")
struct QueryBudgetTests {
    let directory = TemporaryDirectory()

    @Test("a query that never ends stops at its time budget with one line")
    func timeBudget() throws {
        let database = try SQLiteDatabase(path: ":memory:", mode: .create)
        let statement = try database.prepare("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c")
        let started = Date()
        let budget = QueryBudget(seconds: 0.5, bytes: 64 << 20)
        do {
            _ = try database.within(budget) { try statement.step() }
            Issue.record("the query ended")
        } catch let exceeded as QueryBudget.Exceeded {
            #expect(exceeded.description == "stopped: the statement ran past its time budget of 0 s; narrow it with WHERE or LIMIT, or aggregate it")
        }
        #expect(Date().timeIntervalSince(started) < 5)
        // The handler is gone afterwards: the connection works as before.
        #expect(try database.scalarInt("SELECT 41 + 1") == 42)
    }

    @Test("a prepared statement with another statement after it is refused; spaces and comments may follow")
    func leftoverSQL() throws {
        let database = try SQLiteDatabase(path: ":memory:", mode: .create)
        #expect(throws: SQLiteError.self) { try database.prepare("SELECT 1; SELECT 2") }
        do {
            _ = try database.prepare("SELECT 1; DROP TABLE x")
        } catch {
            #expect(error.message == "more than one statement; run one statement at a time")
        }
        #expect(try database.prepare("SELECT 1;  -- a note\n /* and more */ ").step())
    }
}
