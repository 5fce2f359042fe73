import CairnAnalysis
import CairnCopy
import CairnCore
import CairnPlot

/// Aurae's report for a clinician (seed 002, 5.6): for one person and a date range, the
/// summary table (date, time, severity, duration, weather as temperature and condition,
/// medication, notes cut at 40 characters), headache days month by month as bars with the
/// acute-medication days of each month beside them (the first thing a headache clinic asks),
/// the severity distribution, the pattern summary (the modules' insights over the range's own
/// entries, so that "8 of your 16 headaches" matches the table) and the full disclaimer and
/// footer. As HTML for the screen and for print (A4 portrait, the
/// table's header repeated on each page, rows never split) or as Markdown with the chart beside.
///
/// Every string passes the copy guard: Cairn's own words are checked (a broken one would be
/// masked), the person's words (notes, medicine names, the name) are shown only when they
/// break no rule and otherwise replaced by a neutral reference.
public struct ClinicianReport: Sendable {
    public struct Row: Sendable, Equatable {
        public let date: String
        public let time: String
        public let severity: String
        public let duration: String
        public let weather: String
        public let medication: String
        public let notes: String
    }

    public let person: String
    public let from: CalendarDay
    public let to: CalendarDay
    public let rows: [Row]
    public let patterns: [String]
    public let severityCounts: [(label: String, count: Int)]
    /// Headache days and acute-medication days in each month of the range.
    public let months: [(month: CalendarDay, days: Int, acuteDays: Int)]
    let disclaimer: String
    let footer: String
    let copyGuard: CopyGuard
    /// The headache-diary modules whose rules the report's words are checked against (the
    /// report is their copy: "Medication" is a column here, while marker copy may not say it).
    let scopes: [String]

    public static let columns = ["Date", "Time", "Severity", "Duration", "Weather", "Medication", "Notes"]
    public static let notesLength = 40

    /// The report of `data` (cut at the end of `to`) for `from` to `to`; `patterns` are insight
    /// texts already admitted by the guard; `scopes` the modules whose rules apply to its words;
    /// `isAcute` the rule medication-overuse counts acute days by.
    public init(_ data: ProfileData, from: CalendarDay, to: CalendarDay, patterns: [String], scopes: [String], copyGuard: CopyGuard,
                isAcute: (Medication) -> Bool) {
        self.copyGuard = copyGuard
        self.scopes = scopes
        let isSafe = { (text: String) in scopes.allSatisfy { copyGuard.isSafe(text, module: $0) } }
        self.from = from
        self.to = to
        self.patterns = patterns
        let name = data.profile.displayName.isEmpty ? data.profile.id : data.profile.displayName
        // The person's words keep no control character: a page is read, not obeyed.
        person = isSafe(name) ? TerminalText.escaped(name) : copyGuard.safeIdentifier(data.profile.id, kind: "profile")
        let headaches = data.headaches.filter { (from...to).contains($0.onset.day) }.sorted { $0.onset.epochSeconds < $1.onset.epochSeconds }
        var rows: [Row] = []
        for headache in headaches {
            let local = DiaryWindows.localSecond(ofEpoch: headache.onset.epochSeconds, zone: data.zone)
            let end = headache.resolved?.epochSeconds
            // Taken for this headache: linked to it, or marked acute and taken while it lasted
            // (a daily medicine taken that day is not the headache's).
            let taken = data.medications.filter { medication in
                medication.headacheID == headache.id
                    || (medication.headacheID == nil && medication.isAcute == true
                        && medication.takenAt.epochSeconds >= headache.onset.epochSeconds
                        && medication.takenAt.epochSeconds <= (end ?? Int.max))
            }
            rows.append(Row(
                date: headache.onset.day.description,
                // A day-level diary's onset: its time, and so its duration, are unknown.
                time: headache.onset.hasTime ? String(format: "%02d:%02d", local / 3600, local % 3600 / 60) : "—",
                severity: ClinicianReport.severityWord(headache.severity),
                duration: !headache.onset.hasTime ? "—"
                    : end.map { ClinicianReport.duration(minutes: ($0 - headache.onset.epochSeconds) / 60) } ?? "ongoing",
                weather: headache.onset.hasTime ? ClinicianReport.weather(at: headache.onset.epochSeconds, in: data.weather) : "—",
                medication: TerminalText.escaped(ClinicianReport.medicines(taken.map { medication in
                    // The name and the dose are the person's data, each checked on its own: a
                    // dose beside a medicine name is copy the guard stops ("Rosuvastatin 10 mg"
                    // as advice), a row of the diary is not.
                    guard isSafe(medication.name) else { return LabelKind.medication.neutralReference }
                    guard let dose = medication.dose else { return medication.name }
                    return isSafe(dose) ? medication.name + " " + dose : medication.name
                })),
                notes: TerminalText.escaped(ClinicianReport.note(headache.notes, isSafe: isSafe))))
        }
        self.rows = rows
        severityCounts = [("mild", 1), ("moderate", 3), ("severe", 5)].map { label, level in
            (label, headaches.filter { $0.severity == level }.count)
        }
        var months: [(CalendarDay, Int, Int)] = []
        var month = from.firstOfMonth
        let onsetDays = Set(headaches.map(\.onset.day))
        let acuteDays = Set(data.medications.filter { (from...to).contains($0.takenAt.day) && isAcute($0) }.map(\.takenAt.day))
        while month <= to {
            months.append((month, onsetDays.filter { $0.firstOfMonth == month }.count, acuteDays.filter { $0.firstOfMonth == month }.count))
            month = month.firstOfNextMonth
        }
        self.months = months
        disclaimer = copyGuard.approvedText("insights-disclaimer") ?? ""
        footer = copyGuard.approvedText("insights-footer") ?? ""
    }

