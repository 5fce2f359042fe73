import CairnCore

/// Entries as time intervals sorted by start (a date-only entry covers its whole local day), so
/// "is any entry within N hours before this instant" is a binary search, not a scan: O(log n)
/// per question after O(n log n) to build.
public struct EntryIndex: Sendable {
    private let starts: [Int]
    private let ends: [Int]
    /// The longest interval, to bound how far back an overlapping entry can start.
    private let longest: Int

    public init(_ times: [EventTime], zone: ProfileTimeZone) {
        let intervals = times.map { time -> (Int, Int) in
            guard time.isWholeDay else { return (time.epochSeconds, time.epochSeconds) }
            return (zone.startOfDay(time.day), zone.startOfDay(time.day.adding(days: 1)) - 1)
        }.sorted { $0.0 < $1.0 }
        starts = intervals.map(\.0)
        ends = intervals.map(\.1)
        longest = intervals.map { $0.1 - $0.0 }.max() ?? 0
    }

    public var isEmpty: Bool { starts.isEmpty }

    /// Whether any entry overlaps [end - hours, end] (both ends included, DATA-CONTRACT windows).
    public func any(within hours: Double, before end: Int) -> Bool {
        let windowStart = end - Int(hours * 3600)
        // The first entry that could still reach the window.
        var low = 0, high = starts.count
        let from = windowStart - longest
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < from { low = middle + 1 } else { high = middle }
        }
        var index = low
        while index < starts.count && starts[index] <= end {
            if ends[index] >= windowStart { return true }
            index += 1
        }
        return false
    }
}
