import CairnCore

/// Reads the current CSV record of a contract file by column name, turning each field into a
/// typed value or a `RowRejection` that names the column. Header names match case-insensitively
/// and in any order; columns the table does not have are reported once as ignored.
struct RowReader {
    /// The longest value a field may hold, in bytes: far above any note, far below SQLite's
    /// length limit (100 MB).
    static let longestField = 1 << 20

    let csv: CSVReader
    let table: ContractTable
    let header: HeaderMap

    init(csv: CSVReader, header: HeaderMap) {
        self.csv = csv
        self.table = header.table
        self.header = header
    }

    /// Where a column is in the file, by a linear scan: column names are short literals, and
    /// comparing a dozen small strings is cheaper than hashing one (this runs for every field).
    private func fieldIndex(_ column: String) -> Int? {
        for (name, index) in header.positions where name == column { return index }
        return nil
    }

    func has(_ column: String) -> Bool { fieldIndex(column) != nil }

    // MARK: - Field access

    /// The trimmed text of a field; nil when the column is absent or the field is empty.
    func text(_ column: String) throws(RowRejection) -> String? {
        guard let index = fieldIndex(column), index < csv.fieldCount, !csv.isEmpty(index) else { return nil }
        // A value past SQLite's length limit would fail the whole import with SQLite's words
        // (issue 22: a 1 GiB field); the row alone is rejected, saying why.
        guard csv.byteCount(index) <= RowReader.longestField else {
            throw RowRejection(reason: .fieldTooLong, column: index + 1, columnName: column,
                               message: "the field holds \(NumberText.grouped(csv.byteCount(index))) bytes; a value holds at most "
                                   + "\(NumberText.grouped(RowReader.longestField)) (1 MiB)")
        }
        guard let value = csv.field(index, trimmed: true) else {
            throw RowRejection(reason: .invalidUTF8, column: index + 1, columnName: column,
                               message: "the field is not valid UTF-8 text; save the file as UTF-8")
        }
        // A cell Cairn's CSV export neutralised for spreadsheets comes back as it was.
        return value.isEmpty ? nil : SpreadsheetCell.restored(value)
    }

    func requiredText(_ column: String) throws(RowRejection) -> String {
        guard let value = try text(column) else { throw missing(column) }
        return value
    }

    /// A required field that is empty or absent.
    private func missing(_ column: String) -> RowRejection {
        RowRejection(reason: .missingRequiredField, column: position(column), columnName: column,
                     message: "\(column) is required and empty")
    }

    func number(_ column: String) throws(RowRejection) -> Double? {
        try parsed(column) { text throws(ContractValue.Problem) in try ContractValue.number(text) }
    }

    /// The field is read once: its text made twice was work for nothing on every row.
    func requiredNumber(_ column: String) throws(RowRejection) -> Double {
        guard let value = try number(column) else { throw missing(column) }
        return value
    }

    func integer(_ column: String, in range: ClosedRange<Int>) throws(RowRejection) -> Int? {
        try parsed(column) { text throws(ContractValue.Problem) in try ContractValue.integer(text, in: range) }
    }

    func boolean(_ column: String) throws(RowRejection) -> Bool? {
        try parsed(column) { text throws(ContractValue.Problem) in try ContractValue.boolean(text) }
    }

    /// A field read by one of the contract's value rules; nil when empty.
    private func parsed<Value>(_ column: String, _ rule: (Substring) throws(ContractValue.Problem) -> Value)
        throws(RowRejection) -> Value? {
        guard let value = try text(column) else { return nil }
        do {
            return try rule(value[...])
        } catch {
            throw rejection(column, value, error)
        }
    }

    func choice(_ column: String, from choices: [String]) throws(RowRejection) -> String? {
        guard let value = try text(column) else { return nil }
        // "lab work", "Lab_Work" and "labWork" all name labWork.
        let folded = value.filter { $0 != " " && $0 != "_" && $0 != "-" }
        do {
            return try ContractValue.choice(folded[...], from: choices)
        } catch {
            throw rejection(column, value, error)
        }
    }

    func list(_ column: String) throws(RowRejection) -> [String] {
        guard let value = try text(column) else { return [] }
        return ContractValue.list(value[...])
    }

    /// A date or date-time field as written, before any zone is applied.
    func parsedTime(_ column: String, requireTime: Bool = false) throws(RowRejection)
        -> (text: String, parsed: ISODateTimeText.Parsed)? {
        guard let value = try text(column) else { return nil }
        guard let parsed = ISODateTimeText.parse(value) else {
            throw RowRejection(
                reason: .unparseableDate, column: position(column), columnName: column,
                message: "\"\(value)\" is not a date or date-time; use YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS] "
                    + "with an optional offset (Z, +01:00)")
        }
        if requireTime, case .date = parsed {
            throw RowRejection(
                reason: .unparseableDate, column: position(column), columnName: column,
                message: "\"\(value)\" has no time; \(column) needs a date-time such as \(value)T14:30")
        }
        return (value, parsed)
    }

    /// A date or date-time field resolved in a zone.
    func time(_ column: String, in zone: CachedZone, requireTime: Bool = false) throws(RowRejection) -> EventTime? {
        guard let (text, parsed) = try parsedTime(column, requireTime: requireTime) else { return nil }
        return EventTime(text: text, epochSeconds: zone.epoch(of: parsed), day: zone.day(of: parsed))
    }

    func requiredTime(_ column: String, in zone: CachedZone, requireTime: Bool = false) throws(RowRejection) -> EventTime {
        guard let value = try time(column, in: zone, requireTime: requireTime) else { throw missing(column) }
        return value
    }

    /// 1-based position of a column in the file.
    func position(_ column: String) -> Int? { fieldIndex(column).map { $0 + 1 } }

    func invalid(_ column: String, _ message: String, reason: ImportIssue.Reason = .invalidValue) -> RowRejection {
        RowRejection(reason: reason, column: position(column), columnName: column, message: message)
    }

    private func rejection(_ column: String, _ value: String, _ problem: ContractValue.Problem) -> RowRejection {
        let reason: ImportIssue.Reason
        switch problem {
        case .notANumber, .notAnInteger: reason = .unparseableNumber
        case .notFinite: reason = .nonFiniteNumber
        case .notASeverity: reason = .severityOutOfScale
        default: reason = .invalidValue
        }
        return RowRejection(reason: reason, column: position(column), columnName: column,
                            message: "\"\(value)\" \(problem.explanation)")
    }
}

/// Where each contract column sits in a file's header. Names match case-insensitively and in
/// any order; a column the table does not have (or a repeat) is ignored and reported.
struct HeaderMap {
    let table: ContractTable
    let indexByName: [String: Int]
    /// The same as `indexByName`, as a list for fast scanning.
    let positions: [(name: String, index: Int)]
    let fieldCount: Int
    let ignoredColumns: [(name: String, position: Int)]

    init(table: ContractTable, header: [String]) {
        self.table = table
        self.fieldCount = header.count
        let known = Set(table.columns.map(\.name))
        var index: [String: Int] = [:]
        var ignored: [(String, Int)] = []
        for (position, name) in header.enumerated() {
            let key = name.trimmingSpaces().lowercased()
            if known.contains(key) && index[key] == nil {
                index[key] = position
            } else {
                ignored.append((name, position + 1))
            }
        }
        self.indexByName = index
        self.positions = index.map { ($0.key, $0.value) }.sorted { $0.index < $1.index }
        self.ignoredColumns = ignored
    }

    /// Required columns the header lacks.
    var missingRequiredColumns: [String] {
        table.requiredColumns.map(\.name).filter { indexByName[$0] == nil }
    }
}
