import CairnAnalysis
import CairnCopy
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
    public static let asOfDependence = AsOfDependence.none
    public static let summary = "Latest status and recent trend of each lab marker; trends only beyond measurement and biological noise (reference change value or slope interval, Holm across markers)."
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

    struct Candidate {
        var marker: MarkerDefinition
        var readings: [Reading]
        var trend: MarkerTrends.Trend
        var pChange = 1.0, pSlope = 1.0, changePercent = 0.0
        var p: Double { min(1, 2 * min(pChange, pSlope)) }
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        var byMarker: [String: [Reading]] = [:]
        for reading in input.readings { byMarker[reading.markerID, default: []].append(reading) }
        var candidates: [Candidate] = []
        for markerID in byMarker.keys.sorted() {
            guard let marker = input.markers.marker(id: markerID), !marker.isCustom else { continue }
            let readings = byMarker[markerID]!
            var candidate = Candidate(marker: marker, readings: readings,
                                      trend: MarkerTrends.trend(readings.map(\.value), length: trendReadings))
            if readings.count >= trendReadings {
                let last = readings.suffix(trendReadings)
                let first = last.first!.value, final = last.last!.value
                if first > 0, final > 0, let variation = marker.variation {
                    candidate.changePercent = (final - first) / first * 100
                    // Noise alone moves n readings one way or the other by at least this much
                    // with the chance that the range of n normal values is this wide, times the
                    // 2 monotone orders out of n!.
                    let single = variation.logDifferenceSD / 2.0.squareRoot()
                    let width = abs(Glibc.log(final / first)) / single
                    var orderings = 1.0
                    for k in 2...trendReadings { orderings *= Double(k) }
                    candidate.pChange = candidate.trend == .none ? 1
                        : min(1, 2 * stats.normalRangeUpperTail(n: trendReadings, w: width) / orderings)
                }
                // The slope of the log values through every reading (a percent change per year),
                // one-sided in the direction of the recent move.
                let start = readings[0].date.epochSeconds
                let years = readings.map { Double($0.date.epochSeconds - start) / (365.25 * 86_400) }
                if readings.allSatisfy({ $0.value > 0 }), Set(readings.map(\.value)).count > 1,
                   let fit = try? stats.linearFit(x: years, y: readings.map { Glibc.log($0.value) }),
                   (fit.slope > 0 && candidate.trend == .up) || (fit.slope < 0 && candidate.trend == .down) {
                    candidate.pSlope = fit.slopePValue / 2
                }
            }
            candidates.append(candidate)
        }
        let tested = candidates.indices.filter { candidates[$0].readings.count >= trendReadings }
        let adjusted = stats.holm(tested.map { candidates[$0].p })
        var adjustedByMarker: [String: Double] = [:]
        for (position, index) in tested.enumerated() { adjustedByMarker[candidates[index].marker.id] = adjusted[position] }

        var drafts: [InsightDraft] = []
        for candidate in candidates {
            let marker = candidate.marker, readings = candidate.readings
            let latest = readings[readings.count - 1]
            var (low, high, isOverride) = MarkerTrendsV2.range(for: marker, in: input)
            // Judged in the unit the lab reported where the library has that unit's own range.
            var judged = latest.value
            var judgedUnit = marker.unit
            if !isOverride, let entered = latest.enteredUnit, let conversion = marker.conversion(from: entered),
               conversion.hasOwnRange {
                judged = conversion.reverse(latest.value)
                judgedUnit = conversion.unit
                (low, high) = (conversion.refLow, conversion.refHigh)
            }
            let status = MarkerTrendsV2.status(judged, low: low, high: high, watchFraction: watchFraction)
            let pTrend = adjustedByMarker[marker.id] ?? 1
            let concerning = pTrend <= alpha
                && MarkerTrends.isConcerning(candidate.trend, direction: marker.direction, latest: latest.value, low: low, high: high)
            guard status == .outOfRange || concerning else { continue }
            let rangeUnit: [String: Evidence] = judgedUnit == marker.unit ? [:]
                : ["range_unit": .text(judgedUnit), "latest_value_in_range_unit": .number(judged)]
            var evidence: [String: Evidence] = [
                "latest_value": .number(latest.value), "unit": .text(marker.unit), "latest_date": .text(latest.date.day.description),
                "status": .text(status.rawValue), "trend": .text(candidate.trend.rawValue), "readings": .integer(readings.count),
                "range_source": .text(isOverride ? "override" : "library"),
                "last_values": .list(readings.suffix(trendReadings).map { .number($0.value) }),
                "change_percent": .number(candidate.changePercent), "p_change": .number(candidate.pChange),
                "p_slope": .number(candidate.pSlope), "p_trend_holm": .number(pTrend), "alpha": .number(alpha),
            ]
            if let variation = marker.variation { evidence["reference_change_value_percent"] = .number(variation.referenceChangeValue) }
            evidence.merge(rangeUnit) { $1 }
            if let low { evidence["range_low"] = .number(low) }
            if let high { evidence["range_high"] = .number(high) }
            if readings.count >= 3 {
                let first = readings[0].date.epochSeconds
                let years = readings.map { Double($0.date.epochSeconds - first) / (365.25 * 86_400) }
                if Set(readings.map(\.value)).count == 1 {
                    evidence["slope_per_year"] = .number(0)
                    evidence["slope_p"] = .number(1)
                } else if let fit = try? stats.linearFit(x: years, y: readings.map(\.value)) {
                    evidence["slope_per_year"] = .number(fit.slope)
                    evidence["slope_per_year_ci95"] = .list([.number(fit.slopeInterval95.lowerBound), .number(fit.slopeInterval95.upperBound)])
                    evidence["slope_p"] = .number(fit.slopePValue)
                }
            }
            if status == .outOfRange {
                let side = (low.map { judged < $0 } ?? false) ? "below" : "above"
                drafts.append(InsightDraft(kind: .finding, subject: marker.id, message: CopyMessage("marker-trends.out-of-range", [
                    "marker": .marker(marker.displayName), "side": .choice(side),
                    "range": .choice(isOverride ? "your target range" : "the typical range"),
                ]), evidence: evidence, provenance: ["readings:\(latest.id)"]))
            }
            if concerning {
                drafts.append(InsightDraft(kind: .finding, subject: marker.id, message: CopyMessage("marker-trends.trend-prompt", [
                    "marker": .marker(marker.displayName), "direction": .choice(candidate.trend == .up ? "trending up" : "trending down"),
                    "count": .count(trendReadings),
                ]), evidence: evidence, provenance: readings.suffix(trendReadings).map { "readings:\($0.id)" }))
            }
        }
        return drafts
    }
}
