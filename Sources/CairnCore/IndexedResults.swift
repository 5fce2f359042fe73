import Dispatch
import Foundation

/// Results filled by index from several threads (`DispatchQueue.concurrentPerform`), each slot
/// once, read back in index order: parallel work whose output order does not depend on timing.
public final class IndexedResults<T: Sendable>: @unchecked Sendable {
    private var storage: [T?]
    private let lock = NSLock()

    public init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    public func set(_ index: Int, _ value: T) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    /// Every result; each slot must have been set.
    public var values: [T] { storage.map { $0! } }
}

extension IndexedResults {
    /// `work` for each index on every core: its values in index order, or the first error in
    /// index order (so the problem reported does not hang on timing).
    public static func collect<E: Error & Sendable>(count: Int, _ work: @Sendable (Int) throws(E) -> T) throws(E) -> [T] {
        let results = IndexedResults<Result<T, E>>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            do throws(E) {
                results.set(index, .success(try work(index)))
            } catch {
                results.set(index, .failure(error))
            }
        }
        var values: [T] = []
        values.reserveCapacity(count)
        for result in results.values { values.append(try result.get()) }
        return values
    }
}
