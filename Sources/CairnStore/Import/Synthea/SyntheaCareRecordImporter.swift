import CairnCore

/// conditions.csv and medications.csv of a Synthea export, into `conditions` and
/// `medication_orders`: START and STOP, CODE (SNOMED CT or RxNorm), DESCRIPTION, ENCOUNTER, and
/// for medications DISPENSES and REASONDESCRIPTION. Synthea's medications are orders written at
/// encounters, not the diary's doses taken, so they never go to `medications`.
final class SyntheaCareRecordImporter {
    private let file: SyntheaFile
    private let context: ImportContext
    private let row: SyntheaRow
    private let writer: CareRecordWriter

    init(file: SyntheaFile, context: ImportContext, row: SyntheaRow) throws {
        precondition(file == .conditions || file == .medications, "\(file) holds no care records")
        self.file = file
        self.context = context
        self.row = row
        writer = try CareRecordWriter(table: file == .conditions ? .conditions : .medicationOrders, context: context)
    }

    func importRow() throws -> ImportOutcome {
        let profile = try row.required("PATIENT")
        let zone = try context.zone(forProfile: profile)
        let start = try row.requiredTime("START", in: zone)
        let stop = try row.time("STOP", in: zone)
        if let stop, stop.epochSeconds < start.epochSeconds {
            throw row.invalid("STOP", "STOP \(stop.text) is before START \(start.text)")
        }
        var record = CareRecordWriter.Record(profile: profile, start: start, stop: stop, code: try row.field("CODE"),
                                             description: try row.required("DESCRIPTION"), encounter: try row.field("ENCOUNTER"),
                                             source: "synthea")
        if file == .medications {
            if let text = try row.field("DISPENSES") {
                guard let dispenses = Int(text), dispenses >= 0 else {
                    throw row.invalid("DISPENSES", "\"\(text)\" is not a count of dispenses", reason: .unparseableNumber)
                }
                record.dispenses = dispenses
            }
            record.reason = try row.field("REASONDESCRIPTION")
        }
        try writer.write(record)
        return .imported
    }
}
