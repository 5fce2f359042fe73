#if canImport(Glibc)
import Glibc
#endif
import CairnCore

/// The CSV of rejected rows written beside the dataset: where each came from, why, and the
/// record exactly as it was in the file. Written to a temporary file and moved into place only
/// when the import commits, so a failed import leaves no rejects file behind.
final class RejectsFile {
    let path: String
    private let temporaryPath: String
    private var handle: UnsafeMutablePointer<FILE>?

    init(path: String) {
        self.path = path
        self.temporaryPath = path + ".tmp-\(getpid())"
    }

    func write(_ issue: ImportIssue, record: [UInt8]) throws(ImportError) {
        if handle == nil {
            guard let opened = fopen(temporaryPath, "wb") else {
                throw .rejectsFileUnwritable(path: path, reason: String(cString: strerror(errno)))
            }
            handle = opened
            StagingFile.removeOnSignal(temporaryPath)
            append(Array(CSVWriter.line(["file", "line", "column", "column_name", "reason", "message", "record"]).utf8))
        }
        let fields = [issue.file, String(issue.line), issue.column.map(String.init) ?? "", issue.columnName ?? "",
                      issue.reason.rawValue, issue.message]
        var bytes = Array(fields.map(CSVWriter.field).joined(separator: ",").utf8)
        bytes.append(UInt8(ascii: ","))
        bytes += CSVWriter.quotedBytes(record)
        bytes.append(UInt8(ascii: "\n"))
        append(bytes)
    }

    var hasRows: Bool { handle != nil }

    /// Moves the file into place; call before the import's transaction commits.
    func publish() throws(ImportError) {
        guard let handle else { return }
        self.handle = nil
        defer { StagingFile.forget(temporaryPath) }
        // An earlier write that failed (a full disk) leaves the stream's error set.
        let failedEarlier = ferror(handle) != 0
        let failed = fclose(handle) != 0
        if failedEarlier || failed {
            let reason = failed || !failedEarlier ? String(cString: strerror(errno)) : "a write failed; is the disk full?"
            unlink(temporaryPath)
            throw .rejectsFileUnwritable(path: path, reason: reason)
        }
        // `--rejects /dev/null` (or /dev/full): written into the device, never renamed over it,
        // which as root replaced the device with a regular file (issue 22).
        switch Self.kind(of: path) {
        case S_IFCHR:
            defer { unlink(temporaryPath) }
            if let reason = Self.copy(temporaryPath, into: path) { throw .rejectsFileUnwritable(path: path, reason: reason) }
        case 0, S_IFREG:
            if rename(temporaryPath, path) != 0 {
                let reason = String(cString: strerror(errno))
                unlink(temporaryPath)
                throw .rejectsFileUnwritable(path: path, reason: reason)
            }
        default:
            unlink(temporaryPath)
            throw .rejectsFileUnwritable(path: path, reason: "it is not a regular file (a folder, pipe, socket or block device)")
        }
    }

    /// The file type at `path` (S_IFREG, S_IFCHR, ...), not following a link; 0 when nothing is there.
    static func kind(of path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    /// Copies the file `source` into the device `target`; the system's reason when it fails.
    static func copy(_ source: String, into target: String) -> String? {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return String(cString: strerror(errno)) }
        defer { close(input) }
        let output = open(target, O_WRONLY | O_CLOEXEC)
        guard output >= 0 else { return String(cString: strerror(errno)) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var failure: Int32 = 0
        while failure == 0 {
            let got = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return Glibc.read(input, base, raw.count)
            }
            if got < 0 { failure = errno == EINTR ? 0 : errno; continue }
            if got == 0 { break }
            var offset = 0
            while offset < got && failure == 0 {
                let written = buffer.withUnsafeBytes { raw -> Int in
                    guard let base = raw.baseAddress else { return -1 }
                    return Glibc.write(output, base + offset, got - offset)
                }
                if written < 0 { if errno != EINTR { failure = errno } } else { offset += written }
            }
        }
        if close(output) != 0, failure == 0 { failure = errno }
        return failure == 0 ? nil : String(cString: strerror(failure))
    }

    /// Removes whatever was written; for an import that did not commit.
    func discard(published: Bool) {
        if let handle {
            fclose(handle)
            self.handle = nil
        }
        unlink(temporaryPath)
        StagingFile.forget(temporaryPath)
        if published && Self.kind(of: path) == S_IFREG { unlink(path) }
    }

    private func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, handle) }
    }
}
