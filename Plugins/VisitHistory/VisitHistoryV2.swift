import CairnModuleKit
import CairnCore
import CairnStats

/// visit-history@2, the default: version 1's last visit of each type, and, as its summary
/// always promised, the next planned one of each type (the first visit dated after the as-of
/// instant). In a replay of the past, a visit that later happened reads as planned before its
/// date: the contract records no booking date.
///
/// Cost: O(v) in visits.
public struct VisitHistoryV2: AnalysisModule {
    public static let id = "visit-history"
    public static let version = 2
    public static let reads: Set<ContractTable> = [.visits]
    public static let requires: Set<ContractTable> = [.visits]
    public static let summary = "When each type of visit last happened, and the next planned one."
    public static let details = """
        when each type of visit last happened, and the next planned one of each type (the first \
        visit dated after the as-of instant)
        """
    public static let seed = "Glance 5.7, MediFamily FR-6.4"
    public static let parameters: [ParameterSpec] = []

    let past: VisitHistory

    public init(parameters: ParameterValues) {
        past = VisitHistory(parameters: parameters)
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        var drafts = try past.evaluate(input, asOf: asOf, stats: stats)
        var seen: Set<VisitHistory.Name> = []
        for visit in input.plannedVisits {
            let name = VisitHistory.Name(visit)
            guard seen.insert(name).inserted else { continue }
            var slots: [String: SlotValue] = ["date": .date(visit.date.day.description)]
            let id: String
            switch name {
            case .phrase(let phrase): slots["visit"] = .choice(phrase); id = "visit-history.next"
            case .label(let label): slots["label"] = .label(.visitLabel, label); id = "visit-history.next-labelled"
            }
            drafts.append(InsightDraft(kind: .awareness, subject: "next " + name.subject, message: CopyMessage(id, slots),
                                       evidence: ["planned_date": .text(visit.date.day.description)],
                                       provenance: ["visits:\(visit.id)"]))
        }
        return drafts
    }
}
