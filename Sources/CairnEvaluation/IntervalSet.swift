/// Disjoint half-open intervals of epoch seconds, [start, end), sorted: the person-time
/// arithmetic of the oracle (at-risk time, exposed time, their overlap) in O(n log n).
struct IntervalSet: Sendable {
    private(set) var intervals: [(start: Int, end: Int)]

    /// The union of the intervals given; empty ones are dropped.
    init(_ raw: [(Int, Int)]) {
        var merged: [(start: Int, end: Int)] = []
        for (start, end) in raw.filter({ $0.0 < $0.1 }).sorted(by: { $0 < $1 }) {
            if let last = merged.last, start < last.end {
                merged[merged.count - 1].end = max(last.end, end)
            } else {
                merged.append((start, end))
            }
        }
        intervals = merged
    }

    var length: Int { intervals.reduce(0) { $0 + $1.end - $1.start } }

    /// The index of the last interval starting at or before `t`, or nil.
    private func last(startingAtOrBefore t: Int) -> Int? {
        var low = 0, high = intervals.count
        while low < high {
            let middle = (low + high) / 2
            if intervals[middle].start <= t { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    func contains(_ t: Int) -> Bool {
        guard let index = last(startingAtOrBefore: t) else { return false }
        return t < intervals[index].end
    }

    /// Whether `t` lies strictly inside an interval that began before it (a headache already
    /// running at an onset).
    func containsBefore(_ t: Int) -> Bool {
        guard let index = last(startingAtOrBefore: t - 1) else { return false }
        return t < intervals[index].end
    }

    /// The length of the intersection with another set.
    func overlap(_ other: IntervalSet) -> Int {
        var total = 0, i = 0, j = 0
        while i < intervals.count && j < other.intervals.count {
            let start = max(intervals[i].start, other.intervals[j].start)
            let end = min(intervals[i].end, other.intervals[j].end)
            if start < end { total += end - start }
            if intervals[i].end < other.intervals[j].end { i += 1 } else { j += 1 }
        }
        return total
    }

    /// This set without the time another set covers.
    func subtracting(_ other: IntervalSet) -> IntervalSet {
        var out: [(Int, Int)] = []
        var j = 0
        for interval in intervals {
            var start = interval.start
            while j < other.intervals.count && other.intervals[j].end <= start { j += 1 }
            var k = j
            while k < other.intervals.count && other.intervals[k].start < interval.end {
                if other.intervals[k].start > start { out.append((start, other.intervals[k].start)) }
                start = max(start, other.intervals[k].end)
                k += 1
            }
            if start < interval.end { out.append((start, interval.end)) }
        }
        return IntervalSet(out)
    }
}
