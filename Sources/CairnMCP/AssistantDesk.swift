import CairnCopy
import CairnREPL
import CairnStore
import Foundation

/// The one session an assistant's calls go through, one call at a time: the REPL's session
/// over the one dataset `cairn mcp` was started with, its copy guard, and the limits every call
/// runs under. The protocol's handlers run concurrently; the session and its SQLite connection
/// are used by one of them at a time.
public final class AssistantDesk: @unchecked Sendable {
    /// How much one call may take and return.
    public struct Limits: Sendable {
        /// Seconds one call may run (SQL is stopped by SQLite's progress handler; a replay between steps).
        public var seconds: Double
        /// Rows and bytes a SQL result may return; past either, it is cut and says so.
        public var rows: Int
        public var bytes: Int

        public init(seconds: Double = QueryBudget.unattended.seconds, rows: Int = 500, bytes: Int = 256 << 10) {
            self.seconds = seconds
            self.rows = rows
            self.bytes = bytes
        }
    }

    let session: Session
    let copyGuard: CopyGuard
    public let limits: Limits
    /// The profile calls work on when they name none (`--profile`); nil: every profile.
    let defaultProfile: String?
    private let lock = NSLock()

    /// Opens `dataset` in `session`; a dataset that cannot be opened, or a `--profile` it does
    /// not have, is refused before the server starts.
    public init(session: Session, dataset: String, profile: String?, copyGuard: CopyGuard, limits: Limits) throws(AssistantError) {
        self.session = session
        self.copyGuard = copyGuard
        self.limits = limits
        self.defaultProfile = profile
        do throws(SessionError) {
            // The REPL's budget for an unattended statement, with the call's time.
            try session.openForAssistant(dataset, budget: QueryBudget(seconds: limits.seconds, bytes: QueryBudget.unattended.bytes))
            if let profile, try !session.assistantProfileIDs().contains(profile) {
                throw SessionError("no profile \(copyGuard.safeIdentifier(profile, kind: "profile")) in \(dataset); list_profiles names them")
            }
        } catch {
            throw .refused(error.message)
        }
    }

    /// Runs `body` alone on the session; a session error becomes one guarded line.
    func call<T>(_ body: (Session) throws(SessionError) -> T) throws(AssistantError) -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body(session)
        } catch {
            // The session's messages name the data's identifiers through the copy guard already;
            // masking the whole line would also mask module ids such as sleep-correlation.
            throw .refused(error.message)
        }
    }

    /// Reads from the session alone (what cannot fail: the module table).
    func reading<T>(_ body: (Session) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(session)
    }

    /// The end of a call's time budget, from now.
    var deadline: Date { Date().addingTimeInterval(limits.seconds) }

    /// The profile a call names, or the default.
    func profile(_ named: String?) -> String? { named ?? defaultProfile }
}
