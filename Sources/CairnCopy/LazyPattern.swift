import Synchronization

/// A pattern compiled on first use, by whichever thread asks first. Its source has already
/// compiled inside its rule's detector when the rule loaded, so it compiles here too; should it
/// not, it matches everything, so that the guard fails closed (every text it sees is blocked)
/// rather than open.
///
/// Read without a lock: the guard asks for a rule's patterns on every text its detector flags,
/// from every worker, and a mutex here had the workers queueing in the kernel (perf: futex
/// waits under `CopyRule.matches`). Two threads asking first may both compile; one result is
/// kept and the other freed.
final class LazyPattern: Sendable {
    let source: String
    let ignoresCase: Bool
    private let compiled = AtomicLazyReference<CompiledPattern>()

    init(_ source: String, ignoresCase: Bool) {
        self.source = source
        self.ignoresCase = ignoresCase
    }

    /// Already compiled (an exception, or a pattern checked on its own at load).
    init(_ pattern: CompiledPattern) {
        source = pattern.source
        ignoresCase = pattern.ignoresCase
        _ = compiled.storeIfNil(pattern)
    }

    var value: CompiledPattern {
        if let stored = compiled.load() { return stored }
        let made: CompiledPattern
        do {
            made = try CompiledPattern(source, ignoresCase: ignoresCase)
        } catch {
            made = LazyPattern.everything
        }
        return compiled.storeIfNil(made)
    }

    private static let everything: CompiledPattern = {
        do { return try CompiledPattern("[\\s\\S]", ignoresCase: false) } catch { preconditionFailure("a one-class pattern compiles") }
    }()
}
