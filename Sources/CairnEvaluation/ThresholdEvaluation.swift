import CairnAnalysis
import CairnCore
import CairnStats
import CairnSynth
import Dispatch
import Foundation

/// Threshold evaluation on synthetic populations with known truth: each module setting is
/// replayed week by week over every profile of each scenario (and seed), and the report gives,
/// with Wilson 95% intervals:
/// - the false-finding rate: profiles with any finding on something that was not planted (for
///   marker-trends, a trend prompt on a marker with no true trend);
/// - the detection rate: profiles where the planted effect is found, by effect size;
/// - the median days of logging until the first correct finding (weekly resolution);
/// - the share of profiles still below a gate at the end;
/// - beside each, the oracle's rate (`Oracle`): what the test a person who knew the generating
///   model would run finds on the same diaries, and the gap to it.
/// Profiles are evaluated in parallel; rows come out in the same order and bytes on any number
/// of workers.
public struct ThresholdEvaluation: Sendable {
    /// A module at one setting.
    public struct Variant: Sendable {
        public let run: ModuleRun
        /// "min_headaches=10", or "defaults".
        public let setting: String

        public init(run: ModuleRun, setting: String) {
            self.run = run
            self.setting = setting
        }
    }

    public struct Row: Sendable, Encodable {
        public let scenario: String
        public let seeds: Int
        public let module: String
        public let setting: String
        /// The planted effect size the detection figures are for ("none" where nothing was).
        public let effect: String
        public let profiles: Int
        public let falseFindingRate: Double
        public let falseFindingCI95: [Double]
        public let detectionRate: Double?
        public let detectionCI95: [Double]?
        public let medianDaysToFinding: Double?
        public let stillGatedRate: Double
        /// The oracle's rates on the same profiles (nil for a module it has no model of).
        public let oracleFalseFindingRate: Double?
        public let oracleFalseFindingCI95: [Double]?
        public let oracleDetectionRate: Double?
        public let oracleDetectionCI95: [Double]?
        /// Cairn's detection rate minus the oracle's.
        public var detectionGap: Double? {
            guard let detectionRate, let oracleDetectionRate else { return nil }
            return detectionRate - oracleDetectionRate
        }

        enum CodingKeys: String, CodingKey {
            case scenario, seeds, module, setting, effect, profiles
            case falseFindingRate = "false_finding_rate", falseFindingCI95 = "false_finding_ci95"
            case detectionRate = "detection_rate", detectionCI95 = "detection_ci95"
            case medianDaysToFinding = "median_days_to_first_correct_finding", stillGatedRate = "still_gated_rate"
            case oracleFalseFindingRate = "oracle_false_finding_rate", oracleFalseFindingCI95 = "oracle_false_finding_ci95"
            case oracleDetectionRate = "oracle_detection_rate", oracleDetectionCI95 = "oracle_detection_ci95"
            case detectionGap = "detection_gap"
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(scenario, forKey: .scenario)
            try container.encode(seeds, forKey: .seeds)
            try container.encode(module, forKey: .module)
            try container.encode(setting, forKey: .setting)
            try container.encode(effect, forKey: .effect)
            try container.encode(profiles, forKey: .profiles)
            try container.encode(falseFindingRate, forKey: .falseFindingRate)
            try container.encode(falseFindingCI95, forKey: .falseFindingCI95)
            try container.encodeIfPresent(detectionRate, forKey: .detectionRate)
            try container.encodeIfPresent(detectionCI95, forKey: .detectionCI95)
            try container.encodeIfPresent(medianDaysToFinding, forKey: .medianDaysToFinding)
            try container.encode(stillGatedRate, forKey: .stillGatedRate)
            try container.encodeIfPresent(oracleFalseFindingRate, forKey: .oracleFalseFindingRate)
            try container.encodeIfPresent(oracleFalseFindingCI95, forKey: .oracleFalseFindingCI95)
            try container.encodeIfPresent(oracleDetectionRate, forKey: .oracleDetectionRate)
            try container.encodeIfPresent(oracleDetectionCI95, forKey: .oracleDetectionCI95)
            try container.encodeIfPresent(detectionGap, forKey: .detectionGap)
        }
    }

    /// What one profile showed under one variant.
    public struct Outcome: Sendable, Codable, Equatable {
        var effect: String
        var planted: Bool
        var falseFinding: Bool
        var detected: Bool
        var daysToFinding: Int?
        var gated: Bool
        /// The oracle's verdict on the same profile, when it has a model of the module.
        var oracleFalseFinding: Bool?
        var oracleDetected: Bool?

        enum CodingKeys: String, CodingKey {
            case effect, planted, falseFinding = "false_finding", detected, daysToFinding = "days_to_finding", gated
            case oracleFalseFinding = "oracle_false_finding", oracleDetected = "oracle_detected"
        }
    }

    /// One profile of one scenario and seed, under every variant: the unit a shard holds.
    public struct ProfileOutcomes: Sendable, Codable {
        /// The profile's place in the whole run (scenarios, then seeds, then profiles).
        public let index: Int
        /// Which scenario, by its place in the run's list.
        public let scenario: Int
        public let outcomes: [Outcome]
    }

