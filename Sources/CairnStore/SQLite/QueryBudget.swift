#if canImport(Glibc)
import Glibc
#endif
import CSQLite

/// How long one statement a person typed may run and how much its result may hold: a
/// recursive query that returns rows for ever must end in one line, not with the process
/// killed for memory (issue 22). A person at a terminal gets more than an unattended run
/// (`cairn check`, notebooks, scripts), which must finish.
public struct QueryBudget: Sendable, Equatable {
    public var seconds: Double
    /// What the collected result and SQLite's own heap may each hold, in bytes.
    public var bytes: Int

    public init(seconds: Double, bytes: Int) {
        self.seconds = seconds
        self.bytes = bytes
    }

    public static let terminal = QueryBudget(seconds: 300, bytes: 1 << 30)
    public static let unattended = QueryBudget(seconds: 30, bytes: 256 << 20)

    /// A budget that ran out, in one line with what the person can do.
    public struct Exceeded: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public var timeExceeded: Exceeded {
        Exceeded(description: "stopped: the statement ran past its time budget of \(Int(seconds)) s; "
                 + "narrow it with WHERE or LIMIT, or aggregate it")
    }

    public func memoryExceeded(rows: Int) -> Exceeded {
        Exceeded(description: "stopped: the result passed its memory budget of \(bytes >> 20) MiB after \(rows) rows; "
                 + "add a LIMIT or aggregate it")
    }
}

/// When a statement's time runs out; read by SQLite's progress handler on the statement's thread.
final class StatementDeadline {
    let end: Double
    var passed = false

    init(after seconds: Double) { end = StatementDeadline.now() + seconds }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension SQLiteDatabase {
    /// Runs `body` (statements a person typed) under `budget`: SQLite's progress handler stops
    /// a statement past its time, and its heap limit bounds what SQLite itself allocates.
    /// A statement stopped by either throws `QueryBudget.Exceeded`; one interrupted otherwise
    /// (Ctrl-C) throws SQLite's own error.
    public func within<T>(_ budget: QueryBudget, _ body: () throws -> T) throws -> T {
        let deadline = StatementDeadline(after: budget.seconds)
        let context = Unmanaged.passUnretained(deadline).toOpaque()
        sqlite3_progress_handler(handle, 10_000, { context in
            guard let context else { return 0 }
            let deadline = Unmanaged<StatementDeadline>.fromOpaque(context).takeUnretainedValue()
            if StatementDeadline.now() > deadline.end { deadline.passed = true }
            return deadline.passed ? 1 : 0
        }, context)
        let previousLimit = sqlite3_hard_heap_limit64(Int64(budget.bytes))
        defer {
            sqlite3_progress_handler(handle, 0, nil, nil)
            sqlite3_hard_heap_limit64(previousLimit)
            withExtendedLifetime(deadline) {}
        }
        do {
            return try body()
        } catch let error as SQLiteError where deadline.passed && error.code & 0xff == SQLITE_INTERRUPT {
            throw budget.timeExceeded
        } catch let error as SQLiteError where error.code & 0xff == SQLITE_NOMEM {
            throw QueryBudget.Exceeded(description: "stopped: the statement passed SQLite's memory budget of \(budget.bytes >> 20) MiB; "
                                       + "add a LIMIT or aggregate it")
        }
    }
}
