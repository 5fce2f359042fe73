import ArgumentParser
import CairnAnalysis
import CairnCore
import CairnStore
import Foundation

extension Cairn {
    /// `cairn search DATASET [TEXT]`: markers and visits, as Glance and MediFamily search them.
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Search markers (name, alias, id or LOINC code; tracked or not) and visits (text, filters, sorting).",
            discussion: """
                Markers match by part of a name, an alias ("good cholesterol" finds HDL \
                Cholesterol), an id or a LOINC code, case-insensitive, whole names first; \
                `tracked` says whether the profile (or anyone, without --profile) has readings. \
                Visits match TEXT in the condition, title, doctor, notes or the person's own \
                visit label, and every filter given (AND): --condition, --doctor, --tag, \
                --visit-type, --from and --to (dates, inclusive). --sort date (newest first, the \
                default), oldest, condition (A-Z) or frequency (the most visited condition first). \
                Without --type, TEXT searches both; with filters and no TEXT, visits.
                """)

        enum Kind: String, ExpressibleByArgument, CaseIterable { case marker, visit }

        @Argument(help: "A dataset: a .sqlite file made by `cairn import`, or a directory of contract CSVs.")
        var dataset: String

        @Argument(help: "The text to find (optional when filtering visits).")
        var text: String?

        @Option(help: "marker or visit (default: both, or visits when only filters are given).")
        var type: Kind?

        @Option(help: "Only this profile's visits, and tracked means tracked by this profile.")
        var profile: String?

        @Option(help: "Visits whose condition contains this text.")
        var condition: String?

        @Option(help: "Visits whose doctor contains this text.")
        var doctor: String?

        @Option(help: "Visits with this tag.")
        var tag: String?

        @Option(name: .customLong("visit-type"), help: "Visits of this type (physical, dental, vision, specialist, labWork, imaging, other).")
        var visitType: String?

        @OptionGroup var range: DayRangeOptions

        @Option(help: "date (newest first), oldest, condition or frequency.")
        var sort: DatasetSearch.VisitOrder = .date

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        @OptionGroup var now: NowOption

        var filtersVisits: Bool { [condition, doctor, tag, visitType, range.from, range.to].contains { $0 != nil } }

        func validate() throws {
            if let visitType, Visit.VisitType(rawValue: visitType) == nil {
                throw ValidationError("--visit-type \(visitType) is not a visit type; use "
                                      + Visit.VisitType.allCases.map(\.rawValue).joined(separator: ", "))
            }
            if (text ?? "").trimmingCharacters(in: .whitespaces).isEmpty && !filtersVisits {
                throw ValidationError("give TEXT to search for, or a visit filter (--condition, --doctor, --tag, --visit-type, --from, --to)")
            }
            if type == .marker && filtersVisits { throw ValidationError("visit filters do not apply to --type marker") }
        }

        func run() throws {
            let opened = try now.open(dataset)
            let source = try ProfileSource(opened)
            if let profile, !source.profileIDs.contains(profile) {
                throw CairnFailure("no profile \(profile) in \(dataset)" + Suggestions.didYouMean(profile, among: source.profileIDs))
            }
            var filters = DatasetSearch.VisitFilters()
            (filters.text, filters.profile, filters.condition, filters.doctor, filters.tag) = (text, profile, condition, doctor, tag)
            (filters.visitType, filters.order) = (visitType, sort)
            (filters.from, filters.to) = (range.first, range.last)
            let wantsMarkers = type == .marker || (type == nil && !filtersVisits && text != nil)
            let wantsVisits = type == .visit || type == nil
            let markers = wantsMarkers ? try DatasetSearch.markers(text ?? "", library: source.markers, database: opened.database, profile: profile) : []
            let visits = wantsVisits ? try DatasetSearch.visits(filters, database: opened.database) : []
            Standard.output(DatasetSearch.output(markers: wantsMarkers ? markers : nil, visits: wantsVisits ? visits : nil, json: format == .json))
        }
    }
}

extension DatasetSearch.VisitOrder: ExpressibleByArgument {}
