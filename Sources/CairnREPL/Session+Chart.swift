import CairnAnalysis
import CairnCore
import CairnPlot
import Foundation
import MarkerTrends

extension Session {
    /// `.chart NAME… [--step day|week|month] [--svg FILE]`: one person's markers, or a module's
    /// evidence (`MODULE:KEY`) week by week (or at the step asked), over time. On a terminal a text chart of the first; in a notebook, or
    /// with `--svg`, an SVG picture of them all in panels sharing the time axis, with the
    /// reference bands, out-of-range readings and the day each module's gates opened.
    func chart(_ arguments: [String]) throws -> String {
        var names: [String] = [], svgPath: String?, step = Replay.Step.week
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--svg" {
                guard index + 1 < arguments.count else { throw SessionError("--svg needs a file: .chart MARKER --svg FILE.svg") }
                svgPath = arguments[index + 1]
                index += 2
            } else if arguments[index] == "--step" {
                let steps = [Replay.Step.day, .week, .month]
                guard index + 1 < arguments.count, let asked = Replay.Step(rawValue: arguments[index + 1]), steps.contains(asked) else {
                    throw SessionError("--step takes " + steps.map(\.rawValue).joined(separator: ", ")
                                       + " (evidence is evaluated at the end of each); for example .chart MODULE:KEY --step day")
                }
                step = asked
                index += 2
            } else {
                names.append(arguments[index])
                index += 1
            }
        }
        guard !names.isEmpty else { throw SessionError(".chart needs a marker or MODULE:KEY; usage: .chart NAME… [--svg FILE]") }
        let source = try source()
        guard let id = profileID ?? (source.count == 1 ? source.profileIDs.first : nil), let data = try source.load(id) else {
            throw SessionError("choose a profile first with .profile P (charts show one person's data)")
        }
        let copyGuard = (try engine).copyGuard
        let cutoff = try asOf(for: data)
        var series: [SVGChart.Series] = [], marks: [SVGChart.Mark] = [], summaries: [String] = []
        var span: ClosedRange<CalendarDay>?
        for name in names {
            if let colon = name.firstIndex(of: ":") {
                let (one, opened) = try evidenceSeries(module: String(name[..<colon]), key: String(name[name.index(after: colon)...]),
                                                       data: data, cutoff: cutoff, step: step)
                series.append(one)
                // Two keys of one module share its gates.
                marks += opened.filter { mark in !marks.contains { $0.day == mark.day && $0.label == mark.label } }
                // Evidence is evaluated step by step over the whole of the profile's data.
                if let days = data.daySpan {
                    let last = min(days.upperBound, data.zone.day(ofEpoch: cutoff))
                    span = min(span?.lowerBound ?? days.lowerBound, days.lowerBound)...max(span?.upperBound ?? last, last)
                }
            } else {
                let (one, summary) = try markerSeries(name, data: data, cutoff: cutoff)
                series.append(one)
                if let summary { summaries.append(summary) }
            }
        }
        // A date set with .asof is the session's, whichever profile is charted: the title says it.
        var shownProfile = copyGuard.safeIdentifier(data.profile.id, kind: "profile")
        switch asOfRule {
        case .day, .instant: shownProfile += ", as of \(asOfRule)"
        case .profileLatest, .datasetLatest: break
        }
        let title = series.map(\.label).joined(separator: ", ") + " — " + shownProfile
        if collectsFigures || svgPath != nil {
            var chart = SVGChart(title: title, series: series, marks: marks)
            if names.allSatisfy({ $0.contains(":") }) { chart.pointLabel = "value" }
            if !summaries.isEmpty { chart.summary = summaries.joined(separator: ". ") }
            if let span {
                let days = series.flatMap { $0.points.map(\.day) }
                chart.span = min(span.lowerBound, days.min() ?? span.lowerBound)...max(span.upperBound, days.max() ?? span.upperBound)
            }
            let svg = chart.render()
            if let svgPath {
                let target = try writableTarget(svgPath)
                do {
                    try AtomicFile.write(svg, to: target)
                } catch {
                    throw SessionError.fileWrite(FileAccessError(path: svgPath, reason: error.reason).description)
                }
                return "Wrote \(svgPath): \(title).\n"
            }
            drawnFigures.append((title, svg))
            return series.map { one in
                let outside = one.points.filter { one.isOutside($0.value) }.count
                return "\(one.label): \(one.points.count) points"
                    + (one.points.first.map { ", \($0.day) to \(one.points.last!.day)" } ?? "")
                    + (outside > 0 ? ", \(outside) outside the range" : "")
            }.joined(separator: "\n") + marks.map { "\n\($0.day): \($0.label)" }.joined() + "\n"
                + summaries.map { $0 + "\n" }.joined()
        }
        let first = series[0]
        return TerminalChart(title: first.label + (first.unit.isEmpty ? "" : " (\(first.unit))") + ", " + shownProfile,
                             points: first.points.map { ($0.day, $0.value) }, low: first.low, high: first.high,
                             width: columns).render()
            + (summaries.first.map { $0 + "\n" } ?? "")
            + (series.count > 1 ? "(the terminal shows the first; .chart … --svg FILE draws them all)\n" : "")
    }

    /// A marker's readings as a series, and its chart read aloud in Glance's words.
    private func markerSeries(_ name: String, data: ProfileData, cutoff: Int) throws -> (SVGChart.Series, String?) {
        let copyGuard = (try engine).copyGuard
        guard let marker = data.markers.resolve(name) else {
            let hints = data.markers.suggestions(for: name)
            throw SessionError("no marker \(name)" + (hints.isEmpty ? "" : "; did you mean \(hints.joined(separator: " or "))?"))
        }
        let all = data.readings.filter { $0.markerID == marker.id && $0.date.epochSeconds <= cutoff }
        guard !all.isEmpty else {
            // Glance's empty state for no data points: a prompt to add the first reading.
            throw SessionError("\(copyGuard.safeIdentifier(data.profile.id, kind: "profile")) has no "
                               + "\(copyGuard.safeIdentifier(marker.displayName, kind: "marker")) readings yet; "
                               + "add a first one (.import FILE) to start the chart")
        }
        // A reading outside the plausible range (kept at import with a warning) would stretch the
        // scale and the trend: left out, as the board and marker-trends leave it out, and said.
        let readings = all.filter { !marker.isImplausible($0.value) }
        guard !readings.isEmpty else {
            throw SessionError("\(copyGuard.safeIdentifier(data.profile.id, kind: "profile")) has no "
                               + "\(copyGuard.safeIdentifier(marker.displayName, kind: "marker")) reading inside its plausible range "
                               + "(\(all.count) left out); .markers shows them flagged")
        }
        let override = data.overrides[marker.id]
        var summary = MarkerStatusBoard.chartSummary(marker, readings: Array(readings), asOf: data.zone.day(ofEpoch: cutoff), input: data,
                                                     copyGuard: copyGuard)
        if readings.count < all.count {
            let leftOut = all.count - readings.count
            let note = try? copyGuard.render(CopyMessage("marker-trends.chart-implausible-left-out", [
                "count": .count(leftOut), "readings": .choice(leftOut == 1 ? "reading" : "readings"), "marker": .marker(marker.displayName),
            ]), module: MarkerTrendsV3.id).get().copy.text
            summary = [summary, note].compactMap { $0 }.joined(separator: ". ")
        }
        return (SVGChart.Series(label: copyGuard.safeIdentifier(marker.displayName, kind: "marker"),
                               unit: copyGuard.safeIdentifier(marker.unit, kind: "unit"),
                               points: readings.map { SVGChart.Point(day: $0.date.day, value: $0.value) },
                               low: override != nil ? override!.low : marker.referenceLow,
                               high: override != nil ? override!.high : marker.referenceHigh), summary)
    }

    /// A module's evidence value, evaluated at the end of each step (a day, week or month) of
    /// the profile's data up to the as-of day, and the days its gates opened.
    private func evidenceSeries(module: String, key: String, data: ProfileData, cutoff: Int, step: Replay.Step)
        throws -> (SVGChart.Series, [SVGChart.Mark]) {
        let run = try moduleRun(module)
        let engine = try engine
        guard let span = data.daySpan else { throw SessionError("this profile has no events to chart") }
        let last = min(span.upperBound, data.zone.day(ofEpoch: cutoff))
        guard span.lowerBound <= last else { throw SessionError("this profile has no events before the as-of day") }
        var points: [SVGChart.Point] = [], marks: [SVGChart.Mark] = [], opened: Set<String> = []
        var keys: Set<String> = []
        for day in Replay.days(from: span.lowerBound, to: last, step: step) {
            if isCancelled() { throw SessionError("cancelled") }
            let instant = data.zone.startOfDay(day.adding(days: 1)) - 1
            let (report, gates) = try engine.evaluate(run, visible: data.asOf(instant), asOf: instant)
            for gate in gates where gate.isOpen && opened.insert(gate.name).inserted && day > span.lowerBound {
                marks.append(SVGChart.Mark(day: day, label: "\(gate.name) gate open"))
            }
            for insight in report.insights { keys.formUnion(insight.evidence.keys) }
            if let value = report.insights.lazy.compactMap({ $0.evidence[key]?.number }).first {
                points.append(SVGChart.Point(day: day, value: value))
            }
        }
        guard !points.isEmpty else {
            let numeric = keys.sorted()
            throw SessionError("\(run.descriptor.key) gives no number \(key) for this profile"
                               + Suggestions.didYouMean(key, among: numeric)
                               + (numeric.isEmpty ? "" : "; its evidence keys: " + numeric.prefix(20).joined(separator: ", ")))
        }
        return (SVGChart.Series(label: "\(run.descriptor.id) \(key)", unit: "", points: points), marks)
    }
}
