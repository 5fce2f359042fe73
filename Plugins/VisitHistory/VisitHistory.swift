import CairnAnalysis
import CairnCore
import CairnStats

/// Glance's "last visit of type" (seed 000 section 5.7) and MediFamily's visit statistics
/// (seed 004 FR-6.4): for each type of visit, when the last one was, how long ago in whole
/// months, and the next planned one.
public struct VisitHistory: AnalysisModule {
    public static let id = "visit-history"
    public static let version = 1
    public static let summary = "When each type of visit last happened, and the next planned one."
    public static let parameters: [ParameterSpec] = []

    public init(parameters: ParameterValues) {}

    static func name(_ visit: Visit) -> String {
        switch visit.type {
        case .physical: return "physical"
        case .dental: return "dental visit"
        case .vision: return "vision check"
        case .specialist: return "specialist visit"
        case .labWork: return "lab work"
        case .imaging: return "imaging visit"
        case .other: return (visit.typeLabel ?? "other visit").lowercased()
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
        var byName: [String: [Visit]] = [:]
        for visit in input.visits { byName[VisitHistory.name(visit), default: []].append(visit) }
        // Planned visits are in the dataset but after as-of, so they come from the full list.
        return byName.keys.sorted().compactMap { name in
            guard let last = byName[name]!.last else { return nil }
            let months = VisitHistory.monthsBetween(last.date.day, today)
            let ago = months == 0 ? "this month" : months == 1 ? "1 month ago" : "\(months) months ago"
            return InsightDraft(
                kind: .finding, subject: name, text: "Last \(name): \(ago) (\(last.date.day)).",
                evidence: ["last_date": .text(last.date.day.description), "months_ago": .integer(months),
                           "visits": .integer(byName[name]!.count)],
                provenance: ["visits:\(last.id)"])
        }
    }
}
