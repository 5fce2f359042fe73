import CairnCore

/// reference_overrides rows: a person's own target range for a marker, stored under the
/// marker's id whatever name the row used.
final class ReferenceOverrideRowImporter: ContractRowImporter {
    private let context: ImportContext
    private var markers: [String: MarkerDefinition] = [:]
    /// (profile, marker id) pairs defined so far in this import, with the line that did.
    private var defined: [String: Int] = [:]
    private let upsert: InsertPipeline.Insert

    init(context: ImportContext) throws {
        self.context = context
        upsert = try context.inserts.prepare(
            "INSERT OR REPLACE INTO reference_overrides(profile_id, marker, ref_low, ref_high) VALUES (?, ?, ?, ?)")
    }

    func importRow(_ row: RowReader) throws {
        let profile = try row.requiredText("profile_id")
        let marker = try row.marker("marker", in: context.library, cache: &markers)
        let low = try row.number("ref_low")
        let high = try row.number("ref_high")
        guard low != nil || high != nil else {
            throw row.invalid("ref_low", "give ref_low, ref_high or both", reason: .missingRequiredField)
        }
        if let low, let high, low > high {
            throw row.invalid("ref_high", "ref_high \(NumberText.format(high)) is below ref_low \(NumberText.format(low))")
        }
        let key = profile + "\u{0}" + marker.id
        if let first = defined[key] {
            throw row.invalid("marker", "the range of \(marker.id) for profile \"\(profile)\" is defined twice in this import "
                                + "(first on line \(first)); keep one row", reason: .duplicateReferenceOverride)
        }
        defined[key] = row.csv.line
        _ = try context.zone(forProfile: profile)
        let bind = StatementBinder(upsert)
        bind.add(profile)
        bind.add(marker.id)
        bind.add(low)
        bind.add(high)
        try bind.run()
    }
}
