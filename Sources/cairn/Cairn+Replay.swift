import ArgumentParser
import CairnAnalysis
import CairnCore
import CairnModules
import CairnStore
import Foundation

extension Cairn {
    /// `cairn replay DATASET`: when insights appear, change and disappear over time.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Evaluate modules as of each day (week, month) and report when insights appear, change and disappear.",
            discussion: """
                Each step is a moment in the profile's zone: the end of a local day (week, \
                month), or each local hour. With --at-events the replay also stops at every \
                instant a row the modules read became visible, so an insight shown for a few \
                hours is never missed. Without --from and --to the replay spans each \
                profile's data. Each profile's timeline gives, in time order, every gate that \
                opened or closed (or was already open at the start) and every insight that \
                appeared, changed its text or kind, or disappeared; with --evidence, also every \
                change of evidence alone and the values that moved (JSON always has them).
                """)

        @Argument(help: "A dataset: a .sqlite file made by `cairn import`, or a directory of contract CSVs.")
        var dataset: String

        @Option(name: .customLong("module"), help: "A module to replay, ID or ID@VERSION (repeatable; default: every module's latest version).")
        var modules: [String] = []

        @Option(help: "Only this profile.")
        var profile: String?

        @OptionGroup var range: DayRangeOptions

        @Option(help: "hour, day, week or month.")
        var step: CairnAnalysis.Replay.Step = .day

        @Flag(help: "Also evaluate at every instant a row the modules read became visible.")
        var atEvents = false

        @Flag(help: "In text, also list each change of evidence alone (the words a person reads stayed) and the values that moved; JSON always has them.")
        var evidence = false

        @Option(name: .customLong("set"), help: "A parameter override, ID.PARAM=VALUE (repeatable).")
        var settings: [String] = []

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        @Flag(help: "Exit with status 1 when the copy guard withheld any insight.")
        var strict = false

        @OptionGroup var population: PopulationOptions

        @Flag(help: ArgumentHelp("Run every module from scratch at every step, carrying nothing between steps (same output; for tests and benchmarks).",
                                 visibility: .hidden))
        var noCarry = false

        func run() throws {
            let runs = try InsightRequest.moduleRuns(registry: ModuleHost.registry(), modules: modules, settings: settings)
            let source = try PopulationRun.open(dataset, options: population)
            let replay = CairnAnalysis.Replay(engine: try CopyGuardLoading.engine(), carriesState: !noCarry)
            let run = PopulationRun(command: "replay", source: source, options: population,
                                    runDescription: InsightRequest.describe(source: source, [
                                        "module": modules, "profile": profile.map { [$0] } ?? [], "from": range.from.map { [$0] } ?? [],
                                        "to": range.to.map { [$0] } ?? [], "step": [step.rawValue], "at-events": atEvents ? ["on"] : [], "evidence": evidence ? ["on"] : [],
                                        "set": settings]))
            let selected = try run.selection(only: profile) { replay.engine.copyGuard.safeIdentifier($0, kind: "profile") }
            let withheld = Counter()
            let (from, to, step, atEvents, evidence) = (range.first, range.last, step, atEvents, evidence)
            let tables = runs.reduce(into: Set<ContractTable>()) { $0.formUnion($1.descriptor.reads) }
            // Every table: the default span is the profile's whole data, whatever the modules read.
            try run.run(selected, tables: ContractTable.eventTables, layout: CairnAnalysis.Replay.Result.layout, format: format) { data, index, _, wanted in
                guard let moments = CairnAnalysis.Replay.moments(for: data, from: from, to: to, step: step,
                                                                 atEvents: atEvents, tables: tables) else { return ProfileOutput(index: index) }
                let result = try replay.run(runs, on: data, moments: moments)
                withheld.add(result.withheld.count)
                // A shard's line is written here, by the worker, with its events escaped as written.
                if wanted == nil { return result.shardOutput(index: index, evidence: evidence) }
                return result.output(index: index, format: wanted, evidence: evidence)
            }
            if strict && withheld.value > 0 { throw ExitCode(Status.partial) }
        }
    }
}

extension CairnAnalysis.Replay.Step: ExpressibleByArgument {}
