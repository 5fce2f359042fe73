import CairnCore

/// Walks one profile's data forward in time for replay: each step advances per-table counts
/// past the rows that became visible, so a step costs the new rows, not the whole history.
struct ProfileCursor {
    let data: ProfileData
    private(set) var counts = [Int](repeating: 0, count: 7)
    private var resolvedCount = 0
    private var lastInstant = Int.min

    init(_ data: ProfileData) {
        self.data = data
    }

    /// The tables of `counts`, in order.
    static let tables: [ContractTable] = [.readings, .visits, .headaches, .medications, .sleep, .weather, .factors]

    /// Advances to an instant (never backwards); returns the tables in which a row became
    /// visible (or, for headaches, one was resolved) since the last call.
    mutating func advance(to instant: Int) -> Set<ContractTable> {
        precondition(instant >= lastInstant, "replay steps go forward in time")
        lastInstant = instant
        let next = [
            ProfileCursor.advance(counts[0], data.readings) { $0.date.epochSeconds <= instant },
            ProfileCursor.advance(counts[1], data.visits) { $0.date.epochSeconds <= instant },
            ProfileCursor.advance(counts[2], data.headaches) { $0.onset.epochSeconds <= instant },
            ProfileCursor.advance(counts[3], data.medications) { $0.takenAt.epochSeconds <= instant },
            ProfileCursor.advance(counts[4], data.sleep) { data.knownFrom($0) <= instant },
            ProfileCursor.advance(counts[5], data.weather) { $0.observedAtEpoch <= instant },
            ProfileCursor.advance(counts[6], data.factors) { $0.at.epochSeconds <= instant },
        ]
        let resolved = data.headaches.prefix(next[2]).filter { ($0.resolved?.epochSeconds ?? .max) <= instant }.count
        var changed = Set(ProfileCursor.tables.indices.filter { next[$0] != counts[$0] }.map { ProfileCursor.tables[$0] })
        if resolved != resolvedCount { changed.insert(.headaches) }
        counts = next
        resolvedCount = resolved
        return changed
    }

    private static func advance<T>(_ from: Int, _ rows: ArraySlice<T>, _ visible: (T) -> Bool) -> Int {
        var index = from
        while index < rows.count && visible(rows[index]) { index += 1 }
        return index
    }
}
