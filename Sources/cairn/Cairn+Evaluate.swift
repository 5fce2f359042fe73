import ArgumentParser
import CairnAnalysis
import CairnCore
import CairnEvaluation
import CairnModules
import CairnSynth
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Cairn {
    /// `cairn evaluate SCENARIO... --module ID[@V]...`: how often modules find what was planted,
    /// and what was not, on synthetic populations with known truth.
    struct Evaluate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Evaluate modules on synthetic populations: false-finding and detection rates with 95% intervals.",
            discussion: """
                Each SCENARIO is a file in Datasets/scenarios/ (by name) or a path. Every module \
                setting is evaluated week by week over every profile: the false-finding rate \
                (profiles with a finding on something not planted), the detection rate by effect \
                size, the median days until the first correct finding and the share still gated, \
                at the end of the scenario's span. --set ID.PARAM=V1,V2 evaluates each value. \
                The same arguments give the same bytes on any number of --jobs.
                """)

        @Argument(help: "Scenarios, by name (Datasets/scenarios/NAME.yml) or path.")
        var scenarios: [String]

        @Option(name: .customLong("module"), help: "A module, ID or ID@VERSION (repeatable; required).")
        var modules: [String] = []

        @Option(help: "Profiles per scenario and seed (default: the scenario's own).")
        var profiles: Int?

        @Option(help: "Independent populations per scenario, seeds S, S+1, ...")
        var seeds: Int = 1

        @Option(help: "The first seed.")
        var seed: UInt64 = 1

        @Option(name: .customLong("set"), help: "ID.PARAM=V1,V2,... : evaluate the module at each value (repeatable).")
        var settings: [String] = []

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        @OptionGroup var population: PopulationOptions

        func validate() throws {
            guard !modules.isEmpty else { throw ValidationError("name at least one --module (e.g. --module trigger-cooccurrence)") }
            guard seeds >= 1 else { throw ValidationError("--seeds must be at least 1") }
            if let profiles, profiles < 1 { throw ValidationError("--profiles must be at least 1") }
        }

        func run() throws {
            let engine = try CopyGuardLoading.engine()
            var loaded: [Scenario] = []
            for name in scenarios {
                var scenario = try ScenarioFiles.load(name)
                if let profiles { scenario.profiles = profiles }
                loaded.append(scenario)
            }
            let variants: [ThresholdEvaluation.Variant]
            do {
                variants = try ThresholdEvaluation.variants(registry: ModuleHost.registry(), modules: modules, settings: settings)
            } catch {
                throw ValidationError(error.description)
            }
            let total = loaded.reduce(0) { $0 + $1.profiles * seeds }
            let progress = Progress(total: total)
            let evaluation = ThresholdEvaluation(engine: engine, jobs: population.jobs)
            let report: @Sendable (Int, Int) -> Void = { done, _ in progress.set(done) }
            guard let shard = population.shard else {
                let rows = try evaluation.evaluate(loaded, variants: variants, seeds: seeds, baseSeed: seed, progress: report)
                progress.finish()
                Standard.output(format == .json ? JSONText.encode(rows) : ThresholdEvaluation.text(rows))
                return
            }
            // A shard: every profile's outcomes, for `cairn merge` to count with the others'.
            if let out = population.shardOut {
                try OutputPaths.refuse(out, option: "--out", against: scenarios.map { ("the scenario \($0)", ScenarioFiles.path($0)) })
            }
            let output = try BufferedOutput(path: population.shardOut)
            output.write(ShardFile.line(ShardFile.Header(
                command: "evaluate", run: runDescription(loaded), shard: shard, total: total,
                fixed: EvaluationShard.fixed(scenarios: loaded, seeds: seeds, variants: variants))))
            try evaluation.outcomesByProfile(loaded, variants: variants, seeds: seeds, baseSeed: seed, shard: shard,
                                         progress: report) { output.write(ShardFile.line($0)) }
            progress.finish()
            try output.close()
        }

        /// Every argument that changes the outcomes, with each scenario's file by its hash, so
        /// shards of different runs (or of edited scenarios) are never merged.
        func runDescription(_ loaded: [Scenario]) -> String {
            let files = scenarios.map { name -> String in
                let bytes = (try? Data(contentsOf: URL(fileURLWithPath: ScenarioFiles.path(name)))) ?? Data()
                return name + "#" + String(ShardSpec.hash(String(decoding: bytes, as: UTF8.self)), radix: 16)
            }
            return (files + ["profiles " + loaded.map { String($0.profiles) }.joined(separator: ","), "seeds \(seeds)", "seed \(seed)"]
                    + modules.map { "--module \($0)" } + settings.map { "--set \($0)" }).joined(separator: " ")
        }
    }
}

/// Scenario names resolved to files: a path as given, else Datasets/scenarios/NAME.yml.
enum ScenarioFiles {
    static var directory: String {
        (DemoDataset.path as NSString).deletingLastPathComponent + "/scenarios"
    }

    /// The file a scenario name stands for.
    static func path(_ name: String) -> String {
        FileManager.default.fileExists(atPath: name) ? name : directory + "/\(name).yml"
    }

    static func load(_ name: String) throws -> Scenario {
        let path = path(name)
        guard FileManager.default.fileExists(atPath: path) else {
            let known = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
                .filter { $0.hasSuffix(".yml") }.map { ($0 as NSString).deletingPathExtension }.sorted()
            throw ValidationError("no scenario \(name); scenarios: " + known.joined(separator: ", "))
        }
        do {
            return try Scenario.load(path)
        } catch {
            throw CairnFailure(error)
        }
    }
}

