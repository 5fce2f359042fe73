import CairnCore

/// Entries as time intervals sorted by start (`DiaryWindows.interval`: a date-only entry covers
/// its whole local day), so
/// "is any entry within N hours before this instant" is a binary search, not a scan: O(log n)
/// per question after O(n log n) to build. Many instants at once (`any(within:before:shift:)`
/// over `InstantQueries`) are one merge: O(n + q) for q instants.
public struct EntryIndex: Sendable {
    private let starts: [Int]
    private let ends: [Int]
    /// The same ends in increasing order, for the merge.
    private let sortedEnds: [Int]
    /// The longest interval, to bound how far back an overlapping entry can start.
    private let longest: Int

    /// The entries' places in the list given, in the order of `starts`.
    private let positions: [Int]

    public init(_ times: [EventTime], zone: ProfileTimeZone) {
        let intervals = times.enumerated().map { position, time -> (start: Int, end: Int, position: Int) in
            let covered = DiaryWindows.interval(of: time, zone: zone)
            return (covered.lowerBound, covered.upperBound, position)
        }.sorted { ($0.start, $0.position) < ($1.start, $1.position) }
        starts = intervals.map(\.start)
        ends = intervals.map(\.end)
        sortedEnds = ends.sorted()
        positions = intervals.map(\.position)
        longest = intervals.map { $0.end - $0.start }.max() ?? 0
    }

    public var isEmpty: Bool { starts.isEmpty }

    /// Whether any entry overlaps [end - hours, end] (both ends included, DATA-CONTRACT windows).
    public func any(within hours: Double, before end: Int) -> Bool {
        first(within: hours, before: end) != nil
    }

    /// `any(within:before:)` for every instant of the queries less `shift`, in the queries'
    /// order. The entries overlapping [t - hours, t] are those started by t less those ended
    /// before t - hours (an entry that ended before the window also started before it), so one
    /// pass over the instants in time order, with two cursors, answers all of them.
    public func any(within hours: Double, before queries: InstantQueries, shift: Int = 0) -> [Bool] {
        let window = Int(hours * 3600)
        var answers = [Bool](repeating: false, count: queries.count)
        var started = 0, ended = 0
        for place in queries.order {
            let end = queries.instants[place] - shift
            while started < starts.count && starts[started] <= end { started += 1 }
            while ended < sortedEnds.count && sortedEnds[ended] < end - window { ended += 1 }
            answers[place] = started > ended
        }
        return answers
    }

    /// The place, in the list given, of the entry that overlaps [end - hours, end] and starts
    /// first (the earlier in the list on a tie), or nil.
    public func first(within hours: Double, before end: Int) -> Int? {
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
            if ends[index] >= windowStart { return positions[index] }
            index += 1
        }
        return nil
    }
}
