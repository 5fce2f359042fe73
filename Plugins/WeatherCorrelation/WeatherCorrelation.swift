import CairnModuleKit
import CairnCore
import CairnStats

/// Weather before headaches (Aurae seed 002, 5.5 and D-20): a pressure drop of at least 5 hPa
/// and a humidity rise of at least 15 points over the 24 hours before onset, against the same
/// measure at the same clock time on headache-free days. Version 2 needs 10 resolved headaches;
/// version 1 keeps the old 3-log gate so the two can be compared.
///
/// Cost: O((h + d) log w) for h headaches, d headache-free days and w observations (the nearest
/// observation by binary search).
struct WeatherAnalysis: Sendable {
    static let summary = "How often a pressure drop or humidity rise came before headaches, against headache-free days."

    static func parameters(minHeadaches: Int) -> [ParameterSpec] {
        [
            .integer("min_headaches", default: minHeadaches, range: 1...100, "Resolved headaches needed before any pattern is shown."),
            .number("pressure_drop_hpa", default: 5, range: 0.5...50, "A fall in pressure of at least this much counts."),
            .number("humidity_rise_pct", default: 15, range: 1...100, "A rise in relative humidity of at least this many points counts."),
            .number("window_hours", default: 24, range: 1...72, "The change is measured over this many hours before onset."),
        ]
    }

    let minHeadaches: Int, pressureDrop: Double, humidityRise: Double, windowHours: Double

    init(_ parameters: ParameterValues) {
        minHeadaches = parameters.integer("min_headaches")
        pressureDrop = parameters.number("pressure_drop_hpa")
        humidityRise = parameters.number("humidity_rise_pct")
        windowHours = parameters.number("window_hours")
    }

    func gates(_ input: ProfileData) -> [Gate] {
        [Gate(name: "resolved headaches", have: input.resolvedHeadacheCount, need: minHeadaches)]
    }

    /// The observation nearest an instant, within 90 minutes.
    static func nearest(_ weather: ArraySlice<WeatherObservation>, to instant: Int, _ value: (WeatherObservation) -> Double?) -> Double? {
        var low = 0, high = weather.count
        while low < high {
            let middle = (low + high) / 2
            if weather[middle].observedAtEpoch < instant { low = middle + 1 } else { high = middle }
        }
        // The observations either side of the instant; the earlier wins a tie. No allocation:
        // this runs for every headache and referent day.
        var best: (distance: Int, value: Double)?
        for index in (low - 1)...low where index >= 0 && index < weather.count {
            let distance = abs(weather[index].observedAtEpoch - instant)
            guard distance <= 90 * 60, let found = value(weather[index]) else { continue }
            if best == nil || distance < best!.distance { best = (distance, found) }
        }
        return best?.value
    }

    /// The change of a measure over the window ending at an instant.
    func change(_ weather: ArraySlice<WeatherObservation>, at instant: Int, _ value: (WeatherObservation) -> Double?) -> Double? {
        guard let now = WeatherAnalysis.nearest(weather, to: instant, value),
              let before = WeatherAnalysis.nearest(weather, to: instant - Int(windowHours * 3600), value) else { return nil }
        return now - before
    }

    /// The change of a measure over the window ending at an instant, from its columns.
    func change(_ series: WeatherSeries, at instant: Int) -> Double? {
        guard let now = series.nearest(to: instant),
              let before = series.nearest(to: instant - Int(windowHours * 3600)) else { return nil }
        return now - before
    }

