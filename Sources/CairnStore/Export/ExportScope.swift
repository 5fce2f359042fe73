import CairnCore

/// What part of a dataset an export writes: some profiles, some tables, events from one day to
/// another (each row's local day, as the contract dates events). Nil means all. A profile the
/// dataset lacks, or a table the contract lacks, is refused before anything is written.
public struct ExportScope: Sendable, Equatable {
    public var profiles: [String]?
    public var tables: [ContractTable]?
    public var from: CalendarDay?
    public var until: CalendarDay?

    public init(profiles: [String]? = nil, tables: [ContractTable]? = nil, from: CalendarDay? = nil, until: CalendarDay? = nil) {
        self.profiles = profiles
        self.tables = tables
        self.from = from
        self.until = until
    }

    public static let everything = ExportScope()

    public var isEverything: Bool { self == .everything }

    public func includes(_ table: ContractTable) -> Bool { tables?.contains(table) ?? true }

    /// A SQL condition (with its values) selecting a table's rows in scope; nil selects all.
    /// The day is the table's first derived `_day` column (readings' `date_day`, headaches'
    /// `onset_at_day`); weather shared by every profile stays with any profile.
    func condition(for table: ContractTable, columns: [String]) -> (sql: String, values: [String])? {
        var parts: [String] = [], values: [String] = []
        if let profiles, columns.contains("profile_id") {
            let list = "profile_id IN (" + profiles.map { _ in "?" }.joined(separator: ", ") + ")"
            parts.append(table == .weather ? "(\(list) OR coalesce(profile_id, '') = '')" : list)
            values += profiles
        }
        // Days scope events; a profile's birth date is no event.
        if ![.profiles, .markers, .referenceOverrides].contains(table), let column = columns.first(where: { $0.hasSuffix("_day") }) {
            if let from { parts.append("\(column) >= ?"); values.append(from.description) }
            if let until { parts.append("\(column) <= ?"); values.append(until.description) }
        }
        return parts.isEmpty ? nil : (parts.joined(separator: " AND "), values)
    }

    /// Checks the profiles exist; returns the problem, or nil.
    func problem(in dataset: Dataset) throws -> String? {
        if let from, let until, until < from { return "--until \(until) is before --from \(from); give a range that runs forward" }
        guard let profiles else { return nil }
        let known = try dataset.database.prepare("SELECT 1 FROM main.profiles WHERE profile_id = ?")
        for profile in profiles {
            known.reset()
            try known.bind(profile, at: 1)
            if !(try known.step()) { return "--profile \(profile): the dataset has no such profile (`cairn summary` lists them)" }
        }
        return nil
    }
}
