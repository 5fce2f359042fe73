import CairnCore
import Foundation
import Yams

/// A synthetic population with known truth, read from a documented data file in
/// Datasets/scenarios/ (see its README): how many profiles and days, the base rate of
/// headaches, how common each factor, short night, pressure drop and humidity rise is, the
/// effects planted (odds ratios, split evenly across the population), how people log, and lab
/// markers with or without a true trend. Every key is checked when the file loads; a problem is
/// a `ScenarioError` with the file, line and key.
public struct Scenario: Sendable {
    public struct Effect: Sendable, Equatable {
        /// A factor name, or `short_sleep`, `pressure_drop`, `humidity_rise`.
        public var exposure: String
        /// The effect sizes, split evenly across the population: odds ratios, or hazard ratios
        /// when `hazard` is set.
        public var oddsRatios: [Double]
        /// 0: exposure on the day of the headache; 1: the day before.
        public var lagDays: Int
        /// Ratios multiply the hazard of onset (`hazard_ratios`): a day's chance becomes
        /// 1 - (1 - p)^ratio, so onsets per unit of exposed time are `ratio` times as many, the
        /// rate ratio an oracle estimates. Otherwise they multiply the odds (`odds_ratios`).
        public var hazard = false

        public init(exposure: String, oddsRatios: [Double], lagDays: Int, hazard: Bool = false) {
            self.exposure = exposure
            self.oddsRatios = oddsRatios
            self.lagDays = lagDays
            self.hazard = hazard
        }
    }

    public struct Logging: Sendable, Equatable {
        /// Chance that factors are logged on a headache day, and on a headache-free day.
        public var headacheDays = 1.0, freeDays = 1.0
        /// Chance that a day has any diary entry at all (headaches on other days go unlogged).
        public var activeDays = 1.0
        /// Days after which the person stops logging (0: never).
        public var stopAfterDays = 0
        /// Factor prevalence goes from (1 - drift) to (1 + drift) times its value over the span.
        public var drift = 0.0
        /// Chance that each factor entry is kept on a headache-free day, entry by entry (people
        /// who write down less on good days).
        public var freeDayEntries = 1.0
        /// Chance that a habitual item (prevalence 0.5 or more, such as caffeine) is logged on a
        /// headache-free day: on good days the everyday things go unmentioned.
        public var habitualFreeDays = 1.0
        /// Chance that a headache day's entries are made after the headache began (each entry
        /// timed 30 minutes to 3 hours after onset instead of in the morning).
        public var afterOnset = 0.0
        /// Chance that each entry is kept on any day (the diary's everyday completeness).
        public var entries = 1.0
        /// After 7 days with at least this many headaches, the next 7 days are logged completely
        /// (`entries` does not apply): a burst of logging after a bad week (0: never).
        public var burstAfterHeadaches = 0
    }

    public struct MarkerSeries: Sendable, Equatable {
        public var marker: String
        public var mean: Double
        public var everyDays: Int
        /// True slopes in percent of the mean per year, split evenly across the population.
        public var slopesPercentPerYear: [Double]
    }

    public var name: String
    public var description: String
    public var profiles = 200
    public var days = 180
    public var start = CalendarDay(iso: "2026-01-05")!
    public var timeZones = ["Europe/Berlin"]
    public var headacheProbability = 0.12
    /// Local hours between which onsets fall, uniformly: [from, to).
    public var onsetHours = (from: 8, to: 20)
    public var factors: [(name: String, prevalence: Double)] = []
    public var shortNightProbability = 0.25
    public var pressureDropProbability = 0.0
    public var humidityRiseProbability = 0.0
    /// Hours between weather observations (1 to 24).
    public var weatherEveryHours = 3
    /// Shared: one series for everyone (rows with an empty profile_id, drops and rises on UTC
    /// days); otherwise each profile gets its own series.
    public var weatherShared = false
    /// Chance that a logged headache gets an acute medication, taken 30 minutes after onset.
    public var acuteMedicationProbability = 0.0
    public var effects: [Effect] = []
    public var logging = Logging()
    public var markers: [MarkerSeries] = []

    public init(name: String, description: String) {
        self.name = name
        self.description = description
    }

