import CairnCore
import Foundation

/// What a dataset holds: its profiles with their zones and row counts, and each table's row
/// count and range of local calendar days.
public struct DatasetSummary: Sendable, Encodable {
    public struct TableSummary: Sendable, Encodable {
        public var table: String
        public var rows: Int
        public var firstDay: String?
        public var lastDay: String?

        enum CodingKeys: String, CodingKey {
            case table, rows
            case firstDay = "first_day"
            case lastDay = "last_day"
        }
    }

    public struct ProfileSummary: Sendable, Encodable {
        public var id: String
        public var displayName: String
        public var timeZone: String
        public var memberType: String?
        public var relationship: String?
        /// Body mass index to one decimal, for adults and seniors with a height and weight
        /// (MediFamily FR-6.5); a number only, never a category.
        public var bmi: Double?
        /// Rows per table, only tables with rows.
        public var rows: [String: Int]
        public var firstDay: String?
        public var lastDay: String?

        enum CodingKeys: String, CodingKey {
            case id = "profile_id"
            case displayName = "display_name"
            case timeZone = "time_zone"
            case memberType = "member_type"
            case relationship, rows, bmi
            case firstDay = "first_day"
            case lastDay = "last_day"
        }
    }

    public var dataset: String
    public var contractVersion: Int
    public var profiles: [ProfileSummary]
    public var tables: [TableSummary]

    enum CodingKeys: String, CodingKey {
        case dataset
        case contractVersion = "contract_version"
        case profiles, tables
    }

    /// The column that dates each event table's rows.
    static let dayColumn: [ContractTable: String] = [
        .readings: "date", .visits: "date", .headaches: "onset_at", .medications: "taken_at",
        .sleep: "night_of", .weather: "observed_at", .factors: "at",
    ]

    public init(of dataset: Dataset) throws(SQLiteError) {
        let database = dataset.database
        self.dataset = dataset.location
        self.contractVersion = ContractTable.contractVersion
        var tables: [TableSummary] = []
        var perProfile: [String: (rows: [String: Int], first: String?, last: String?)] = [:]
        for table in ContractTable.allCases {
            guard let column = DatasetSummary.dayColumn[table] else {
                tables.append(TableSummary(table: table.rawValue,
                                           rows: try database.scalarInt("SELECT count(*) FROM main.\(table.rawValue)") ?? 0))
                continue
            }
            let day = "coalesce(\(column)_day, date(\(column)_epoch, 'unixepoch'))"
            let overall = try database.prepare("SELECT count(*), min(\(day)), max(\(day)) FROM main.\(table.rawValue)")
            try overall.step()
            tables.append(TableSummary(table: table.rawValue, rows: overall.int(0),
                                       firstDay: overall.text(1), lastDay: overall.text(2)))
            let byProfile = try database.prepare("""
                SELECT profile_id, count(*), min(\(column)_day), max(\(column)_day) FROM main.\(table.rawValue)
                WHERE profile_id IS NOT NULL GROUP BY profile_id
                """)
            while try byProfile.step() {
                let id = byProfile.text(0) ?? ""
                var entry = perProfile[id] ?? ([:], nil, nil)
                entry.rows[table.rawValue] = byProfile.int(1)
                entry.first = [entry.first, byProfile.text(2)].compactMap { $0 }.min()
                entry.last = [entry.last, byProfile.text(3)].compactMap { $0 }.max()
                perProfile[id] = entry
            }
        }
        self.tables = tables
        var profiles: [ProfileSummary] = []
        let statement = try database.prepare(
            "SELECT profile_id, display_name, time_zone, member_type, relationship, height_cm, weight_kg FROM main.profiles ORDER BY profile_id")
        while try statement.step() {
            let id = statement.text(0) ?? ""
            let entry = perProfile[id]
            profiles.append(ProfileSummary(
                id: id, displayName: statement.text(1) ?? id, timeZone: statement.text(2) ?? "UTC",
                memberType: statement.text(3), relationship: statement.text(4),
                bmi: Profile.bodyMassIndex(memberType: statement.text(3).flatMap(Profile.MemberType.init(rawValue:)),
                                           heightCm: statement.isNull(5) ? nil : statement.double(5),
                                           weightKg: statement.isNull(6) ? nil : statement.double(6))
                    .map { ($0 * 10).rounded() / 10 },
                rows: entry?.rows ?? [:], firstDay: entry?.first, lastDay: entry?.last))
        }
        self.profiles = profiles
    }

    public func text() -> String {
        var lines: [String] = []
        lines.append("Dataset \(dataset) (contract version \(contractVersion))")
        lines.append("")
        lines.append("Profiles (\(profiles.count)):")
        let idWidth = profiles.map(\.id.count).max() ?? 0
        let nameWidth = profiles.map(\.displayName.count).max() ?? 0
        let zoneWidth = profiles.map(\.timeZone.count).max() ?? 0
        for profile in profiles {
            let counts = ContractTable.allCases.compactMap { table in
                profile.rows[table.rawValue].map { "\(table.rawValue) \(NumberText.grouped($0))" }
            }
            var line = "  " + pad(profile.id, idWidth) + "  " + pad(profile.displayName, nameWidth) + "  "
                + pad(profile.timeZone, zoneWidth)
            if let first = profile.firstDay, let last = profile.lastDay { line += "  \(first) .. \(last)" }
            if let bmi = profile.bmi { line += "  BMI \(NumberText.format(bmi))" }
            lines.append(line)
            if !counts.isEmpty { lines.append("      " + counts.joined(separator: ", ")) }
        }
        lines.append("")
        lines.append("Tables:")
        let tableWidth = tables.map(\.table.count).max() ?? 0
        let rowsWidth = tables.map { NumberText.grouped($0.rows).count }.max() ?? 0
        for table in tables {
            var line = "  " + pad(table.table, tableWidth) + "  "
                + String(repeating: " ", count: rowsWidth - NumberText.grouped(table.rows).count)
                + NumberText.grouped(table.rows) + (table.rows == 1 ? " row" : " rows")
            if let first = table.firstDay, let last = table.lastDay {
                line += (table.rows == 1 ? "   " : "  ") + "\(first) .. \(last)"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public func json() -> String {
        JSONText.encode(self)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
