import Synchronization

/// Results by key, computed once and kept for every thread, up to a bound: cleared when full, so
/// a run over millions of different keys starts afresh rather than growing without end.
final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let table = Mutex<[Key: Value]>([:])
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    func value(_ key: Key, compute: () -> Value) -> Value {
        if let known = table.withLock({ $0[key] }) { return known }
        let result = compute()
        table.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[key] = result
        }
        return result
    }
}
