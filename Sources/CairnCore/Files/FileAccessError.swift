#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A file Cairn could not read, write or reach, in one line: the path, what was being done, the
/// system's reason, and what the person can do.
public struct FileAccessError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// A failed system call: `errno` as words, with a hint for the usual causes.
    public init(path: String, errno code: Int32, doing action: String) {
        let words = String(cString: strerror(code))
        let hint: String
        switch code {
        case ENOSPC, EDQUOT: hint = "; free some space and run it again"
        case EFBIG: hint = "; a limit on file size stops it growing: free some space or lift the limit (ulimit -f), and run it again"
        case EACCES, EPERM, EROFS: hint = "; choose a path you may write"
        case ENOENT: hint = "; make the folder first, or choose another path"
        case ELOOP: hint = "; a symbolic link is on the way (Cairn does not follow it)"
        default: hint = ""
        }
        self.init(path: path, reason: "cannot \(action) (\(words))\(hint)")
    }

    /// A failed Foundation call (`FileHandle.write(contentsOf:)` and the like), its system reason
    /// recovered from the error Foundation made of it.
    public init(path: String, failure: Error, doing action: String) {
        self.init(path: path, errno: Self.systemCode(of: failure), doing: action)
    }

    static func systemCode(of failure: Error) -> Int32 {
        let error = failure as NSError
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteNoPermission, .fileReadNoPermission: return EACCES
        case .fileWriteVolumeReadOnly: return EROFS
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        default: return EIO
        }
    }

    /// A symbolic link found where a notebook reads or writes.
    public init(path: String, symbolicLink: Bool) {
        self.init(path: path, reason: "is a symbolic link; a notebook reads and writes only real files and folders inside its own folder")
    }

    public var description: String { "\(path): \(reason)" }
}
