import CairnCore
import CairnAnalysis
import CairnCopy
import CairnModules

/// The copy guard for a command, or one clear refusal: Cairn runs no analysis, and prints no
/// insight, without a valid guard.
enum CopyGuardLoading {
    static func copyGuard() throws -> CopyGuard {
        do {
            return try ModuleHost.copyGuard()
        } catch {
            throw CairnFailure("the copy guard cannot load (\(error)); Cairn runs no analysis without a valid guard. "
                               + "Fix the file named, or rebuild Cairn to restore the bundled rules.")
        }
    }

    static func engine() throws -> InsightEngine {
        InsightEngine(copyGuard: try copyGuard())
    }
}
