import CairnCore

/// markers rows: a person's own marker definitions. A marker whose id, name, alias or code
/// already names another marker is rejected, so resolution never becomes ambiguous.
final class CustomMarkerRowImporter: ContractRowImporter {
    private let context: ImportContext
    private let upsert: InsertPipeline.Insert
    /// Marker ids defined so far in this import, with the line that did.
    private var defined: [String: Int] = [:]

    init(context: ImportContext) throws {
        self.context = context
        upsert = try context.inserts.prepare("""
            INSERT OR REPLACE INTO markers(marker_id, display_name, unit, category, ref_low, ref_high,
                plausible_min, plausible_max, higher_is_better, aliases, loinc)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
    }

    func importRow(_ row: RowReader) throws {
        let id = try row.requiredText("marker_id")
        if let first = defined[id] {
            throw row.invalid("marker_id", "marker \"\(id)\" is defined twice in this import (first on line \(first)); keep one row",
                              reason: .duplicateMarker)
        }
        let low = try row.number("ref_low")
        let high = try row.number("ref_high")
        if let low, let high, low > high {
            throw row.invalid("ref_high", "ref_high \(NumberText.format(high)) is below ref_low \(NumberText.format(low))")
        }
        let higherIsBetter = try row.boolean("higher_is_better")
        let marker = MarkerDefinition(
            id: id, displayName: try row.requiredText("display_name"), category: try row.text("category") ?? "Custom",
            unit: try row.requiredText("unit"), referenceLow: low, referenceHigh: high,
            plausibleMin: try row.number("plausible_min"), plausibleMax: try row.number("plausible_max"),
            direction: higherIsBetter.map { $0 ? .higherIsBetter : .lowerIsBetter } ?? .withinRange,
            aliases: try row.list("aliases"), loincCodes: try row.list("loinc"), isCustom: true)
        if let existing = context.library.marker(id: id), !existing.isCustom {
            throw row.invalid("marker_id", "\"\(id)\" is a built-in marker (\(existing.displayName)); choose another marker_id",
                              reason: .markerNameConflict)
        }
        do {
            try context.replaceCustomMarker(marker)
        } catch .nameTaken(let name, let other) {
            throw row.invalid("marker_id", "the name \"\(name)\" already names marker \"\(other)\"; "
                                + "remove it from this marker's names", reason: .markerNameConflict)
        }
        defined[id] = row.csv.line
        let bind = StatementBinder(upsert)
        bind.add(id)
        bind.add(marker.displayName)
        bind.add(marker.unit)
        try bind.add(row.text("category"))
        bind.add(low)
        bind.add(high)
        bind.add(marker.plausibleMin)
        bind.add(marker.plausibleMax)
        bind.add(higherIsBetter)
        bind.add(marker.aliases.isEmpty ? nil : marker.aliases.joined(separator: "|"))
        bind.add(marker.loincCodes.isEmpty ? nil : marker.loincCodes.joined(separator: "|"))
        try bind.run()
    }
}
