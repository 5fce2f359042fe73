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

        @Option(help: "Workers (default: every core).")
        var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        func validate() throws {
            guard !modules.isEmpty else { throw ValidationError("name at least one --module (e.g. --module trigger-cooccurrence)") }
            guard seeds >= 1 else { throw ValidationError("--seeds must be at least 1") }
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
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
                variants = try ThresholdEvaluation.variants(registry: BuiltinModules.registry(), modules: modules, settings: settings)
            } catch {
                throw ValidationError(error.description)
            }
            let showProgress = isatty(STDERR_FILENO) == 1
            let rows = try ThresholdEvaluation(engine: engine, jobs: jobs).evaluate(loaded, variants: variants, seeds: seeds,
                                                                                       baseSeed: seed) { done, total in
                if showProgress { Standard.error("\rprofiles \(done) of \(total)\u{1B}[K") }
            }
            if showProgress { Standard.error("\r\u{1B}[K") }
            Standard.output(format == .json ? JSONText.encode(rows) : ThresholdEvaluation.text(rows))
        }
    }
}

/// Scenario names resolved to files: a path as given, else Datasets/scenarios/NAME.yml.
enum ScenarioFiles {
    static var directory: String {
        (DemoDataset.path as NSString).deletingLastPathComponent + "/scenarios"
    }

    static func load(_ name: String) throws -> Scenario {
        let path = FileManager.default.fileExists(atPath: name) ? name : directory + "/\(name).yml"
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

