import CairnCore

/// A time-stratified case-crossover design for onsets: each resolved headache (the case) is
/// matched with referent instants at the same local wall-clock time on the other days of its
/// stratum, a fixed block of `strideDays` days counted from the diary's first day (so referents
/// lie before and after the case, and habits that change over months are compared within the
/// same weeks). A referent is at-risk time: inside the diary's span, not after the as-of
/// instant, and no headache running then. Comparing each case's exposure with its own referents
/// at its own clock time is what lets onsets spread over the day: a single reference time for
/// every free day (version 2) compares an evening onset's last 24 hours with a morning's.
///
/// Cost: O(c s log h) for c cases, s days per stratum and h headaches.
public struct ClockMatchedSets: Sendable {
    public struct MatchedSet: Sendable, Equatable {
        public let headache: Headache
        /// The referent instants, in time order.
        public let referents: [Int]
    }

    /// What a replay step leaves for the next (`init(_:episodes:asOf:strideDays:carry:)`): the
    /// sets, and the span and as-of they were made with.
    public struct Carry: Sendable {
        let strideDays: Int
        let first: CalendarDay, last: CalendarDay
        let asOf: Int
        let asOfDay: CalendarDay
        let sets: [MatchedSet]
    }

    public let sets: [MatchedSet]

    public init(_ data: ProfileData, episodes: [Headache], asOf: Int, strideDays: Int) {
        var carry: Carry?
        self.init(data, episodes: episodes, asOf: asOf, strideDays: strideDays, carry: &carry, carrying: false)
    }

    /// The same sets, reusing from `carry` (the last step of a replay of the same profile) every
    /// set whose whole block lay before that step's as-of day and inside its diary span: its
    /// referents cannot change as time goes forward. Visible rows only grow, and a headache seen
    /// since then began after every such referent, so whether one was running at a referent
    /// (the latest onset before it, resolved after it or not yet) is as it was.
    public init(_ data: ProfileData, episodes: [Headache], asOf: Int, strideDays: Int, carry: inout Carry?) {
        self.init(data, episodes: episodes, asOf: asOf, strideDays: strideDays, carry: &carry, carrying: true)
    }

    private init(_ data: ProfileData, episodes: [Headache], asOf: Int, strideDays: Int, carry: inout Carry?, carrying: Bool) {
        let zone = data.zone
        guard let span = DiaryWindows.diarySpan(data), strideDays > 0 else { sets = []; carry = nil; return }
        let last = min(span.upperBound, zone.day(ofEpoch: asOf))
        let asOfDay = zone.day(ofEpoch: asOf)
        // Only a carry made before this step, with the same blocks and no later span end.
        let old = carry.flatMap { $0.strideDays == strideDays && $0.first == span.lowerBound && $0.last <= last && $0.asOf <= asOf ? $0 : nil }
        var oldPlace = 0
        // Headaches as [onset, resolved) in onset order; an unresolved one runs past as-of.
        let running = data.headaches.map { ($0.onset.epochSeconds, $0.resolved?.epochSeconds ?? Int.max) }
        func isRunning(_ instant: Int) -> Bool {
            var low = 0, high = running.count
            while low < high {
                let middle = (low + high) / 2
                if running[middle].0 <= instant { low = middle + 1 } else { high = middle }
            }
            return low > 0 && running[low - 1].1 > instant
        }
        sets = episodes.map { headache in
            let onset = headache.onset.epochSeconds
            let clock = onset + zone.offset(atEpoch: onset) - headache.onset.day.daysSinceEpoch * 86_400
            let block = (headache.onset.day.daysSinceEpoch - span.lowerBound.daysSinceEpoch) / strideDays
            let first = span.lowerBound.adding(days: block * strideDays)
            if let old {
                // Episodes and the carried sets are both in onset order.
                while oldPlace < old.sets.count && old.sets[oldPlace].headache.onset.epochSeconds < onset { oldPlace += 1 }
                let blockEnd = first.adding(days: strideDays - 1)
                if oldPlace < old.sets.count, old.sets[oldPlace].headache == headache, blockEnd <= old.last, blockEnd < old.asOfDay {
                    return old.sets[oldPlace]
                }
            }
            var referents: [Int] = []
            for offset in 0..<strideDays {
                let day = first.adding(days: offset)
                guard day <= last, day != headache.onset.day else { continue }
                let instant = zone.epoch(of: day, secondOfDay: clock)
                if instant <= asOf && !isRunning(instant) { referents.append(instant) }
            }
            return MatchedSet(headache: headache, referents: referents)
        }
        carry = carrying ? Carry(strideDays: strideDays, first: span.lowerBound, last: last, asOf: asOf, asOfDay: asOfDay, sets: sets) : nil
    }
}
