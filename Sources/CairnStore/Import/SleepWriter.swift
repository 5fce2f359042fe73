import CairnCore

/// Stores nights of sleep, from the contract's sleep.csv or an Apple Health export's intervals.
final class SleepWriter {
    /// A night, dated by the local day it began.
    struct Night {
        var day: CalendarDay
        var minutes: Double
        var quality: Int? = nil
        var source: String?
    }

    private let context: ImportContext
    private let insert: InsertPipeline.Insert

    init(context: ImportContext) throws {
        self.context = context
        insert = try context.inserts.prepareInsert(
            into: "sleep",
            columns: ["profile_id", "night_of", "night_of_epoch", "night_of_day", "duration_min", "quality", "source"])
    }

    func write(profile: String, night: Night) throws {
        let zone = try context.zone(forProfile: profile)
        let bind = StatementBinder(insert)
        bind.add(profile)
        bind.add(EventTimeColumns(text: night.day.description, epoch: zone.epoch(of: .date(night.day)), day: night.day.description))
        bind.add(night.minutes)
        bind.add(night.quality)
        bind.add(night.source)
        try bind.run()
    }
}
