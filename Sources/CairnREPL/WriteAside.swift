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
    /// Each stand-in and the path it stands in for.
    private var originals: [(standIn: String, original: String)] = []

    /// Makes the private folder under `$TMPDIR` (else /tmp).
    public init() throws(FileAccessError) {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("cairn-check-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw FileAccessError(path: base, errno: errno, doing: "hold the check's scratch folder")
        }
        folder = String(cString: made)
    }

    deinit { remove() }

    /// A fresh path standing in for `target`, with the same last part. What is already at the
    /// target is copied there first, so that a command refusing an existing path (an export)
    /// refuses here too, and one that appends finds what it would find.
    func standIn(for target: String) -> String {
        let slot = folder + "/\(originals.count + 1)"
        try? FileManager.default.createDirectory(atPath: slot, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let standIn = slot + "/" + (target as NSString).lastPathComponent
        if FileManager.default.fileExists(atPath: target) { try? FileManager.default.copyItem(atPath: target, toPath: standIn) }
        originals.append((standIn, target))
        return standIn
    }

    /// `text` with every stand-in's path replaced by the path it stands in for (an export's
    /// message names the file it wrote).
    func restoringPaths(_ text: String) -> String {
        originals.reversed().reduce(text) { $0.replacingOccurrences(of: $1.standIn, with: $1.original) }
    }

    /// Removes the folder and everything written into it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
