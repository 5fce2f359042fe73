#if canImport(Glibc)
import Glibc
#endif
import CCleanup
import Foundation

/// The hidden file (or folder) a command builds its result in beside the final name, renamed
/// into place when it is whole: `.NAME.KIND-PID-RANDOM`. The name is unique to the process, so
/// two commands never share or delete each other's; one left by a killed command (its process
/// gone) is removed by the next command that stages the same name.
///
/// Every staging name (and the SQLite journal beside it) is registered for removal when
/// SIGINT, SIGTERM or SIGHUP ends the process (`installSignalCleanup()`), so a Ctrl-C leaves
/// nothing behind; kill -9 cannot be caught, and what it leaves is removed by the next command
/// that writes the same name, once the process that owned it is gone.
public enum StagingFile {
    public static func path(for target: String, kind: String) -> String {
        let url = URL(fileURLWithPath: target)
        let path = url.deletingLastPathComponent()
            .appendingPathComponent(prefix(for: target, kind: kind) + "\(getpid())-\(UInt32.random(in: 0 ... .max))").path
        _ = cairn_cleanup_add(path)
        _ = cairn_cleanup_add(path + "-journal")
        return path
    }

    /// Creates the staging file itself (0600, never an existing one) with one system call, for
    /// writing: no helper file of Foundation's (`.dat.nosync...`) appears beside it for a kill
    /// -9 to leave behind. Errors name `target`, the file the person asked for.
    public static func create(_ staging: String, for target: String) throws(FileAccessError) -> FileHandle {
        let descriptor = open(staging, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileAccessError(path: target, errno: errno, doing: "be written") }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// A temporary path of the caller's own (beside a file it writes), removed like a staging
    /// file when a signal ends the process; `forget` it once it is renamed or removed.
    public static func removeOnSignal(_ path: String) {
        _ = cairn_cleanup_add(path)
    }

    /// The staging path is renamed into place or removed: a signal no longer removes it.
    public static func forget(_ path: String) {
        cairn_cleanup_forget(path)
        cairn_cleanup_forget(path + "-journal")
    }

    /// Removes every registered staging file now: for a command that ends at once on a failed
    /// write (`exit`), so what it was building is not left behind.
    public static func removeRegisteredNow() {
        cairn_cleanup_run()
    }

    /// Installs the handler that removes staging files on SIGINT, SIGTERM and SIGHUP, then ends
    /// the process by the same signal. Signals the parent ignores stay ignored.
    public static func installSignalCleanup() {
        cairn_cleanup_install()
    }

    /// Removes the staging files (and SQLite journals beside them) of `target` whose process
    /// no longer runs.
    public static func removeAbandoned(for target: String, kind: String) {
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent().path
        let start = prefix(for: target, kind: kind)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(start) {
            guard let pid = Int32(name.dropFirst(start.count).prefix { $0.isNumber }), pid > 0,
                  pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    static func prefix(for target: String, kind: String) -> String {
        "." + URL(fileURLWithPath: target).lastPathComponent + "." + kind + "-"
    }
}
