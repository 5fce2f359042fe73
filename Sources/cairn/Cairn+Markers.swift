import ArgumentParser
import CairnAnalysis
import CairnCore
import CairnModules
import CairnREPL

extension Cairn {
    /// `cairn markers DATASET`: Glance's Markers tab, every marker's status and trend.
    struct Markers: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show each profile's marker board: every marker's latest value, status (normal, watch, out of range), trend arrow and one-line summary.",
            discussion: """
                The board describes readings and prompts nothing: `watch` is a latest value \
                inside the range within 10% of its width from a boundary; the arrow is the last \
                three readings all rising or all falling (none when they are mixed or fewer). \
                Ranges are the person's own where set, else the marker library's. Insights \
                (`cairn insights --module marker-trends`) say which of these deserve a question \
                at a visit.
                """)

        @Argument(help: "A dataset: a .sqlite file made by `cairn import`, or a directory of contract CSVs.")
        var dataset: String

        @Option(help: "Only this profile.")
        var profile: String?

        @Option(name: .customLong("as-of"), help: "latest (each profile's own latest day), dataset-latest, YYYY-MM-DD (end of that local day) or a date-time with offset.")
        var asOf: String = "latest"

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        @OptionGroup var population: PopulationOptions

        func run() throws {
            let copyGuard = try CopyGuardLoading.copyGuard()
            let source = try PopulationRun.open(dataset, options: population)
            let rule = try InsightRequest.asOf(asOf)
            let run = PopulationRun(command: "markers", source: source, options: population,
                                    runDescription: InsightRequest.describe(source: source, [
                                        "profile": profile.map { [$0] } ?? [], "as-of": asOf == "latest" ? [] : [asOf]]))
            let selected = try run.selection(only: profile) { copyGuard.safeIdentifier($0, kind: "profile") }
            try run.run(selected, tables: [.readings], layout: MarkerStatusBoard.layout, format: format) { data, index, worker, wanted in
                let instant = try rule.instant(for: data.profile, in: source, reader: worker)
                return MarkerStatusBoard(data, asOf: instant, copyGuard: copyGuard).output(index: index, format: wanted)
            }
        }
    }
}
