/// Why an import was refused whole. Nothing was written to the dataset.
public enum ImportError: Error, CustomStringConvertible {
    case sourceNotFound(path: String)
    case notCSV(path: String, detail: String)
    case sqliteGivenAsSource(path: String)
    case unknownTable(path: String)
    case emptyDirectory(path: String)
    case missingHeader(path: String)
    case missingRequiredColumns(path: String, table: String, columns: [String])
    /// A file given as Synthea that is none of the files Cairn reads from a Synthea export.
    case notSynthea(path: String, looksLikeSynthea: Bool)
    case unterminatedQuote(path: String, line: Int)
    /// A record longer than Cairn keeps, in a file read whole (a header, a weather file).
    case recordTooLong(path: String, line: Int, field: Int, limit: Int)
    /// An XML file that is not well-formed, at the place the parser stopped.
    case malformedXML(path: String, line: Int, column: Int, problem: String)
    /// A weather service's file that cannot be read as a whole (no times, no header).
    case weatherFile(path: String, problem: String)
    /// A file of a kind Cairn recognises but cannot read here, with what it is and the command that reads it.
    case notForImport(path: String, what: String)
    case unreadable(path: String, reason: String)
    case dataset(DatasetError)
    case storage(SQLiteError)
    case rejectsFileUnwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .sourceNotFound(let path):
            return "\(path): no such file or directory"
        case .notCSV(let path, let detail):
            return "\(path): not a CSV text file (\(detail)); give UTF-8 CSV files with a header row"
        case .sqliteGivenAsSource(let path):
            return "\(path): is a SQLite database, not a CSV file; open it directly (`cairn summary \(path)`) "
                + "or import its tables as contract CSV files"
        case .unknownTable(let path):
            return "\(path): the file name names no contract table; name it after its table ("
                + ContractTableNames.list + "), or give a Synthea export's patients, encounters, observations, "
                + "conditions or medications file"
        case .emptyDirectory(let path):
            return "\(path): holds no contract CSV files (" + ContractTableNames.list + ")"
        case .missingHeader(let path):
            return "\(path):1: the file is empty; a contract CSV starts with a header row"
        case .missingRequiredColumns(let path, let table, let columns):
            return "\(path):1: the header lacks required \(table) column\(columns.count == 1 ? "" : "s") "
                + columns.joined(separator: ", ") + "; add \(columns.count == 1 ? "it" : "them") to the header"
        case .notSynthea(let path, let looksLikeSynthea):
            let files = SyntheaFile.allCases.map { $0.rawValue + ".csv" }.joined(separator: ", ")
            return looksLikeSynthea
                ? "\(path):1: a file of a Synthea export that Cairn does not read; it reads \(files)"
                : "\(path):1: not a file of a Synthea export (Cairn reads \(files), recognised by their columns)"
        case .unterminatedQuote(let path, let line):
            return "\(path):\(line): a quoted field opened on this line is never closed; "
                + "close the quote or double any quote inside the field"
        case .recordTooLong(let path, let line, let field, let limit):
            return "\(path):\(line):\(field): a row longer than \(CSVReader.sizeText(limit)) (field \(field) runs past it); "
                + "nothing was imported: shorten that field, or check that the file is CSV"
        case .malformedXML(let path, let line, let column, let problem):
            return "\(path):\(line):\(column): not well-formed XML (\(problem)); the export is damaged or cut short: "
                + "export it again from the Health app"
        case .weatherFile(let path, let problem):
            return "\(path): a weather file that \(problem)"
        case .notForImport(let path, let what):
            return "\(path): \(what)"
        case .unreadable(let path, let reason):
            return "\(path): cannot be read: \(reason)"
        case .dataset(let error):
            return error.description
        case .storage(let error):
            // A full disk: the transaction was rolled back, so the dataset is as it was.
            if let problem = error.storageProblem {
                return problem + (error.isOutOfSpace ? "; free some space and run the import again" : "; check the disk, then run the import again")
                    + " (nothing was changed)"
            }
            return error.description
        case .rejectsFileUnwritable(let path, let reason):
            return "\(path): the rejects file cannot be written (\(reason)); the import was rolled back. "
                + "Choose another place with --rejects"
        }
    }
}

import CairnCore

extension ImportError {
    init(path: String, failure: CSVReader.Failure) {
        switch failure {
        case .unterminatedQuote(let line): self = .unterminatedQuote(path: path, line: line)
        case .unreadable(let reason): self = .unreadable(path: path, reason: reason)
        case .recordTooLong(let line, let field, let limit):
            self = .recordTooLong(path: path, line: line, field: field, limit: limit)
        }
    }
}

enum ContractTableNames {
    static let list = ContractTable.allCases.map(\.fileName).joined(separator: ", ")
}
