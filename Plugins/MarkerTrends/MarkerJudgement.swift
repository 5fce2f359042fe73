import CairnModuleKit
import CairnCore
import CairnStats
import Glibc

/// The judgement marker-trends@2, @3 and @4 share (`MarkerTrendsV2`'s doc comment says how a status
/// and a trend are decided). Version 3 adds two choices, off in version 2 so that its output
/// stays as it was:
/// - `seriesByDay`: a device series (`MarkerKind.series`) is first summarised to one value per
///   local day (its daily summary), so a trend is over days, never over samples minutes apart;
/// - `staleAfterMonths`: a latest reading older than that before the as-of day is never described
///   as current (the copy names its month) and prompts no trend.
///
/// Cost: O(r log r) in readings.
public struct MarkerJudgement: Sendable {
    let watchFraction: Double, trendReadings: Int, alpha: Double
    var seriesByDay = false
    var staleAfterMonths: Int? = nil
    /// Watch within `watchFraction` of a boundary's own value (the seed's rule, version 4),
    /// rather than of the range's width (versions 2 and 3).
    var watchOnBoundaryValue = false
    /// Readings outside the marker's plausible range (kept at import with a warning, HDL 890
    /// mg/dL) are left out of status and trend, and counted in evidence (version 4).
    var leavesOutImplausible = false

    struct Candidate {
        var marker: MarkerDefinition
        var readings: [Reading]
        var trend: MarkerTrends.Trend
        var pChange = 1.0, pSlope = 1.0, changePercent = 0.0
        var p: Double { min(1, 2 * min(pChange, pSlope)) }
    }

    func judge(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        var byMarker: [String: [Reading]] = [:]
        for reading in input.readings { byMarker[reading.markerID, default: []].append(reading) }
        if seriesByDay {
            for (id, readings) in byMarker {
                if case .series(let summary) = input.markers.marker(id: id)?.kind {
                    byMarker[id] = MarkerJudgement.daily(readings, summary: summary)
                }
            }
        }
        var implausibleLeftOut: [String: Int] = [:]
        if leavesOutImplausible {
            for (id, readings) in byMarker {
                guard let marker = input.markers.marker(id: id) else { continue }
                let kept = readings.filter { !marker.isImplausible($0.value) }
                guard kept.count < readings.count else { continue }
                implausibleLeftOut[id] = readings.count - kept.count
                byMarker[id] = kept.isEmpty ? nil : kept
            }
        }
        let asOfDay = input.zone.day(ofEpoch: asOf)
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
            let (judged, judgedUnit, low, high, isOverride) = MarkerJudgement.judgedScale(of: latest, marker: marker, in: input)
            let status = watchOnBoundaryValue
                ? MarkerTrends.status(judged, low: low, high: high, watchFraction: watchFraction)
                : MarkerTrendsV2.status(judged, low: low, high: high, watchFraction: watchFraction)
            let pTrend = adjustedByMarker[marker.id] ?? 1
            // A latest reading older than the limit is never described as current, and an old
            // trend prompts no visit.
            let isStale = staleAfterMonths.map { latest.date.day < asOfDay.adding(months: -$0) } ?? false
            let concerning = !isStale && pTrend <= alpha
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
            if let count = implausibleLeftOut[marker.id] { evidence["implausible_left_out"] = .integer(count) }
            evidence.merge(rangeUnit) { $1 }
            if seriesByDay, case .series(let summary) = marker.kind {
                evidence["daily_summary"] = .text(summary.rawValue)
            }
            if let staleAfterMonths {
                evidence["stale_after_months"] = .integer(staleAfterMonths)
                evidence["months_since_latest"] = .integer(MarkerJudgement.wholeMonths(from: latest.date.day, to: asOfDay))
            }
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
                let range = isOverride ? "your target range" : "the typical range"
                let message = isStale
                    ? CopyMessage("marker-trends.out-of-range-earlier", [
                        "marker": .marker(marker.displayName), "month": .month(latest.date.day.monthText), "side": .choice(side),
                        "range": .choice(range)])
                    : CopyMessage("marker-trends.out-of-range", [
                        "marker": .marker(marker.displayName), "side": .choice(side), "range": .choice(range)])
                drafts.append(InsightDraft(kind: .finding, subject: marker.id, message: message, evidence: evidence,
                                           provenance: ["readings:\(latest.id)"]))
            }
            if concerning {
                let byDay = seriesByDay && marker.kind.isSeries
                drafts.append(InsightDraft(kind: .finding, subject: marker.id, message: CopyMessage(
                    byDay ? "marker-trends.trend-prompt-days" : "marker-trends.trend-prompt", [
                    "marker": .marker(marker.displayName), "direction": .choice(candidate.trend == .up ? "trending up" : "trending down"),
                    "count": .count(trendReadings),
                ]), evidence: evidence, provenance: readings.suffix(trendReadings).map { "readings:\($0.id)" }))
            }
        }
        return drafts
    }

    /// The scale a reading is judged on: the person's own range when they set one, else the
    /// library's; in the unit the lab reported where the library has that unit's own range (5.5
    /// mmol/L glucose is judged in mmol/L, not as 99.1 mg/dL).
    public static func judgedScale(of latest: Reading, marker: MarkerDefinition, in input: ProfileData)
        -> (value: Double, unit: String, low: Double?, high: Double?, isOverride: Bool) {
        let (low, high, isOverride) = MarkerTrendsV2.range(for: marker, in: input)
        if !isOverride, let entered = latest.enteredUnit, let conversion = marker.conversion(from: entered), conversion.hasOwnRange {
            return (conversion.reverse(latest.value), conversion.unit, conversion.refLow, conversion.refHigh, false)
        }
        return (latest.value, marker.unit, low, high, isOverride)
    }

    /// One value per local day for a series: the day's summary, dated by the day's last sample
    /// (its instant and id, so provenance points at a real row).
    public static func daily(_ readings: [Reading], summary: MarkerKind.DailySummary) -> [Reading] {
        var days: [(day: CalendarDay, readings: [Reading])] = []
        for reading in readings {
            if days.last?.day == reading.date.day { days[days.count - 1].readings.append(reading) } else { days.append((reading.date.day, [reading])) }
        }
        return days.map { day in
            var last = day.readings[day.readings.count - 1]
            last.value = summary.summarize(day.readings.map(\.value))
            return last
        }
    }

    /// Whole calendar months from one day to a later one.
    public static func wholeMonths(from start: CalendarDay, to end: CalendarDay) -> Int {
        var months = (end.year - start.year) * 12 + (end.month - start.month)
        if end.day < start.day { months -= 1 }
        return max(0, months)
    }
}
