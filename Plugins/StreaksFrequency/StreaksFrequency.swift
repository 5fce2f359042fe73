import CairnModuleKit
import CairnCore
import CairnStats

/// Aurae's streak and frequency trends (seed 002, 5.5 "Streak and frequency trends" and 6.4,
/// D-29):
/// - the headache-free streak: whole local days since the day the last headache ended, in the
///   seed's words ("12 days free", "1 day free", "Headache-free today" for 0). While a headache
///   is active the streak is hidden entirely (D-29: a stale count is misleading);
/// - how many days of the last 30 had a headache begin, with monthly and weekly counts in
///   evidence (the seed's frequency charts);
/// - a change in frequency only when it is more than chance: headache days in the last
///   `window_days` against the `window_days` before, both inside the diary's own span, by an
///   exact binomial test conditional on their total (equal exposure, so p = 1/2). A diary with a
///   steady rate gets a finding about as often as `alpha` allows; one that began within the
///   earlier window, or has had no entry in the last week, gets no comparison at all (days
///   outside the diary are not headache-free).
///
/// Cost: O(h + d) in headaches and days of the span.
public struct StreaksFrequency: AnalysisModule {
    public static let id = "streaks-frequency"
    public static let version = 1
    public static let reads: Set<ContractTable> = [.headaches, .medications, .factors]
    public static let requires: Set<ContractTable> = [.headaches]
    public static let asOfDependence = AsOfDependence.day
    public static let summary = "Headache-free streak (hidden while a headache is active), headache days in the last 30 days, and a change in frequency only beyond chance."
    public static let details = """
        the headache-free streak in the seed's words ("12 days free", "1 day free", "Headache-free \
        today"), hidden entirely while a headache is active; headache days in the last 30, with \
        monthly and weekly counts in evidence; a change in frequency (the last `window_days` (90) \
        against the 90 before) only when an exact binomial test on the two counts says so (alpha \
        0.05), and only when both windows lie inside the diary (it began before the earlier one and \
        has an entry in the last week)
        """
    public static let seed = "Aurae 5.5, 6.4, D-29"
    public static let parameters: [ParameterSpec] = [
        .integer("min_headaches", default: 5, range: 1...100, "Resolved headaches before frequency insights show (Aurae 5.5)."),
        .integer("window_days", default: 90, range: 14...365, "Length of the two windows whose headache days are compared."),
        .number("alpha", default: 0.05, range: 0.001...0.5, "Significance level of the frequency comparison."),
    ]

    let minHeadaches: Int, windowDays: Int, alpha: Double

    public init(parameters: ParameterValues) {
        minHeadaches = parameters.integer("min_headaches")
        windowDays = parameters.integer("window_days")
        alpha = parameters.number("alpha")
    }

