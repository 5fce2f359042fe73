/// The tables of the dataset contract (DATA-CONTRACT.md: version 1, and the optional tables
/// and columns Cairn added since), in the order an import must load them: profiles give time
/// zones and custom markers give names before the rows that refer to them.
public enum ContractTable: String, CaseIterable, Sendable, Codable {
    case profiles
    case markers
    case referenceOverrides = "reference_overrides"
    case readings
    case visits
    case conditions
    case medicationOrders = "medication_orders"
    case headaches
    case medications
    case sleep
    case weather
    case factors

    /// The tables of dated rows about one profile, which analyses read and replay steps through.
    public static let eventTables: Set<ContractTable> = [.readings, .visits, .headaches, .medications, .sleep, .weather, .factors]

    public static let contractVersion = 1

    /// The table a CSV file holds, from its file name: `readings.csv`, `Readings.CSV`, or one
    /// part of a table in several files, `readings.part-0001.csv` (the name up to its first dot
    /// names the table). Cairn's own rejects files (`*.rejects.csv`) hold no table.
    public static func forFileName(_ name: String) -> ContractTable? {
        let lower = name.lowercased()
        guard lower.hasSuffix(".csv"), !lower.hasSuffix(".rejects.csv") else { return nil }
        let base = lower.dropLast(4)
        return ContractTable(rawValue: String(base.prefix { $0 != "." }))
    }

    /// The table a folder of parts holds, from its name (`readings/`).
    public static func forFolderName(_ name: String) -> ContractTable? {
        ContractTable(rawValue: name.lowercased())
    }

    public var columns: [ContractColumn] {
        switch self {
        case .profiles:
            return [.init("profile_id", .text, required: true), .init("display_name", .text),
                    .init("time_zone", .timeZone), .init("birth_date", .date),
                    .init("sex", .choice(Profile.Sex.allCases.map(\.rawValue))),
                    .init("relationship", .choice(Profile.Relationship.allCases.map(\.rawValue))),
                    .init("member_type", .choice(Profile.MemberType.allCases.map(\.rawValue))),
                    .init("height_cm", .number), .init("weight_kg", .number), .init("deceased_date", .date)]
        case .markers:
            return [.init("marker_id", .text, required: true), .init("display_name", .text, required: true),
                    .init("unit", .text, required: true), .init("category", .text),
                    .init("ref_low", .number), .init("ref_high", .number),
                    .init("plausible_min", .number), .init("plausible_max", .number),
                    .init("higher_is_better", .boolean), .init("aliases", .list), .init("loinc", .list)]
        case .referenceOverrides:
            return [.init("profile_id", .text, required: true), .init("marker", .text, required: true),
                    .init("ref_low", .number), .init("ref_high", .number)]
        case .readings:
            return [.init("profile_id", .text, required: true), .init("marker", .text, required: true),
                    .init("value", .number, required: true), .init("unit", .text),
                    .init("date", .dateOrDateTime, required: true), .init("note", .text), .init("source", .text)]
        case .visits:
            return [.init("profile_id", .text, required: true), .init("date", .dateOrDateTime, required: true),
                    .init("visit_type", .choice(Visit.VisitType.allCases.map(\.rawValue)), required: true),
                    .init("visit_type_label", .text), .init("doctor", .text), .init("title", .text),
                    .init("condition", .text), .init("notes", .text), .init("tags", .list)]
        case .conditions:
            return [.init("profile_id", .text, required: true), .init("start", .dateOrDateTime, required: true),
                    .init("stop", .dateOrDateTime), .init("code", .text), .init("description", .text, required: true),
                    .init("encounter_id", .text), .init("source", .text)]
        case .medicationOrders:
            return [.init("profile_id", .text, required: true), .init("start", .dateOrDateTime, required: true),
                    .init("stop", .dateOrDateTime), .init("code", .text), .init("description", .text, required: true),
                    .init("dispenses", .integer(0...1_000_000)), .init("reason", .text), .init("encounter_id", .text),
                    .init("source", .text)]
        case .headaches:
            return [.init("profile_id", .text, required: true), .init("headache_id", .text, required: true),
                    .init("onset_at", .dateOrDateTime, required: true), .init("resolved_at", .dateOrDateTime),
                    .init("severity", .severity, required: true, filledWhenEmpty: true),
                    .init("onset_speed", .choice(Headache.OnsetSpeed.allCases.map(\.rawValue))),
                    .init("aura", .boolean), .init("visual_disturbance", .boolean), .init("symptoms", .list),
                    .init("headache_type", .text), .init("notes", .text)]
        case .medications:
            return [.init("profile_id", .text, required: true), .init("taken_at", .dateOrDateTime, required: true),
                    .init("name", .text, required: true), .init("dose", .text), .init("is_acute", .boolean),
                    .init("effectiveness", .integer(1...5)), .init("headache_id", .text)]
        case .sleep:
            return [.init("profile_id", .text, required: true), .init("night_of", .date, required: true),
                    .init("duration_min", .number, required: true), .init("quality", .integer(1...5)),
                    .init("source", .text)]
        case .weather:
            return [.init("profile_id", .text), .init("observed_at", .dateTime, required: true),
                    .init("temperature_c", .number), .init("humidity_pct", .number),
                    .init("pressure_hpa", .number), .init("uv_index", .number),
                    .init("weather_code", .integer(0...99))]
        case .factors:
            return [.init("profile_id", .text, required: true), .init("at", .dateOrDateTime, required: true),
                    .init("factor", .token, required: true), .init("value", .number), .init("logged_at", .dateTime)]
        }
    }

    /// The columns a file of this table must have (a column the import fills may be left out).
    public var requiredColumns: [ContractColumn] { columns.filter { $0.isRequired && !$0.isFilledWhenEmpty } }

    /// The file name this table has in a directory dataset.
    public var fileName: String { rawValue + ".csv" }
}

/// One column of a contract table and the kind of value it holds.
public struct ContractColumn: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case text
        case number
        case integer(ClosedRange<Int>)
        case boolean
        case date
        case dateTime
        case dateOrDateTime
        case list
        case choice([String])
        case severity
        case timeZone
        case token
    }

    public let name: String
    public let kind: Kind
    /// Never empty in a dataset (NOT NULL).
    public let isRequired: Bool
    /// The import stores a default, with a warning, when a file leaves it empty or out (a
    /// headache's severity: moderate, as Aurae's log flow defaults it).
    public let isFilledWhenEmpty: Bool

    public init(_ name: String, _ kind: Kind, required: Bool = false, filledWhenEmpty: Bool = false) {
        self.name = name
        self.kind = kind
        self.isRequired = required
        self.isFilledWhenEmpty = filledWhenEmpty
    }
}
