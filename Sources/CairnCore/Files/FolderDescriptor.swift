#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// An open folder, and the files in it named by their last part only: every file is opened with
/// `openat` and `O_NOFOLLOW`, so a symbolic link put where a file or folder is expected is
/// refused instead of followed out of the folder. Notebooks and their `NAME.figures` write
/// through one of these (issue 22: a symlinked folder let them write anywhere).
public final class FolderDescriptor: @unchecked Sendable {
    /// The descriptor, open for as long as this value lives.
    public let descriptor: Int32
    /// The folder as the person named it, for messages.
    public let shown: String

    init(descriptor: Int32, shown: String) {
        self.descriptor = descriptor
        self.shown = shown
    }

    deinit { close(descriptor) }

    /// The folder at `path`, which may itself be reached through links (it was chosen by the
    /// person, not by a notebook).
    public static func open(_ path: String) throws(FileAccessError) -> FolderDescriptor {
        let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileAccessError(path: path, errno: errno, doing: "open the folder") }
        return FolderDescriptor(descriptor: descriptor, shown: path)
    }

    /// The folder `name` inside this one, refused when it is a symbolic link; made (0700) when
    /// missing and `creating`.
    public func folder(_ name: String, creating: Bool = false) throws(FileAccessError) -> FolderDescriptor {
        let shownPath = shown + "/" + name
        try Self.checkName(name, shown: shownPath)
        if creating, mkdirat(descriptor, name, 0o700) != 0, errno != EEXIST {
            throw FileAccessError(path: shownPath, errno: errno, doing: "make the folder")
        }
        let opened = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else {
            let failure = errno
            if isSymbolicLink(name) { throw FileAccessError(path: shownPath, symbolicLink: true) }
            throw FileAccessError(path: shownPath, errno: failure, doing: "open the folder")
        }
        return FolderDescriptor(descriptor: opened, shown: shownPath)
    }

    /// Whether `name` here is a symbolic link (not followed).
    public func isSymbolicLink(_ name: String) -> Bool {
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    /// Whether `name` here is a pipe, socket or device (not followed): what opening may block on.
    public func holdsSpecialFile(_ name: String) -> Bool {
        var status = stat()
        guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
        return [S_IFIFO, S_IFSOCK, S_IFCHR, S_IFBLK].contains(status.st_mode & S_IFMT)
    }

    /// Whether anything is called `name` here (a link counts, not followed).
    public func contains(_ name: String) -> Bool {
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0
    }

    /// A path that reaches `name` through this descriptor, whatever happens to the folder's
    /// own path meanwhile (Linux's /proc/self/fd), for code that opens files by path.
    public func pinnedPath(_ name: String) -> String {
        "/proc/self/fd/\(descriptor)/\(name)"
    }

    /// Replaces (or makes) the file `name` with `data`, readable by its owner only: written to a
    /// unique hidden file here, then renamed over the name, so a reader never sees half of it and
    /// a link at `name` is replaced, never followed.
    ///
    /// A character device already at `name` (`/dev/null`, `/dev/full`, a terminal) is written
    /// straight, as `> /dev/full` would: renamed over, as root, the device itself was replaced
    /// by a regular file (issue 22). Anything else that is not a regular file (a folder, a pipe,
    /// a socket, a block device) is refused.
    public func writeAtomically(_ data: Data, to name: String) throws(FileAccessError) {
        let shownPath = shown + "/" + name
        try Self.checkName(name, shown: shownPath)
        if isSymbolicLink(name) { throw FileAccessError(path: shownPath, symbolicLink: true) }
        var existing = stat()
        if fstatat(descriptor, name, &existing, AT_SYMLINK_NOFOLLOW) == 0 {
            switch existing.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFCHR: return try writeStraight(data, to: name, shown: shownPath)
            case S_IFDIR: throw FileAccessError(path: shownPath, reason: "is a folder; give the name of a file")
            default: throw FileAccessError(path: shownPath, reason: "is not a regular file (a pipe, socket or block device); give the name of a file")
            }
        }
        let temporary = ".\(name).\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp"
        // Removed if a signal ends Cairn while it is written (reached through this descriptor).
        StagingFile.removeOnSignal(pinnedPath(temporary))
        defer { StagingFile.forget(pinnedPath(temporary)) }
        let file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw FileAccessError(path: shownPath, errno: errno, doing: "write") }
        var failure = FolderDescriptor.writeAll(data, to: file)
        if failure == 0, fsync(file) != 0 { failure = errno }
        if close(file) != 0, failure == 0 { failure = errno }
        if failure == 0, renameat(descriptor, temporary, descriptor, name) != 0 { failure = errno }
        if failure != 0 {
            unlinkat(descriptor, temporary, 0)
            throw FileAccessError(path: shownPath, errno: failure, doing: "write")
        }
    }

    /// Writes every byte of `data` to an open file, retrying interrupted writes; the errno of a
    /// failed write, or 0.
    private static func writeAll(_ data: Data, to file: Int32) -> Int32 {
        data.withUnsafeBytes { bytes -> Int32 in
            guard let base = bytes.baseAddress else { return 0 }
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(file, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }

    /// Writes `data` into the character device `name` as it is, without a staging file.
    private func writeStraight(_ data: Data, to name: String, shown shownPath: String) throws(FileAccessError) {
        let file = openat(descriptor, name, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { throw FileAccessError(path: shownPath, errno: errno, doing: "write") }
        var failure = FolderDescriptor.writeAll(data, to: file)
        if close(file) != 0, failure == 0 { failure = errno }
        if failure != 0 { throw FileAccessError(path: shownPath, errno: failure, doing: "write") }
    }

    /// Opens `name` for writing from its start (made 0600, emptied), never through a link.
    public func openForWriting(_ name: String) throws(FileAccessError) -> FileHandle {
        let shownPath = shown + "/" + name
        try Self.checkName(name, shown: shownPath)
        let file = openat(descriptor, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else {
            let failure = errno
            if isSymbolicLink(name) { throw FileAccessError(path: shownPath, symbolicLink: true) }
            throw FileAccessError(path: shownPath, errno: failure, doing: "write")
        }
        return FileHandle(fileDescriptor: file, closeOnDealloc: true)
    }

    /// The bytes of the file `name`, never read through a link; nil when there is none.
    public func read(_ name: String) throws(FileAccessError) -> Data? {
        let shownPath = shown + "/" + name
        try Self.checkName(name, shown: shownPath)
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else {
            let failure = errno
            if failure == ENOENT { return nil }
            if isSymbolicLink(name) { throw FileAccessError(path: shownPath, symbolicLink: true) }
            throw FileAccessError(path: shownPath, errno: failure, doing: "read")
        }
        let handle = FileHandle(fileDescriptor: file, closeOnDealloc: true)
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw FileAccessError(path: shownPath, errno: EIO, doing: "read")
        }
    }

    /// The names in this folder (not `.` and `..`).
    public func names() throws(FileAccessError) -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else { throw FileAccessError(path: shown, errno: errno, doing: "list") }
        defer { closedir(stream) }
        rewinddir(stream)
        var found: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { found.append(name) }
        }
        return found.sorted()
    }

    /// Removes the file (or, with `folder`, the empty folder) `name` here; a link is removed
    /// itself, never what it points at.
    public func remove(_ name: String, folder: Bool = false) throws(FileAccessError) {
        try Self.checkName(name, shown: shown + "/" + name)
        guard unlinkat(descriptor, name, folder ? AT_REMOVEDIR : 0) == 0 else {
            throw FileAccessError(path: shown + "/" + name, errno: errno, doing: "remove")
        }
    }

    /// A last part must be one name: no `/`, not `.` or `..`, not empty.
    static func checkName(_ name: String, shown: String) throws(FileAccessError) {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0") else {
            throw FileAccessError(path: shown, reason: "is not a file name inside its folder")
        }
    }
}

/// A whole file written at once, as the person named it: through a hidden file beside it,
/// synced and renamed into place, so a reader never sees half of it and a failed write (a full
/// disk) leaves the old file, or none, and one line naming `path` with the system's reason.
public enum AtomicFile {
    public static func write(_ data: Data, to path: String) throws(FileAccessError) {
        let url = URL(fileURLWithPath: path)
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FolderDescriptor.open(folder.isEmpty ? "." : folder).writeAtomically(data, to: url.lastPathComponent)
        } catch {
            throw FileAccessError(path: path, reason: error.reason + "; nothing was written")
        }
    }

    public static func write(_ text: String, to path: String) throws(FileAccessError) {
        try write(Data(text.utf8), to: path)
    }
}
