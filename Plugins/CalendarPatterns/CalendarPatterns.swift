import CairnModuleKit
import CairnCore
import CairnStats

/// Aurae's day-of-week and time-of-day patterns (seed 002, 5.5: "frequency analysis across
/// calendar dimensions"), in the profile's local time:
/// - time of day: onsets counted in four parts of the day (night 00–06, morning 06–12,
///   afternoon 12–18, evening 18–24); the part most onsets fell in is said as a count, an
///   awareness with no claim (there is no fair "no pattern" here: people sleep at night);
/// - day of week: a finding only when onsets differ across weekdays more than chance allows, by
///   a chi-square goodness-of-fit test against each weekday's share of the days of the diary's
///   span, and only once every weekday expects `min_expected` onsets (so the test holds). The
///   day named is the one most above its expected count. A diary with no weekday effect gets a
///   finding about as often as `alpha` allows.
///
/// Cost: O(h + d) in headaches and days of the span.
public struct CalendarPatterns: AnalysisModule {
    public static let id = "calendar-patterns"
    public static let version = 1
    public static let reads: Set<ContractTable> = [.headaches, .medications, .factors]
    public static let requires: Set<ContractTable> = [.headaches]
    public static let asOfDependence = AsOfDependence.none
    public static let summary = "When headaches begin: the part of the day most onsets fell in, and a weekday only when onsets differ across weekdays beyond chance."
    public static let details = """
        the part of the day most onsets fell in (night, morning, afternoon, evening; said only when \
        one part leads), and a weekday only when onsets differ across weekdays beyond chance \
        (chi-square against each weekday's share of the diary's days, once every weekday expects 5 \
        onsets; until then a progress line says how many are needed)
        """
    public static let seed = "Aurae 5.5"
    public static let parameters: [ParameterSpec] = [
        .integer("min_headaches", default: 5, range: 1...100, "Resolved headaches before calendar patterns show (Aurae 5.5)."),
        .number("min_expected", default: 5, range: 1...20, "Onsets each weekday must expect before weekdays are compared."),
        .number("alpha", default: 0.05, range: 0.001...0.5, "Significance level of the weekday comparison."),
    ]

    public static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    public static let parts = [("night", "00:00–06:00"), ("morning", "06:00–12:00"), ("afternoon", "12:00–18:00"), ("evening", "18:00–24:00")]

    let minHeadaches: Int, minExpected: Double, alpha: Double

    public init(parameters: ParameterValues) {
        minHeadaches = parameters.integer("min_headaches")
        minExpected = parameters.number("min_expected")
        alpha = parameters.number("alpha")
    }

    public func gates(_ input: ProfileData) -> [Gate] {
        [Gate(name: "resolved headaches", have: input.resolvedHeadacheCount, need: minHeadaches)]
    }

    /// Monday 0 to Sunday 6 (1970-01-01 was a Thursday).
    static func weekday(_ day: CalendarDay) -> Int { ((day.daysSinceEpoch + 3) % 7 + 7) % 7 }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        let onsets = input.resolvedHeadaches
        var drafts: [InsightDraft] = []

        // The part of the day needs the clock: a day-level diary's onsets (a date alone) count
        // for weekdays only.
        let timed = onsets.filter(\.onset.hasTime)
        var byPart = [Int](repeating: 0, count: 4), byHour = [Int](repeating: 0, count: 24)
        for headache in timed {
            let hour = DiaryWindows.localSecond(ofEpoch: headache.onset.epochSeconds, zone: input.zone) / 3600
            byHour[hour] += 1
            byPart[hour / 6] += 1
        }
        let most = byPart.max() ?? 0
        var partEvidence: [String: Evidence] = ["onsets_by_hour": .list(byHour.map { .integer($0) })]
        if timed.count < onsets.count { partEvidence["onsets_time_unknown"] = .integer(onsets.count - timed.count) }
        for (index, part) in CalendarPatterns.parts.enumerated() { partEvidence[part.0] = .integer(byPart[index]) }
        // Said only when one part holds more onsets than every other, and only from as many
        // onsets with a clock time as the gate asks of all (a day-level diary's do not count).
        if timed.count >= minHeadaches, most > 0, byPart.filter({ $0 == most }).count == 1, let top = byPart.firstIndex(of: most) {
            drafts.append(InsightDraft(kind: .awareness, subject: "time of day", message: CopyMessage("calendar-patterns.part-of-day", [
                "count": .count(most), "total": .count(timed.count),
                "part": .choice(CalendarPatterns.parts[top].0), "hours": .choice(CalendarPatterns.parts[top].1),
            ]), evidence: partEvidence))
        }

