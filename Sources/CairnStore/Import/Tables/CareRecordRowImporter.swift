import CairnCore

/// conditions and medication_orders rows of contract files: a start (a date or a date-time) and an
/// optional stop that is not before it.
final class CareRecordRowImporter: ContractRowImporter {
    private let context: ImportContext
    private let writer: CareRecordWriter

    init(table: ContractTable, context: ImportContext) throws {
        self.context = context
        writer = try CareRecordWriter(table: table, context: context)
    }

    func importRow(_ row: RowReader) throws {
        let profile = try row.requiredText("profile_id")
        let description = try row.requiredText("description")
        let zone = try context.zone(forProfile: profile)
        let start = try row.requiredTime("start", in: zone)
        let stop = try row.time("stop", in: zone)
        if let stop, stop.epochSeconds < start.epochSeconds {
            throw row.invalid("stop", "stop \(stop.text) is before start \(start.text)")
        }
        var record = CareRecordWriter.Record(profile: profile, start: start, stop: stop, code: try row.text("code"),
                                             description: description, encounter: try row.text("encounter_id"),
                                             source: try row.text("source"))
        if writer.table == .medicationOrders {
            record.dispenses = try row.integer("dispenses", in: 0...1_000_000)
            record.reason = try row.text("reason")
        }
        try writer.write(record)
    }
}
