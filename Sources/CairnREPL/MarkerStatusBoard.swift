import CairnAnalysis
import CairnCopy
import CairnCore
import MarkerTrends

/// Glance's Markers tab as a board: every marker a person has readings of, with its latest value,
/// its status (normal, watch within 10% of a boundary, out of range; roadmap 2.8), the trend arrow
/// of its last three readings (up, down, or none when they are mixed or fewer; roadmap 2.4) and
/// the row's one-line summary ("HDL Cholesterol, 89 mg/dL, trending down, within normal range").
///
/// Insights list only what deserves a prompt, so `watch` and `normal` never appear there; the
/// board shows every marker. It describes the readings and prompts nothing: the arrow is the
/// seed's plain rule, not marker-trends' test against noise. Statuses use marker-trends@4's
/// defaults and scale (watch within 10% of a boundary's own value; an implausible value flagged
/// and left out of status and arrow; no adult range under 18) (the person's own range when set; the lab's unit where it has its own
/// range; a device series by its daily summary).
public struct MarkerStatusBoard: Sendable, Encodable {
    public struct Row: Sendable, Encodable {
        public let marker: String
        public let name: String
        public let value: Double
        public let unit: String
        public let date: String
        public let readings: Int
        public let trend: String
        public let status: String
        public let rangeLow: Double?
        public let rangeHigh: Double?
        public let rangeSource: String
        public let higherIsBetter: Bool?
        /// The one-line summary, through the copy guard; nil for a marker of the person's own
        /// (its name is their words, and it has no range to speak of).
        public let summary: String?
        public let provenance: String

        enum CodingKeys: String, CodingKey {
            case marker, name, value, unit, date, readings, trend, status, summary, provenance
            case rangeLow = "range_low", rangeHigh = "range_high", rangeSource = "range_source", higherIsBetter = "higher_is_better"
        }
    }

    public let profile: String
    public let asOf: String
    public let rows: [Row]

    enum CodingKeys: String, CodingKey { case profile, asOf = "as_of", rows = "markers" }

    /// How `cairn markers` assembles boards of several profiles: `{"boards": [...]}` in JSON.
    public static let layout = OutputAssembler.Layout(arrays: ["boards"], emptyBody: "No marker readings.")

