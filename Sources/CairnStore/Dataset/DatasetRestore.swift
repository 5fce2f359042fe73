import CairnCore
import Foundation

/// Reads a JSON export (`DatasetExport.writeJSON`) back into a new dataset, every row with its
/// id, so that exporting the restored dataset gives the same bytes. Everything is checked before
/// the file counts as a dataset: what the file says it is, its contract and layout versions,
/// each table's name and columns (the layout's, in order), and each value against its column's
/// type; the rows go in inside one transaction, so a refused file leaves nothing behind.
public enum DatasetRestore {
    /// Whether a file's first bytes are those of a JSON export.
    public static func isExport(head: [UInt8]) -> Bool {
        let text = String(decoding: head, as: UTF8.self)
        return text.hasPrefix("{") && text.contains("\"format\": \"\(DatasetExport.formatName)\"")
    }

    /// Restores `file` into the (new, empty) dataset at `path`; returns the rows restored.
    public static func restore(_ file: String, into dataset: Dataset) throws -> Int {
        guard let data = FileManager.default.contents(atPath: file) else { throw failure(file, "cannot be read") }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw failure(file, "is not valid JSON (\((error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? error))")
        }
        guard let object = root as? [String: Any], object["format"] as? String == DatasetExport.formatName else {
            throw failure(file, "is not a Cairn JSON export (its \"format\" is not \"\(DatasetExport.formatName)\")")
        }
        guard let contract = object["contract_version"] as? Int, contract == ContractTable.contractVersion else {
            throw failure(file, "holds contract version \(object["contract_version"] ?? "none"); this Cairn reads version "
                          + "\(ContractTable.contractVersion)")
        }
        guard let layout = object["layout_version"] as? Int, (1...DatasetSchema.layoutVersion).contains(layout) else {
            throw failure(file, "holds layout version \(object["layout_version"] ?? "none"); this Cairn reads 1 to "
                          + "\(DatasetSchema.layoutVersion): update Cairn to restore it")
        }
        guard let tables = object["tables"] as? [String: Any] else { throw failure(file, "has no \"tables\" object") }
        let known = DatasetSchema.tables(at: layout)
        if let unknown = tables.keys.sorted().first(where: { name in !known.contains { $0.rawValue == name } }) {
            throw failure(file, "tables.\(unknown) is not a table of layout \(layout); tables: " + known.map(\.rawValue).joined(separator: ", "))
        }
        var restored = 0
        try dataset.database.inTransaction {
            for table in known {
                guard let body = tables[table.rawValue] else { continue }
                restored += try restore(table, body, layout: layout, file: file, into: dataset.database)
            }
            try dataset.database.execute(DatasetSchema.indexSQL)
        }
        return restored
    }

    private static func restore(_ table: ContractTable, _ body: Any, layout: Int, file: String, into database: SQLiteDatabase) throws -> Int {
        let place = "tables.\(table.rawValue)"
        let expected = DatasetSchema.storedColumns(of: table, at: layout)
        guard let body = body as? [String: Any], let columns = body["columns"] as? [String], let rows = body["rows"] as? [Any] else {
            throw failure(file, "\(place) must hold \"columns\" (names) and \"rows\" (arrays)")
        }
        guard columns == expected.map(\.name) else {
            throw failure(file, "\(place).columns are not this table's columns at layout \(layout); expected "
                          + expected.map(\.name).joined(separator: ", "))
        }
        let statement = try database.prepare("INSERT INTO \(table.rawValue)(" + columns.joined(separator: ", ") + ") VALUES ("
                                              + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")")
        for (number, row) in rows.enumerated() {
            let at = "\(place).rows[\(number)]"
            guard let values = row as? [Any], values.count == columns.count else {
                throw failure(file, "\(at) must be an array of \(columns.count) values, one per column")
            }
            for (index, value) in values.enumerated() {
                let column = expected[index], position = Int32(index + 1)
                if value is NSNull {
                    try statement.bind(nil as String?, at: position)
                } else if column.type.hasPrefix("INTEGER") {
                    guard let number = value as? NSNumber, !(value is String), number.doubleValue == number.doubleValue.rounded() else {
                        throw failure(file, "\(at) column \(column.name) must be a whole number or null")
                    }
                    try statement.bind(number.intValue, at: position)
                } else if column.type.hasPrefix("REAL") {
                    guard let number = value as? NSNumber, !(value is String) else {
                        throw failure(file, "\(at) column \(column.name) must be a number or null")
                    }
                    try statement.bind(number.doubleValue, at: position)
                } else {
                    guard let text = value as? String else { throw failure(file, "\(at) column \(column.name) must be text or null") }
                    try statement.bind(text, at: position)
                }
            }
            do {
                try statement.run()
            } catch {
                throw failure(file, "\(at) cannot be stored (\(error.description))")
            }
        }
        return rows.count
    }

    static func failure(_ file: String, _ problem: String) -> DatasetExportError {
        DatasetExportError(problem: "\(file): \(problem); nothing was restored")
    }
}
