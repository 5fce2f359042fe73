/// Why a dataset could not be opened or created. Each message names the file and what to do.
public enum DatasetError: Error, CustomStringConvertible {
    case notFound(path: String)
    case notASQLiteDatabase(path: String)
    case schemaMismatch(path: String, missingTables: [String], missingColumns: [String])
    case newerLayout(path: String, found: Int)
    /// The file holds triggers, views or tables Cairn did not make: code or data it cannot vouch for.
    case foreignSchema(path: String, objects: [String])
    case directoryImportRejected(path: String, rejected: Int, firstProblem: String)
    /// A file in the directory could not be read as a contract CSV at all.
    case directoryRefused(reason: String)
    case storage(SQLiteError)
    /// An import was killed mid-way and its journal could not be rolled back from here.
    case interruptedImport(path: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no such file or directory; give a dataset (a .sqlite file made by `cairn import`, "
                + "or a directory of contract CSV files)"
        case .notASQLiteDatabase(let path):
            return "\(path): not a SQLite database; give a dataset made by `cairn import`, "
                + "or import CSV files into a new one with `cairn import FILE... --into DATASET.sqlite`"
        case .schemaMismatch(let path, let tables, let columns):
            var parts: [String] = []
            if !tables.isEmpty { parts.append("missing table" + (tables.count == 1 ? " " : "s ") + tables.joined(separator: ", ")) }
            if !columns.isEmpty { parts.append("missing column" + (columns.count == 1 ? " " : "s ") + columns.joined(separator: ", ")) }
            return "\(path): not a Cairn dataset (contract version 1): " + parts.joined(separator: "; ")
                + ". Export its tables as contract CSV files and import them with `cairn import`"
        case .newerLayout(let path, let found):
            return "\(path): made by a newer Cairn (layout version \(found), this one reads \(DatasetSchema.layoutVersion)); "
                + "update Cairn to open it"
        case .foreignSchema(let path, let objects):
            let shown = objects.prefix(5).map { String($0.prefix(60)) }.joined(separator: ", ") + (objects.count > 5 ? ", ..." : "")
            return "\(path): refused: it holds \(shown), which Cairn did not make; a dataset carries data only. "
                + "Export its tables as contract CSV files and import them with `cairn import`"
        case .directoryImportRejected(let path, let rejected, let firstProblem):
            return "\(path): \(rejected) row\(rejected == 1 ? " was" : "s were") rejected while reading this directory "
                + "(first: \(firstProblem)); run `cairn import \(path) --into DATASET.sqlite` for the full report"
        case .directoryRefused(let reason):
            return reason
        case .storage(let error):
            return error.description
        case .interruptedImport(let path, let reason):
            return "\(path): an import into it was interrupted and its journal (\(path)-journal) could not be rolled back here "
                + "(\(reason)); run any cairn command on it as a user who may write its folder, which restores it as it was"
        }
    }
}
