import CairnModuleKit
import CairnCore
import CairnStats

/// Glance's visit-prep rules (seed 000 sections 5.3, 5.8; seed 001 tasks 2.8, 4.3, 4.5): the
/// status of each marker's latest reading against the person's range, the trend of its last
/// readings, and a plain-language suggestion for each out-of-range marker and each trend going
/// the wrong way. Nothing at all when nothing is flagged; nothing for custom markers.
///
/// Cost: O(r log r) for r readings (grouped by marker, a fit per marker).
public struct MarkerTrends: AnalysisModule {
    public static let id = "marker-trends"
    public static let version = 1
    public static let reads: Set<ContractTable> = [.readings]
    public static let requires: Set<ContractTable> = [.readings]
    public static let asOfDependence = AsOfDependence.none
    public static let summary = "Latest status and recent trend of each lab marker, with visit-prep suggestions for out-of-range markers and concerning trends."
    public static let details = """
        the seed's rule as written: latest status (out of range, watch at 10% of a bound's value, \
        normal), a trend when the last 3 readings are strictly monotone by any amount, visit-prep \
        suggestions; slope per year with 95% interval in evidence
        """
    public static let seed = "Glance 5.3, 5.8; roadmap 2.8, 4.3, 4.5"
    public static let parameters: [ParameterSpec] = [
        .number("watch_fraction", default: 0.1, range: 0...0.5,
                "Inside the range and within this fraction of a boundary value is 'watch'."),
        .integer("trend_readings", default: 3, range: 3...10, "How many latest readings a trend is read from."),
    ]

    public enum Status: String, Sendable { case normal, watch, outOfRange = "out_of_range" }
    public enum Trend: String, Sendable { case up, down, none }

    let watchFraction: Double
    let trendReadings: Int

    public init(parameters: ParameterValues) {
        watchFraction = parameters.number("watch_fraction")
        trendReadings = parameters.integer("trend_readings")
    }

    /// The range a reading is judged against: the person's own, else the library's.
    public static func range(for marker: MarkerDefinition, in data: ProfileData) -> (low: Double?, high: Double?, isOverride: Bool) {
        if let override = data.overrides[marker.id] { return (override.low, override.high, true) }
        return (marker.referenceLow, marker.referenceHigh, false)
    }

    /// Out of range below low or above high; watch when inside and within the fraction of a
    /// boundary (|value - boundary| <= fraction * |boundary|); normal otherwise.
    public static func status(_ value: Double, low: Double?, high: Double?, watchFraction: Double) -> Status {
        if let low, value < low { return .outOfRange }
        if let high, value > high { return .outOfRange }
        for boundary in [low, high].compactMap({ $0 }) where abs(value - boundary) <= watchFraction * abs(boundary) {
            return .watch
        }
        return .normal
    }

    /// Strictly rising is up, strictly falling is down, anything else (or too few) is none.
    public static func trend(_ values: [Double], length: Int) -> Trend {
        guard values.count >= length else { return .none }
        let last = values.suffix(length)
        let pairs = zip(last.dropLast(), last.dropFirst())
        if pairs.allSatisfy({ $0 < $1 }) { return .up }
        if pairs.allSatisfy({ $0 > $1 }) { return .down }
        return .none
    }

    /// Whether a trend goes the wrong way: down for higher-is-better, up for lower-is-better,
    /// and toward the nearer boundary for markers where staying in range is what matters.
    public static func isConcerning(_ trend: Trend, direction: TrendPreference, latest: Double, low: Double?, high: Double?) -> Bool {
        switch (trend, direction) {
        case (.none, _): return false
        case (.down, .higherIsBetter), (.up, .lowerIsBetter): return true
        case (.up, .higherIsBetter), (.down, .lowerIsBetter): return false
        case (_, .withinRange):
            guard let low, let high else { return trend == .up ? high != nil : low != nil }
            let middle = (low + high) / 2
            return trend == .up ? latest > middle : latest < middle
        }
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        var byMarker: [String: [Reading]] = [:]
        for reading in input.readings { byMarker[reading.markerID, default: []].append(reading) }
        var drafts: [InsightDraft] = []
        for markerID in byMarker.keys.sorted() {
            guard let marker = input.markers.marker(id: markerID), !marker.isCustom else { continue }
            let readings = byMarker[markerID]!
            let latest = readings[readings.count - 1]
            let (low, high, isOverride) = MarkerTrends.range(for: marker, in: input)
            let status = MarkerTrends.status(latest.value, low: low, high: high, watchFraction: watchFraction)
            let trend = MarkerTrends.trend(readings.map(\.value), length: trendReadings)
            let concerning = MarkerTrends.isConcerning(trend, direction: marker.direction, latest: latest.value, low: low, high: high)
            guard status == .outOfRange || concerning else { continue }

            var evidence: [String: Evidence] = [
                "latest_value": .number(latest.value), "unit": .text(marker.unit), "latest_date": .text(latest.date.day.description),
                "status": .text(status.rawValue), "trend": .text(trend.rawValue), "readings": .integer(readings.count),
                "range_source": .text(isOverride ? "override" : "library"),
                "last_values": .list(readings.suffix(trendReadings).map { .number($0.value) }),
            ]
            if let low { evidence["range_low"] = .number(low) }
            if let high { evidence["range_high"] = .number(high) }
            if readings.count >= 3 {
                let first = readings[0].date.epochSeconds
                let years = readings.map { Double($0.date.epochSeconds - first) / (365.25 * 86_400) }
                if let fit = try? stats.linearFit(x: years, y: readings.map(\.value)) {
                    evidence["slope_per_year"] = .number(fit.slope)
                    evidence["slope_per_year_ci95"] = .list([.number(fit.slopeInterval95.lowerBound), .number(fit.slopeInterval95.upperBound)])
                    evidence["slope_p"] = .number(fit.slopePValue)
                }
            }
            if status == .outOfRange {
                let side = (low.map { latest.value < $0 } ?? false) ? "below" : "above"
                let message = CopyMessage("marker-trends.out-of-range", [
                    "marker": .marker(marker.displayName), "side": .choice(side),
                    "range": .choice(isOverride ? "your target range" : "the typical range"),
                ])
                drafts.append(InsightDraft(kind: .finding, subject: markerID, message: message,
                                           evidence: evidence, provenance: ["readings:\(latest.id)"]))
            }
            if concerning {
                let message = CopyMessage("marker-trends.trend-prompt", [
                    "marker": .marker(marker.displayName), "direction": .choice(trend == .up ? "trending up" : "trending down"),
                    "count": .count(trendReadings),
                ])
                drafts.append(InsightDraft(kind: .finding, subject: markerID, message: message,
                                           evidence: evidence, provenance: readings.suffix(trendReadings).map { "readings:\($0.id)" }))
            }
        }
        return drafts
    }
}
