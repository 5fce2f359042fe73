import CairnModuleKit
import CairnCore
import CairnStats

/// MediFamily's visit statistics (seed 004, FR-3.4 and FR-6.4: visit frequency, common
/// conditions, a timeline) and BMI (FR-6.5), per family member:
/// - visits this calendar year and last (local years; planned visits after the as-of instant
///   are not counted), with every year's count and the last 24 months' counts in evidence (the
///   timeline);
/// - the most common reason for a visit, when one reason was given at two visits or more and
///   more often than any other, in the person's own words (a reason that breaks a copy rule is
///   replaced by a neutral reference);
/// - BMI in evidence for adults and seniors with a height and weight, as a number only: no
///   category words, and never in copy.
///
/// Cost: O(v) in visits.
public struct VisitStatistics: AnalysisModule {
    public static let id = "visit-statistics"
    public static let version = 1
    public static let reads: Set<ContractTable> = [.visits]
    public static let requires: Set<ContractTable> = [.visits]
    public static let asOfDependence = AsOfDependence.day
    public static let summary = "Visits per year, the most common reason for a visit, a monthly timeline in evidence, and BMI (a number, adults and seniors only)."
    public static let details = """
        visits this calendar year and last (planned ones not counted), every year's count and the \
        last 24 months in evidence (the timeline), the most common reason for a visit when one leads \
        with two visits or more (in the person's words; a reason that names a condition is replaced \
        by "a reason you entered"), BMI in evidence for adults and seniors (a number, no category \
        word)
        """
    public static let seed = "MediFamily FR-3.4, FR-6.4, FR-6.5"
    public static let parameters: [ParameterSpec] = [
        .integer("min_visits", default: 1, range: 1...50, "Visits before statistics show."),
    ]

    let minVisits: Int

    public init(parameters: ParameterValues) {
        minVisits = parameters.integer("min_visits")
    }

    public func gates(_ input: ProfileData) -> [Gate] {
        [Gate(name: "visits", have: input.visits.count, need: minVisits)]
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        let today = input.zone.day(ofEpoch: asOf)
        let visits = input.visits
        var yearCounts: [String: Int] = [:]
        for visit in visits { yearCounts[String(visit.date.day.year), default: 0] += 1 }
        let byYear = yearCounts.mapValues { Evidence.integer($0) }
        let thisYear = visits.filter { $0.date.day.year == today.year }.count
        let lastYear = visits.filter { $0.date.day.year == today.year - 1 }.count
        // The timeline: each of the last 24 local months, oldest first.
        var months: [String] = []
        var month = today.firstOfMonth
        for _ in 0..<24 { months.insert(month.monthText, at: 0); month = month.adding(days: -1).firstOfMonth }
        let perMonth = months.map { name in Evidence.integer(visits.filter { $0.date.day.monthText == name }.count) }
        var evidence: [String: Evidence] = [
            "this_year": .integer(thisYear), "last_year": .integer(lastYear), "visits_by_year": .object(byYear),
            "months_from": .text(months[0]), "visits_by_month": .list(perMonth), "visits": .integer(visits.count),
        ]
        if let bmi = input.profile.bodyMassIndex { evidence["bmi"] = .number((bmi * 10).rounded() / 10) }
        var drafts = [InsightDraft(kind: .awareness, subject: "visits per year", message: CopyMessage("visit-statistics.per-year", [
            "this": .count(thisYear), "last": .count(lastYear),
        ]), evidence: evidence)]

        // Reasons folded for counting ("Ear infection" and "ear infection " are one), shown as
        // the person wrote them most often.
        var reasons: [String: [Visit]] = [:]
        for visit in visits {
            guard let condition = visit.condition?.trimmingCharacters(in: .whitespaces), !condition.isEmpty else { continue }
            reasons[condition.lowercased(), default: []].append(visit)
        }
        let counts = reasons.values.map(\.count).sorted(by: >)
        if let top = counts.first, top >= 2, counts.dropFirst().first != top,
           let (_, group) = reasons.first(where: { $0.value.count == top }),
           let shown = Spellings.mostUsed(group.compactMap(\.condition)) {
            drafts.append(InsightDraft(kind: .awareness, subject: "most common reason", message: CopyMessage("visit-statistics.common-reason", [
                "reason": .label(.visitReason, shown), "count": .count(top),
            ]), evidence: ["visits_with_reason": .integer(top), "reasons": .integer(reasons.count)],
                provenance: group.map { "visits:\($0.id)" }))
        }
        return drafts
    }
}
