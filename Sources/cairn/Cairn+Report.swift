import ArgumentParser
import CairnAnalysis
import CairnCore
import CairnModules
import CairnREPL
import CairnReport
import MedicationOveruse
import CairnStore
import Foundation

extension Cairn {
    /// `cairn report DATASET --profile P --out report.html|report.md`: the clinician report.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write one person's headache report for a clinician, as printable HTML or Markdown.",
            discussion: """
                The report covers --from to --to (default: the 90 days up to the person's latest \
                day; --from alone: to the latest day; --to alone: the 90 days up to it): the summary table (date, time, severity, duration, weather, medication, \
                notes cut at 40 characters), headache days per month as bars and a table with \
                each month's acute-medication days, the severity counts, the patterns the modules \
                find in the range's own entries (trigger, weather and sleep associations, \
                calendar patterns, medicine ratings, the overuse awareness), and the full disclaimer. The HTML prints on A4 (the table's header on \
                every page, the chart and patterns on a page of their own); the Markdown links \
                the chart, written beside it as FILE.figures/frequency.svg. Every string passes \
                the copy guard.
                """)

        @Argument(help: "A dataset: a .sqlite file made by `cairn import`, or a directory of contract CSVs.")
        var dataset: String

        @Option(help: "The person the report is for.")
        var profile: String

        @OptionGroup var range: DayRangeOptions

        @Option(help: "The report to write: a .html or .md file.")
        var out: String

        @Flag(help: "Glance's visit brief instead: the marker board, the Next Visit Prep suggestions and the last visit of each type, as of --to (default: the person's latest day).")
        var visit = false

        @OptionGroup var now: NowOption

        /// Glance's visit brief of `data` as of `instant`, written to --out.
        private func writeBrief(_ data: ProfileData, day: CalendarDay, asOf instant: Int, engine: InsightEngine) throws {
            let copyGuard = engine.copyGuard
            let board = MarkerStatusBoard(data, asOf: instant, copyGuard: copyGuard)
            let rows = board.rows.map { row in
                VisitBrief.MarkerRow(marker: row.name, latest: NumberText.format(row.value) + (row.unit.isEmpty ? "" : " " + row.unit),
                                     date: row.date, trend: MarkerStatusBoard.arrow(row.trend), status: MarkerStatusBoard.statusCell(row.status))
            }
            let runs = try InsightRequest.moduleRuns(registry: ModuleHost.registry(), modules: ["marker-trends", "visit-history"], settings: [])
            let insights = try engine.run(runs, on: data, asOf: instant).insights
            // The seed's Next Visit Prep: the marker prompts (status and trend), never progress lines.
            let suggestions = insights.filter { $0.module == "marker-trends" && $0.kind == .finding }.map(\.text.text)
            let visits = insights.filter { $0.module == "visit-history" && $0.kind != .progress }.map(\.text.text)
            let name = data.profile.displayName.isEmpty ? data.profile.id : data.profile.displayName
            let person = copyGuard.isSafe(name, module: "marker-trends") ? name : copyGuard.safeIdentifier(data.profile.id, kind: "profile")
            let brief = VisitBrief(person: person, day: day, markers: rows, suggestions: suggestions, visits: visits, copyGuard: copyGuard)
            try writeOut { try AtomicFile.write(out.hasSuffix(".md") ? brief.markdown() : brief.html(), to: out) }
            Standard.output("Wrote \(out): visit brief as of \(day), \(rows.count) marker\(rows.count == 1 ? "" : "s"), "
                            + "\(suggestions.count) suggestion\(suggestions.count == 1 ? "" : "s").\n")
        }

        /// Writes the report, any failure one line naming --out.
        private func writeOut(_ write: () throws -> Void) throws {
            do {
                try write()
            } catch let error as FileAccessError {
                throw CairnFailure(error.description)
            } catch {
                throw CairnFailure("\(out): cannot be written (\(error.localizedDescription))")
            }
        }

        /// The diary's entries from the start of `first` (sleep and weather from a day before).
        static func entries(of data: ProfileData, from first: CalendarDay) -> ProfileData {
            let start = data.zone.startOfDay(first), dayBefore = data.zone.startOfDay(first.adding(days: -1))
            var cut = data
            cut.headaches = data.headaches.filter { $0.onset.epochSeconds >= start }[...]
            cut.medications = data.medications.filter { $0.takenAt.epochSeconds >= start }[...]
            cut.factors = data.factors.filter { $0.at.epochSeconds >= start }[...]
            cut.sleep = data.sleep.filter { $0.nightOf >= first.adding(days: -1) }[...]
            cut.weather = data.weather.filter { $0.observedAtEpoch >= dayBefore }[...]
            return cut
        }

        /// The modules whose insights make the pattern summary, at their latest versions.
        static let patternModules = ["trigger-cooccurrence", "weather-correlation", "sleep-correlation", "calendar-patterns",
                                     "medication-effectiveness", "medication-overuse"]

        func validate() throws {
            guard out.hasSuffix(".html") || out.hasSuffix(".md") else {
                throw ValidationError("--out \(out): give a .html file (printable) or a .md file")
            }
        }

        func run() throws {
            try OutputPaths.refuse(out, option: "--out", against: [("the dataset", dataset)])
            let engine = try CopyGuardLoading.engine()
            let opened = try now.open(dataset)
            let source = try ProfileSource(opened)
            guard source.profileIDs.contains(profile) else {
                throw CairnFailure("no profile \(engine.copyGuard.safeIdentifier(profile, kind: "profile")) in \(dataset)"
                                   + Suggestions.didYouMean(profile, among: source.profileIDs))
            }
            guard let all = try source.load(profile) else { throw CairnFailure("\(profile): cannot be read from \(dataset)") }
            guard let last = try range.last ?? AsOfRule.profileLatest.day(for: all.profile, in: source) else {
                throw CairnFailure("\(profile) has no dated entries in \(dataset): there is nothing to report")
            }
            let first = range.first ?? last.adding(days: -89)
            guard first <= last else { throw CairnFailure("--from \(first) is after \(last), the person's latest day; give --to as well") }
            let instant = all.zone.startOfDay(last.adding(days: 1)) - 1
            let data = all.asOf(instant)
            if visit { return try writeBrief(data, day: last, asOf: instant, engine: engine) }
            let runs = try InsightRequest.moduleRuns(registry: ModuleHost.registry(), modules: Report.patternModules, settings: [])
            // Patterns from the range's own entries, as the table above them (issue 25: "13 of
            // your 26 headaches" under a table of 16); the night and the weather of the day before
            // its first day stay, as the first headache's 24 hours reach back into it.
            let insights = try engine.run(runs, on: Report.entries(of: data, from: first), asOf: instant).insights
            let patterns = insights.filter { $0.kind != InsightKind.progress }.map { $0.text.text }
            let report = ClinicianReport(data, from: first, to: last, patterns: patterns, scopes: Report.patternModules,
                                         copyGuard: engine.copyGuard, isAcute: MedicationOveruse.isAcute)
            let url = URL(fileURLWithPath: out)
            try writeOut {
                if out.hasSuffix(".md") {
                    let folder = url.deletingPathExtension().lastPathComponent + ".figures"
                    let figures = url.deletingLastPathComponent().appendingPathComponent(folder)
                    try FileManager.default.createDirectory(at: figures, withIntermediateDirectories: true)
                    try AtomicFile.write(report.chartSVG(), to: figures.appendingPathComponent("frequency.svg").path)
                    try AtomicFile.write(report.markdown(chartPath: folder + "/frequency.svg"), to: out)
                } else {
                    try AtomicFile.write(report.html(), to: out)
                }
            }
            Standard.output("Wrote \(out): \(report.rows.count) headache\(report.rows.count == 1 ? "" : "s"), \(first) to \(last), "
                            + "\(patterns.count) pattern\(patterns.count == 1 ? "" : "s").\n")
        }
    }
}
