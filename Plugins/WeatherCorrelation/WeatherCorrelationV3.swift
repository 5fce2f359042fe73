import CairnModuleKit
import CairnCore
import CairnStats

/// weather-correlation@3, the default: a pressure drop or humidity rise is shown only when it
/// came before headaches clearly more often than before comparable headache-free days.
///
/// - The gate counts resolved headaches that have weather to measure a change against (Aurae
///   D-20's 10 logs, counted where the comparison can use them).
/// - Referent days (`ReferentDays`): inside the diary's span, no headache begun or running,
///   from `match_days` before the first headache compared, at the headaches' median wall-clock
///   time (daylight-saving days included).
/// - One-sided Fisher exact test per measure (more often before headaches, the direction the
///   copy states), Holm across the two; a finding needs an adjusted p at most `alpha`.
///   `spearman_rho` is between the size of the drop (or rise) and a headache beginning, so a
///   positive value runs the way the copy reads. Otherwise one `progress` insight.
///
/// Cost: O((h + d) log w) for h headaches, d referent days and w observations.
public struct WeatherCorrelationV3: AnalysisModule {
    public static let id = "weather-correlation"
    public static let version = 3
    public static let reads: Set<ContractTable> = [.headaches, .weather, .factors, .medications]
    public static let requires: Set<ContractTable> = [.headaches, .weather]
    public static let summary = "Pressure drops and humidity rises before headaches, shown only when clearly more often than before comparable headache-free days (one-sided Fisher, Holm)."
    public static let details = """
        pressure drop of 5 hPa and humidity rise of 15 points in the 24 h before onset, shown only \
        when more often than before comparable headache-free days (one-sided Fisher, Holm across the \
        two); the gate counts resolved headaches that have weather to compare (10); reference times \
        on the wall clock across daylight-saving changes; `spearman_rho` runs the way the copy reads
        """
    public static let seed = "Aurae 5.5, D-20"
    public static let parameters: [ParameterSpec] = WeatherAnalysis.parameters(minHeadaches: 10) + [
        .integer("match_days", default: 28, range: 0...365, "Headache-free days from this many days before the first compared headache."),
        .number("alpha", default: 0.05, range: 0.001...0.5, "Family-wise error rate across the two measures (Holm)."),
    ]

    let analysis: WeatherAnalysis
    let matchDays: Int, alpha: Double

    public init(parameters: ParameterValues) {
        analysis = WeatherAnalysis(parameters)
        matchDays = parameters.integer("match_days")
        alpha = parameters.number("alpha")
    }

    struct Measure {
        let subject: String, copyID: String, amount: Double
        let value: @Sendable (WeatherObservation) -> Double?
        /// The change turned so that larger means more of what the copy names (a deeper drop).
        let toward: @Sendable (Double) -> Double
    }

    var measures: [Measure] {
        [Measure(subject: "pressure_drop", copyID: "weather-correlation.pressure-drop-more-often", amount: analysis.pressureDrop,
                 value: { $0.pressureHPa }, toward: { -$0 }),
         Measure(subject: "humidity_rise", copyID: "weather-correlation.humidity-rise-more-often", amount: analysis.humidityRise,
                 value: { $0.humidityPercent }, toward: { $0 })]
    }

    /// Resolved headaches with a clock time (the 24 hours before need one) and weather to compare.
    func measured(_ input: ProfileData) -> [Headache] {
        input.resolvedHeadaches.filter { headache in
            headache.onset.hasTime && measures.contains { analysis.change(input.weather, at: headache.onset.epochSeconds, $0.value) != nil }
        }
    }

    public func gates(_ input: ProfileData) -> [Gate] {
        [Gate(name: "resolved headaches with weather", have: measured(input).count, need: analysis.minHeadaches)]
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        let headaches = measured(input)
        let referents = ReferentDays(input, episodes: headaches, asOf: asOf, matchDays: matchDays).days
        struct Row {
            var measure: Measure
            var headacheChanges: [(Headache, Double)], referentChanges: [Double]
            var with: [Headache] = [], referentWith = 0, p = 1.0
        }
        var rows: [Row] = []
        for measure in measures {
            let headacheChanges = headaches.compactMap { headache in
                analysis.change(input.weather, at: headache.onset.epochSeconds, measure.value).map { (headache, measure.toward($0)) }
            }
            let referentChanges = referents.compactMap { analysis.change(input.weather, at: $0.reference, measure.value) }
                .map(measure.toward)
            guard !headacheChanges.isEmpty, !referentChanges.isEmpty else { continue }
            var row = Row(measure: measure, headacheChanges: headacheChanges, referentChanges: referentChanges)
            row.with = headacheChanges.filter { $0.1 >= measure.amount }.map(\.0)
            row.referentWith = referentChanges.filter { $0 >= measure.amount }.count
            row.p = (try? stats.fisherExactGreater(a: row.with.count, b: headacheChanges.count - row.with.count,
                                                    c: row.referentWith, d: referentChanges.count - row.referentWith)) ?? 1
            rows.append(row)
        }
        let adjusted = stats.holm(rows.map(\.p))
        func evidence(_ row: Row, _ adjustedP: Double) -> [String: Evidence] {
            var evidence: [String: Evidence] = [
                "headaches_with": .integer(row.with.count), "headaches_measured": .integer(row.headacheChanges.count),
                "referent_days_with": .integer(row.referentWith), "referent_days_measured": .integer(row.referentChanges.count),
                "headache_share": .number(Double(row.with.count) / Double(row.headacheChanges.count)),
                "referent_share": .number(Double(row.referentWith) / Double(row.referentChanges.count)),
                "p_one_sided": .number(row.p), "p_holm": .number(adjustedP), "alpha": .number(alpha), "correction": .text("holm"),
            ]
            let x = row.headacheChanges.map(\.1) + row.referentChanges
            let y = row.headacheChanges.map { _ in 1.0 } + row.referentChanges.map { _ in 0.0 }
            if let rho = try? stats.spearman(x, y) {
                evidence["spearman_rho"] = .number(rho.coefficient)
                evidence["spearman_p"] = .number(rho.pValue)
            }
            return evidence
        }
        var drafts: [InsightDraft] = []
        for (index, row) in rows.enumerated() where adjusted[index] <= alpha {
            let share = Double(row.with.count) / Double(row.headacheChanges.count)
            let base = Double(row.referentWith) / Double(row.referentChanges.count)
            guard share > base else { continue }
            let message = CopyMessage(row.measure.copyID, [
                "amount": .number(row.measure.amount), "hours": .number(analysis.windowHours), "with": .count(row.with.count),
                "headaches": .count(row.headacheChanges.count), "base": .share(base),
            ])
            drafts.append(InsightDraft(kind: .finding, subject: row.measure.subject, message: message,
                                       evidence: evidence(row, adjusted[index]), provenance: row.with.map { "headaches:\($0.id)" }))
        }
        if !drafts.isEmpty { return drafts }
        var progress: [String: Evidence] = ["headaches": .integer(headaches.count), "referent_days": .integer(referents.count)]
        for (index, row) in rows.enumerated() { progress[row.measure.subject] = .object(evidence(row, adjusted[index])) }
        return [InsightDraft(kind: .progress, subject: "no clear pattern",
                             message: CopyMessage("weather-correlation.no-clear-pattern", [
                                 "headaches": .count(headaches.count), "days": .count(referents.count)]),
                             evidence: progress)]
    }
}
