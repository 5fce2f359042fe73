import CairnCore

/// factors rows: exposures and lifestyle entries; a date alone covers that whole local day.
final class FactorRowImporter: ContractRowImporter {
    private let context: ImportContext
    private let insert: InsertPipeline.Insert

    init(context: ImportContext) throws {
        self.context = context
        insert = try context.inserts.prepareInsert(
            into: "factors", columns: ["profile_id", "at", "at_epoch", "at_day", "factor", "value"])
    }

    func importRow(_ row: RowReader) throws {
        let profile = try row.requiredText("profile_id")
        let factorText = try row.requiredText("factor")
        let factor: String
        do {
            factor = try ContractValue.token(factorText[...])
        } catch {
            throw row.invalid("factor", "\"\(factorText)\" \(error.explanation)")
        }
        _ = try row.requiredText("at")
        let zone = try context.zone(forProfile: profile)
        let at = try row.time("at", in: zone)!
        let bind = StatementBinder(insert)
        bind.add(profile)
        bind.add(EventTimeColumns(at))
        bind.add(factor)
        try bind.add(row.number("value"))
        try bind.run()
    }
}