    public func gates(_ input: ProfileData) -> [Gate] {
        [Gate(name: "resolved headaches", have: input.resolvedHeadacheCount, need: minHeadaches)]
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        let today = input.zone.day(ofEpoch: asOf)
        var drafts: [InsightDraft] = []
        let active = input.headaches.filter { !$0.isResolved }
        // D-29: nothing about the streak while a headache is active.
        if active.isEmpty, let last = input.headaches.max(by: { StreaksFrequency.endDay($0) < StreaksFrequency.endDay($1) }) {
            let free = max(0, today.daysSinceEpoch - StreaksFrequency.endDay(last).daysSinceEpoch)
            let message = switch free {
            case 0: CopyMessage("streaks-frequency.free-today")
            case 1: CopyMessage("streaks-frequency.one-day-free")
            default: CopyMessage("streaks-frequency.days-free", ["days": .count(free)])
            }
            drafts.append(InsightDraft(kind: .awareness, subject: "streak", message: message, evidence: [
                "days_free": .integer(free), "last_headache_ended": .text(StreaksFrequency.endDay(last).description),
                "longest_streak_days": .integer(StreaksFrequency.longestStreak(input.headaches, through: today)),
            ], provenance: ["headaches:\(last.id)"]))
        }

        let onsetDays = Set(input.headaches.map(\.onset.day))
        func headacheDays(_ range: ClosedRange<CalendarDay>) -> Int { onsetDays.filter(range.contains).count }
        let last30 = today.adding(days: -29)...today
        drafts.append(InsightDraft(kind: .awareness, subject: "frequency", message: CopyMessage("streaks-frequency.last-days", [
            "days": .count(headacheDays(last30)), "window": .count(30),
        ]), evidence: [
            "headache_days_last_30": .integer(headacheDays(last30)),
            "months": .object(StreaksFrequency.monthlyCounts(onsetDays, through: today, months: 6)),
            "weeks": .list(StreaksFrequency.weeklyCounts(onsetDays, through: today, weeks: 8).map { .integer($0) }),
        ]))

        // Both windows must lie inside the diary: days before it began, or after the person
        // stopped logging (no entry in the last week), would count as headache-free.
        let recent = today.adding(days: -(windowDays - 1))...today
        let earlier = today.adding(days: -(2 * windowDays - 1))...today.adding(days: -windowDays)
        guard let span = DiaryWindows.diarySpan(input), span.lowerBound <= earlier.lowerBound,
              span.upperBound >= today.adding(days: -StreaksFrequency.stillLoggingDays) else { return drafts }
        let (recentDays, earlierDays) = (headacheDays(recent), headacheDays(earlier))
        guard recentDays + earlierDays > 0 else { return drafts }
        let p = try stats.binomialTest(successes: recentDays, trials: recentDays + earlierDays, p: 0.5)
        let evidence: [String: Evidence] = [
            "window_days": .integer(windowDays), "recent_headache_days": .integer(recentDays),
            "earlier_headache_days": .integer(earlierDays), "p": .number(p), "alpha": .number(alpha),
            "recent_from": .text(recent.lowerBound.description), "earlier_from": .text(earlier.lowerBound.description),
        ]
        guard p <= alpha, recentDays != earlierDays else {
            drafts[drafts.count - 1].evidence["comparison"] = .object(evidence)
            return drafts
        }
        drafts.append(InsightDraft(kind: .finding, subject: "frequency change", message: CopyMessage("streaks-frequency.change", [
            "direction": .choice(recentDays > earlierDays ? "more" : "fewer"), "window": .count(windowDays),
            "recent": .count(recentDays), "earlier": .count(earlierDays),
        ]), evidence: evidence))
        return drafts
    }

    /// A diary with no entry in this many days before the as-of day is no longer being kept:
    /// its recent window is not compared.
    static let stillLoggingDays = 6

    /// The local day a headache ended (the day it began, while it is still active).
    static func endDay(_ headache: Headache) -> CalendarDay { headache.resolved?.day ?? headache.onset.day }

    /// The longest run of whole days with no headache, between headaches or since the last.
    static func longestStreak(_ headaches: ArraySlice<Headache>, through today: CalendarDay) -> Int {
        let spans = headaches.map { $0.onset.day.daysSinceEpoch...endDay($0).daysSinceEpoch }.sorted { $0.lowerBound < $1.lowerBound }
        var longest = 0
        var coveredTo = spans.first.map(\.upperBound) ?? today.daysSinceEpoch
        for span in spans.dropFirst() {
            longest = max(longest, span.lowerBound - coveredTo - 1)
            coveredTo = max(coveredTo, span.upperBound)
        }
        return max(longest, today.daysSinceEpoch - coveredTo)
    }

    /// Headache days in each of the last `months` local months, by `YYYY-MM`.
    static func monthlyCounts(_ days: Set<CalendarDay>, through today: CalendarDay, months: Int) -> [String: Evidence] {
        var counts: [String: Evidence] = [:]
        var month = today.firstOfMonth
        for _ in 0..<months {
            // The month's days as a range, not its text made for every day (replay asks daily).
            let next = month.firstOfNextMonth
            counts[month.monthText] = .integer(days.reduce(0) { $1 >= month && $1 < next ? $0 + 1 : $0 })
            month = month.adding(days: -1).firstOfMonth
        }
        return counts
    }

    /// Headache days in each of the last `weeks` seven-day windows, oldest first, the last
    /// ending on the as-of day.
    static func weeklyCounts(_ days: Set<CalendarDay>, through today: CalendarDay, weeks: Int) -> [Int] {
        (0..<weeks).reversed().map { week in
            let end = today.adding(days: -7 * week)
            return days.filter { (end.adding(days: -6)...end).contains($0) }.count
        }
    }
}
