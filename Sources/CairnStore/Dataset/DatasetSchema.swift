import CairnCore

/// How the contract's tables are stored in SQLite. Every contract column keeps its name; each
/// date or date-time column `x` gains `x_epoch` (the instant, seconds since 1970 UTC) and `x_day`
/// (the local calendar day in the profile's zone), so analyses never re-parse text. Event tables
/// get an integer `id` that insights cite as provenance.
public enum DatasetSchema {
    /// The layout this Cairn writes: 1, then one more for each migration.
    public static var layoutVersion: Int { migrations.last?.version ?? 1 }

    /// A change to the stored layout, named and append-only (as GRDB's migrator keeps them): a
    /// dataset records the version it has, an import brings an older one up to date inside its
    /// own transaction, and a dataset opened only to read keeps its layout and is read as it is.
    /// A migration only adds: optional tables and optional columns, as the contract allows.
    public struct Migration: Sendable {
        public let version: Int
        public let name: String
        public let addedTables: [ContractTable]
        /// Contract columns added to existing tables (with their derived `_epoch` and `_day`).
        public let addedColumns: [ContractTable: [String]]
    }

    public static let migrations: [Migration] = [
        Migration(version: 2, name: "Synthea's full export: conditions, medication_orders and profiles.deceased_date",
                  addedTables: [.conditions, .medicationOrders], addedColumns: [.profiles: ["deceased_date"]]),
        Migration(version: 3, name: "factors.logged_at: when an entry was made, for the logging checks of trigger-cooccurrence@3",
                  addedTables: [], addedColumns: [.factors: ["logged_at"]]),
    ]

    /// The tables a dataset of a layout version has.
    public static func tables(at version: Int) -> [ContractTable] {
        let later = Set(migrations.filter { $0.version > version }.flatMap(\.addedTables))
        return ContractTable.allCases.filter { !later.contains($0) }
    }

    /// The stored columns a table has in a dataset of a layout version.
    public static func storedColumns(of table: ContractTable, at version: Int) -> [(name: String, type: String)] {
        let later = Set(migrations.filter { $0.version > version }.flatMap { $0.addedColumns[table] ?? [] })
        return storedColumns(of: table).filter { column in
            !later.contains { column.name == $0 || column.name == $0 + "_epoch" || column.name == $0 + "_day" }
        }
    }

    /// The statements that bring a dataset from a layout version to the current one.
    public static func migrationSQL(from version: Int) -> String {
        var sql = ""
        for migration in migrations where migration.version > version {
            sql += "-- \(migration.version): \(migration.name)\n"
            for table in migration.addedTables { sql += createTableSQL(table) }
            for table in migration.addedColumns.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
                let before = Set(storedColumns(of: table, at: migration.version - 1).map(\.name))
                for column in storedColumns(of: table, at: migration.version) where !before.contains(column.name) {
                    sql += "ALTER TABLE \(table.rawValue) ADD COLUMN \(column.name) \(column.type);\n"
                }
            }
            sql += "UPDATE cairn_meta SET value = '\(migration.version)' WHERE key = 'layout_version';\n"
        }
        return sql
    }

    static func createTableSQL(_ table: ContractTable) -> String {
        var definitions = storedColumns(of: table).map { "\($0.name) \($0.type)" }
        if let key = primaryKey(of: table) { definitions.append("PRIMARY KEY(\(key))") }
        return "CREATE TABLE \(table.rawValue)(\(definitions.joined(separator: ", ")));\n"
    }

    /// The columns a table holds in SQLite, in order, with their SQL types.
    public static func storedColumns(of table: ContractTable) -> [(name: String, type: String)] {
        var columns: [(String, String)] = []
        if hasIDColumn(table) { columns.append(("id", "INTEGER PRIMARY KEY")) }
        for column in table.columns {
            let required = column.isRequired ? " NOT NULL" : ""
            switch column.kind {
            case .number:
                columns.append((column.name, "REAL" + required))
            case .integer, .boolean, .severity:
                columns.append((column.name, "INTEGER" + required))
            case .date, .dateTime, .dateOrDateTime:
                columns.append((column.name, "TEXT" + required))
                columns.append((column.name + "_epoch", "INTEGER"))
                columns.append((column.name + "_day", "TEXT"))
            case .text, .list, .choice, .timeZone, .token:
                columns.append((column.name, "TEXT" + required))
            }
        }
        if table == .readings {
            // The value and unit as entered, when the unit was converted.
            columns.append(("entered_value", "REAL"))
            columns.append(("entered_unit", "TEXT"))
        }
        return columns
    }

    static func hasIDColumn(_ table: ContractTable) -> Bool {
        switch table {
        case .profiles, .markers, .referenceOverrides: return false
        default: return true
        }
    }

    static func primaryKey(of table: ContractTable) -> String? {
        switch table {
        case .profiles: return "profile_id"
        case .markers: return "marker_id"
        case .referenceOverrides: return "profile_id, marker"
        default: return nil
        }
    }

    /// Statements that create an empty dataset.
    public static var creationSQL: String {
        var sql = """
        CREATE TABLE cairn_meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO cairn_meta VALUES ('contract_version', '\(ContractTable.contractVersion)');
        INSERT INTO cairn_meta VALUES ('layout_version', '\(layoutVersion)');
        CREATE TABLE imports(id INTEGER PRIMARY KEY, imported_at TEXT NOT NULL, sources TEXT NOT NULL,
            rows_read INTEGER NOT NULL, imported INTEGER NOT NULL, rejected INTEGER NOT NULL,
            skipped INTEGER NOT NULL, warnings INTEGER NOT NULL);

        """
        for table in ContractTable.allCases { sql += createTableSQL(table) }
        return sql
    }

    /// Indexes for the lookups analyses make. Created when an import begins, inside its
    /// transaction: the import's writer thread keeps them up to date as rows arrive (mostly in
    /// profile and time order, so appends), in parallel with parsing, where one build at the end
    /// ran alone on the parsing thread.
    public static let indexSQL = """
        CREATE INDEX IF NOT EXISTS readings_by_profile_marker ON readings(profile_id, marker, date_epoch);
        CREATE INDEX IF NOT EXISTS visits_by_profile ON visits(profile_id, date_epoch);
        CREATE INDEX IF NOT EXISTS conditions_by_profile ON conditions(profile_id, start_epoch);
        CREATE INDEX IF NOT EXISTS medication_orders_by_profile ON medication_orders(profile_id, start_epoch);
        CREATE UNIQUE INDEX IF NOT EXISTS headaches_by_profile ON headaches(profile_id, headache_id);
        CREATE INDEX IF NOT EXISTS medications_by_profile ON medications(profile_id, taken_at_epoch);
        CREATE INDEX IF NOT EXISTS sleep_by_profile ON sleep(profile_id, night_of);
        CREATE INDEX IF NOT EXISTS weather_by_profile ON weather(profile_id, observed_at_epoch);
        CREATE INDEX IF NOT EXISTS factors_by_profile ON factors(profile_id, at_epoch);
        """
}
