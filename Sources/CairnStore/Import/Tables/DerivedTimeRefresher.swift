import CairnCore

/// Recomputes the stored instants and local days of one profile's rows after its time zone
/// changed, so a zone given later than the rows still decides their calendar days.
enum DerivedTimeRefresher {
    static let timeColumns: [(table: ContractTable, column: String)] = ContractTable.allCases.flatMap { table in
        table.columns.compactMap { column -> (ContractTable, String)? in
            switch column.kind {
            case .date, .dateTime, .dateOrDateTime: return (table, column.name)
            default: return nil
            }
        }
    }.filter { $0.0 != .profiles }

    static func refresh(profileID: String, zone: ProfileTimeZone, in database: SQLiteDatabase) throws {
        for (table, column) in timeColumns {
            let select = try database.prepare(
                "SELECT id, \(column) FROM \(table.rawValue) WHERE profile_id = ? AND \(column) IS NOT NULL")
            try select.bind(profileID, at: 1)
            let update = try database.prepare(
                "UPDATE \(table.rawValue) SET \(column)_epoch = ?, \(column)_day = ? WHERE id = ?")
            while try select.step() {
                guard let text = select.text(1), let parsed = ISODateTimeText.parse(text) else { continue }
                try update.bind(zone.epoch(of: parsed), at: 1)
                try update.bind(zone.day(of: parsed).description, at: 2)
                try update.bind(select.int(0), at: 3)
                try update.run()
            }
        }
    }
}