    public let engine: InsightEngine
    public let jobs: Int
    public init(engine: InsightEngine, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.engine = engine
        self.jobs = max(1, jobs)
    }

    /// `isCancelled` is asked after each profile (Ctrl-C in the REPL); when it says yes the
    /// evaluation stops with `CancellationError`.
    public func evaluate(_ scenarios: [Scenario], variants: [Variant], seeds: Int, baseSeed: UInt64,
                         progress: @Sendable (Int, Int) -> Void = { _, _ in }, isCancelled: () -> Bool = { false }) throws -> [Row] {
        var outcomes = [[[Outcome]]](repeating: [[Outcome]](repeating: [], count: variants.count), count: scenarios.count)
        try outcomesByProfile(scenarios, variants: variants, seeds: seeds, baseSeed: baseSeed, progress: progress) { record in
            if isCancelled() { throw CancellationError() }
            for (variant, outcome) in record.outcomes.enumerated() { outcomes[record.scenario][variant].append(outcome) }
        }
        return ThresholdEvaluation.rows(outcomes, scenarios: scenarios.map(\.name), seeds: seeds,
                                        variants: variants.map { ($0.run.descriptor.key, $0.setting) })
    }

    /// Every profile's outcomes under every variant, delivered in run order (scenarios, then
    /// seeds, then profiles), the profiles of `shard` only when one is given. The same
    /// arguments deliver the same records on any number of workers.
    public func outcomesByProfile(_ scenarios: [Scenario], variants: [Variant], seeds: Int, baseSeed: UInt64,
                                  shard: ShardSpec? = nil, progress: @Sendable (Int, Int) -> Void = { _, _ in },
                                  deliver: (ProfileOutcomes) throws -> Void) throws {
        let total = scenarios.reduce(0) { $0 + $1.profiles * seeds }
        var done = 0, offset = 0
        for (scenarioIndex, scenario) in scenarios.enumerated() {
            for seed in 0..<seeds {
                let population = ScenarioPopulation(scenario: scenario, seed: baseSeed &+ UInt64(seed))
                let chosen = (0..<scenario.profiles).filter { shard?.contains(ScenarioPopulation.profileID($0)) ?? true }
                let engine = self.engine, first = offset
                try OrderedWorkers.run(count: chosen.count, jobs: jobs, work: { position, _ in
                    let synthetic = population.profile(chosen[position])
                    return variants.map { ThresholdEvaluation.outcome(synthetic, scenario: scenario, variant: $0, engine: engine) }
                }, deliver: { position, outcomes in
                    try deliver(ProfileOutcomes(index: first + chosen[position], scenario: scenarioIndex, outcomes: outcomes))
                })
                offset += scenario.profiles
                done += scenario.profiles
                progress(done, total)
            }
        }
    }

    /// The report's rows from every profile's outcomes, by scenario then variant (module key
    /// and setting): what `evaluate` prints, and what `cairn merge` rebuilds from shards.
    public static func rows(_ outcomes: [[[Outcome]]], scenarios: [String], seeds: Int,
                            variants: [(module: String, setting: String)]) -> [Row] {
        var rows: [Row] = []
        for (scenarioIndex, scenario) in scenarios.enumerated() {
            for (index, variant) in variants.enumerated() {
                rows += ThresholdEvaluation.rows(outcomes[scenarioIndex][index], scenario: scenario, seeds: seeds,
                                                 module: variant.module, setting: variant.setting)
            }
        }
        return rows
    }

    static func rows(_ outcomes: [Outcome], scenario: String, seeds: Int, module: String, setting: String) -> [Row] {
        let stats = Stats()
        func interval(_ hits: Int, _ n: Int) -> [Double] {
            guard let estimate = try? stats.wilsonInterval(successes: hits, trials: n) else { return [0, 1] }
            return [estimate.interval95.lowerBound, estimate.interval95.upperBound]
        }
        let groups = Dictionary(grouping: outcomes, by: \.effect)
        return groups.keys.sorted(by: ThresholdEvaluation.effectOrder).map { effect in
            let group = groups[effect]!
            let n = group.count
            let falseHits = group.filter(\.falseFinding).count
            let planted = group.filter(\.planted)
            let detected = planted.filter(\.detected)
            let days = detected.compactMap(\.daysToFinding).sorted()
            let judged = group.filter { $0.oracleFalseFinding != nil }
            let oracleFalse = judged.filter { $0.oracleFalseFinding == true }.count
            let oraclePlanted = judged.filter(\.planted)
            let oracleDetected = oraclePlanted.filter { $0.oracleDetected == true }.count
            let median: Double? = days.isEmpty ? nil
                : days.count % 2 == 1 ? Double(days[days.count / 2]) : Double(days[days.count / 2 - 1] + days[days.count / 2]) / 2
            return Row(scenario: scenario, seeds: seeds, module: module, setting: setting, effect: effect,
                       profiles: n, falseFindingRate: Double(falseHits) / Double(max(1, n)), falseFindingCI95: interval(falseHits, n),
                       detectionRate: planted.isEmpty ? nil : Double(detected.count) / Double(planted.count),
                       detectionCI95: planted.isEmpty ? nil : interval(detected.count, planted.count),
                       medianDaysToFinding: median,
                       stillGatedRate: Double(group.filter(\.gated).count) / Double(max(1, n)),
                       oracleFalseFindingRate: judged.isEmpty ? nil : Double(oracleFalse) / Double(judged.count),
                       oracleFalseFindingCI95: judged.isEmpty ? nil : interval(oracleFalse, judged.count),
                       oracleDetectionRate: oraclePlanted.isEmpty ? nil : Double(oracleDetected) / Double(oraclePlanted.count),
                       oracleDetectionCI95: oraclePlanted.isEmpty ? nil : interval(oracleDetected, oraclePlanted.count))
        }
    }

