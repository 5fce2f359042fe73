import CairnCore
import Foundation

/// Where a notebook run by `cairn run` or `cairn check` may read and write: inside its own
/// folder (and folders given with `--allow-write`), plus the one dataset it names with its
/// first `.open`. Notebooks travel between people; one must not read or overwrite files it
/// has no business with.
public struct NotebookConfinement: Sendable {
    public let root: String
    public let extraWritable: [String]
    /// Whether the notebook has opened its dataset (its first `.open`, which may be anywhere).
    var openedDataset = false

    public init(root: String, allowWrite: [String] = []) {
        self.root = CanonicalPath.of(root)
        self.extraWritable = allowWrite.map(CanonicalPath.of)
    }

    func isInside(_ path: String, _ folder: String) -> Bool {
        let target = CanonicalPath.of(path)
        return target == folder || target.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    func mayRead(_ path: String) -> Bool { isInside(path, root) }

    func mayWrite(_ path: String) -> Bool { ([root] + extraWritable).contains { isInside(path, $0) } }
}