    static let topKeys: Set<String> = ["description", "profiles", "days", "start", "time_zones", "headache_probability", "factors",
                                       "short_night_probability", "pressure_drop_probability", "onset_hours", "humidity_rise_probability",
                                       "weather_every_hours", "weather_shared", "acute_medication_probability",
                                       "effects", "logging", "markers"]

    /// Reads and checks a scenario file.
    public static func load(_ path: String) throws(ScenarioError) -> Scenario {
        let file = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScenarioError(file: file, line: nil, key: nil, problem: "no such scenario file, or it cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8), !data.contains(0) else {
            throw ScenarioError(file: file, line: nil, key: nil, problem: "is not UTF-8 text")
        }
        return try parse(text, name: (file as NSString).deletingPathExtension, file: file)
    }

    public static func parse(_ text: String, name: String, file: String) throws(ScenarioError) -> Scenario {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw ScenarioError(file: file, line: nil, key: nil, problem: "is empty; a scenario needs at least a description")
            }
            root = node
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw ScenarioError(file: file, line: nil, key: nil, problem: "is not valid YAML: \(error)")
        }
        let reader = ScenarioReader(file: file)
        try reader.keys(root, allowed: topKeys, in: nil)
        var scenario = Scenario(name: name, description: try reader.text(root, "description"))
        if let n = try reader.integer(root, "profiles", range: 1...10_000_000) { scenario.profiles = n }
        if let n = try reader.integer(root, "days", range: 14...3_650) { scenario.days = n }
        if let node = root["start"] {
            guard let day = node.string.flatMap(CalendarDay.init(iso:)) else {
                throw reader.error(node, "start", "must be a date, YYYY-MM-DD")
            }
            scenario.start = day
        }
        if let node = root["time_zones"] {
            guard let items = node.sequence, !items.isEmpty else { throw reader.error(node, "time_zones", "must be a list of IANA zones") }
            scenario.timeZones = try items.map { item throws(ScenarioError) in
                guard let zone = item.string, ProfileTimeZone(identifier: zone) != nil else {
                    throw reader.error(item, "time_zones", "'\(item.string ?? "")' is not an IANA time zone")
                }
                return zone
            }
        }
        if let p = try reader.probability(root, "headache_probability") { scenario.headacheProbability = p }
        if let node = root["onset_hours"] {
            guard let items = node.sequence, items.count == 2, let from = items[0].int, let to = items[1].int,
                  (0...23).contains(from), (1...24).contains(to), from < to else {
                throw reader.error(node, "onset_hours", "must be [FROM, TO], whole hours with 0 <= FROM < TO <= 24")
            }
            scenario.onsetHours = (from, to)
        }
        if let p = try reader.probability(root, "short_night_probability") { scenario.shortNightProbability = p }
        if let p = try reader.probability(root, "pressure_drop_probability") { scenario.pressureDropProbability = p }
        if let p = try reader.probability(root, "humidity_rise_probability") { scenario.humidityRiseProbability = p }
        if let n = try reader.integer(root, "weather_every_hours", range: 1...24) {
            guard 24 % n == 0 else { throw reader.error(root["weather_every_hours"]!, "weather_every_hours", "must divide 24 (1, 2, 3, 4, 6, 8, 12, 24)") }
            scenario.weatherEveryHours = n
        }
        if let node = root["weather_shared"] {
            guard let flag = node.bool else { throw reader.error(node, "weather_shared", "must be true or false") }
            scenario.weatherShared = flag
        }
        if let p = try reader.probability(root, "acute_medication_probability") { scenario.acuteMedicationProbability = p }
        if let node = root["factors"] {
            guard let mapping = node.mapping else { throw reader.error(node, "factors", "must map factor names to prevalences") }
            for (key, value) in mapping {
                guard let factor = key.string, !factor.isEmpty,
                      factor.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "_" }) else {
                    throw reader.error(key, "factors", "'\(key.string ?? "")' is not a factor token (lower case, digits, _)")
                }
                guard let p = value.float, (0...1).contains(p) else {
                    throw reader.error(value, "factors", "the prevalence of \(factor) must be a number from 0 to 1")
                }
                scenario.factors.append((factor, p))
            }
        }
        let exposures = Set(scenario.factors.map(\.name) + ["short_sleep", "pressure_drop", "humidity_rise"])
        if let node = root["effects"] {
            guard let items = node.sequence else { throw reader.error(node, "effects", "must be a list of effects") }
            for item in items {
                try reader.keys(item, allowed: ["exposure", "odds_ratios", "hazard_ratios", "lag_days"], in: "effects")
                let exposure = try reader.text(item, "exposure")
                guard exposures.contains(exposure) else {
                    throw reader.error(item, "exposure", "'\(exposure)' is not a factor of this scenario nor short_sleep, "
                                       + "pressure_drop or humidity_rise")
                }
                let hazard = item["hazard_ratios"] != nil
                guard hazard != (item["odds_ratios"] != nil) else {
                    throw reader.error(item, "odds_ratios", "give either odds_ratios or hazard_ratios, not both or neither")
                }
                let ratios = try reader.numbers(item, hazard ? "hazard_ratios" : "odds_ratios", range: 0.05...50)
                let lag = try reader.integer(item, "lag_days", range: 0...1) ?? 0
                scenario.effects.append(Effect(exposure: exposure, oddsRatios: ratios, lagDays: lag, hazard: hazard))
            }
        }
        if let node = root["logging"] {
            try reader.keys(node, allowed: ["headache_days", "free_days", "active_days", "stop_after_days", "drift", "free_day_entries",
                                            "habitual_free_days", "after_onset", "entries", "burst_after_headaches"], in: "logging")
            if let p = try reader.probability(node, "headache_days") { scenario.logging.headacheDays = p }
            if let p = try reader.probability(node, "free_days") { scenario.logging.freeDays = p }
            if let p = try reader.probability(node, "active_days") { scenario.logging.activeDays = p }
            if let n = try reader.integer(node, "stop_after_days", range: 0...3_650) { scenario.logging.stopAfterDays = n }
            if let p = try reader.probability(node, "drift") { scenario.logging.drift = p }
            if let p = try reader.probability(node, "free_day_entries") { scenario.logging.freeDayEntries = p }
            if let p = try reader.probability(node, "habitual_free_days") { scenario.logging.habitualFreeDays = p }
            if let p = try reader.probability(node, "after_onset") { scenario.logging.afterOnset = p }
            if let p = try reader.probability(node, "entries") { scenario.logging.entries = p }
            if let n = try reader.integer(node, "burst_after_headaches", range: 0...7) { scenario.logging.burstAfterHeadaches = n }
        }
        if let node = root["markers"] {
            guard let items = node.sequence else { throw reader.error(node, "markers", "must be a list of marker series") }
            for item in items {
                try reader.keys(item, allowed: ["marker", "mean", "every_days", "slopes_percent_per_year"], in: "markers")
                let marker = try reader.text(item, "marker")
                guard let definition = MarkerLibrary.builtIn.resolve(marker), definition.variation != nil else {
                    throw reader.error(item, "marker", "'\(marker)' is not a library marker with biological variation")
                }
                guard let mean = item["mean"]?.float, mean > 0 else { throw reader.error(item, "mean", "must be a positive number") }
                let every = try reader.integer(item, "every_days", range: 1...365) ?? 60
                let slopes = try reader.numbers(item, "slopes_percent_per_year", range: -100...100)
                scenario.markers.append(MarkerSeries(marker: definition.id, mean: mean, everyDays: every, slopesPercentPerYear: slopes))
            }
        }
        return scenario
    }

    /// `--set KEY=VALUE`: a top-level number, a `logging.` key, or `effects.odds_ratios` (every
    /// effect) as a comma list.
    public mutating func set(_ assignment: String) throws(ScenarioError) {
        do {
            try apply(assignment)
        } catch {
            // The YAML the value was read through is not the user's: no line to point at.
            throw ScenarioError(file: "--set", line: nil, key: error.key, problem: error.problem)
        }
    }

    private mutating func apply(_ assignment: String) throws(ScenarioError) {
        let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            throw ScenarioError(file: "--set", line: nil, key: assignment, problem: "is not KEY=VALUE (e.g. logging.free_days=0.5)")
        }
        let yaml: String
        switch parts[0] {
        case "effects.odds_ratios":
            guard !effects.isEmpty else {
                throw ScenarioError(file: "--set", line: nil, key: parts[0], problem: "this scenario plants no effect")
            }
            let values = parts[1].split(separator: ",").compactMap { Double($0) }
            guard !values.isEmpty, values.allSatisfy({ (0.05...50).contains($0) }) else {
                throw ScenarioError(file: "--set", line: nil, key: parts[0], problem: "must be numbers from 0.05 to 50, comma separated")
            }
            for index in effects.indices { effects[index].oddsRatios = values }
            return
        case let key where key.hasPrefix("logging."):
            yaml = "description: set\nlogging:\n  \(key.dropFirst("logging.".count)): \(parts[1])\n"
            let changed = try Scenario.parse(yaml, name: name, file: "--set").logging
            switch key.dropFirst("logging.".count) {
            case "headache_days": logging.headacheDays = changed.headacheDays
            case "free_days": logging.freeDays = changed.freeDays
            case "active_days": logging.activeDays = changed.activeDays
            case "stop_after_days": logging.stopAfterDays = changed.stopAfterDays
            case "free_day_entries": logging.freeDayEntries = changed.freeDayEntries
            case "habitual_free_days": logging.habitualFreeDays = changed.habitualFreeDays
            case "after_onset": logging.afterOnset = changed.afterOnset
            case "entries": logging.entries = changed.entries
            case "burst_after_headaches": logging.burstAfterHeadaches = changed.burstAfterHeadaches
            default: logging.drift = changed.drift
            }
        case "profiles", "days", "headache_probability", "short_night_probability", "pressure_drop_probability", "onset_hours",
             "humidity_rise_probability":
            let parsed = try Scenario.parse("description: set\n\(parts[0]): \(parts[1])\n", name: name, file: "--set")
            switch parts[0] {
            case "profiles": profiles = parsed.profiles
            case "days": days = parsed.days
            case "headache_probability": headacheProbability = parsed.headacheProbability
            case "short_night_probability": shortNightProbability = parsed.shortNightProbability
            case "pressure_drop_probability": pressureDropProbability = parsed.pressureDropProbability
            case "humidity_rise_probability": humidityRiseProbability = parsed.humidityRiseProbability
            default: break
            }
        default:
            throw ScenarioError(file: "--set", line: nil, key: parts[0],
                                problem: "cannot be set; keys: profiles, days, headache_probability, short_night_probability, "
                                    + "pressure_drop_probability, humidity_rise_probability, logging.*, effects.odds_ratios")
        }
    }
}

