import ArgumentParser
import CairnStore

extension Cairn {
    /// `cairn [DATASET]`: opens a dataset. Until the REPL exists it prints the summary and the
    /// insights of every module as of the dataset's latest day.
    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "open",
            abstract: "Open a dataset (default: the bundled demo dataset) and show its summary and insights.")

        @Argument(help: "A dataset: a .sqlite file made by `cairn import`, or a directory of contract CSVs.")
        var dataset: String?

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        func run() throws {
            let path = dataset ?? DemoDataset.path
            try Summary.show(path, format: format)
            if format == .text { Standard.output("\nInsights\n\n") }
            let insights = try Insights.parse([path, "--format", format.rawValue])
            try insights.run()
        }
    }
}
