import CairnCore
import Foundation

/// What an import did, row by row: every row read is counted as imported, rejected or skipped,
/// and every warning and rejection is listed with its file, line and reason.
public struct ImportReport: Sendable {
    public struct FileSummary: Sendable {
        public var path: String
        /// The contract table, or "synthea:observations".
        public var format: String
        public var rowsRead = 0
        public var imported = 0
        public var rejected = 0
        public var skipped = 0
        public var warnings = 0
        public var ignoredColumns: [String] = []
    }

    public var dataset: String
    public var files: [FileSummary] = []
    public var issues: [ImportIssue] = []
    /// Rows skipped as outside what Cairn imports, per reason (counted, not listed one by one).
    public var skippedByReason: [ImportIssue.Reason: Int] = [:]
    /// Files in a source directory that are not contract tables or a Synthea observations file.
    public var ignoredFiles: [String] = []
    /// Synthea codes that map to no marker, with their description and row count.
    public var skippedCodes: [String: (description: String, rows: Int)] = [:]
    /// Profiles created because rows named a profile_id with no profiles row (zone UTC).
    public var createdProfiles: [String] = []
    /// The zone each FHIR patient was given, and what gave it.
    public var profileZones: [ProfileZone] = []

    /// A profile's time zone as an import chose it.
    public struct ProfileZone: Sendable, Equatable {
        public var profile: String
        public var zone: String
        /// "the tz-code extension", "address state TX", "--time-zone", or "no state: UTC".
        public var from: String
    }
    /// Where rejected rows were written, when any were.
    public var rejectsFile: String?
    /// Headaches whose onset is a date alone (a day-level diary): time unknown.
    public var dateOnlyOnsets = 0

    /// What a date-only onset means, and which analyses use it (DATA-CONTRACT.md, headaches).
    public static let dateOnlyOnsetNote = "the time is unknown; each is resolved at its resolved_at, by the end of that day when it "
        + "is a date alone, or of its own day when none is given. Streaks, headache days, weekdays, sleep-correlation and the medication modules use them; "
        + "trigger-cooccurrence, weather-correlation and the time of day leave them out, as they need the clock time."

    public var rowsRead: Int { files.reduce(0) { $0 + $1.rowsRead } }
    public var imported: Int { files.reduce(0) { $0 + $1.imported } }
    public var rejected: Int { files.reduce(0) { $0 + $1.rejected } }
    public var skipped: Int { files.reduce(0) { $0 + $1.skipped } }
    public var warnings: Int { issues.count { $0.severity == .warning } }

    /// Counts per reason, for one severity.
    public func counts(of severity: ImportIssue.Severity) -> [ImportIssue.Reason: Int] {
        if severity == .skipped { return skippedByReason }
        var counts: [ImportIssue.Reason: Int] = [:]
        for issue in issues where issue.severity == severity { counts[issue.reason, default: 0] += 1 }
        return counts
    }

    /// 0 when every row was imported, 1 when some were rejected.
    public var exitStatus: Int32 { rejected > 0 ? 1 : 0 }
}

