import CairnModuleKit
import CairnCore
import CairnStats

/// marker-trends@3, the default: version 2's statuses and trends, for data that is not an adult's
/// lab draw.
///
/// - A device series (heart rate from a watch, steps, a home blood-pressure cuff: `MarkerKind`
///   in the marker library) is summarised to one value per local day first (the mean, the day's
///   total for steps, a resting value for heart rate), so that samples minutes apart never make
///   a "trend over your last 3 readings"; its prompt counts days.
/// - A person under `adult_age` on the as-of day (from the birth date) is not judged against
///   adult ranges at all, neither status nor trend (the library has no sourced paediatric
///   ranges): one awareness insight says so, with the age and the markers in evidence.
/// - A latest reading older than `stale_months` before the as-of day is never described as
///   current: an out-of-range status names the reading's month, and no trend prompt is shown.
///
/// Cost: O(r log r) in readings.
public struct MarkerTrendsV3: AnalysisModule {
    public static let id = "marker-trends"
    public static let version = 3
    public static let reads: Set<ContractTable> = [.readings]
    public static let requires: Set<ContractTable> = [.readings]
    /// Age and staleness are counted in days and months from the as-of day.
    public static let asOfDependence = AsOfDependence.day
    public static let summary = "Latest status and recent trend of each marker, device series summarised per day; no adult ranges for people under 18, old readings never called current."
    public static let details = """
        as @2, for data that is not an adult's lab draw: a device series (watch heart rate, steps, a \
        home cuff; the marker's kind) is summarised per local day first (mean, daily total for \
        steps, a resting value for heart rate), so samples minutes apart never make a trend, and its \
        prompt counts days; a person under `adult_age` (18) on the as-of day gets no adult-range \
        status or trend, one awareness insight instead; a latest reading older than `stale_months` \
        (18) is never "current" (its month is named) and prompts no trend
        """
    public static let seed = "Glance 5.3, 5.8; roadmap 4.5"
    public static let parameters: [ParameterSpec] = MarkerTrendsV2.parameters + [
        .integer("stale_months", default: 18, range: 1...240, "A latest reading older than this many months is never described as current."),
        .integer("adult_age", default: 18, range: 1...30, "People younger than this on the as-of day are not judged against adult ranges."),
    ]

    var judgement: MarkerJudgement
    let adultAge: Int

    public init(parameters: ParameterValues) {
        var judgement = MarkerJudgement(watchFraction: parameters.number("watch_fraction"),
                                        trendReadings: parameters.integer("trend_readings"), alpha: parameters.number("alpha"))
        judgement.seriesByDay = true
        judgement.staleAfterMonths = parameters.integer("stale_months")
        self.judgement = judgement
        adultAge = parameters.integer("adult_age")
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        let day = input.zone.day(ofEpoch: asOf)
        if let age = input.profile.age(on: day), age < adultAge {
            let markers = Set(input.readings.map(\.markerID)).sorted()
            return [InsightDraft(kind: .awareness, subject: "age", message: CopyMessage("marker-trends.under-adult-age", [
                "age": .count(adultAge),
            ]), evidence: ["age_years": .integer(age), "adult_age": .integer(adultAge), "markers_not_judged": .list(markers.map { .text($0) }),
                           "reason": .text("no sourced ranges for this age")])]
        }
        return try judgement.judge(input, asOf: asOf, stats: stats)
    }
}
