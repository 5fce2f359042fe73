import CairnModuleKit
import CairnCore
import CairnStats

/// medication-overuse@2, the default: version 1's rule and copy (the seed's: distinct acute days
/// this month, the approved warning at 10), with the days counted per ICHD-3 drug class in
/// evidence (issue 25). ICHD-3 (8.2) counts overuse by class, not in all: simple analgesics on
/// 15 or more days a month, triptans, ergots, opioids and combination analgesics on 10 or more,
/// and several classes together on 10 or more with none overused alone (8.2.6), each regularly
/// for more than 3 months. Those are clinical criteria: they stay in evidence for the people
/// who design and check the insight, never in a sentence a person reads. A name the class list
/// does not know counts toward the seed's total and toward `unclassified_days`, never a class.
///
/// Cost: O(m) for m medication entries, plus O(n) for each distinct name against the n listed names.
public struct MedicationOveruseV2: AnalysisModule {
    public static let id = "medication-overuse"
    public static let version = 2
    public static let reads: Set<ContractTable> = [.medications]
    public static let requires: Set<ContractTable> = [.medications]
    public static let asOfDependence = AsOfDependence.month
    public static let summary = "As version 1 (acute days this month, the approved warning at the threshold), with the days per ICHD-3 drug class in evidence."
    public static let details = """
        as @1 (the seed's rule and copy), with the days counted per ICHD-3 drug class in evidence \
        (`days_by_class`: simple analgesics against 15 a month, triptans, ergots, opioids and \
        combinations against 10, several classes together against 10; `ichd3_months_in_a_row`, \
        `ichd3_three_month_pattern`); clinical criteria stay in evidence, never in copy
        """
    public static let seed = "Aurae 5.3, 7.2, D-32, OQ-03; ICHD-3 8.2"
    public static let parameters: [ParameterSpec] = MedicationOveruse.parameters

    let seedRule: MedicationOveruse

    public init(parameters: ParameterValues) {
        seedRule = MedicationOveruse(threshold: parameters.integer("threshold_days"))
    }

    /// One month's acute days per class, and the days with any classified entry.
    struct Month {
        var byClass: [AcuteMedicineClass: Set<CalendarDay>] = [:]
        var classified: Set<CalendarDay> = []
        var unclassified: Set<CalendarDay> = []

        /// The classes at their ICHD-3 threshold.
        var overused: [AcuteMedicineClass] {
            byClass.filter { $0.value.count >= $0.key.thresholdDays }.keys.sorted()
        }

        /// ICHD-3 8.2.6: 10 or more days of several classes together, none overused alone.
        var severalClasses: Bool {
            overused.isEmpty && byClass.count >= 2 && classified.count >= AcuteMedicineClass.triptan.thresholdDays
        }

        var meetsACriterion: Bool { !overused.isEmpty || severalClasses }
    }

    static func months(_ input: ProfileData) -> [String: Month] {
        var classOfName: [String: AcuteMedicineClass?] = [:]
        var months: [String: Month] = [:]
        for medication in MedicationOveruse.acuteEntries(input.medications) {
            let day = medication.takenAt.day
            let kind: AcuteMedicineClass?
            if let known = classOfName[medication.name] {
                kind = known
            } else {
                kind = AcuteMedicineClass.of(medication.name)
                classOfName[medication.name] = kind
            }
            var month = months[day.monthText] ?? Month()
            if let kind {
                month.byClass[kind, default: []].insert(day)
                month.classified.insert(day)
            } else {
                month.unclassified.insert(day)
            }
            months[day.monthText] = month
        }
        return months
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        var drafts = try seedRule.evaluate(input, asOf: asOf, stats: stats)
        guard !drafts.isEmpty else { return drafts }
        let today = input.zone.day(ofEpoch: asOf)
        let months = MedicationOveruseV2.months(input)
        let month = months[today.monthText] ?? Month()
        var inARow = 0
        var cursor = today.firstOfMonth
        while months[cursor.monthText]?.meetsACriterion == true {
            inARow += 1
            cursor = cursor.adding(days: -1).firstOfMonth
        }
        let classes = AcuteMedicineClass.allCases
        drafts[0].evidence.merge([
            "days_by_class": .object(Dictionary(uniqueKeysWithValues: classes.map { ($0.key, .integer(month.byClass[$0]?.count ?? 0)) })),
            "ichd3_class_thresholds": .object(Dictionary(uniqueKeysWithValues: classes.map { ($0.key, .integer($0.thresholdDays)) })),
            "ichd3_classes_at_threshold": .list(month.overused.map { .text($0.key) }),
            "ichd3_several_classes": .flag(month.severalClasses),
            "classified_days": .integer(month.classified.count),
            "unclassified_days": .integer(month.unclassified.subtracting(month.classified).count),
            "ichd3_months_in_a_row": .integer(inARow),
            "ichd3_three_month_pattern": .flag(inARow >= 3),
        ]) { $1 }
        return drafts
    }
}
