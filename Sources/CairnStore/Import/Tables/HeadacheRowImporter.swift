import CairnCore

/// headaches rows. headache_id is unique within a profile, across imports.
final class HeadacheRowImporter: ContractRowImporter {
    /// Moderate on the contract's 1, 3, 5 scale.
    static let defaultSeverity = 3
    private let context: ImportContext
    private let insert: InsertPipeline.Insert

    init(context: ImportContext) throws {
        self.context = context
        try context.loadHeadacheKeys()
        insert = try context.inserts.prepareInsert(
            into: "headaches",
            columns: ["profile_id", "headache_id", "onset_at", "onset_at_epoch", "onset_at_day", "resolved_at",
                      "resolved_at_epoch", "resolved_at_day", "severity", "onset_speed", "aura",
                      "visual_disturbance", "symptoms", "headache_type", "notes"])
    }

    func importRow(_ row: RowReader) throws {
        let profile = try row.requiredText("profile_id")
        let id = try row.requiredText("headache_id")
        guard !context.knowsHeadache(profile: profile, id: id) else {
            throw row.invalid("headache_id", "\(profile) already has a headache \"\(id)\"; headache_id must be unique",
                              reason: .duplicateHeadacheID)
        }
        let severity: Int
        if let severityText = try row.text("severity") {
            do {
                severity = try ContractValue.severity(severityText[...])
            } catch {
                throw row.invalid("severity", "\"\(severityText)\" \(error.explanation)", reason: .severityOutOfScale)
            }
        } else {
            // Aurae's log flow: "User selects severity (optional — defaults to Moderate)".
            severity = HeadacheRowImporter.defaultSeverity
            context.record(.warning, .severityDefaulted, column: row.position("severity"), columnName: "severity",
                           message: "no severity given: stored as moderate (3), the diary's default (kept)")
        }
        var onsetSpeed = try row.text("onset_speed")
        if let speed = onsetSpeed, ["not sure", "not_sure", "unsure"].contains(speed.lowercased()) {
            onsetSpeed = nil
        } else {
            onsetSpeed = try row.choice("onset_speed", from: Headache.OnsetSpeed.allCases.map(\.rawValue))
        }
        let zone = try context.zone(forProfile: profile)
        // A day-level diary gives the day alone: the time is unknown, never invented. Such a
        // headache is resolved at the resolved_at instant when one is given, else on a day: the
        // resolved_at day, or its own, by that day's last second (so an as-of at the end of the
        // day sees it resolved).
        let onset = try row.requiredTime("onset_at", in: zone)
        var resolved = try row.time("resolved_at", in: zone, requireTime: onset.hasTime)
        if !onset.hasTime, resolved?.hasTime != true {
            let day = resolved?.day ?? onset.day
            resolved = EventTime(text: day.description, epochSeconds: zone.epoch(of: .date(day.adding(days: 1))) - 1, day: day)
        }
        if let resolved, resolved.epochSeconds < onset.epochSeconds {
            throw row.invalid("resolved_at", "resolved_at \(resolved.text) is before onset_at \(onset.text)",
                              reason: .resolvedBeforeOnset)
        }
        let bind = StatementBinder(insert)
        bind.add(profile)
        bind.add(id)
        bind.add(EventTimeColumns(onset))
        bind.add(resolved.map(EventTimeColumns.init))
        bind.add(severity)
        bind.add(onsetSpeed)
        try bind.add(row.boolean("aura"))
        try bind.add(row.boolean("visual_disturbance"))
        let symptoms = try row.list("symptoms")
        bind.add(symptoms.isEmpty ? nil : symptoms.joined(separator: "|"))
        try bind.add(row.text("headache_type"))
        try bind.add(row.text("notes"))
        try bind.run()
        context.addHeadache(profile: profile, id: id)
        if !onset.hasTime { context.dateOnlyOnsets += 1 }
    }
}
