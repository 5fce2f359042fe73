import CairnModuleKit
import CairnCore
import CairnStats
import Foundation

/// Glance's "last visit of type" (seed 000 section 5.7) and MediFamily's visit statistics
/// (seed 004 FR-6.4): for each type of visit, when the last one was, how long ago in whole
/// months, and the next planned one.
///
/// Cost: O(v log v) for v visits (grouped by type, types sorted).
public struct VisitHistory: AnalysisModule {
    public static let id = "visit-history"
    public static let version = 1
    public static let reads: Set<ContractTable> = [.visits]
    public static let requires: Set<ContractTable> = [.visits]
    public static let summary = "When each type of visit last happened (version 1 names the next planned one in its summary but never shows it)."
    public static let details = """
        when each type of visit last happened
        """
    public static let seed = "Glance 5.7, MediFamily FR-6.4"
    public static let parameters: [ParameterSpec] = []

    public init(parameters: ParameterValues) {}

    /// The visit's type as a catalogued phrase, or the person's own label for a visit of type
    /// other (a user label: the guard checks it before it is shown).
    public enum Name: Hashable, Sendable {
        case phrase(String)
        case label(String)

        public init(_ visit: Visit) {
            switch visit.type {
            case .physical: self = .phrase("physical")
            case .dental: self = .phrase("dental visit")
            case .vision: self = .phrase("vision check")
            case .specialist: self = .phrase("specialist visit")
            case .labWork: self = .phrase("lab work")
            case .imaging: self = .phrase("imaging visit")
            case .other:
                let label = visit.typeLabel?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
                self = label.isEmpty ? .phrase("other visit") : .label(label)
            }
        }

        public var subject: String {
            switch self {
            case .phrase(let text), .label(let text): return text
            }
        }
    }

    /// Whole calendar months from one day to another (8 months from 2026-01-15 to 2026-09-20).
    public static func monthsBetween(_ from: CalendarDay, _ to: CalendarDay) -> Int {
        var months = (to.year - from.year) * 12 + (to.month - from.month)
        if to.day < from.day { months -= 1 }
        return max(0, months)
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        let today = input.zone.day(ofEpoch: asOf)
        var byName: [Name: [Visit]] = [:]
        for visit in input.visits { byName[Name(visit), default: []].append(visit) }
        // Planned visits are in the dataset but after as-of, so they come from the full list.
        return byName.keys.sorted { $0.subject < $1.subject }.compactMap { name in
            guard let last = byName[name]!.last else { return nil }
            let months = VisitHistory.monthsBetween(last.date.day, today)
            var slots: [String: SlotValue] = ["date": .date(last.date.day.description)]
            let labelled: Bool
            switch name {
            case .phrase(let phrase): slots["visit"] = .choice(phrase); labelled = false
            case .label(let label): slots["label"] = .label(.visitLabel, label); labelled = true
            }
            let id: String
            if months < 2 {
                slots["ago"] = .choice(months == 0 ? "this month" : "1 month ago")
                id = labelled ? "visit-history.last-labelled" : "visit-history.last"
            } else if months < 24 {
                // Months up to two years: intervals such as "12+ months apart" are counted in them.
                slots["months"] = .count(months)
                id = labelled ? "visit-history.last-labelled-months" : "visit-history.last-months"
            } else {
                slots["years"] = .count(months / 12)
                id = labelled ? "visit-history.last-labelled-years" : "visit-history.last-years"
            }
            return InsightDraft(
                kind: .finding, subject: name.subject, message: CopyMessage(id, slots),
                evidence: ["last_date": .text(last.date.day.description), "months_ago": .integer(months),
                           "visits": .integer(byName[name]!.count)],
                provenance: ["visits:\(last.id)"])
        }
    }
}
