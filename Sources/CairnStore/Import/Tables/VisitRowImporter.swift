import CairnCore

/// visits rows. Visits may be in the future (a planned appointment).
final class VisitRowImporter: ContractRowImporter {
    private let context: ImportContext
    private let insert: InsertPipeline.Insert

    init(context: ImportContext) throws {
        self.context = context
        insert = try context.inserts.prepareInsert(
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
        let bind = StatementBinder(insert)
        bind.add(profile)
        bind.add(EventTimeColumns(date))
        bind.add(type)
        try bind.add(row.text("visit_type_label"))
        try bind.add(row.text("doctor"))
        try bind.add(row.text("title"))
        try bind.add(row.text("condition"))
        try bind.add(row.text("notes"))
        let tags = try row.list("tags")
        bind.add(tags.isEmpty ? nil : tags.joined(separator: "|"))
        try bind.run()
    }
}
