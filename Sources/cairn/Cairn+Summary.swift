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

        @OptionGroup var now: NowOption

        func run() throws {
            try Summary.show(dataset, format: format, now: try now.instant)
        }

        static func show(_ path: String, format: OutputFormat, now: Int? = nil) throws {
            let copyGuard = try CopyGuardLoading.copyGuard()
            do {
                let dataset = try Dataset.open(path, now: now)
                try NowOption.sayNotes(of: dataset, path: path)
                var summary = try DatasetSummary(of: dataset)
                // Profile ids and names are the data's own words: shown only when they break no rule.
                for index in summary.profiles.indices {
                    summary.profiles[index].id = copyGuard.safeIdentifier(summary.profiles[index].id, kind: "profile")
                    summary.profiles[index].displayName = copyGuard.safeIdentifier(summary.profiles[index].displayName, kind: "name")
                }
                Standard.output(format == .json ? summary.json() : summary.text())
            } catch let error as DatasetError {
                throw CairnFailure(error)
            } catch let error as SQLiteError {
                throw CairnFailure(error)
            }
        }
    }
}
