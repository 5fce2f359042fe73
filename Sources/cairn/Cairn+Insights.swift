import ArgumentParser
import CairnAnalysis
import CairnCore
import CairnModules
import CairnStore
import Foundation

extension Cairn {
    /// `cairn insights DATASET`: runs modules over each profile as of one date.
    struct Insights: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run analysis modules over a dataset and print the insights that pass the copy guard.",
            discussion: """
                Each profile is evaluated at the end of its own latest event day (planned visits \
                aside), in its own time zone: --as-of latest, the default. --as-of dataset-latest \
                uses the dataset's latest event day for every profile; a date means the end of \
                that calendar day in each profile's zone; a date-time with an offset means that \
                instant. Never the clock, so output is reproducible. Insights whose text breaks a copy rule are listed \
                as withheld with the rule they broke; with --strict that makes the exit status 1. \
                Every listing ends with the approved disclaimer and footer.
                """)

        @Argument(help: "A dataset: a .sqlite file made by `cairn import`, or a directory of contract CSVs.")
        var dataset: String

        @Option(name: .customLong("module"), help: "A module to run, as ID or ID@VERSION (repeatable; default: the latest version of every module).")
        var modules: [String] = []

        @Option(help: "Only this profile.")
        var profile: String?

        @Option(name: .customLong("as-of"), help: "latest (each profile's own latest day), dataset-latest, YYYY-MM-DD (end of that local day) or a date-time with offset.")
        var asOf: String = "latest"

        @Option(name: .customLong("set"), help: "A parameter override, ID.PARAM=VALUE (repeatable).")
        var settings: [String] = []

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        @Flag(help: "Exit with status 1 when the copy guard withheld any insight.")
        var strict = false

        @OptionGroup var population: PopulationOptions

        func run() throws {
            let engine = try CopyGuardLoading.engine()
            let registry = ModuleHost.registry()
            let runs = try InsightRequest.moduleRuns(registry: registry, modules: modules, settings: settings)
            let source = try PopulationRun.open(dataset, options: population)
            let rule = try InsightRequest.asOf(asOf)
            let run = PopulationRun(command: "insights", source: source, options: population,
                                    runDescription: InsightRequest.describe(source: source, [
                                        "module": modules, "profile": profile.map { [$0] } ?? [], "as-of": asOf == "latest" ? [] : [asOf],
                                        "set": settings]))
            let selected = try run.selection(only: profile) { engine.copyGuard.safeIdentifier($0, kind: "profile") }
            let withheld = Counter()
            try run.run(selected, tables: runs.reduce(into: []) { $0.formUnion($1.descriptor.reads) }, layout: InsightReport.layout(disclaimer: engine.disclaimer(for: runs), footer: engine.footer),
                        format: format) { data, index, worker, wanted in
                let report = try engine.run(runs, on: data, asOf: try rule.instant(for: data.profile, in: source, reader: worker))
                withheld.add(report.withheld.count)
                return report.output(index: index, format: wanted)
            }
            if strict && withheld.value > 0 { throw ExitCode(Status.partial) }
        }
    }
}

/// Turning command-line choices into module runs, profiles and as-of instants.
enum InsightRequest {
    static func moduleRuns(registry: ModuleRegistry, modules: [String], settings: [String]) throws -> [ModuleRun] {
        var descriptors: [ModuleDescriptor] = []
        do {
            descriptors = modules.isEmpty ? registry.latest : try modules.map { try registry.lookup($0) }
        } catch let error as ModuleRegistry.LookupError {
            throw CairnFailure(error.description)
        }
        var overrides: [String: [String: String]] = [:]
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            let target = parts.first?.split(separator: ".", maxSplits: 1).map(String.init) ?? []
            guard parts.count == 2, target.count == 2 else {
                throw CairnFailure("--set \(setting) is not ID.PARAM=VALUE (e.g. medication-overuse.threshold_days=8)")
            }
            guard descriptors.contains(where: { $0.id == target[0] }) else {
                throw CairnFailure("--set \(setting): module \(target[0]) is not being run")
            }
            overrides[target[0], default: [:]][target[1]] = parts[1]
        }
        return try descriptors.map { descriptor in
            do {
                return ModuleRun(descriptor: descriptor, parameters: try ParameterValues(
                    specs: descriptor.parameters, module: descriptor.id, overrides: overrides[descriptor.id] ?? [:]))
            } catch {
                throw CairnFailure("--set: \(error)")
            }
        }
    }

    /// What a population run computed, for shard headers: the dataset (by what it holds, not
    /// where it is, so machines with their own copies agree) and every option that changes
    /// output.
    static func describe(source: ProfileSource, _ options: [String: [String]]) -> String {
        let chosen = options.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }
            .map { "--\($0.key) " + $0.value.joined(separator: " --\($0.key) ") }
        return (["dataset \(source.fingerprint)", "\(source.count) profiles"] + chosen).joined(separator: " ")
    }

    /// The as-of rule from `--as-of`.
    static func asOf(_ text: String) throws -> AsOfRule {
        do {
            return try AsOfRule(parsing: text)
        } catch {
            throw CairnFailure("--as-of \(error)")
        }
    }
}

/// A count added to from several workers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add(_ amount: Int) {
        lock.lock()
        count += amount
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
