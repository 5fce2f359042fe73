import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// A failure reported by SQLite, with what a person needs to act on it: the result code, the
/// message, the file and the statement that failed.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public let code: Int32
    public let message: String
    public let path: String
    public let sql: String?
    /// The operating system's error behind an I/O failure (ENOSPC, EFBIG...), 0 when none.
    public let systemError: Int32

    public init(code: Int32, message: String, path: String, sql: String?, systemError: Int32 = 0) {
        self.code = code
        self.message = message
        self.path = path
        self.sql = sql
        self.systemError = systemError
    }

    /// A disk that is full or a file that may grow no larger (SQLITE_FULL, or SQLITE_IOERR for
    /// ENOSPC, EDQUOT or EFBIG): the person frees space, the command can simply run again.
    public var isOutOfSpace: Bool {
        code & 0xff == SQLITE_FULL
            || (code & 0xff == SQLITE_IOERR && [ENOSPC, EDQUOT, EFBIG].contains(systemError))
    }

    /// Why the disk failed, in words, for SQLITE_FULL and SQLITE_IOERR; nil for other errors.
    public var storageProblem: String? {
        if isOutOfSpace {
            return systemError == EFBIG
                ? "\(path) may grow no larger (a limit on file size, as if the disk were full)"
                : "the disk holding \(path) is full"
        }
        guard code & 0xff == SQLITE_IOERR else { return nil }
        let reason = systemError != 0 ? String(cString: strerror(systemError)) : "an input/output error"
        return "\(path) could not be written or read (\(reason))"
    }

    public var description: String {
        // A full or failing disk is said in plain words: what happened and what to do.
        if let storageProblem {
            return storageProblem + (isOutOfSpace ? "; free some space and run the command again"
                                                  : "; check the disk, then run the command again")
        }
        var text = "\(path): \(message) (SQLite error \(code))"
        if let sql { text += " in: \(sql)" }
        return text
    }

    /// True when a statement was refused because the connection is read-only.
    public var isReadOnlyRefusal: Bool { code & 0xff == SQLITE_READONLY }
}
