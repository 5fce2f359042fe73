import CairnCore

/// readings rows: parsed here, validated and stored by the shared `ReadingIntake`.
final class ReadingRowImporter: ContractRowImporter {
    private let context: ImportContext
    private var markers: [String: MarkerDefinition] = [:]
    private let intake: ReadingIntake

    init(context: ImportContext, intake: ReadingIntake) {
        self.context = context
        self.intake = intake
    }

    func importRow(_ row: RowReader) throws {
        let profile = try row.requiredText("profile_id")
        let marker = try row.marker("marker", in: context.library, cache: &markers)
        let value = try row.requiredNumber("value")
        _ = try row.requiredText("date")
        let (dateText, parsed) = try row.parsedTime("date")!
        try intake.add(ReadingIntake.Candidate(
            profileID: profile, marker: marker, value: value, unit: try row.text("unit"), parsedDate: parsed,
            dateText: dateText, note: try row.text("note"), source: try row.text("source"),
            valueColumn: (row.position("value"), "value"), unitColumn: (row.position("unit"), "unit"),
            dateColumn: (row.position("date"), "date")))
    }
}