extension ImportReport {
    /// The report for people. Long lists stop after `limit` entries of each kind.
    public func text(limit: Int = 20) -> String {
        var lines: [String] = []
        let g = NumberText.grouped
        lines.append("Imported \(g(imported)) of \(g(rowsRead)) rows into \(dataset): "
            + "\(g(warnings)) warning\(warnings == 1 ? "" : "s"), \(g(rejected)) rejected, \(g(skipped)) skipped.")
        let width = files.map(\.path.count).max() ?? 0
        for file in files {
            var line = "  " + file.path.padding(toLength: width, withPad: " ", startingAt: 0)
                + "  \(file.format): \(g(file.rowsRead)) read, \(g(file.imported)) imported"
            if file.rejected > 0 { line += ", \(g(file.rejected)) rejected" }
            if file.skipped > 0 { line += ", \(g(file.skipped)) skipped" }
            if file.warnings > 0 { line += ", \(g(file.warnings)) with warnings" }
            lines.append(line)
        }
        if !ignoredFiles.isEmpty {
            lines.append("Ignored (not a contract table or Synthea observations): " + ignoredFiles.joined(separator: ", "))
        }
        if !createdProfiles.isEmpty {
            lines.append("Profiles created with time zone UTC (no profiles row): " + createdProfiles.joined(separator: ", "))
        }
        if dateOnlyOnsets > 0 {
            lines.append("\(g(dateOnlyOnsets)) headache\(dateOnlyOnsets == 1 ? "" : "s") dated by day alone: " + ImportReport.dateOnlyOnsetNote)
        }
        if !profileZones.isEmpty {
            var zones = profileZones.prefix(limit).map { "\($0.profile) \($0.zone) (\($0.from))" }.joined(separator: ", ")
            if profileZones.count > limit { zones += ", ... and \(g(profileZones.count - limit)) more" }
            lines.append("Time zones of patients: " + zones)
        }
        for (severity, title) in [(ImportIssue.Severity.rejected, "Rejected"), (.warning, "Warnings")] {
            let listed = issues.filter { $0.severity == severity }
            guard !listed.isEmpty else { continue }
            lines.append("\(title):")
            for issue in listed.prefix(limit) {
                lines.append("  \(issue.locatedMessage) [\(issue.reason.rawValue)]")
            }
            if listed.count > limit {
                lines.append("  ... and \(g(listed.count - limit)) more; `--format json` lists them all")
            }
        }
        let skips = counts(of: .skipped)
        if !skips.isEmpty {
            lines.append("Skipped:")
            for (reason, count) in skips.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                lines.append("  \(g(count)) \(reason.rawValue)")
            }
            let codes = skippedCodes.sorted { ($1.value.rows, $0.key) < ($0.value.rows, $1.key) }
            for (code, entry) in codes.prefix(limit) {
                lines.append("    code \(code) (\(entry.description)): \(g(entry.rows)) row\(entry.rows == 1 ? "" : "s")")
            }
            if codes.count > limit { lines.append("    ... and \(codes.count - limit) more codes") }
        }
        if let rejectsFile {
            lines.append("Rejected rows were written to \(rejectsFile) with their original text.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report for programs: stable keys, sorted, every issue listed.
    public func json() -> String {
        struct FileJSON: Encodable {
            var path: String, format: String
            var rows_read: Int, imported: Int, rejected: Int, skipped: Int, warnings: Int
            var ignored_columns: [String]
        }
        struct IssueJSON: Encodable {
            var severity: String, reason: String, file: String, line: Int
            var column: Int?, column_name: String?, message: String, did_you_mean: Double?
        }
        struct CodeJSON: Encodable { var description: String, rows: Int }
        struct ZoneJSON: Encodable { var profile: String, time_zone: String, from: String }
        struct ReasonsJSON: Encodable { var rejected: [String: Int], warnings: [String: Int], skipped: [String: Int] }
        struct ReportJSON: Encodable {
            var dataset: String
            var rows_read: Int, imported: Int, rejected: Int, skipped: Int, warnings: Int
            var files: [FileJSON]
            var reasons: ReasonsJSON
            var skipped_codes: [String: CodeJSON]
            var created_profiles: [String]
            var date_only_onsets: Int
            var profile_zones: [ZoneJSON]
            var ignored_files: [String]
            var rejects_file: String?
            var issues: [IssueJSON]
        }
        func byName(_ counts: [ImportIssue.Reason: Int]) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) })
        }
        let report = ReportJSON(
            dataset: dataset, rows_read: rowsRead, imported: imported, rejected: rejected, skipped: skipped,
            warnings: warnings,
            files: files.map {
                FileJSON(path: $0.path, format: $0.format, rows_read: $0.rowsRead, imported: $0.imported,
                         rejected: $0.rejected, skipped: $0.skipped, warnings: $0.warnings,
                         ignored_columns: $0.ignoredColumns)
            },
            reasons: ReasonsJSON(rejected: byName(counts(of: .rejected)), warnings: byName(counts(of: .warning)),
                                 skipped: byName(counts(of: .skipped))),
            skipped_codes: skippedCodes.mapValues { CodeJSON(description: $0.description, rows: $0.rows) },
            created_profiles: createdProfiles, date_only_onsets: dateOnlyOnsets,
            profile_zones: profileZones.map { ZoneJSON(profile: $0.profile, time_zone: $0.zone, from: $0.from) }, ignored_files: ignoredFiles, rejects_file: rejectsFile,
            issues: issues.map {
                IssueJSON(severity: $0.severity.rawValue, reason: $0.reason.rawValue, file: $0.file, line: $0.line,
                          column: $0.column, column_name: $0.columnName, message: $0.message,
                          did_you_mean: $0.didYouMean)
            })
        return JSONText.encode(report)
    }
}
