import CairnAnalysis
import CairnCore
import CairnEvaluation
import CairnSynth
import Foundation

extension Session {
    /// `.evaluate SCENARIO... ID[@V]... [ID.PARAM=V1,V2] [profiles=N] [days=D] [seeds=K] [seed=S]`: words
    /// that name a module are modules, `ID.PARAM=` words are settings, the rest are scenarios:
    /// a bare name is in Datasets/scenarios, anything else a file relative to the session's
    /// folder. No dataset is needed.
    func evaluate(_ arguments: [String]) throws -> String {
        var scenarioPaths: [String] = [], modules: [String] = [], settings: [String] = []
        var profiles: Int?, days: Int?, seeds = 1, seed: UInt64 = 1
        let moduleIDs = Set(registry.all.map(\.id))
        for word in arguments {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                switch parts[0] {
                case "profiles": profiles = Int(parts[1])
                    guard (profiles ?? 0) >= 1 else { throw SessionError("profiles=\(parts[1]) is not a whole number of at least 1") }
                case "days": days = Int(parts[1])
                    guard (days ?? 0) >= 14 else { throw SessionError("days=\(parts[1]) is not a whole number of at least 14") }
                case "seeds": seeds = Int(parts[1]) ?? 0
                    guard seeds >= 1 else { throw SessionError("seeds=\(parts[1]) is not a whole number of at least 1") }
                case "seed": seed = UInt64(parts[1]) ?? 1
                default: settings.append(word)
                }
            } else if moduleIDs.contains(String(word.split(separator: "@").first ?? "")) {
                modules.append(word)
            } else {
                scenarioPaths.append(word)
            }
        }
        guard !scenarioPaths.isEmpty, !modules.isEmpty else { throw SessionError(".evaluate needs scenarios and modules; usage: \(CommandHelp.named("evaluate")!.synopsis)") }
        var scenarios: [Scenario] = []
        for path in scenarioPaths {
            // A bare name is one of Cairn's own scenarios; a path is the user's file.
            let file: String
            if let scenarioDirectory, !path.contains("/"), !path.hasSuffix(".yml") {
                file = scenarioDirectory + "/\(path).yml"
            } else {
                file = try readableSource(path)
            }
            do {
                var scenario = try Scenario.load(file)
                if let profiles { scenario.profiles = profiles }
                if let days { scenario.days = days }
                scenarios.append(scenario)
            } catch {
                throw SessionError(error.description)
            }
        }
        let variants: [ThresholdEvaluation.Variant]
        do {
            variants = try ThresholdEvaluation.variants(registry: registry, modules: modules, settings: settings)
        } catch {
            throw SessionError(error.description)
        }
        let rows: [ThresholdEvaluation.Row]
        do {
            rows = try ThresholdEvaluation(engine: try engine).evaluate(scenarios, variants: variants, seeds: seeds, baseSeed: seed,
                                                                         isCancelled: isCancelled)
        } catch is CancellationError {
            throw SessionError("cancelled")
        }
        return format == .json ? JSONText.encode(rows) : ThresholdEvaluation.text(rows)
    }
}
