import CairnCore

/// encounters.csv of a Synthea export, into visits: START (the date), DESCRIPTION (the title),
/// REASONDESCRIPTION (the condition), and a visit type from ENCOUNTERCLASS: `wellness` is a
/// physical; a description that says dental is a dental visit; every other class is `other`
/// with the class as its label (ambulatory, outpatient, emergency, inpatient, urgent care, home,
/// hospice, nursing facility, virtual).
final class SyntheaEncounterImporter {
    private let context: ImportContext
    private let row: SyntheaRow
    private let writer: VisitWriter

    static let labels: [String: String] = [
        "ambulatory": "ambulatory", "outpatient": "outpatient", "emergency": "emergency", "inpatient": "inpatient",
        "urgentcare": "urgent care", "home": "home", "hospice": "hospice", "snf": "nursing facility", "virtual": "virtual",
    ]

    init(context: ImportContext, row: SyntheaRow) throws {
        self.context = context
        self.row = row
        writer = try VisitWriter(context: context)
    }

    func importRow() throws -> ImportOutcome {
        let profile = try row.required("PATIENT")
        let start = try row.requiredTime("START", in: try context.zone(forProfile: profile))
        let encounterClass = try row.required("ENCOUNTERCLASS").lowercased()
        let description = try row.field("DESCRIPTION")
        var type = "other", label: String? = nil
        if encounterClass == "wellness" {
            type = "physical"
        } else if description?.lowercased().contains("dental") == true {
            type = "dental"
        } else {
            guard let known = SyntheaEncounterImporter.labels[encounterClass] else {
                throw row.invalid("ENCOUNTERCLASS", "\"\(encounterClass)\" is not a Synthea encounter class; expected one of wellness, "
                                  + SyntheaEncounterImporter.labels.keys.sorted().joined(separator: ", "))
            }
            label = known
        }
        try writer.write(VisitWriter.Fields(profile: profile, date: start, type: type, typeLabel: label, title: description,
                                            condition: try row.field("REASONDESCRIPTION")))
        return .imported
    }
}
