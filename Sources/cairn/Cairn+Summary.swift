import ArgumentParser
import CairnStore

extension Cairn {
    /// `cairn summary DATASET`: profiles, tables, row counts and date ranges.
    struct Summary: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a dataset's profiles, tables, row counts and date ranges.")

        @Argument(help: "A dataset: a .sqlite file made by `cairn import`, or a directory of contract CSVs.")
        var dataset: String

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        func run() throws {
            try Summary.show(dataset, format: format)
        }

        static func show(_ path: String, format: OutputFormat) throws {
            do {
                let dataset = try Dataset.open(path, now: Clock.now())
                let summary = try DatasetSummary(of: dataset)
                Standard.output(format == .json ? summary.json() : summary.text())
            } catch let error as DatasetError {
                throw CairnFailure(error)
            } catch let error as SQLiteError {
                throw CairnFailure(error)
            }
        }
    }
}
