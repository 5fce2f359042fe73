import Foundation

/// A path with `.`, `..` and symbolic links resolved, so that two spellings of one file compare
/// equal (an output that would overwrite an input is caught however it is written).
public enum CanonicalPath {
    public static func of(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
