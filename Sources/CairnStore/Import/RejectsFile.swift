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
        if failedEarlier || failed || rename(temporaryPath, path) != 0 {
            let reason = failed || !failedEarlier ? String(cString: strerror(errno)) : "a write failed; is the disk full?"
            unlink(temporaryPath)
            throw .rejectsFileUnwritable(path: path, reason: reason)
        }
    }

    /// Removes whatever was written; for an import that did not commit.
    func discard(published: Bool) {
        if let handle {
            fclose(handle)
            self.handle = nil
        }
        unlink(temporaryPath)
        StagingFile.forget(temporaryPath)
        if published { unlink(path) }
    }

    private func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, handle) }
    }
}
