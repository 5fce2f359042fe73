#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CairnCore

/// An open dataset: a SQLite file in the contract's layout, or a directory of contract CSV files
/// read into an in-memory database. Opening checks the layout and names everything missing.
public final class Dataset {
    public let database: SQLiteDatabase
    /// The path the dataset was opened from.
    public let location: String
    public let isDirectory: Bool
    /// The layout the dataset has (`DatasetSchema.migrations`); readers leave out what an
    /// older layout lacks.
    public private(set) var layoutVersion: Int
    /// For a directory read without a present instant: readings dated more than a year after
    /// the rest of their profile's rows, to be said when it opens.
    public private(set) var farAheadReadings: [FarAheadReadings] = []

    init(database: SQLiteDatabase, location: String, isDirectory: Bool, layoutVersion: Int = DatasetSchema.layoutVersion) {
        self.database = database
        self.location = location
        self.isDirectory = isDirectory
        self.layoutVersion = layoutVersion
    }

    /// Opens a dataset for reading: a SQLite file, or a directory of CSVs imported into memory
    /// (readings after `now` rejected as future; nil, the default, rejects none, so that what a
    /// directory holds never depends on the day it is read).
    public static func open(_ path: String, readOnly: Bool = true, now: Int? = nil) throws(DatasetError) -> Dataset {
        switch FileKind.of(path) {
        case .missing: throw .notFound(path: path)
        case .directory: return try openDirectory(path, now: now)
        case .file: return try openSQLite(path, mode: readOnly ? .readOnly : .readWrite)
        }
    }

    /// A second read-only connection to the same SQLite file, for a reader on another thread.
    /// A directory dataset lives in one in-memory connection and has no other.
    public func anotherReader() throws(DatasetError) -> Dataset {
        precondition(!isDirectory, "a directory dataset has a single in-memory connection")
        return try Dataset.openSQLite(location, mode: .readOnly)
    }

    /// Opens an existing SQLite dataset for writing, or creates it (an empty file counts as new).
    public static func openOrCreate(_ path: String) throws(DatasetError) -> Dataset {
        switch FileKind.of(path) {
        case .directory: throw .notASQLiteDatabase(path: path)
        case .file where FileKind.size(path) > 0: return try openSQLite(path, mode: .readWrite)
        case .missing, .file:
            do {
                let database = try SQLiteDatabase(path: path, mode: .create)
                // 16 KiB pages: a population import measured about a tenth faster than with
                // 4 KiB (BENCHMARKS.md), and analyses read each profile's rows as ranges.
                try database.execute("PRAGMA page_size = 16384")
                try database.inTransaction { try database.execute(DatasetSchema.creationSQL) }
                return Dataset(database: database, location: path, isDirectory: false)
            } catch let error as SQLiteError {
                throw .storage(error)
            } catch {
                preconditionFailure("unexpected error \(error)")
            }
        }
    }

    /// A new empty in-memory dataset.
    public static func inMemory(location: String) throws(DatasetError) -> Dataset {
        do {
            let database = try SQLiteDatabase.inMemory()
            try database.execute(DatasetSchema.creationSQL)
            return Dataset(database: database, location: location, isDirectory: true)
        } catch {
            throw .storage(error)
        }
    }

    private static func openDirectory(_ path: String, now: Int?) throws(DatasetError) -> Dataset {
        let dataset = try inMemory(location: path)
        let report: ImportReport
        do {
            report = try DatasetImporter(dataset: dataset, options: ImportOptions(now: now)).run(sources: [path])
        } catch {
            throw .directoryRefused(reason: error.description)
        }
        if report.rejected > 0 {
            let first = report.issues.first { $0.severity == .rejected }
            throw .directoryImportRejected(path: path, rejected: report.rejected,
                                           firstProblem: first?.locatedMessage ?? "")
        }
        if now == nil {
            do {
                dataset.farAheadReadings = try FarAheadReadings.find(in: dataset.database)
            } catch {
                throw .storage(error)
            }
        }
        return dataset
    }

    private static func openSQLite(_ path: String, mode: SQLiteDatabase.OpenMode) throws(DatasetError) -> Dataset {
        guard FileKind.hasSQLiteHeader(path) else { throw .notASQLiteDatabase(path: path) }
        do {
            return try openSQLiteOnce(path, mode: mode)
        } catch .storage(let error) where mode == .readOnly && error.code == 776 /* SQLITE_READONLY_ROLLBACK */ {
            // An import killed mid-way left a hot journal: a read-only connection cannot roll
            // it back. A read-write one does on its first read, restoring the dataset as it was.
            try rollBackHotJournal(path, cause: error)
            return try openSQLiteOnce(path, mode: mode)
        }
    }

