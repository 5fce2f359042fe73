import Synchronization

/// A pattern compiled on first use, by whichever thread asks first. Its source has already
/// compiled inside its rule's detector when the rule loaded, so it compiles here too; should it
/// not, it matches everything, so that the guard fails closed (every text it sees is blocked)
/// rather than open.
final class LazyPattern: Sendable {
    let source: String
    let ignoresCase: Bool
    private let compiled = Mutex<CompiledPattern?>(nil)

    init(_ source: String, ignoresCase: Bool) {
        self.source = source
        self.ignoresCase = ignoresCase
    }

    /// Already compiled (an exception, or a pattern checked on its own at load).
    init(_ pattern: CompiledPattern) {
        source = pattern.source
        ignoresCase = pattern.ignoresCase
        compiled.withLock { $0 = pattern }
    }

    var value: CompiledPattern {
        compiled.withLock { stored in
            if let stored { return stored }
            let made: CompiledPattern
            do {
                made = try CompiledPattern(source, ignoresCase: ignoresCase)
            } catch {
                made = LazyPattern.everything
            }
            stored = made
            return made
        }
    }

    private static let everything: CompiledPattern = {
        do { return try CompiledPattern("[\\s\\S]", ignoresCase: false) } catch { preconditionFailure("a one-class pattern compiles") }
    }()
}
