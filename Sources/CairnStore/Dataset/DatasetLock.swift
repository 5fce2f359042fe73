#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// One writer per dataset: an advisory lock on a hidden file beside it (`.NAME.lock`), taken
/// before an import reads anything and held until it has committed and renamed its staging file.
/// A second import into the same dataset is refused at once instead of racing the first for
/// its staging file (issue 22: two imports into one new dataset lost the first's rows). The
/// kernel drops the lock when the process dies, so a killed import never leaves it held.
public final class DatasetLock {
    public let path: String
    private let descriptor: Int32

    /// Why the lock could not be taken.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Takes the lock for the dataset at `dataset`, or refuses in one line when another
    /// process holds it.
    public init(for dataset: String) throws(Refusal) {
        let url = URL(fileURLWithPath: dataset)
        path = url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".lock").path
        while true {
            let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard opened >= 0 else {
                throw Refusal(description: "\(dataset): cannot take the import lock \(path) (\(String(cString: strerror(errno)))); "
                              + "choose a folder you may write")
            }
            guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
                let failure = errno
                close(opened)
                if failure == EWOULDBLOCK {
                    throw Refusal(description: "another import into \(dataset) is running; wait for it to finish, then run this one again")
                }
                throw Refusal(description: "\(dataset): cannot take the import lock (\(String(cString: strerror(failure))))")
            }
            // The holder before us may have removed the file between our open and our lock:
            // then the lock is on a file nobody else will find, and we take a fresh one.
            var held = stat(), named = stat()
            if fstat(opened, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev {
                descriptor = opened
                return
            }
            close(opened)
        }
    }

    deinit {
        // Removed while still held, so the next holder finds a fresh file (see init).
        unlink(path)
        close(descriptor)
    }
}