    /// The board as of an instant: the readings recorded by then, markers by name.
    public init(_ input: ProfileData, asOf: Int, copyGuard: CopyGuard) {
        let asOfText = ISODateTimeText.format(epochSeconds: asOf, offsetSeconds: input.zone.offset(atEpoch: asOf))
        let watchFraction = MarkerTrendsV4.parameters.first { $0.name == "watch_fraction" }?.defaultValue ?? 0.1
        let trendReadings = 3
        // One rule with marker-trends@4: no adult range for a person under 18 on the as-of day.
        let adultAge = Int(MarkerTrendsV4.parameters.first { $0.name == "adult_age" }?.defaultValue ?? 18)
        let isUnderAdultAge = input.profile.age(on: input.zone.day(ofEpoch: asOf)).map { $0 < adultAge } ?? false
        var byMarker: [String: [Reading]] = [:]
        for reading in input.readings where reading.date.epochSeconds <= asOf { byMarker[reading.markerID, default: []].append(reading) }
        var rows: [Row] = []
        for (markerID, all) in byMarker {
            guard let marker = input.markers.marker(id: markerID) else { continue }
            var readings = all
            if case .series(let summary) = marker.kind { readings = MarkerJudgement.daily(readings, summary: summary) }
            let latest = readings[readings.count - 1]
            // An implausible value is shown, flagged, and left out of the status and the arrow.
            let plausible = readings.filter { !marker.isImplausible($0.value) }
            let latestIsImplausible = marker.isImplausible(latest.value)
            let trend = MarkerTrends.trend(plausible.map(\.value), length: trendReadings)
            let shownName = copyGuard.safeIdentifier(marker.displayName, kind: "marker", module: MarkerTrendsV3.id)
            let shownUnit = copyGuard.safeIdentifier(marker.unit, kind: "unit", module: MarkerTrendsV3.id)
            guard !marker.isCustom else {
                rows.append(Row(marker: copyGuard.safeIdentifier(marker.id, kind: "marker", module: MarkerTrendsV3.id),
                                name: shownName, value: latest.value, unit: shownUnit, date: latest.date.day.description,
                                readings: readings.count, trend: trend.rawValue, status: "no_range", rangeLow: nil, rangeHigh: nil,
                                rangeSource: "none", higherIsBetter: nil, summary: nil, provenance: "readings:\(latest.id)"))
                continue
            }
            let scale = MarkerJudgement.judgedScale(of: latest, marker: marker, in: input)
            let hasRange = scale.low != nil || scale.high != nil
            // The seed's rule, as marker-trends@4: within the fraction of a boundary's own value.
            let status = MarkerTrends.status(scale.value, low: scale.low, high: scale.high, watchFraction: watchFraction)
            let shownStatus = latestIsImplausible ? MarkerStatusBoard.implausible
                : !hasRange ? "no_range" : isUnderAdultAge ? MarkerStatusBoard.underAdultAge : status.rawValue
            let statusWords = latestIsImplausible ? "an implausible value, left out of status and trend"
                : isUnderAdultAge && hasRange ? "not compared with adult ranges under 18"
                : MarkerStatusBoard.statusWords(hasRange ? status : nil, isOverride: scale.isOverride)
            let summary = copyGuard.render(CopyMessage("marker-trends.status-line", [
                "marker": .marker(marker.displayName), "value": .number(scale.value), "unit": .marker(scale.unit),
                "trend": .choice(MarkerStatusBoard.trendWords(trend, readings: plausible.count, needed: trendReadings)),
                "status": .choice(statusWords),
            ]), module: MarkerTrendsV3.id)
            let higherIsBetter: Bool? = switch marker.direction {
            case .higherIsBetter: true
            case .lowerIsBetter: false
            case .withinRange: nil
            }
            rows.append(Row(marker: marker.id, name: shownName, value: scale.value, unit: scale.unit, date: latest.date.day.description,
                            readings: readings.count, trend: trend.rawValue, status: shownStatus,
                            rangeLow: scale.low, rangeHigh: scale.high,
                            rangeSource: !hasRange ? "none" : scale.isOverride ? "override" : "library",
                            higherIsBetter: higherIsBetter, summary: try? summary.get().copy.text, provenance: "readings:\(latest.id)"))
        }
        profile = copyGuard.safeIdentifier(input.profile.id, kind: "profile")
        self.asOf = asOfText
        self.rows = rows.sorted { ($0.name.lowercased(), $0.marker) < ($1.name.lowercased(), $1.marker) }
    }

    /// A marker's chart read aloud (Glance roadmap 2.6: "HDL Cholesterol over the past 2
    /// years, 6 readings, trending down from 95 to 89, all within normal range"): the span from
    /// the first reading to the as-of day in whole years (from 2), months or days, the readings,
    /// the last three's move when they all go one way, and whether the readings were all inside
    /// the range, some outside or all outside. Nil for fewer than two readings (one is a dot, not a trend) or a person's own marker.
    public static func chartSummary(_ marker: MarkerDefinition, readings: [Reading], asOf: CalendarDay, input: ProfileData,
                                    copyGuard: CopyGuard) -> String? {
        if readings.count == 1 {
            // Glance's empty state for one data point: a single dot, and what would make a trend.
            return try? copyGuard.render(CopyMessage("marker-trends.chart-one-reading", [:]), module: MarkerTrendsV3.id).get().copy.text
        }
        guard readings.count >= 2, !marker.isCustom, let first = readings.first, let last = readings.last else { return nil }
        let months = MarkerJudgement.wholeMonths(from: first.date.day, to: asOf)
        let (span, unit): (Int, String) = months >= 24 ? (months / 12, "years") : months >= 1 ? (months, "months")
            : (max(1, asOf.daysSinceEpoch - first.date.day.daysSinceEpoch), "days")
        let (low, high, isOverride) = MarkerTrendsV2.range(for: marker, in: input)
        let range: String
        if low == nil && high == nil {
            range = "no range to compare with"
        } else {
            let outside = readings.filter { reading in (low.map { reading.value < $0 } ?? false) || (high.map { reading.value > $0 } ?? false) }.count
            range = (outside == 0 ? "all within " : outside == readings.count ? "all outside " : "some outside ")
                + (isOverride ? "your target range" : "normal range")
        }
        var slots: [String: SlotValue] = [
            "marker": .marker(marker.displayName), "span": .count(span), "unit": .choice(span == 1 ? String(unit.dropLast()) : unit),
            "count": .count(readings.count), "range": .choice(range),
        ]
        let trend = MarkerTrends.trend(readings.map(\.value), length: 3)
        var id = "marker-trends.chart-summary"
        if trend != .none {
            let lastThree = readings.suffix(3)
            id = "marker-trends.chart-summary-trend"
            slots["direction"] = .choice(trend == .up ? "trending up" : "trending down")
            slots["from"] = .number(lastThree.first!.value)
            slots["to"] = .number(last.value)
        }
        return try? copyGuard.render(CopyMessage(id, slots), module: MarkerTrendsV3.id).get().copy.text
    }