/// A scenario file that cannot be used, with where and how to fix it.
public typealias ScenarioError = DataFileError

/// Typed reads of scenario keys, each refusal located.
struct ScenarioReader {
    let file: String

    func error(_ node: Node, _ key: String, _ problem: String) -> ScenarioError {
        ScenarioError(file: file, line: node.mark?.line, key: key, problem: problem)
    }

    func keys(_ node: Node, allowed: Set<String>, in parent: String?) throws(ScenarioError) {
        guard let mapping = node.mapping else {
            throw error(node, parent ?? "scenario", "must be a mapping of keys")
        }
        for (key, _) in mapping where !allowed.contains(key.string ?? "") {
            throw error(key, key.string ?? "", "is not a scenario key" + (parent.map { " under \($0)" } ?? "")
                        + "; allowed: " + allowed.sorted().joined(separator: ", "))
        }
    }

    func text(_ node: Node, _ key: String) throws(ScenarioError) -> String {
        guard let value = node[key]?.string, !value.isEmpty else { throw error(node, key, "is missing") }
        return value
    }

    func integer(_ node: Node, _ key: String, range: ClosedRange<Int>) throws(ScenarioError) -> Int? {
        guard let value = node[key] else { return nil }
        guard let n = value.int, range.contains(n) else {
            throw error(value, key, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    func probability(_ node: Node, _ key: String) throws(ScenarioError) -> Double? {
        guard let value = node[key] else { return nil }
        guard let p = value.float, (0...1).contains(p) else { throw error(value, key, "must be a number from 0 to 1") }
        return p
    }

    func numbers(_ node: Node, _ key: String, range: ClosedRange<Double>) throws(ScenarioError) -> [Double] {
        guard let value = node[key], let items = value.sequence, !items.isEmpty else {
            throw error(node, key, "must be a list of numbers")
        }
        return try items.map { item throws(ScenarioError) in
            guard let x = item.float, range.contains(x) else {
                throw error(item, key, "every value must be a number from \(range.lowerBound) to \(range.upperBound)")
            }
            return x
        }
    }
}