    /// After an import into an existing dataset failed (a full disk in the middle of its
    /// commit), rolls back the journal it left at once, so the file is as it was before the
    /// import when the command ends, not only once the next command opens it. Quiet: when it
    /// cannot be done here, the next command that opens the dataset does it or says what to run.
    public static func rollBackAfterFailedImport(_ path: String) {
        guard access(path + "-journal", F_OK) == 0 else { return }
        guard let database = try? SQLiteDatabase(path: path, mode: .readWrite) else { return }
        _ = try? database.prepare("SELECT count(*) FROM sqlite_schema").step()
    }

    /// Rolls back the journal an interrupted import left (SQLite does it on a read-write
    /// connection's first read); when that cannot be done, says in one line what to do.
    static func rollBackHotJournal(_ path: String, cause: SQLiteError) throws(DatasetError) {
        do {
            let database = try SQLiteDatabase(path: path, mode: .readWrite)
            _ = try database.prepare("SELECT count(*) FROM sqlite_schema").step()
        } catch {
            throw .interruptedImport(path: path, reason: error.message)
        }
    }

    private static func openSQLiteOnce(_ path: String, mode: SQLiteDatabase.OpenMode) throws(DatasetError) -> Dataset {
        let database: SQLiteDatabase
        do {
            database = try SQLiteDatabase(path: path, mode: mode)
            try validateLayout(database, path: path)
        } catch let error as DatasetError {
            throw error
        } catch let error as SQLiteError {
            if error.code & 0xff == 26 /* SQLITE_NOTADB */ { throw .notASQLiteDatabase(path: path) }
            throw .storage(error)
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
        return Dataset(database: database, location: path, isDirectory: false,
                       layoutVersion: (try? layoutVersion(of: database)) ?? 1)
    }

    /// The layout version a dataset records (1 when it records none).
    static func layoutVersion(of database: SQLiteDatabase) throws -> Int {
        guard try database.tableNames().contains("cairn_meta") else { return 1 }
        let statement = try database.prepare("SELECT value FROM cairn_meta WHERE key = 'layout_version'")
        guard try statement.step(), let text = statement.text(0), let version = Int(text) else { return 1 }
        return version
    }

    /// Brings a dataset made by an earlier Cairn to the current layout (optional tables and
    /// columns added), inside the caller's transaction: an import that fails leaves it as it was.
    func migrate() throws(SQLiteError) {
        guard layoutVersion < DatasetSchema.layoutVersion else { return }
        try database.execute(DatasetSchema.migrationSQL(from: layoutVersion))
        layoutVersion = DatasetSchema.layoutVersion
    }

    private static func validateLayout(_ database: SQLiteDatabase, path: String) throws {
        let tables = Set(try database.tableNames())
        let version = try layoutVersion(of: database)
        if version > DatasetSchema.layoutVersion { throw DatasetError.newerLayout(path: path, found: version) }
        var missingTables: [String] = []
        var missingColumns: [String] = []
        let expected = DatasetSchema.tables(at: version)
        for table in ["cairn_meta", "imports"] + expected.map(\.rawValue) where !tables.contains(table) {
            missingTables.append(table)
        }
        for table in expected where tables.contains(table.rawValue) {
            let present = Set(try database.columnNames(of: table.rawValue))
            for column in DatasetSchema.storedColumns(of: table, at: version) where !present.contains(column.name) {
                missingColumns.append("\(table.rawValue).\(column.name)")
            }
        }
        guard missingTables.isEmpty && missingColumns.isEmpty else {
            throw DatasetError.schemaMismatch(path: path, missingTables: missingTables, missingColumns: missingColumns)
        }
        // A dataset carries data, never code: triggers, views and tables Cairn did not make are refused.
        let known = Set(["cairn_meta", "imports"] + ContractTable.allCases.map(\.rawValue))
        let objects = try database.prepare("SELECT type, name FROM sqlite_schema WHERE type IN ('trigger', 'view', 'table') ORDER BY name")
        var foreign: [String] = []
        while try objects.step() {
            let type = objects.text(0) ?? "", name = objects.text(1) ?? ""
            if type != "table" || (!known.contains(name) && !name.hasPrefix("sqlite_")) { foreign.append("\(type) \(name)") }
        }
        guard foreign.isEmpty else { throw DatasetError.foreignSchema(path: path, objects: foreign) }
    }
}

/// What is at a path, without following it further than `stat` does.
enum FileKind {
    case missing, file, directory

    static func of(_ path: String) -> FileKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }

    static func size(_ path: String) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return Int(info.st_size)
    }

    /// The first bytes of a file, up to `count`.
    static func prefix(_ path: String, count: Int) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, count) }
        return read > 0 ? Array(bytes[0..<read]) : []
    }

    static let sqliteMagic: [UInt8] = Array("SQLite format 3".utf8) + [0]

    /// A SQLite database is a regular file: a pipe or device named as a dataset is none, and
    /// is never opened (reading a pipe shipped beside a notebook as `d.sqlite` waited for ever).
    static func hasSQLiteHeader(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return prefix(path, count: 16) == sqliteMagic
    }
}