    static func trendWords(_ trend: MarkerTrends.Trend, readings: Int, needed: Int) -> String {
        switch trend {
        case .up: return "trending up"
        case .down: return "trending down"
        case .none: return readings < needed ? "fewer than 3 readings" : "no consistent trend"
        }
    }

    /// Statuses beyond the seed's three: the latest value is outside the marker's plausible
    /// range, or the person is under 18 (no adult range applies).
    static let implausible = "implausible", underAdultAge = "not_judged_under_18"

    static func statusWords(_ status: MarkerTrends.Status?, isOverride: Bool) -> String {
        let range = isOverride ? "your target range" : "normal range"
        switch status {
        case nil: return "no range to compare with"
        case .normal?: return "within " + range
        case .watch?: return "near the edge of " + range
        case .outOfRange?: return "outside " + range
        }
    }

    /// The status as the board shows it: an icon as well as a word, never colour alone
    /// (Glance's checkmark, warning triangle and exclamation mark).
    public static func statusCell(_ status: String) -> String {
        switch status {
        case MarkerTrends.Status.normal.rawValue: return "✓ normal"
        case MarkerTrends.Status.watch.rawValue: return "▲ watch"
        case MarkerTrends.Status.outOfRange.rawValue: return "! out of range"
        case implausible: return "? implausible"
        case underAdultAge: return "– under 18"
        default: return "– no range"
        }
    }

    public static func arrow(_ trend: String) -> String {
        switch trend {
        case MarkerTrends.Trend.up.rawValue: return "↑"
        case MarkerTrends.Trend.down.rawValue: return "↓"
        default: return ""
        }
    }

    /// The board as text: a heading, one aligned row per marker, then each row's summary.
    public func text() -> String {
        guard !rows.isEmpty else { return "\(profile)  as of \(asOf)\nNo marker readings.\n" }
        let header = ["marker", "latest", "date", "trend", "status"]
        let cells = rows.map { row in
            [row.name, NumberText.format(row.value) + (row.unit.isEmpty ? "" : " " + row.unit), row.date,
             MarkerStatusBoard.arrow(row.trend), MarkerStatusBoard.statusCell(row.status)]
        }
        var text = "\(profile)  as of \(asOf)\n" + TextTable.render(header, cells)
        let summaries = rows.compactMap(\.summary)
        if !summaries.isEmpty { text += "\n" + summaries.joined(separator: "\n") + "\n" }
        return text
    }

    /// This board as one profile's share of a listing; a profile with no readings adds nothing.
    public func output(index: Int, format: OutputAssembler.Format? = nil) -> ProfileOutput {
        var output = ProfileOutput(index: index)
        guard !rows.isEmpty else { return output }
        if format != .text { output.items = ["boards": [ProfileOutput.item(self)]] }
        if format != .json { output.lines = text().split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) + [""] }
        return output
    }
}
