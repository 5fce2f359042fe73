import ArgumentParser
import CairnStore

extension Cairn {
    /// `cairn [DATASET]`: opens a dataset. Until the REPL exists it prints the summary.
    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "open",
            abstract: "Open a dataset (default: the bundled demo dataset) and show its summary.")

        @Argument(help: "A dataset: a .sqlite file made by `cairn import`, or a directory of contract CSVs.")
        var dataset: String?

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        func run() throws {
            try Summary.show(dataset ?? DemoDataset.path, format: format)
        }
    }
}
