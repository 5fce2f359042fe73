import ArgumentParser
import CairnCore
import CairnSynth
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Cairn {
    /// `cairn synth`: makes datasets from seeded generators.
    struct Synth: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make synthetic datasets from seeded generators.",
            discussion: "`cairn synth SCENARIO --out DIR` writes a scenario's population (Datasets/scenarios/).",
            subcommands: [Population.self, Demo.self, Readings.self],
            defaultSubcommand: Population.self)

        struct Population: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "scenario",
                abstract: "Write a scenario's synthetic population as a contract dataset (CSV files), streamed to disk.")

            @Argument(help: "A scenario, by name (Datasets/scenarios/NAME.yml) or path.")
            var scenario: String

            @Option(help: "Profiles (default: the scenario's own).")
            var profiles: Int?

            @Option(help: "Days per profile (default: the scenario's own).")
            var days: Int?

            @Option(help: "Generator seed.")
            var seed: UInt64 = 1

            @Option(help: "Directory to write the CSV files into (created if missing).")
            var out: String

            @Option(name: .customLong("set"), help: "KEY=VALUE: a scenario value (e.g. logging.free_days=0.5; repeatable).")
            var settings: [String] = []

            @Option(help: "Workers (default: every core).")
            var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

            func run() throws {
                var loaded = try ScenarioFiles.load(scenario)
                do {
                    for setting in settings { try loaded.set(setting) }
                    if let profiles { try loaded.set("profiles=\(profiles)") }
                    if let days { try loaded.set("days=\(days)") }
                } catch {
                    throw CairnFailure(error)
                }
                let writer = ScenarioWriter(population: ScenarioPopulation(scenario: loaded, seed: seed), jobs: max(1, jobs))
                let showProgress = isatty(STDERR_FILENO) == 1
                do {
                    try writer.write(to: out) { done in
                        if showProgress { Standard.error("\rprofiles \(done) of \(loaded.profiles)\u{1B}[K") }
                    }
                } catch let error as FileAccessError {
                    throw CairnFailure(error.description + "; what was written is incomplete")
                } catch {
                    throw CairnFailure(FileAccessError(path: out, failure: error, doing: "be written").description
                                       + "; what was written is incomplete")
                }
                if showProgress { Standard.error("\r\u{1B}[K") }
            }
        }

        struct Demo: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Write the demo dataset's contract CSV files (the files in Datasets/demo).")

            @Option(help: "Directory to write the CSV files into (created if missing).")
            var out: String

            @Option(help: "Generator seed; the committed demo uses the default.")
            var seed: UInt64 = DemoDatasetGenerator.defaultSeed

            @Option(help: ArgumentHelp("The demo's present day: the family's check-ups from it on are not written "
                                       + "(default: 2026-11-22, the committed demo's). Never the clock.", valueName: "DATE"))
            var today: String?

            func validate() throws {
                if let today, CalendarDay(iso: today) == nil { throw ValidationError("--today \(today) is not a date; use YYYY-MM-DD") }
            }

            func run() throws {
                do {
                    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                } catch {
                    throw CairnFailure(FileAccessError(path: out, failure: error, doing: "be made").description)
                }
                let present = today.flatMap { CalendarDay(iso: $0) } ?? DemoDatasetGenerator.defaultToday
                for (name, text) in DemoDatasetGenerator(seed: seed, today: present).files().sorted(by: { $0.key < $1.key }) {
                    do {
                        try AtomicFile.write(text, to: URL(fileURLWithPath: out).appendingPathComponent(name).path)
                    } catch {
                        throw CairnFailure(error.description)
                    }
                }
            }
        }

        struct Readings: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Write a large readings.csv for benchmarks (a dozen markers, 1,000 rows per profile).")

            @Option(help: "Number of data rows.")
            var rows: Int = 1_000_000

            @Option(help: "The file to write.")
            var out: String

            @Option(help: "Generator seed.")
            var seed: UInt64 = 7

            func validate() throws {
                guard rows > 0 else { throw ValidationError("--rows must be at least 1") }
            }

            func run() throws {
                if let failure = SyntheticReadings(rows: rows, seed: seed).write(to: out) {
                    throw CairnFailure(FileAccessError(path: out, errno: failure, doing: "be written").description)
                }
            }
        }
    }
}

extension CairnFailure {
    init(_ message: String) {
        self.message = message
    }
}
