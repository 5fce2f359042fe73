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
