import CairnModuleKit
import CairnCore
import CairnStats

/// Whether the diary is fuller before headaches than at the same clock times on other days:
/// a habit of logging, not a factor, would then make every factor look common before
/// headaches. Two checks, either of which holds findings back:
/// - **negative controls**: each habitual item (logged on most diary days) tested as a factor;
///   it is assumed to do nothing, so an excess before headaches measures the logging;
/// - **entries**: the number of entries in the window before each headache against its own
///   referents, leaving out the factors about to be shown (a real trigger adds its own entries
///   before headaches, nothing else). When logging is even, each case's count is one draw from
///   its set's counts; the sum over sets is compared with its mean in units of its standard
///   deviation (one-sided normal, the sets being independent).
struct LoggingCheck {
    /// Each negative control's one-sided p.
    let controls: [(factor: String, p: Double)]
    /// Entries before headaches: observed, expected, z and one-sided p (1 with no variation).
    let observedEntries: Int
    let expectedEntries: Double
    let z: Double
    let entriesP: Double

    init(_ input: ProfileData, sets: [MatchedExposure.Set], controls: [MatchedExposure], excluding: Swift.Set<String>,
         windowHours: Double, stats: Stats) {
        self.controls = controls.map { ($0.subject, $0.p) }
        let zone = input.zone
        let intervals = input.factors.filter { !excluding.contains($0.factor) }
            .map { DiaryWindows.interval(of: $0.at, zone: zone) }.sorted { $0.lowerBound < $1.lowerBound }
        let starts = intervals.map(\.lowerBound)
        let longest = intervals.map { $0.upperBound - $0.lowerBound }.max() ?? 0
        let span = Int(windowHours * 3600)
        func count(before end: Int) -> Int {
            var low = 0, high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] < end - span - longest { low = middle + 1 } else { high = middle }
            }
            var n = 0, index = low
            while index < starts.count && starts[index] <= end {
                if intervals[index].upperBound >= end - span { n += 1 }
                index += 1
            }
            return n
        }
        var observed = 0, mean = 0.0, variance = 0.0
        for set in sets {
            let values = [count(before: set.headache.onset.epochSeconds)] + set.referents.map(count(before:))
            let average = Double(values.reduce(0, +)) / Double(values.count)
            observed += values[0]
            mean += average
            variance += values.reduce(0.0) { $0 + (Double($1) - average) * (Double($1) - average) } / Double(values.count)
        }
        observedEntries = observed
        expectedEntries = mean
        z = variance > 0 ? (Double(observed) - mean) / variance.squareRoot() : 0
        entriesP = variance > 0 ? stats.upperNormalTail(z) : 1
    }

    func isLopsided(alpha: Double) -> Bool {
        entriesP <= alpha || controls.contains { $0.p <= alpha }
    }

    func evidence(alpha: Double) -> [String: Evidence] {
        [
            "alpha": .number(alpha), "lopsided": .flag(isLopsided(alpha: alpha)),
            "entries_before_headaches": .integer(observedEntries), "entries_expected": .number(expectedEntries),
            "entries_z": .number(z), "entries_p": .number(entriesP),
            "negative_controls_p": .object(Dictionary(controls.map { ($0.factor, Evidence.number($0.p)) }, uniquingKeysWith: { a, _ in a })),
        ]
    }

    /// Factors whose entries on headache days were mostly made after that day's onset (at least
    /// three such entries and half of the factor's entries on headache days): premonitory
    /// eating of chocolate is the textbook case, where what looks like a trigger follows the
    /// attack's first phase.
    static func loggedAfterOnset(_ input: ProfileData) -> [String] {
        var onsets: [CalendarDay: Int] = [:]
        for headache in input.headaches { onsets[headache.onset.day] = min(onsets[headache.onset.day] ?? .max, headache.onset.epochSeconds) }
        var after: [String: Int] = [:], onHeadacheDays: [String: Int] = [:]
        for entry in input.factors where !entry.at.isWholeDay {
            guard let onset = onsets[entry.at.day] else { continue }
            onHeadacheDays[entry.factor, default: 0] += 1
            if entry.at.epochSeconds > onset { after[entry.factor, default: 0] += 1 }
        }
        return after.filter { $0.value >= 3 && 2 * $0.value >= onHeadacheDays[$0.key]! }.keys.sorted()
    }
}