    func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) -> [InsightDraft] {
        let zone = input.zone
        let weather = input.weather
        let headaches = input.resolvedHeadaches
        let reference = DiaryWindows.typicalOnsetSecondV1(headaches, zone: zone)
        let freeInstants = DiaryWindows.headacheFreeDays(input, asOf: asOf).map { zone.epoch(of: $0, secondOfDay: reference) }
            .filter { $0 <= asOf }
        var drafts: [InsightDraft] = []
        let measures: [(subject: String, value: (WeatherObservation) -> Double?, exceeds: (Double) -> Bool,
                        copyID: String, amount: Double)] = [
            ("pressure_drop", { $0.pressureHPa }, { $0 <= -pressureDrop }, "weather-correlation.pressure-drop", pressureDrop),
            ("humidity_rise", { $0.humidityPercent }, { $0 >= humidityRise }, "weather-correlation.humidity-rise", humidityRise),
        ]
        for measure in measures {
            let headacheChanges = headaches.compactMap { headache in
                change(weather, at: headache.onset.epochSeconds, measure.value).map { (headache, $0) }
            }
            let freeChanges = freeInstants.compactMap { change(weather, at: $0, measure.value) }
            guard !headacheChanges.isEmpty, !freeChanges.isEmpty else { continue }
            let with = headacheChanges.filter { measure.exceeds($0.1) }
            let freeWith = freeChanges.filter(measure.exceeds).count
            guard !with.isEmpty else { continue }
            var evidence: [String: Evidence] = [
                "headaches_with": .integer(with.count), "headaches_measured": .integer(headacheChanges.count),
                "free_days_with": .integer(freeWith), "free_days_measured": .integer(freeChanges.count),
                "headache_share": .number(Double(with.count) / Double(headacheChanges.count)),
                "free_day_share": .number(Double(freeWith) / Double(freeChanges.count)),
            ]
            if let p = try? stats.fisherExact(a: with.count, b: headacheChanges.count - with.count, c: freeWith,
                                              d: freeChanges.count - freeWith) {
                evidence["fisher_p"] = .number(p)
            }
            // Spearman between the day's change and whether a headache began then.
            let x = headacheChanges.map(\.1) + freeChanges
            let y = headacheChanges.map { _ in 1.0 } + freeChanges.map { _ in 0.0 }
            if let rho = try? stats.spearman(x, y) {
                evidence["spearman_rho"] = .number(rho.coefficient)
                evidence["spearman_p"] = .number(rho.pValue)
            }
            let message = CopyMessage(measure.copyID, [
                "amount": .number(measure.amount), "hours": .number(windowHours), "with": .count(with.count),
                "headaches": .count(headacheChanges.count), "free_with": .count(freeWith), "free_days": .count(freeChanges.count),
            ])
            drafts.append(InsightDraft(kind: .finding, subject: measure.subject, message: message, evidence: evidence,
                                       provenance: with.map { "headaches:\($0.0.id)" }))
        }
        return drafts
    }
}

/// weather-correlation@2: the 10-log gate of the Aurae decision log (D-20).
public struct WeatherCorrelation: AnalysisModule {
    public static let id = "weather-correlation"
    public static let version = 2
    public static let reads: Set<ContractTable> = [.headaches, .weather, .factors, .sleep, .medications]
    public static let requires: Set<ContractTable> = [.headaches, .weather]
    public static let summary = WeatherAnalysis.summary
    public static let details = """
        the comparison shown whatever its direction; gate 10 resolved headaches
        """
    public static let seed = "Aurae 5.5, D-20"
    public static let parameters = WeatherAnalysis.parameters(minHeadaches: 10)
    let analysis: WeatherAnalysis

    public init(parameters: ParameterValues) { analysis = WeatherAnalysis(parameters) }
    public func gates(_ input: ProfileData) -> [Gate] { analysis.gates(input) }
    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        analysis.evaluate(input, asOf: asOf, stats: stats)
    }
}

/// weather-correlation@1: the old 3-log gate, kept registered for comparison.
public struct WeatherCorrelationV1: AnalysisModule {
    public static let id = "weather-correlation"
    public static let version = 1
    public static let reads: Set<ContractTable> = [.headaches, .weather, .factors, .sleep, .medications]
    public static let requires: Set<ContractTable> = [.headaches, .weather]
    public static let summary = WeatherAnalysis.summary + " (old 3-log gate)"
    public static let details = """
        as @2, with the old gate of 3 resolved headaches
        """
    public static let seed = "Aurae 5.5, D-20"
    public static let parameters = WeatherAnalysis.parameters(minHeadaches: 3)
    let analysis: WeatherAnalysis

    public init(parameters: ParameterValues) { analysis = WeatherAnalysis(parameters) }
    public func gates(_ input: ProfileData) -> [Gate] { analysis.gates(input) }
    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        analysis.evaluate(input, asOf: asOf, stats: stats)
    }
}
