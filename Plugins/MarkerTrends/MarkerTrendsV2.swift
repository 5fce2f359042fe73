import CairnModuleKit
import CairnCore
import CairnStats
import Glibc

/// marker-trends@2, the default: the same statuses and visit-prep copy as version 1, with
/// trends and statuses that measurement noise does not trip.
///
/// - A trend prompt needs the last `trend_readings` readings to move one way (the seed's
///   "trending over your last N readings") and the move to be more than noise: either the
///   change from the first to the last of them exceeds what analytical and within-person
///   variation explain (from the marker library's coefficients of variation, on the log scale
///   as Fokkema et al. 2006 do for large ones; the p-value is the chance that noise moves the
///   readings one way by at least as much, the range of n normal values times 2 over n!, so choosing
///   the readings that moved one way does not make noise look like a trend), or the slope of the log
///   values through all the marker's readings, in the same direction, has an interval that
///   excludes zero.
/// - A reading entered in a unit whose laboratories use their own range (glucose in mmol/L,
///   HbA1c in mmol/mol) is judged on that scale, so 5.5 mmol/L is not flagged because 99 mg/dL
///   converts to 5.495. The two one-sided p-values are combined
///   (twice the smaller) and adjusted with Holm's method across every marker of the profile
///   with enough readings, so a person with ten stable markers is not prompted by chance.
/// - `watch` is measured on the width of the range (within `watch_fraction` of the width from
///   a boundary); a range with one bound uses the bound's value, as version 1 does.
/// - A blank bound in the person's own range falls back to the library's bound.
/// - A constant series has no trend and `slope_p` 1.
///
/// Cost: O(r log r) in readings.
public struct MarkerTrendsV2: AnalysisModule {
    public static let id = "marker-trends"
    public static let version = 2
    public static let reads: Set<ContractTable> = [.readings]
    public static let requires: Set<ContractTable> = [.readings]
    public static let asOfDependence = AsOfDependence.none
    public static let summary = "Latest status and recent trend of each lab marker; trends only beyond measurement and biological noise (reference change value or slope interval, Holm across markers)."
    public static let details = """
        as @1, with statuses and trends noise does not trip: `watch` within 10% of the range's width \
        (not of the bound's value, which made every in-range sodium value `watch`); a blank bound in \
        the person's own range falls back to the library's; a trend prompt needs the last 3 readings \
        to move one way by more than analytical and within-person variation explain (coefficients of \
        variation in the marker library, log scale; the p-value is the chance that noise moves 3 \
        readings one way that far) or a slope of the log values whose interval excludes zero, \
        Holm-adjusted across the profile's markers; a constant series has `slope_p` 1; a reading \
        entered in a unit whose labs use their own range (glucose in mmol/L, HbA1c in mmol/mol, \
        lipids in mmol/L) is judged on that scale, so 5.5 mmol/L glucose is not flagged because 99 \
        mg/dL converts to 5.495
        """
    public static let seed = "Glance 5.3, 5.8; roadmap 4.5"
    public static let parameters: [ParameterSpec] = [
        .number("watch_fraction", default: 0.1, range: 0...0.5,
                "Inside the range and within this fraction of its width from a boundary is 'watch'."),
        .integer("trend_readings", default: 3, range: 3...10, "How many latest readings a trend is read from."),
        .number("alpha", default: 0.05, range: 0.001...0.5, "Family-wise error rate across the profile's markers (Holm)."),
    ]

    let watchFraction: Double, trendReadings: Int, alpha: Double

    public init(parameters: ParameterValues) {
        watchFraction = parameters.number("watch_fraction")
        trendReadings = parameters.integer("trend_readings")
        alpha = parameters.number("alpha")
    }

    /// The person's own range where they set one, each blank bound taken from the library.
    public static func range(for marker: MarkerDefinition, in data: ProfileData) -> (low: Double?, high: Double?, isOverride: Bool) {
        guard let override = data.overrides[marker.id] else { return (marker.referenceLow, marker.referenceHigh, false) }
        return (override.low ?? marker.referenceLow, override.high ?? marker.referenceHigh, true)
    }

    /// Out of range outside [low, high]; watch inside it within the fraction of the range's width
    /// of a boundary (of the bound's value when there is one bound); normal otherwise.
    public static func status(_ value: Double, low: Double?, high: Double?, watchFraction: Double) -> MarkerTrends.Status {
        if let low, value < low { return .outOfRange }
        if let high, value > high { return .outOfRange }
        let margin: (Double) -> Double
        if let low, let high { margin = { _ in watchFraction * (high - low) } } else { margin = { watchFraction * abs($0) } }
        for boundary in [low, high].compactMap({ $0 }) where abs(value - boundary) <= margin(boundary) {
            return .watch
        }
        return .normal
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        try MarkerJudgement(watchFraction: watchFraction, trendReadings: trendReadings, alpha: alpha).judge(input, asOf: asOf, stats: stats)
    }
}
