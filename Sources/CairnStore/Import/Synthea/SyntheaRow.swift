import CairnCore

/// The current row of a Synthea CSV file, by column name (Synthea writes upper-case names;
/// matched ignoring case and spaces), with each column's position for messages.
struct SyntheaRow {
    let csv: CSVReader
    private let column: [String: Int]

    init(csv: CSVReader, header: [String]) {
        self.csv = csv
        var column: [String: Int] = [:]
        for (index, name) in header.enumerated() where column[name.trimmingSpaces().uppercased()] == nil {
            column[name.trimmingSpaces().uppercased()] = index
        }
        self.column = column
    }

    /// 1-based position of a column in the file.
    func position(_ name: String) -> Int? { column[name].map { $0 + 1 } }

    /// The trimmed text of a field; nil when the column is absent or the field empty.
    func field(_ name: String) throws(RowRejection) -> String? {
        guard let index = column[name], index < csv.fieldCount, !csv.isEmpty(index) else { return nil }
        guard let text = csv.field(index) else {
            throw RowRejection(reason: .invalidUTF8, column: index + 1, columnName: name,
                               message: "the field is not valid UTF-8 text")
        }
        let trimmed = text.trimmingSpaces()
        return trimmed.isEmpty ? nil : trimmed
    }

    func required(_ name: String) throws(RowRejection) -> String {
        guard let value = try field(name) else {
            throw RowRejection(reason: .missingRequiredField, column: position(name), columnName: name,
                               message: "\(name) is required and empty")
        }
        return value
    }

    /// A Synthea date (`YYYY-MM-DD`) or date-time (`2023-10-10T04:17:47Z`) resolved in a zone.
    func time(_ name: String, in zone: CachedZone) throws(RowRejection) -> EventTime? {
        guard let text = try field(name) else { return nil }
        guard let parsed = ISODateTimeText.parse(text) else {
            throw RowRejection(reason: .unparseableDate, column: position(name), columnName: name,
                               message: "\"\(text)\" is not an ISO 8601 date or date-time")
        }
        return EventTime(text: text, epochSeconds: zone.epoch(of: parsed), day: zone.day(of: parsed))
    }

    func requiredTime(_ name: String, in zone: CachedZone) throws(RowRejection) -> EventTime {
        _ = try required(name)
        return try time(name, in: zone)!
    }

    func invalid(_ name: String, _ message: String, reason: ImportIssue.Reason = .invalidValue) -> RowRejection {
        RowRejection(reason: reason, column: position(name), columnName: name, message: message)
    }
}
