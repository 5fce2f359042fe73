import CairnCore

/// Stores rows of the two care-record tables, `conditions` and `medication_orders` (dated records
/// from a health record: a condition recorded at a visit, a medicine ordered), whichever
/// file they come from: a contract CSV or a Synthea export.
final class CareRecordWriter {
    /// One record, validated.
    struct Record {
        var profile: String
        var start: EventTime
        var stop: EventTime?
        var code: String?
        var description: String
        /// Prescriptions only.
        var dispenses: Int? = nil
        var reason: String? = nil
        var encounter: String?
        var source: String?
    }

    let table: ContractTable
    private let insert: InsertPipeline.Insert

    init(table: ContractTable, context: ImportContext) throws {
        precondition(table == .conditions || table == .medicationOrders, "\(table) is not a care-record table")
        self.table = table
        var columns = ["profile_id", "start", "start_epoch", "start_day", "stop", "stop_epoch", "stop_day", "code", "description"]
        if table == .medicationOrders { columns += ["dispenses", "reason"] }
        columns += ["encounter_id", "source"]
        insert = try context.inserts.prepareInsert(into: table.rawValue, columns: columns)
    }

    func write(_ record: Record) throws {
        let bind = StatementBinder(insert)
        bind.add(record.profile)
        bind.add(EventTimeColumns(record.start))
        bind.add(record.stop.map(EventTimeColumns.init))
        bind.add(record.code)
        bind.add(record.description)
        if table == .medicationOrders {
            bind.add(record.dispenses)
            bind.add(record.reason)
        }
        bind.add(record.encounter)
        bind.add(record.source)
        try bind.run()
    }
}
