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

    public let sets: [MatchedSet]

    public init(_ data: ProfileData, episodes: [Headache], asOf: Int, strideDays: Int) {
        let zone = data.zone
        guard let span = DiaryWindows.diarySpan(data), strideDays > 0 else { sets = []; return }
        let last = min(span.upperBound, zone.day(ofEpoch: asOf))
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
            var referents: [Int] = []
            for offset in 0..<strideDays {
                let day = first.adding(days: offset)
                guard day <= last, day != headache.onset.day else { continue }
                let instant = zone.epoch(of: day, secondOfDay: clock)
                if instant <= asOf && !isRunning(instant) { referents.append(instant) }
            }
            return MatchedSet(headache: headache, referents: referents)
        }
    }
}
