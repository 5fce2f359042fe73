import CairnCore

/// visits rows. Visits may be in the future (a planned appointment).
final class VisitRowImporter: ContractRowImporter {
    private let context: ImportContext
    private let writer: VisitWriter

    init(context: ImportContext) throws {
        self.context = context
        writer = try VisitWriter(context: context)
    }

    func importRow(_ row: RowReader) throws {
        let profile = try row.requiredText("profile_id")
        _ = try row.requiredText("visit_type")
        let type = try row.choice("visit_type", from: Visit.VisitType.allCases.map(\.rawValue))!
        let zone = try context.zone(forProfile: profile)
        try writer.write(VisitWriter.Fields(
            profile: profile, date: try row.requiredTime("date", in: zone), type: type,
            typeLabel: try row.text("visit_type_label"), doctor: try row.text("doctor"), title: try row.text("title"),
            condition: try row.text("condition"), notes: try row.text("notes"), tags: try row.list("tags")))
    }
}
