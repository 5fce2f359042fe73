import CairnCore

/// factors rows: exposures and lifestyle entries; a date alone covers that whole local day; an
/// optional `logged_at`, when the entry was made.
final class FactorRowImporter: ContractRowImporter {
    private let context: ImportContext
    private let insert: InsertPipeline.Insert

    init(context: ImportContext) throws {
        self.context = context
        insert = try context.inserts.prepareInsert(
            into: "factors", columns: ["profile_id", "at", "at_epoch", "at_day", "factor", "value",
                                       "logged_at", "logged_at_epoch", "logged_at_day"])
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
        let zone = try context.zone(forProfile: profile)
        let at = try row.requiredTime("at", in: zone)
        // Every value is read and checked before binding starts: a refusal leaves nothing bound.
        let value = try row.number("value")
        // When the entry was made (optional): a factor written down after the headache began.
        let loggedAt = try row.time("logged_at", in: zone, requireTime: true)
        let bind = StatementBinder(insert)
        bind.add(profile)
        bind.add(EventTimeColumns(at))
        bind.add(factor)
        bind.add(value)
        bind.add(loggedAt.map(EventTimeColumns.init))
        try bind.run()
    }
}