    /// Medicines in the order first taken, a repeated dose counted ("Ibuprofen 400 mg ×2").
    static func medicines(_ names: [String]) -> String {
        guard !names.isEmpty else { return "—" }
        var order: [String] = [], counts: [String: Int] = [:]
        for name in names {
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }
        return order.map { counts[$0]! > 1 ? "\($0) ×\(counts[$0]!)" : $0 }.joined(separator: ", ")
    }

    static func severityWord(_ level: Int) -> String {
        switch level {
        case 1: return "mild (1)"
        case 3: return "moderate (3)"
        case 5: return "severe (5)"
        default: return String(level)
        }
    }

    static func duration(minutes: Int) -> String {
        let (hours, rest) = (minutes / 60, minutes % 60)
        if hours == 0 { return "\(rest) min" }
        return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
    }

    /// The observation nearest the onset within three hours: temperature and condition.
    static func weather(at instant: Int, in observations: ArraySlice<WeatherObservation>) -> String {
        let near = observations.filter { abs($0.observedAtEpoch - instant) <= 3 * 3600 }
            .min { (abs($0.observedAtEpoch - instant), $0.observedAtEpoch) < (abs($1.observedAtEpoch - instant), $1.observedAtEpoch) }
        guard let near else { return "—" }
        let parts = [near.temperatureC.map { NumberText.format(($0 * 10).rounded() / 10) + " °C" },
                     near.weatherCode.flatMap(WeatherCondition.words)].compactMap { $0 }
        return parts.isEmpty ? "—" : parts.joined(separator: ", ")
    }

