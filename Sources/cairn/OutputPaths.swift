import CairnCore
import Foundation

/// Output paths checked against what a command reads and writes: an output that is the open
/// dataset or one of the inputs would destroy it, so it is refused before anything is written.
enum OutputPaths {
    /// Refuses `output` when it names the same file as any of `protected`.
    static func refuse(_ output: String, option: String, against protected: [(what: String, path: String)]) throws {
        let target = CanonicalPath.of(output)
        for item in protected where CanonicalPath.of(item.path) == target {
            throw CairnFailure("\(option) \(output) is \(item.what); it would be overwritten. Choose another path")
        }
    }
}
