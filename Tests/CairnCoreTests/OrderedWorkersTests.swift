import CairnCore
import Foundation
import Synchronization
import Testing

@Suite("Ordered workers")
struct OrderedWorkersTests {
    @Test("results arrive in index order whatever order workers finish in, on any number of workers")
    func order() throws {
        for jobs in [1, 2, 3, 8] {
            var seen: [Int] = []
            try OrderedWorkers.run(count: 200, jobs: jobs, work: { index, _ in
                // Later indexes finish first more often than not.
                usleep(UInt32((200 - index) % 7) * 50)
                return index * index
            }, deliver: { index, value in
                #expect(value == index * index)
                seen.append(index)
            })
            #expect(seen == Array(0..<200), "\(jobs) workers")
        }
    }

    @Test("no more than the window of results waits to be delivered")
    func boundedWindow() throws {
        let taken = Mutex(0)
        var most = 0
        try OrderedWorkers.run(count: 300, jobs: 4, window: 6, work: { index, _ in
            taken.withLock { $0 = max($0, index + 1) }
            return index
        }, deliver: { index, _ in
            // Beyond this index, no more than the window was taken.
            most = max(most, taken.withLock { $0 } - (index + 1))
            usleep(100)
        })
        #expect(most <= 6)
    }

    struct Failure: Error, Equatable { let index: Int }

    @Test("a worker's error is rethrown in order, after every earlier result was delivered")
    func workerError() {
        var delivered: [Int] = []
        #expect(throws: Failure(index: 37)) {
            try OrderedWorkers.run(count: 100, jobs: 3, work: { index, _ in
                if index == 37 || index == 80 { throw Failure(index: index) }
                return index
            }, deliver: { index, _ in delivered.append(index) })
        }
        #expect(delivered == Array(0..<37))
    }

    @Test("the consumer's error (an interrupt) stops the run")
    func consumerError() {
        let worked = Mutex(0)
        #expect(throws: Failure(index: 5)) {
            try OrderedWorkers.run(count: 10_000, jobs: 2, work: { index, _ in
                worked.withLock { $0 += 1 }
                return index
            }, deliver: { index, _ in if index == 5 { throw Failure(index: 5) } })
        }
        #expect(worked.withLock { $0 } < 100)
    }
}