    /// A note cut at 40 characters (seed 002, 5.6), or a neutral mark when it breaks a rule.
    static func note(_ text: String?, isSafe: (String) -> Bool) -> String {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return "" }
        guard isSafe(text) else { return "(note not shown)" }
        let flat = text.split(whereSeparator: { $0.isNewline }).joined(separator: " ")
        return flat.count > notesLength ? String(flat.prefix(notesLength)) + "…" : flat
    }

    /// Text in a Markdown table cell, shown as text: no column break, HTML or link from the data.
    static func markdownCell(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|", "[", "]", "\\", "`": out += "\\" + String(character)
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Cairn's own words, checked: a rule they broke would be masked, never shown.
    func say(_ text: String) -> String { scopes.reduce(text) { copyGuard.masked($0, module: $1) } }

    var title: String { say("Headache report") }
    var range: String { say("\(from) to \(to)") }
    var summaryLine: String {
        let days = Set(rows.map(\.date)).count
        return say("\(rows.count) headache\(rows.count == 1 ? "" : "s") on \(days) day\(days == 1 ? "" : "s").")
    }

    /// The chart of headache days per month, as SVG bars.
    public func chartSVG() -> String {
        MonthlyBarChart(title: say("Headache days per month"), barLabel: say("headache days in the month"),
                        months: months.map { ($0.month, $0.days) }).render()
    }

    static let monthColumns = ["Month", "Headache days", "Acute medication days"]

    /// Each month's row of the monthly table.
    var monthRows: [[String]] { months.map { [$0.month.monthText, String($0.days), String($0.acuteDays)] } }

    /// Patterns are found in the range's own entries, said under their heading.
    var patternsScope: String { say("From the entries of \(from) to \(to) only; a headache counts once it is resolved.") }

    // MARK: HTML

    public func html() -> String {
        let e = HTMLText.escape
        var body = "<header><h1>\(e(title))</h1><p class=\"who\">\(e(person)) · \(e(range))</p></header>\n"
        body += "<p>\(e(summaryLine))</p>\n"
        body += "<table class=\"summary\">\n<thead><tr>" + ClinicianReport.columns.map { "<th>\(e(say($0)))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for row in rows {
            body += "<tr>" + [row.date, row.time, row.severity, row.duration, row.weather, row.medication, row.notes]
                .map { "<td>\(e($0))</td>" }.joined() + "</tr>\n"
        }
        if rows.isEmpty { body += "<tr><td colspan=\"7\">\(e(say("No headaches logged in this range.")))</td></tr>\n" }
        body += "</tbody>\n</table>\n"
        body += "<section class=\"page\">\n<h2>\(e(say("Frequency")))</h2>\n<figure>\n" + chartSVG().trimmingCharacters(in: .whitespacesAndNewlines)
            + "\n</figure>\n<table class=\"months\">\n<thead><tr>" + ClinicianReport.monthColumns.map { "<th>\(e(say($0)))</th>" }.joined()
            + "</tr></thead>\n<tbody>\n" + monthRows.map { "<tr>" + $0.map { "<td>\(e($0))</td>" }.joined() + "</tr>\n" }.joined()
            + "</tbody>\n</table>\n<h2>\(e(say("Severity")))</h2>\n<table class=\"severity\"><tbody>\n"
        for (label, count) in severityCounts { body += "<tr><th>\(e(say(label)))</th><td>\(count)</td></tr>\n" }
        body += "</tbody></table>\n<h2>\(e(say("Patterns")))</h2>\n<p class=\"scope\">\(e(patternsScope))</p>\n"
        body += patterns.isEmpty ? "<p>\(e(say("No patterns to show for this range.")))</p>\n"
            : "<ul class=\"patterns\">\n" + patterns.map { "<li>\(e($0))</li>" }.joined(separator: "\n") + "\n</ul>\n"
        body += "</section>\n<footer>\n<p class=\"disclaimer\">\(e(disclaimer))</p>\n<p>\(e(footer))</p>\n<p>\(e(say("Generated by Cairn")))</p>\n</footer>\n"
        return HTMLText.page(title: title + " · " + person, generator: "cairn report", style: ClinicianReport.style, body: body)
    }

    static let style = """
        @page { size: A4 portrait; margin: 14mm; }
        body { margin: 0; color: #1b1b1b; font: 11pt/1.4 "DejaVu Sans", system-ui, sans-serif; }
        main { max-width: 190mm; margin: 0 auto; padding: 8mm 0; }
        header { border-top: 6px solid #127c7c; padding-top: 4mm; }
        h1 { margin: 0 0 1mm; font-size: 20pt; }
        h2 { font-size: 13pt; margin: 6mm 0 2mm; }
        .who { margin: 0 0 4mm; color: #444; }
        table { border-collapse: collapse; width: 100%; font-size: 9pt; }
        th, td { border-bottom: 1px solid #d0d0d0; padding: 1.5mm 2mm; text-align: left; vertical-align: top; }
        thead th { background: #e8f3f3; }
        table.summary td:nth-child(-n+4), table.summary th:nth-child(-n+4) { white-space: nowrap; }
        table.severity, table.months { width: auto; margin-top: 3mm; }
        .scope { color: #444; margin: 0 0 2mm; }
        figure { margin: 0; }
        figure svg { max-width: 100%; height: auto; }
        footer { margin-top: 8mm; font-size: 9pt; color: #333; border-top: 1px solid #d0d0d0; }
        .disclaimer { font-weight: 600; }
        @media print {
            thead { display: table-header-group; }
            tr, figure, footer { break-inside: avoid; }
            section.page { break-before: page; }
        }
        """

    // MARK: Markdown

    /// The report as Markdown, the chart linked at `chartPath` (written beside it).
    public func markdown(chartPath: String) -> String {
        let cell = ClinicianReport.markdownCell
        var out = "# \(title)\n\n\(cell(person)) · \(range)\n\n\(summaryLine)\n\n"
        out += "| " + ClinicianReport.columns.map { cell(say($0)) }.joined(separator: " | ") + " |\n"
        out += "|" + String(repeating: " --- |", count: ClinicianReport.columns.count) + "\n"
        for row in rows {
            out += "| " + [row.date, row.time, row.severity, row.duration, row.weather, row.medication, row.notes].map(cell)
                .joined(separator: " | ") + " |\n"
        }
        out += "\n## \(say("Frequency"))\n\n![\(say("Headache days per month"))](\(chartPath))\n\n"
        out += "| " + ClinicianReport.monthColumns.map { say($0) }.joined(separator: " | ") + " |\n|"
            + String(repeating: " --- |", count: ClinicianReport.monthColumns.count) + "\n"
            + monthRows.map { "| " + $0.joined(separator: " | ") + " |\n" }.joined()
        out += "\n## \(say("Severity"))\n\n"
        out += severityCounts.map { "- \(say($0.label)): \($0.count)" }.joined(separator: "\n") + "\n\n## \(say("Patterns"))\n\n\(patternsScope)\n\n"
        out += patterns.isEmpty ? say("No patterns to show for this range.") + "\n" : patterns.map { "- " + $0 }.joined(separator: "\n") + "\n"
        out += "\n---\n\n**\(disclaimer)**\n\n\(footer)\n\n\(say("Generated by Cairn"))\n"
        return out
    }
}
