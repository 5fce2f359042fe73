import CairnCore
import Foundation

/// Where a notebook run by `cairn run` or `cairn check` may read and write: inside its own
/// folder (and folders given with `--allow-write`), plus the one dataset it names with its
/// first `.open`. Notebooks travel between people; one must not read or overwrite files it
/// has no business with. A path is judged by the folders it walks through, opened one by one
/// from the confining folder's descriptor with symbolic links refused, so a link inside the
/// folder (`nb/link -> /elsewhere`, chained or relative) cannot carry a write out of it.
public struct NotebookConfinement: Sendable {
    public let root: String
    /// Each confining folder as given (made absolute, `..` removed) and as resolved: a path a
    /// notebook names is spelled from the first, the folder is opened by the second.
    let readable: [Folder]
    let writable: [Folder]
    /// Whether the notebook has opened its dataset (its first `.open`, which may be anywhere).
    var openedDataset = false

    struct Folder: Sendable {
        let given: String
        let real: String

        init(_ path: String) {
            given = URL(fileURLWithPath: path).standardized.path
            real = CanonicalPath.of(path)
        }

        /// The parts of `path` below this folder, or nil when it does not lie below it.
        func parts(of path: String) -> [String]? {
            for base in [real, given] {
                let prefix = base.hasSuffix("/") ? base : base + "/"
                if path.hasPrefix(prefix) {
                    return path.dropFirst(prefix.count).split(separator: "/").map(String.init)
                }
            }
            return nil
        }
    }

    public init(root: String, allowWrite: [String] = []) {
        self.root = CanonicalPath.of(root)
        readable = [Folder(root)]
        writable = [Folder(root)] + allowWrite.map(Folder.init)
    }

    func mayRead(_ path: String) -> Bool { (try? reach(path, writing: false)) != nil }

    func mayWrite(_ path: String) -> Bool { (try? reach(path, writing: true)) != nil }

    /// The folder that holds `path` (opened through the confining folder, never through a
    /// link) and its last part; nil when `path` lies outside every confining folder.
    /// A symbolic link on the way, or as the last part, is refused; so is a pipe, socket or
    /// device as the last part: a notebook shipped with a pipe named `out.txt` made `.output`,
    /// `.read` or `.import` wait for ever, and `cairn check` with them (issue 22).
    func reach(_ path: String, writing: Bool) throws(FileAccessError) -> (folder: FolderDescriptor, name: String)? {
        let absolute = URL(fileURLWithPath: path).standardized.path
        for base in writing ? writable : readable {
            guard let parts = base.parts(of: absolute), let name = parts.last else { continue }
            var folder = try FolderDescriptor.open(base.real)
            for part in parts.dropLast() {
                folder = try folder.folder(part)
            }
            if folder.isSymbolicLink(name) { throw FileAccessError(path: path, symbolicLink: true) }
            if folder.holdsSpecialFile(name) {
                throw FileAccessError(path: path, reason: "is a pipe, socket or device; a notebook reads and writes only regular files")
            }
            return (folder, name)
        }
        return nil
    }
}
