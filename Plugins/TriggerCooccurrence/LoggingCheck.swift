import CairnModuleKit
import CairnCore
import CairnStats

/// Whether the diary is fuller before headaches than at the same clock times on other days:
/// a habit of logging, not a factor, would then make every factor look common before
/// headaches. Two checks, either of which holds findings back:
/// - **negative controls**: each habitual item (logged on most diary days) tested as a factor;
///   it is assumed to do nothing, so an excess before headaches measures the logging;
/// - **every other factor together**: each factor not about to be shown (controls included)
///   gives its excess of exposed headaches in standard deviations of its matched-set test, and
///   their sum over the square root of their number (Stouffer's method) is compared with the
///   standard normal. A real trigger moves its own count, and is left out; a logging habit
///   moves every factor's a little, which no single test sees and their sum does. (Counting all
///   entries in each window instead weighs the habitual items' entries most; measured on the
///   entry-dropping scenario it caught fewer lopsided diaries.)
struct LoggingCheck {
    /// Each negative control's one-sided p.
    let controls: [(factor: String, p: Double)]
    /// The factors combined, their combined z and its one-sided p (1 with none to combine).
    let combined: Int
    let z: Double
    let combinedP: Double

    init(controls: [MatchedExposure], others: [MatchedExposure], stats: Stats) {
        self.controls = controls.map { ($0.subject, $0.p) }
        let informative = others.filter { $0.variance > 0 }
        combined = informative.count
        z = informative.isEmpty ? 0 : informative.reduce(0) { $0 + $1.z } / Double(informative.count).squareRoot()
        combinedP = informative.isEmpty ? 1 : stats.upperNormalTail(z)
    }

    func isLopsided(alpha: Double) -> Bool {
        combinedP <= alpha || controls.contains { $0.p <= alpha }
    }

    func evidence(alpha: Double) -> [String: Evidence] {
        [
            "alpha": .number(alpha), "lopsided": .flag(isLopsided(alpha: alpha)),
            "factors_combined": .integer(combined), "combined_z": .number(z), "combined_p": .number(combinedP),
            "negative_controls_p": .object(Dictionary(controls.map { ($0.factor, Evidence.number($0.p)) }, uniquingKeysWith: { a, _ in a })),
        ]
    }

    /// Factors whose entries on headache days were mostly made after that day's onset (at least
    /// three such entries and half of the factor's entries on headache days): premonitory
    /// eating of chocolate is the textbook case, where what looks like a trigger follows the
    /// attack's first phase. When the diary says when an entry was made (`logged_at`), that is
    /// the time judged: an entry for the morning written down after the headache began is recall.
    /// Cost: O(h log h + n log h) for h headaches and n entries.
    static func loggedAfterOnset(_ input: ProfileData) -> [String] {
        var tally = AfterOnset()
        return tally.factors(input)
    }

    /// The counts behind `loggedAfterOnset`, kept across replay steps: while no headache is new,
    /// an entry's verdict stays, so a step counts only the entries new since the last.
    struct AfterOnset {
        private var headaches = -1, entries = 0
        private var days: [Int] = [], firstOnsets: [Int] = []
        private var after: [String: Int] = [:], onHeadacheDays: [String: Int] = [:]

        /// The factors for `input`, a later cut of the same profile's data than the last call's
        /// (or any data, on a fresh tally).
        mutating func factors(_ input: ProfileData) -> [String] {
            if input.headaches.count != headaches || input.factors.count < entries {
                // The first onset of each headache day, sorted by day and searched by binary
                // search: no hashing per entry.
                let byDay = input.headaches.map { ($0.onset.day.daysSinceEpoch, $0.onset.epochSeconds) }.sorted { $0 < $1 }
                days = []
                firstOnsets = []
                for (day, onset) in byDay where days.last != day {
                    days.append(day)
                    firstOnsets.append(onset)
                }
                headaches = input.headaches.count
                entries = 0
                after = [:]
                onHeadacheDays = [:]
            }
            for entry in input.factors.dropFirst(entries) where !entry.at.isWholeDay || entry.loggedAt != nil {
                guard let onset = firstOnset(on: entry.at.day.daysSinceEpoch) else { continue }
                onHeadacheDays[entry.factor, default: 0] += 1
                if (entry.loggedAt ?? entry.at).epochSeconds > onset { after[entry.factor, default: 0] += 1 }
            }
            entries = input.factors.count
            return after.filter { $0.value >= 3 && 2 * $0.value >= onHeadacheDays[$0.key]! }.keys.sorted()
        }

        private func firstOnset(on day: Int) -> Int? {
            var low = 0, high = days.count
            while low < high {
                let middle = (low + high) / 2
                if days[middle] < day { low = middle + 1 } else { high = middle }
            }
            return low < days.count && days[low] == day ? firstOnsets[low] : nil
        }
    }
}
