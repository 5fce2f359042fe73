import CairnCore

/// medications rows. A headache_id that names no headache of the profile (in the dataset or
/// earlier in this import: headaches load first) is kept with a warning.
final class MedicationRowImporter: ContractRowImporter {
    private let context: ImportContext
    private let insert: SQLiteStatement

    init(context: ImportContext) throws {
        self.context = context
        insert = try context.database.prepareInsert(
            into: "medications",
            columns: ["profile_id", "taken_at", "taken_at_epoch", "taken_at_day", "name", "dose", "is_acute",
                      "effectiveness", "headache_id"])
    }

    func importRow(_ row: RowReader) throws {
        let profile = try row.requiredText("profile_id")
        let name = try row.requiredText("name")
        _ = try row.requiredText("taken_at")
        let zone = try context.zone(forProfile: profile)
        let takenAt = try row.time("taken_at", in: zone)!
        let isAcute = try row.boolean("is_acute")
        let effectiveness = try row.integer("effectiveness", in: 1...5)
        let headache = try row.text("headache_id")
        if let headache {
            if try !context.knowsHeadache(profile: profile, id: headache) {
                context.record(.warning, .unknownHeadache, column: row.position("headache_id"), columnName: "headache_id",
                               message: "\(profile) has no headache \"\(headache)\" (kept)")
            }
        }
        var bind = StatementBinder(insert)
        try bind.add(profile)
        try bind.add(EventTimeColumns(takenAt))
        try bind.add(name)
        try bind.add(try row.text("dose"))
        try bind.add(isAcute)
        try bind.add(effectiveness)
        try bind.add(headache)
        try bind.run()
    }
}
