import CairnCore

/// medications rows. A headache_id that names no headache of the profile (in the dataset or
/// earlier in this import: headaches load first) is kept with a warning.
final class MedicationRowImporter: ContractRowImporter {
    private let context: ImportContext
    private let insert: InsertPipeline.Insert

    init(context: ImportContext) throws {
        self.context = context
        try context.loadHeadacheKeys()
        insert = try context.inserts.prepareInsert(
            into: "medications",
            columns: ["profile_id", "taken_at", "taken_at_epoch", "taken_at_day", "name", "dose", "is_acute",
                      "effectiveness", "headache_id"])
    }

    func importRow(_ row: RowReader) throws {
        let profile = try row.requiredText("profile_id")
        let name = try row.requiredText("name")
        let zone = try context.zone(forProfile: profile)
        let takenAt = try row.requiredTime("taken_at", in: zone)
        let isAcute = try row.boolean("is_acute")
        let effectiveness = try row.integer("effectiveness", in: 1...5)
        let headache = try row.text("headache_id")
        if let headache {
            if !context.knowsHeadache(profile: profile, id: headache) {
                context.record(.warning, .unknownHeadache, column: row.position("headache_id"), columnName: "headache_id",
                               message: "\(profile) has no headache \"\(headache)\" (kept)")
            }
        }
        let bind = StatementBinder(insert)
        bind.add(profile)
        bind.add(EventTimeColumns(takenAt))
        bind.add(name)
        try bind.add(row.text("dose"))
        bind.add(isAcute)
        bind.add(effectiveness)
        bind.add(headache)
        try bind.run()
    }
}
