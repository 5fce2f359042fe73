import CairnCore

/// Rows of a Synthea CSV export's observations.csv. A numeric observation whose LOINC code a
/// library marker lists becomes a reading (UCUM units such as mm[Hg] and 10*3/uL are converted
/// like any other unit; the literal unit "null" means none given). Text observations and codes
/// no marker lists are skipped and counted by code, never rejected.
final class SyntheaObservationImporter {
    private let context: ImportContext
    private let intake: ReadingIntake
    private let row: SyntheaRow
    private(set) var skippedCodes: [String: (description: String, rows: Int)] = [:]

    init(context: ImportContext, intake: ReadingIntake, row: SyntheaRow) {
        self.context = context
        self.intake = intake
        self.row = row
    }

    func importRow() throws -> ImportOutcome {
        let type = try row.field("TYPE")?.lowercased()
        let code = try row.field("CODE") ?? ""
        if type == "text" { return .skipped(.textObservation) }
        guard let marker = context.library.resolve(code), marker.loincCodes.contains(code) else {
            let description = try row.field("DESCRIPTION") ?? ""
            skippedCodes[code, default: (description, 0)].rows += 1
            return .skipped(.unmappedCode)
        }
        let profile = try row.required("PATIENT")
        let valueText = try row.required("VALUE")
        let value: Double
        do {
            value = try ContractValue.number(valueText[...])
        } catch {
            throw RowRejection(reason: error == .notFinite ? .nonFiniteNumber : .unparseableNumber,
                               column: row.position("VALUE"), columnName: "VALUE",
                               message: "\"\(valueText)\" \(error.explanation)")
        }
        let dateText = try row.required("DATE")
        guard let parsed = ISODateTimeText.parse(dateText) else {
            throw RowRejection(reason: .unparseableDate, column: row.position("DATE"), columnName: "DATE",
                               message: "\"\(dateText)\" is not an ISO 8601 date-time")
        }
        var unit = try row.field("UNITS")
        if unit?.lowercased() == "null" { unit = nil }
        try intake.add(ReadingIntake.Candidate(
            profileID: profile, marker: marker, value: value, unit: unit, parsedDate: parsed, dateText: dateText,
            note: nil, source: "synthea",
            valueColumn: (row.position("VALUE"), "VALUE"), unitColumn: (row.position("UNITS"), "UNITS"),
            dateColumn: (row.position("DATE"), "DATE")))
        return .imported
    }
}
