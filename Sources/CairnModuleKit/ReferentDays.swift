import CairnCore

/// The headache-free days an honest comparison measures against (version 2 of the pattern
/// modules): days inside the diary's own span, not after the as-of day, on which no headache
/// began and none was still running at the reference time, in the same period as the episodes
/// compared (from `matchDays` before the first of them), each with its reference instant at the
/// episodes' median local clock time.
///
/// Cost: O(h log h + d log h) for d days and h headaches (onset days sorted once, then a cursor).
public struct ReferentDays: Sendable {
    public struct Day: Sendable, Equatable {
        public let day: CalendarDay
        /// The instant on that day at the episodes' median local clock time.
        public let reference: Int
    }

    public let days: [Day]

    public init(_ data: ProfileData, episodes: [Headache], asOf: Int, matchDays: Int) {
        let zone = data.zone
        guard let firstEpisode = episodes.first?.onset.day,
              let span = DiaryWindows.diarySpan(data) else { days = []; return }
        let first = max(span.lowerBound, firstEpisode.adding(days: -matchDays))
        let last = min(span.upperBound, zone.day(ofEpoch: asOf))
        let clock = DiaryWindows.typicalOnsetSecond(episodes, zone: zone)
        // Onset days as sorted day numbers, passed by a cursor as the days advance: no hashing.
        let onsetDays = data.headaches.map(\.onset.day.daysSinceEpoch).sorted()
        var nextOnset = 0
        // Headaches as [onset, resolved] in onset order; unresolved ones run until as-of.
        let running = data.headaches.map { ($0.onset.epochSeconds, $0.resolved?.epochSeconds ?? Int.max) }
        var out: [Day] = []
        var day = first
        while day <= last {
            defer { day = day.adding(days: 1) }
            while nextOnset < onsetDays.count && onsetDays[nextOnset] < day.daysSinceEpoch { nextOnset += 1 }
            guard nextOnset == onsetDays.count || onsetDays[nextOnset] != day.daysSinceEpoch else { continue }
            let reference = zone.epoch(of: day, secondOfDay: clock)
            guard reference <= asOf else { continue }
            if ReferentDays.isRunning(running, at: reference) { continue }
            out.append(Day(day: day, reference: reference))
        }
        days = out
    }

    /// Whether a headache (onset-sorted [start, end] pairs) runs at an instant: binary search
    /// to the last onset at or before it, then back while one could still be running.
    static func isRunning(_ headaches: [(Int, Int)], at instant: Int) -> Bool {
        var low = 0, high = headaches.count
        while low < high {
            let middle = (low + high) / 2
            if headaches[middle].0 <= instant { low = middle + 1 } else { high = middle }
        }
        var index = low - 1
        // Headaches rarely overlap; a few steps back cover any that do.
        var steps = 0
        while index >= 0 && steps < 8 {
            if headaches[index].1 >= instant { return true }
            index -= 1
            steps += 1
        }
        return false
    }
}
