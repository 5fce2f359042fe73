import CairnCore

/// Rows of a Synthea CSV export's observations.csv. A numeric observation whose LOINC code a
/// library marker lists becomes a reading (UCUM units such as mm[Hg] and 10*3/uL are converted
/// like any other unit; the literal unit "null" means none given). Text observations and codes
/// no marker lists are skipped and counted by code, never rejected.
final class SyntheaObservationImporter {
    enum Outcome {
        case imported
        case skipped(ImportIssue.Reason)
    }

    private let context: ImportContext
    private let intake: ReadingIntake
    private let csv: CSVReader
    private let column: [String: Int]
    private(set) var skippedCodes: [String: (description: String, rows: Int)] = [:]

    init(context: ImportContext, intake: ReadingIntake, csv: CSVReader, header: [String]) {
        self.context = context
        self.intake = intake
        self.csv = csv
        var column: [String: Int] = [:]
        for (index, name) in header.enumerated() where column[name.trimmingSpaces().uppercased()] == nil {
            column[name.trimmingSpaces().uppercased()] = index
        }
        self.column = column
    }

    func importRow() throws -> Outcome {
        let type = try field("TYPE")?.lowercased()
        let code = try field("CODE") ?? ""
        if type == "text" { return .skipped(.textObservation) }
        guard let marker = context.library.resolve(code), marker.loincCodes.contains(code) else {
            let description = try field("DESCRIPTION") ?? ""
            skippedCodes[code, default: (description, 0)].rows += 1
            return .skipped(.unmappedCode)
        }
        let profile = try required("PATIENT")
        let valueText = try required("VALUE")
        let value: Double
        do {
            value = try ContractValue.number(valueText[...])
        } catch {
            throw RowRejection(reason: error == .notFinite ? .nonFiniteNumber : .unparseableNumber,
                               column: position("VALUE"), columnName: "VALUE",
                               message: "\"\(valueText)\" \(error.explanation)")
        }
        let dateText = try required("DATE")
        guard let parsed = ISODateTimeText.parse(dateText) else {
            throw RowRejection(reason: .unparseableDate, column: position("DATE"), columnName: "DATE",
                               message: "\"\(dateText)\" is not an ISO 8601 date-time")
        }
        var unit = try field("UNITS")
        if unit?.lowercased() == "null" { unit = nil }
        try intake.add(ReadingIntake.Candidate(
            profileID: profile, marker: marker, value: value, unit: unit, parsedDate: parsed, dateText: dateText,
            note: nil, source: "synthea",
            valueColumn: (position("VALUE"), "VALUE"), unitColumn: (position("UNITS"), "UNITS"),
            dateColumn: (position("DATE"), "DATE")))
        return .imported
    }

    private func position(_ name: String) -> Int? { column[name].map { $0 + 1 } }

    private func field(_ name: String) throws(RowRejection) -> String? {
        guard let index = column[name], index < csv.fieldCount, !csv.isEmpty(index) else { return nil }
        guard let text = csv.field(index) else {
            throw RowRejection(reason: .invalidUTF8, column: index + 1, columnName: name,
                               message: "the field is not valid UTF-8 text")
        }
        let trimmed = text.trimmingSpaces()
        return trimmed.isEmpty ? nil : trimmed
    }

    private func required(_ name: String) throws(RowRejection) -> String {
        guard let value = try field(name) else {
            throw RowRejection(reason: .missingRequiredField, column: position(name), columnName: name,
                               message: "\(name) is required and empty")
        }
        return value
    }
}
