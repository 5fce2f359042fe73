import CairnCore

/// patients.csv of a Synthea export, into profiles: Id, FIRST and LAST (the display name),
/// BIRTHDATE, GENDER (M, F), DEATHDATE, and a time zone from STATE (`USStateTimeZones`), else the
/// import's `--time-zone`, else UTC with a warning.
final class SyntheaPatientImporter {
    private let context: ImportContext
    private let row: SyntheaRow
    private let writer: ProfileWriter
    private let defaultZone: ProfileTimeZone?

    init(context: ImportContext, row: SyntheaRow, defaultZone: ProfileTimeZone?) throws {
        self.context = context
        self.row = row
        self.defaultZone = defaultZone
        writer = try ProfileWriter(context: context)
    }

    func importRow() throws -> ImportOutcome {
        let id = try row.required("ID")
        guard !context.profilesDefinedHere.contains(id) else {
            throw row.invalid("ID", "patient \"\(id)\" is defined twice in this import; keep one row", reason: .duplicateProfileID)
        }
        let birth = try row.required("BIRTHDATE")
        guard let birthDay = CalendarDay(iso: birth) else {
            throw row.invalid("BIRTHDATE", "\"\(birth)\" is not a date; Synthea writes YYYY-MM-DD", reason: .unparseableDate)
        }
        let death = try row.field("DEATHDATE")
        if let death {
            guard let deathDay = CalendarDay(iso: death) else {
                throw row.invalid("DEATHDATE", "\"\(death)\" is not a date; Synthea writes YYYY-MM-DD", reason: .unparseableDate)
            }
            if deathDay < birthDay { throw row.invalid("DEATHDATE", "DEATHDATE \(death) is before BIRTHDATE \(birth)") }
        }
        let sex: String?
        switch try row.required("GENDER").uppercased() {
        case "M": sex = "male"
        case "F": sex = "female"
        case let other: throw row.invalid("GENDER", "\"\(other)\" is not a Synthea gender; expected M or F")
        }
        let state = try row.field("STATE")
        var zone = defaultZone ?? .utc
        if let state, let name = USStateTimeZones.zone(forState: state), let known = ProfileTimeZone(identifier: name) {
            zone = known
        } else if defaultZone == nil {
            context.record(.warning, .unknownTimeZone, column: row.position("STATE"), columnName: "STATE",
                           message: "no time zone is known for \(state.map { "\"\($0)\"" } ?? "an empty STATE"); "
                            + "UTC was used (pass --time-zone to choose one)")
        }
        let name = [try row.field("FIRST"), try row.field("LAST")].compactMap { $0 }.joined(separator: " ")
        try writer.write(ProfileWriter.Fields(id: id, displayName: name.isEmpty ? id : name, zone: zone, birthDate: birth,
                                              sex: sex, deceasedDate: death))
        return .imported
    }
}
