import CairnCore

/// sleep rows: one night each, dated by the day the night began.
final class SleepRowImporter: ContractRowImporter {
    private let context: ImportContext
    private let writer: SleepWriter

    init(context: ImportContext) throws {
        self.context = context
        writer = try SleepWriter(context: context)
    }

    func importRow(_ row: RowReader) throws {
        let profile = try row.requiredText("profile_id")
        let zone = try context.zone(forProfile: profile)
        let night = try row.requiredTime("night_of", in: zone)
        guard night.isWholeDay else {
            throw row.invalid("night_of", "\"\(night.text)\" is not a date; night_of is the date the night began (YYYY-MM-DD)",
                              reason: .unparseableDate)
        }
        let minutes = try row.requiredNumber("duration_min")
        guard (0...1440).contains(minutes) else {
            throw row.invalid("duration_min", "\(NumberText.format(minutes)) minutes is not a night's sleep; give 0-1440")
        }
        try writer.write(profile: profile, night: SleepWriter.Night(
            day: night.day, minutes: minutes, quality: try row.integer("quality", in: 1...5), source: try row.text("source")))
    }
}