        // Each weekday's share of the diary's days: a diary of five weeks and two days has two
        // weekdays more often than the others.
        guard let span = DiaryWindows.diarySpan(input) else { return drafts }
        var daysOf = [Int](repeating: 0, count: 7)
        var day = span.lowerBound
        while day <= span.upperBound { daysOf[CalendarPatterns.weekday(day)] += 1; day = day.adding(days: 1) }
        var observed = [Int](repeating: 0, count: 7)
        for headache in onsets where span.contains(headache.onset.day) { observed[CalendarPatterns.weekday(headache.onset.day)] += 1 }
        let total = observed.reduce(0, +), spanDays = daysOf.reduce(0, +)
        let expected = daysOf.map { Double(total) * Double($0) / Double(spanDays) }
        var evidence: [String: Evidence] = [
            "onsets_by_weekday": .object(Dictionary(uniqueKeysWithValues: zip(CalendarPatterns.weekdays, observed.map { .integer($0) }))),
            "expected_by_weekday": .object(Dictionary(uniqueKeysWithValues: zip(CalendarPatterns.weekdays, expected.map { .number($0) }))),
            "min_expected": .number(minExpected), "span_days": .integer(spanDays),
        ]
        // A diary shorter than a week has a weekday with no day at all: nothing to compare yet,
        // and no count of onsets would make one.
        guard daysOf.allSatisfy({ $0 > 0 }) else { return drafts }
        guard let smallest = expected.min(), smallest >= minExpected else {
            evidence["weekdays_compared"] = .flag(false)
            drafts.append(InsightDraft(kind: .progress, subject: "weekday counts", message: CopyMessage("calendar-patterns.weekday-wait", [
                "total": .count(total), "needed": .count(Int((minExpected * Double(spanDays) / Double(daysOf.min() ?? 1)).rounded(.up))),
            ]), evidence: evidence))
            return drafts
        }
        let test = try stats.chiSquareGoodnessOfFit(observed: observed, expected: expected)
        evidence["chi_square"] = .number(test.statistic)
        evidence["df"] = .integer(test.df)
        evidence["p"] = .number(test.p)
        evidence["alpha"] = .number(alpha)
        guard test.p <= alpha else {
            // No weekday is named; the test stays in the evidence of the time-of-day count.
            if let index = drafts.firstIndex(where: { $0.subject == "time of day" }) { drafts[index].evidence["weekdays"] = .object(evidence) }
            return drafts
        }
        // The weekday furthest above its expected count, in standard units.
        let residuals = observed.indices.map { (Double(observed[$0]) - expected[$0]) / expected[$0].squareRoot() }
        guard let top = residuals.indices.max(by: { residuals[$0] < residuals[$1] }), residuals[top] > 0 else { return drafts }
        drafts.append(InsightDraft(kind: .finding, subject: "weekday", message: CopyMessage("calendar-patterns.weekday", [
            "count": .count(observed[top]), "total": .count(total), "weekday": .choice(CalendarPatterns.weekdays[top]),
        ]), evidence: evidence, provenance: onsets.filter { CalendarPatterns.weekday($0.onset.day) == top }.map { "headaches:\($0.id)" }))
        return drafts
    }
}
