import Foundation

/// Work over indexes 0..<count on a bounded number of worker threads, results handed to the
/// caller's thread strictly in index order, so output is byte-identical whatever the number of
/// workers. At most `window` results wait to be delivered: memory is bounded by the window, not
/// by `count`. No worker outlives the call; the first error (a worker's, or the consumer's, such
/// as an interrupt) stops the others taking new work and is rethrown.
public enum OrderedWorkers {
    public static func run<T: Sendable>(count: Int, jobs: Int, window: Int? = nil,
                                        work: @escaping @Sendable (_ index: Int, _ worker: Int) throws -> T,
                                        deliver: (_ index: Int, T) throws -> Void) throws {
        guard count > 0 else { return }
        let workers = max(1, min(jobs, count))
        if workers == 1 {
            for index in 0..<count { try deliver(index, try work(index, 0)) }
            return
        }
        let state = State<T>(window: max(workers, window ?? workers * 4))
        let group = DispatchGroup()
        for worker in 0..<workers {
            DispatchQueue.global().async(group: group) {
                while let index = state.take(count: count) {
                    let outcome = Result { try work(index, worker) }
                    state.put(index, outcome)
                }
            }
        }
        defer {
            state.stop()
            group.wait()
        }
        for index in 0..<count {
            let outcome = state.wait(for: index)
            switch outcome {
            case .success(let value): try deliver(index, value)
            case .failure(let error): throw error
            }
        }
    }

    /// The shared queue of indexes and finished results, under one condition variable.
    private final class State<T: Sendable>: @unchecked Sendable {
        private let condition = NSCondition()
        private var next = 0
        private var delivered = 0
        private var stopped = false
        private var results: [Int: Result<T, Error>] = [:]
        let window: Int

        init(window: Int) { self.window = window }

        /// The next index to work on, waiting while the window is full; nil when done or stopped.
        func take(count: Int) -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while !stopped && next < count && next >= delivered + window { condition.wait() }
            guard !stopped, next < count else { return nil }
            next += 1
            return next - 1
        }

        func put(_ index: Int, _ outcome: Result<T, Error>) {
            condition.lock()
            results[index] = outcome
            if case .failure = outcome { stopped = true }
            condition.broadcast()
            condition.unlock()
        }

        func wait(for index: Int) -> Result<T, Error> {
            condition.lock()
            defer { condition.unlock() }
            while results[index] == nil { condition.wait() }
            let outcome = results.removeValue(forKey: index)!
            delivered = index + 1
            condition.broadcast()
            return outcome
        }

        func stop() {
            condition.lock()
            stopped = true
            condition.broadcast()
            condition.unlock()
        }
    }
}
