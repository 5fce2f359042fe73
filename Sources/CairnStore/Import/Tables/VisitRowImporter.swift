import CairnCore

/// visits rows. Visits may be in the future (a planned appointment).
final class VisitRowImporter: ContractRowImporter {
    private let context: ImportContext
    private let insert: SQLiteStatement

    init(context: ImportContext) throws {
        self.context = context
        insert = try context.database.prepareInsert(
            into: "visits",
            columns: ["profile_id", "date", "date_epoch", "date_day", "visit_type", "visit_type_label", "doctor",
                      "title", "condition", "notes", "tags"])
    }

    func importRow(_ row: RowReader) throws {
        let profile = try row.requiredText("profile_id")
        _ = try row.requiredText("visit_type")
        let type = try row.choice("visit_type", from: Visit.VisitType.allCases.map(\.rawValue))
        _ = try row.requiredText("date")
        let zone = try context.zone(forProfile: profile)
        let date = try row.time("date", in: zone)!
        var bind = StatementBinder(insert)
        try bind.add(profile)
        try bind.add(EventTimeColumns(date))
        try bind.add(type)
        try bind.add(try row.text("visit_type_label"))
        try bind.add(try row.text("doctor"))
        try bind.add(try row.text("title"))
        try bind.add(try row.text("condition"))
        try bind.add(try row.text("notes"))
        let tags = try row.list("tags")
        try bind.add(tags.isEmpty ? nil : tags.joined(separator: "|"))
        try bind.run()
    }
}
