#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The hidden file (or folder) a command builds its result in beside the final name, renamed
/// into place when it is whole: `.NAME.KIND-PID-RANDOM`. The name is unique to the process, so
/// two commands never share or delete each other's; one left by a killed command (its process
/// gone) is removed by the next command that stages the same name.
public enum StagingFile {
    public static func path(for target: String, kind: String) -> String {
        let url = URL(fileURLWithPath: target)
        return url.deletingLastPathComponent()
            .appendingPathComponent(prefix(for: target, kind: kind) + "\(getpid())-\(UInt32.random(in: 0 ... .max))").path
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
