import Foundation

/// Where the bundled demo dataset lives: Datasets/demo in the source tree this binary was built
/// from, unless CAIRN_DEMO names another place.
enum DemoDataset {
    static var path: String {
        if let override = ProcessInfo.processInfo.environment["CAIRN_DEMO"], !override.isEmpty {
            return override
        }
        let sourceFile = URL(fileURLWithPath: #filePath)
        let root = sourceFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent("Datasets/demo").path
    }
}
