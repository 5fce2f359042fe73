import CairnCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where `cairn check` sends what a notebook's commands write (`.export`, `.snapshot`, `.output`,
/// `.once`, `.save`, `.chart --svg`): a private temporary folder, removed when the check ends.
/// Checking a notebook compares what its commands print; it must not write beside the notebook,
/// nor replace an export or snapshot a person keeps there. Every refusal (a link, a path outside
/// the folder, the open dataset) is still made on the real path first, so the output matches.
public final class WriteAside {
    /// The private folder (0700) the stand-ins are made in.
    public let folder: String
    /// How many stand-ins were made (each in a numbered folder of its own).
    private var made = 0

    /// Makes the private folder under `$TMPDIR` (else /tmp).
    public init() throws(FileAccessError) {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("cairn-check-XXXXXX".utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw FileAccessError(path: base, errno: errno, doing: "hold the check's scratch folder")
        }
        folder = String(cString: created)
    }

    deinit { remove() }

    /// A fresh path standing in for `target`, with the same last part. What is already at the
    /// target is copied there first, so that a command refusing an existing path (an export)
    /// refuses here too, and one that appends finds what it would find.
    func standIn(for target: String) -> String {
        made += 1
        let slot = folder + "/\(made)"
        try? FileManager.default.createDirectory(atPath: slot, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let standIn = slot + "/" + (target as NSString).lastPathComponent
        if FileManager.default.fileExists(atPath: target) { try? FileManager.default.copyItem(atPath: target, toPath: standIn) }
        return standIn
    }

    /// Removes the folder and everything written into it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
