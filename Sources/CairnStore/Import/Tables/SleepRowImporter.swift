import CairnCore

/// sleep rows: one night each, dated by the day the night began.
final class SleepRowImporter: ContractRowImporter {
    private let context: ImportContext
    private let insert: InsertPipeline.Insert

    init(context: ImportContext) throws {
        self.context = context
        insert = try context.inserts.prepareInsert(
            into: "sleep",
            columns: ["profile_id", "night_of", "night_of_epoch", "night_of_day", "duration_min", "quality", "source"])
    }

    func importRow(_ row: RowReader) throws {
        let profile = try row.requiredText("profile_id")
        _ = try row.requiredText("night_of")
        let zone = try context.zone(forProfile: profile)
        let night = try row.time("night_of", in: zone)!
        guard night.isWholeDay else {
            throw row.invalid("night_of", "\"\(night.text)\" is not a date; night_of is the date the night began (YYYY-MM-DD)",
                              reason: .unparseableDate)
        }
        let minutes = try row.requiredNumber("duration_min")
        guard (0...1440).contains(minutes) else {
            throw row.invalid("duration_min", "\(NumberText.format(minutes)) minutes is not a night's sleep; give 0-1440")
        }
        let bind = StatementBinder(insert)
        bind.add(profile)
        bind.add(EventTimeColumns(night))
        bind.add(minutes)
        try bind.add(row.integer("quality", in: 1...5))
        try bind.add(row.text("source"))
        try bind.run()
    }
}
