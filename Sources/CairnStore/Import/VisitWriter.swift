import CairnCore

/// Stores visits, from a contract visits row or a Synthea encounter.
final class VisitWriter {
    struct Fields {
        var profile: String
        var date: EventTime
        var type: String
        var typeLabel: String?
        var doctor: String?
        var title: String?
        var condition: String?
        var notes: String?
        var tags: [String] = []
    }

    private let insert: InsertPipeline.Insert

    init(context: ImportContext) throws {
        insert = try context.inserts.prepareInsert(
            into: "visits",
            columns: ["profile_id", "date", "date_epoch", "date_day", "visit_type", "visit_type_label", "doctor",
                      "title", "condition", "notes", "tags"])
    }

    func write(_ fields: Fields) throws {
        let bind = StatementBinder(insert)
        bind.add(fields.profile)
        bind.add(EventTimeColumns(fields.date))
        bind.add(fields.type)
        bind.add(fields.typeLabel)
        bind.add(fields.doctor)
        bind.add(fields.title)
        bind.add(fields.condition)
        bind.add(fields.notes)
        bind.add(fields.tags.isEmpty ? nil : fields.tags.joined(separator: "|"))
        try bind.run()
    }
}
