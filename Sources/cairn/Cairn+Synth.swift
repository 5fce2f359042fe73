import ArgumentParser
import CairnSynth
import Foundation

extension Cairn {
    /// `cairn synth`: makes datasets from seeded generators.
    struct Synth: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make synthetic datasets from seeded generators.",
            subcommands: [Demo.self, Readings.self])

        struct Demo: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Write the demo dataset's contract CSV files (the files in Datasets/demo).")

            @Option(help: "Directory to write the CSV files into (created if missing).")
            var out: String

            @Option(help: "Generator seed; the committed demo uses the default.")
            var seed: UInt64 = DemoDatasetGenerator.defaultSeed

            func run() throws {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                for (name, text) in DemoDatasetGenerator(seed: seed).files().sorted(by: { $0.key < $1.key }) {
                    try Data(text.utf8).write(to: URL(fileURLWithPath: out).appendingPathComponent(name), options: .atomic)
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
                guard SyntheticReadings(rows: rows, seed: seed).write(to: out) else {
                    throw CairnFailure("\(out): cannot be created")
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
