import CairnCore

/// Reads and writes a dataset's custom markers (the `markers` table).
enum CustomMarkerStore {
    static func load(from database: SQLiteDatabase) throws(SQLiteError) -> [MarkerDefinition] {
        let statement = try database.prepare("""
            SELECT marker_id, display_name, unit, category, ref_low, ref_high, plausible_min, plausible_max,
                   higher_is_better, aliases, loinc FROM markers ORDER BY marker_id
            """)
        var markers: [MarkerDefinition] = []
        while try statement.step() {
            func double(_ i: Int32) -> Double? { statement.isNull(i) ? nil : statement.double(i) }
            let direction: TrendPreference = statement.isNull(8)
                ? .withinRange : (statement.int(8) != 0 ? .higherIsBetter : .lowerIsBetter)
            markers.append(MarkerDefinition(
                id: statement.text(0) ?? "", displayName: statement.text(1) ?? "", category: statement.text(3) ?? "Custom",
                unit: statement.text(2) ?? "", referenceLow: double(4), referenceHigh: double(5),
                plausibleMin: double(6), plausibleMax: double(7), direction: direction,
                aliases: ContractValue.list((statement.text(9) ?? "")[...]),
                loincCodes: ContractValue.list((statement.text(10) ?? "")[...]), isCustom: true))
        }
        return markers
    }
}
