import CairnCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A dataset written out in clear for backup or another tool (Glance's "JSON and CSV backup of
/// all data"): JSON holding every table with every stored column, ids kept, which `cairn import`
/// restores exactly; or the contract's CSV files, which `cairn import DIR` reads back. Rows are
/// written a table at a time in id (or key) order, so the same dataset always gives the same
/// bytes, and export → import → export gives identical files.
public enum DatasetExport {
    /// The notice Glance shows with every export (seed 000, Settings and Export Security).
    public static let notice = "This file contains your health information. Store it securely."
    /// What a JSON export says it is, first in the file, so `cairn import` knows it from its head.
    public static let formatName = "cairn-dataset"

    public enum Target: String, Sendable, CaseIterable { case json, csv }

    /// Exports to a new path, built beside it and renamed into place, so a failed export leaves
    /// nothing; returns what was written, for the person ("Exported ... (JSON, every table).").
    public static func export(_ dataset: Dataset, as target: Target, to path: String) throws -> String {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw DatasetExportError(problem: "\(path) exists; an export is written to a new path, so nothing is overwritten")
        }
        StagingFile.removeAbandoned(for: path, kind: "exporting")
        let staging = StagingFile.path(for: path, kind: "exporting")
        let written: String
        do {
            switch target {
            case .json:
                let handle: FileHandle
                do {
                    handle = try StagingFile.create(staging, for: path)
                } catch {
                    throw DatasetExportError(problem: error.description)
                }
                defer { try? handle.close() }
                try writeJSON(dataset, to: handle)
                written = "(JSON, every table)"
            case .csv:
                do {
                    try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false,
                                                            attributes: [.posixPermissions: 0o700])
                } catch {
                    throw DatasetExportError(problem: "\(path) cannot be created (\(error.localizedDescription))")
                }
                written = "(" + (try writeCSV(dataset, into: URL(fileURLWithPath: staging))).joined(separator: ", ") + ")"
            }
        } catch let error as DatasetExportError {
            try? FileManager.default.removeItem(atPath: staging)
            StagingFile.forget(staging)
            throw error
        } catch let error as SQLiteError {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        } catch {
            // A write that failed (a full disk): one line naming the export, nothing left behind.
            try? FileManager.default.removeItem(atPath: staging)
            throw DatasetExportError(problem: FileAccessError(path: path, failure: error, doing: "be written").description
                                     + "; nothing was written")
        }
        defer { StagingFile.forget(staging) }
        guard rename(staging, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: staging)
            throw DatasetExportError(problem: "\(path) cannot be created (\(reason))")
        }
        return "Exported \(dataset.location) to \(path)\(target == .csv ? "/" : "") \(written).\n\(notice)\n"
    }

    /// Writes the whole dataset as JSON to `handle`, a row per line.
    public static func writeJSON(_ dataset: Dataset, to handle: FileHandle) throws {
        var out = OutputBuffer(handle: handle)
        try out.append("{\n  \"format\": \"\(formatName)\",\n  \"notice\": \(JSONText.quoted(notice)),\n"
                       + "  \"contract_version\": \(ContractTable.contractVersion),\n"
                       + "  \"layout_version\": \(dataset.layoutVersion),\n  \"tables\": {")
        let tables = DatasetSchema.tables(at: dataset.layoutVersion)
        for (position, table) in tables.enumerated() {
            let columns = DatasetSchema.storedColumns(of: table, at: dataset.layoutVersion).map(\.name)
            try out.append((position == 0 ? "\n" : ",\n") + "    \(JSONText.quoted(table.rawValue)): {\n      \"columns\": ["
                           + columns.map(JSONText.quoted).joined(separator: ", ") + "],\n      \"rows\": [")
            let statement = try dataset.database.prepare("SELECT " + columns.joined(separator: ", ") + " FROM main." + table.rawValue
                                                         + " ORDER BY " + orderKey(table))
            var first = true
            while try statement.step() {
                var fields: [String] = []
                fields.reserveCapacity(columns.count)
                for index in columns.indices {
                    let column = Int32(index)
                    switch statement.columnType(column) {
                    case 5: fields.append("null")
                    case 1: fields.append(String(statement.int(column)))
                    case 2:
                        let value = statement.double(column)
                        guard value.isFinite else {
                            throw DatasetExportError(problem: "\(table.rawValue) column \(columns[index]) holds \(value), which JSON "
                                                     + "cannot hold; nothing was written. Correct the row and export again")
                        }
                        fields.append(exactText(value))
                    default: fields.append(JSONText.quoted(statement.text(column) ?? ""))
                    }
                }
                try out.append((first ? "\n        [" : ",\n        [") + fields.joined(separator: ", ") + "]")
                first = false
            }
            try out.append((first ? "" : "\n      ") + "]\n    }")
        }
        try out.append("\n  }\n}\n")
        try out.flush()
    }

    /// Writes each table the dataset has rows in as the contract's CSV file in `directory`:
    /// the contract's columns only (the derived `_epoch` and `_day` columns are worked out again
    /// on import), a reading's value and unit as they were entered. Returns the files written.
    public static func writeCSV(_ dataset: Dataset, into directory: URL) throws -> [String] {
        var written: [String] = []
        for table in DatasetSchema.tables(at: dataset.layoutVersion) {
            let stored = Set(DatasetSchema.storedColumns(of: table, at: dataset.layoutVersion).map(\.name))
            let columns = table.columns.map(\.name).filter(stored.contains)
            guard (try dataset.database.scalarInt("SELECT count(*) FROM main.\(table.rawValue)") ?? 0) > 0 else { continue }
            let selected = columns.map { name -> String in
                guard table == .readings, name == "value" || name == "unit" else { return name }
                return "coalesce(entered_\(name), \(name))"
            }
            let statement = try dataset.database.prepare("SELECT " + selected.joined(separator: ", ") + " FROM main." + table.rawValue
                                                         + " ORDER BY " + orderKey(table))
            let url = directory.appendingPathComponent(table.fileName)
            guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = try? FileHandle(forWritingTo: url) else {
                throw DatasetExportError(problem: "\(url.path) cannot be written")
            }
            defer { try? handle.close() }
            var out = OutputBuffer(handle: handle)
            try out.append(CSVWriter.line(columns))
            while try statement.step() {
                let fields = columns.indices.map { index -> String in
                    let column = Int32(index)
                    switch statement.columnType(column) {
                    case 5: return ""
                    case 1: return String(statement.int(column))
                    case 2: return DatasetExport.exactText(statement.double(column))
                    default: return statement.text(column) ?? ""
                    }
                }
                try out.append(CSVWriter.line(fields))
            }
            try out.flush()
            written.append(table.fileName)
        }
        return written
    }

    /// A number as text that reads back as the same double: whole numbers without a point.
    static func exactText(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// Rows in the order they were imported (their id), or by key in the tables without one.
    static func orderKey(_ table: ContractTable) -> String {
        DatasetSchema.hasIDColumn(table) ? "id" : DatasetSchema.primaryKey(of: table) ?? "rowid"
    }

    /// Text gathered into large writes.
    struct OutputBuffer {
        let handle: FileHandle
        var pending = ""

        init(handle: FileHandle) { self.handle = handle }

        mutating func append(_ text: String) throws {
            pending += text
            if pending.utf8.count >= 1 << 20 { try flush() }
        }

        mutating func flush() throws {
            guard !pending.isEmpty else { return }
            try handle.write(contentsOf: Data(pending.utf8))
            pending = ""
        }
    }
}

/// Why an export stopped; nothing is left behind when it does.
public struct DatasetExportError: Error, CustomStringConvertible {
    public let problem: String
    public var description: String { problem }
}
