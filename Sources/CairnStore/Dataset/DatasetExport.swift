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

    public enum Target: String, Sendable, CaseIterable { case json, csv, fhir }

    /// Exports to a new path, built beside it and renamed into place, so a failed export leaves
    /// nothing; returns what was written, for the person ("Exported ... (JSON, every table).").
    /// `scope` limits the profiles, tables and days written (JSON keeps every table, empty
    /// when out of scope, so it still restores); `ndjson` writes FHIR as Bulk Data files.
    public static func export(_ dataset: Dataset, as target: Target, to path: String, scope: ExportScope = .everything,
                              ndjson: Bool = false, progress: ((Int) -> ExportProgress?)? = nil) throws -> String {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw DatasetExportError(problem: "\(path) exists; an export is written to a new path, so nothing is overwritten")
        }
        if let problem = try scope.problem(in: dataset) { throw DatasetExportError(problem: problem) }
        let meter = try progress?(rowCount(dataset, scope: scope, target: target))
        defer { meter?.finish() }
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
                try writeJSON(dataset, to: handle, scope: scope, progress: meter)
                written = scope.isEverything ? "(JSON, every table)" : "(JSON, " + scopeText(scope) + ")"
            case .csv, .fhir:
                do {
                    try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false,
                                                            attributes: [.posixPermissions: 0o700])
                } catch {
                    throw DatasetExportError(problem: "\(path) cannot be created (\(error.localizedDescription))")
                }
                let files = target == .csv
                    ? try writeCSV(dataset, into: URL(fileURLWithPath: staging), scope: scope, progress: meter)
                    : try FHIRExport.write(dataset, scope: scope, ndjson: ndjson, into: URL(fileURLWithPath: staging), progress: meter)
                written = "(" + (target == .fhir ? (ndjson ? "FHIR R4 Bulk Data: " : "FHIR R4, a Bundle per profile: ") : "")
                    + files.joined(separator: ", ") + (scope.isEverything ? "" : "; " + scopeText(scope)) + ")"
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
        return "Exported \(dataset.location) to \(path)\(target == .json ? "" : "/") \(written).\n\(notice)\n"
    }

    /// What a scope kept, for the line an export prints.
    static func scopeText(_ scope: ExportScope) -> String {
        var parts: [String] = []
        if let profiles = scope.profiles { parts.append("profile\(profiles.count == 1 ? "" : "s") " + profiles.joined(separator: ", ")) }
        if let tables = scope.tables { parts.append("table\(tables.count == 1 ? "" : "s") " + tables.map(\.rawValue).joined(separator: ", ")) }
        if scope.from != nil || scope.until != nil {
            parts.append("days " + (scope.from?.description ?? "the first") + " to " + (scope.until?.description ?? "the last"))
        }
        return parts.joined(separator: "; ")
    }

    /// How many rows an export will write, for its progress.
    static func rowCount(_ dataset: Dataset, scope: ExportScope, target: Target) throws -> Int {
        var total = 0
        for table in DatasetSchema.tables(at: dataset.layoutVersion) where scope.includes(table) {
            if target == .fhir && ![.profiles, .readings, .visits].contains(table) { continue }
            let columns = DatasetSchema.storedColumns(of: table, at: dataset.layoutVersion).map(\.name)
            let statement = try dataset.database.prepare("SELECT count(*) FROM main.\(table.rawValue)" + whereClause(table, columns, scope))
            try bindScope(statement, table, columns, scope)
            if try statement.step() { total += statement.int(0) }
        }
        return total
    }

    static func whereClause(_ table: ContractTable, _ columns: [String], _ scope: ExportScope) -> String {
        scope.condition(for: table, columns: columns).map { " WHERE " + $0.sql } ?? ""
    }

    static func bindScope(_ statement: SQLiteStatement, _ table: ContractTable, _ columns: [String], _ scope: ExportScope) throws {
        for (index, value) in (scope.condition(for: table, columns: columns)?.values ?? []).enumerated() {
            try statement.bind(value, at: Int32(index + 1))
        }
    }

    /// Writes the whole dataset as JSON to `handle`, a row per line.
    public static func writeJSON(_ dataset: Dataset, to handle: FileHandle, scope: ExportScope = .everything,
                                 progress: ExportProgress? = nil) throws {
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
                                                         + (scope.includes(table) ? whereClause(table, columns, scope) : " WHERE 0")
                                                         + " ORDER BY " + orderKey(table))
            if scope.includes(table) { try bindScope(statement, table, columns, scope) }
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
                progress?.row()
            }
            try out.append((first ? "" : "\n      ") + "]\n    }")
        }
        try out.append("\n  }\n}\n")
        try out.flush()
    }

    /// Writes each table the dataset has rows in as the contract's CSV file in `directory`:
    /// the contract's columns only (the derived `_epoch` and `_day` columns are worked out again
    /// on import), a reading's value and unit as they were entered. Returns the files written.
    public static func writeCSV(_ dataset: Dataset, into directory: URL, scope: ExportScope = .everything,
                                progress: ExportProgress? = nil) throws -> [String] {
        var written: [String] = []
        for table in DatasetSchema.tables(at: dataset.layoutVersion) where scope.includes(table) {
            let storedList = DatasetSchema.storedColumns(of: table, at: dataset.layoutVersion).map(\.name)
            let stored = Set(storedList)
            let columns = table.columns.map(\.name).filter(stored.contains)
            let filter = whereClause(table, storedList, scope)
            let count = try dataset.database.prepare("SELECT count(*) FROM main.\(table.rawValue)" + filter)
            try bindScope(count, table, storedList, scope)
            guard try count.step(), count.int(0) > 0 else { continue }
            let selected = columns.map { name -> String in
                guard table == .readings, name == "value" || name == "unit" else { return name }
                return "coalesce(entered_\(name), \(name))"
            }
            let statement = try dataset.database.prepare("SELECT " + selected.joined(separator: ", ") + " FROM main." + table.rawValue
                                                         + filter + " ORDER BY " + orderKey(table))
            try bindScope(statement, table, storedList, scope)
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
                progress?.row()
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