    static func effectOrder(_ a: String, _ b: String) -> Bool {
        switch (Double(a.split(separator: "=").last ?? ""), Double(b.split(separator: "=").last ?? "")) {
        case (let x?, let y?): return x < y
        default: return a < b
        }
    }

    /// The subjects a module reports that the scenario planted, for this profile.
    static func plantedSubjects(_ profile: SyntheticProfile, module: String) -> (subjects: Set<String>, effect: String) {
        switch module {
        case "marker-trends":
            let trending = profile.slopes.filter { $0.value != 0 }
            let effect = profile.slopes.isEmpty ? "none"
                : "slope%/y=" + NumberText.format(profile.slopes.values.map { abs($0) }.max() ?? 0)
            return (Set(trending.keys), effect)
        default:
            let effects = profile.oddsRatios.filter { $0.value != 1 }
            var subjects: Set<String> = []
            for exposure in effects.keys {
                switch (module, exposure) {
                case ("trigger-cooccurrence", "short_sleep"): subjects.insert("poor_sleep")
                case ("trigger-cooccurrence", let factor) where !["pressure_drop", "humidity_rise"].contains(factor):
                    subjects.insert(factor)
                case ("sleep-correlation", "short_sleep"): subjects.formUnion(["sleep_duration", "sleep_quality"])
                case ("weather-correlation", "pressure_drop"), ("weather-correlation", "humidity_rise"): subjects.insert(exposure)
                default: break
                }
            }
            let relevant = profile.oddsRatios.filter { exposure, _ in
                switch module {
                case "trigger-cooccurrence": return !["pressure_drop", "humidity_rise"].contains(exposure)
                case "sleep-correlation": return exposure == "short_sleep"
                case "weather-correlation": return ["pressure_drop", "humidity_rise"].contains(exposure)
                default: return false
                }
            }
            let scale = relevant.keys.contains { profile.hazardExposures.contains($0) } ? "HR=" : "OR="
            let effect = relevant.isEmpty ? "none" : scale + NumberText.format(relevant.values.max() ?? 1)
            return (subjects, effect)
        }
    }

    static func outcome(_ synthetic: SyntheticProfile, scenario: Scenario, variant: Variant, engine: InsightEngine) -> Outcome {
        let data = ProfileData(profile: synthetic.profile, readings: synthetic.readings, headaches: synthetic.headaches,
                               sleep: synthetic.sleep, weather: synthetic.weather, factors: synthetic.factors)
        let module = variant.run.descriptor.id
        let (planted, effect) = plantedSubjects(synthetic, module: module)
        let first = scenario.start, last = scenario.start.adding(days: scenario.days - 1)
        // The end of each week of logging, and the last day.
        let days = Replay.days(from: first.adding(days: 6), to: last, step: .week)
        func isFinding(_ kind: String, copyID: String) -> Bool {
            module == "marker-trends" ? copyID == "marker-trends.trend-prompt" : kind == InsightKind.finding.rawValue
        }
        var outcome = Outcome(effect: effect, planted: !planted.isEmpty, falseFinding: false, detected: false,
                              daysToFinding: nil, gated: false)
        if let verdict = Oracle.judge(synthetic, scenario: scenario, module: module, planted: planted) {
            outcome.oracleFalseFinding = verdict.falseFinding
            outcome.oracleDetected = verdict.detected
        }
        // Week by week for the first correct finding; the last step is the as-of of the table.
        for step in days {
            let asOf = data.zone.startOfDay(step.adding(days: 1)) - 1
            guard let report = try? engine.run([variant.run], on: data, asOf: asOf) else { continue }
            // A lagged finding ("alcohol lag 1", trigger-cooccurrence's lag sweep) is about its factor.
            let found = Set(report.insights.filter { isFinding($0.kind.rawValue, copyID: $0.copyID) }
                .map { $0.subject.components(separatedBy: " lag ")[0] })
            if outcome.daysToFinding == nil, !found.isDisjoint(with: planted) {
                outcome.daysToFinding = step.daysSinceEpoch - first.daysSinceEpoch + 1
            }
            if step == last {
                outcome.detected = !found.isDisjoint(with: planted)
                outcome.falseFinding = !found.subtracting(planted).isEmpty
                outcome.gated = report.insights.contains { $0.kind == .progress && $0.evidence["gates"] != nil }
            }
        }
        return outcome
    }
}
