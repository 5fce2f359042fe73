import CairnModuleKit
import CairnCore
import CairnStats
import Foundation

/// Aurae's medication-overuse awareness rule (seed 002 sections 5.3 and 7.2, D-32): distinct
/// local calendar days in the as-of month with at least one acute entry. An entry is acute when
/// is_acute is true, or when it is empty and the name is not on the bundled preventive list;
/// is_acute false never counts. At the threshold, one awareness insight: the approved warning
/// when the threshold is the approved 10 days, else catalogued copy with the real count. The
/// ICHD-3 three-month part stays in evidence only.
///
/// Cost: O(m log m) for m medication entries (distinct days per month, sorted); each distinct
/// name is classified once.
public struct MedicationOveruse: AnalysisModule {
    public static let id = "medication-overuse"
    public static let version = 1
    public static let reads: Set<ContractTable> = [.medications]
    public static let requires: Set<ContractTable> = [.medications]
    public static let asOfDependence = AsOfDependence.month
    public static let summary = "Counts the distinct days this month with acute headache medication and shows the approved awareness warning at the threshold."
    public static let details = """
        distinct local days this month with acute medication (unclassified counts unless on the \
        bundled preventive list); the approved warning at 10 days, the real count in catalogued copy \
        at any other `threshold_days`
        """
    public static let seed = "Aurae 5.3, 7.2, D-32, OQ-03"
    public static let parameters: [ParameterSpec] = [
        .integer("threshold_days", default: 10, range: 1...31, "Distinct acute days in a month that show the warning."),
    ]

    /// The threshold the approved warning was written and reviewed for (Aurae 7.2, D-32): at
    /// any other threshold the module states the real count in catalogued copy instead.
    public static let approvedThreshold = 10

    /// The bundled preventive names, lower case.
    public static let preventiveNames: [String] = {
        guard let url = Bundle.module.url(forResource: "preventive-medicines", withExtension: "txt"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            preconditionFailure("the bundled preventive-medicines.txt is missing; rebuild Cairn")
        }
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }()

    let threshold: Int

    public init(parameters: ParameterValues) {
        threshold = parameters.integer("threshold_days")
    }

    init(threshold: Int) {
        self.threshold = threshold
    }

    /// Whether an entry counts toward the acute total.
    public static func isAcute(_ medication: Medication) -> Bool {
        switch medication.isAcute {
        case true?: return true
        case false?: return false
        case nil: return !isPreventive(medication.name)
        }
    }

    /// The entries that count toward the acute total, each distinct name classified once (a
    /// diary repeats a few names thousands of times).
    public static func acuteEntries(_ medications: ArraySlice<Medication>) -> [Medication] {
        var preventive: [String: Bool] = [:]
        return medications.filter { medication in
            switch medication.isAcute {
            case true?: return true
            case false?: return false
            case nil:
                if let known = preventive[medication.name] { return !known }
                let found = isPreventive(medication.name)
                preventive[medication.name] = found
                return !found
            }
        }
    }

    /// Whether a name contains a preventive medicine's name as a whole word.
    public static func isPreventive(_ name: String) -> Bool {
        let words = " " + name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : " " }.reduce(into: "") { $0.append($1) } + " "
        return preventiveNames.contains { words.contains(" " + $0 + " ") }
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        let today = input.zone.day(ofEpoch: asOf)
        let month = today.monthText
        var daysByMonth: [String: Set<CalendarDay>] = [:]
        var entriesThisMonth: [Medication] = []
        for medication in MedicationOveruse.acuteEntries(input.medications) {
            daysByMonth[medication.takenAt.day.monthText, default: []].insert(medication.takenAt.day)
            if medication.takenAt.day.monthText == month { entriesThisMonth.append(medication) }
        }
        let days = (daysByMonth[month] ?? []).sorted()
        guard days.count >= threshold else { return [] }

        // Consecutive months, ending with this one, that reached the threshold.
        var consecutive = 0
        var cursor = today.firstOfMonth
        while (daysByMonth[cursor.monthText]?.count ?? 0) >= threshold {
            consecutive += 1
            cursor = cursor.adding(days: -1).firstOfMonth
        }
        let earlier = daysByMonth.keys.filter { $0 < month }.sorted()
        let message = threshold == MedicationOveruse.approvedThreshold
            ? CopyMessage("medication-overuse.warning")
            : CopyMessage("medication-overuse.count", ["days": .count(days.count), "threshold": .count(threshold)])
        return [InsightDraft(
            kind: .awareness, subject: month, message: message,
            evidence: [
                "month": .text(month), "acute_days": .integer(days.count), "threshold_days": .integer(threshold),
                "days": .list(days.map { .text($0.description) }),
                "earlier_months": .object(Dictionary(uniqueKeysWithValues: earlier.map { ($0, .integer(daysByMonth[$0]!.count)) })),
                "consecutive_months_at_threshold": .integer(consecutive),
                "ichd3_three_month_pattern": .flag(consecutive >= 3),
            ],
            provenance: entriesThisMonth.map { "medications:\($0.id)" })]
    }
}
