import CairnCore

/// Reads one source file of an import and accounts for each of its records in the ledger.
protocol SourceImporter {
    func importRecords(into ledger: RecordLedger) throws
    /// Codes of the source that no marker lists, with their description and rows (Synthea).
    var skippedCodes: [String: (description: String, rows: Int)] { get }
}

extension SourceImporter {
    var skippedCodes: [String: (description: String, rows: Int)] { [:] }
}

enum SourceImporters {
    /// The importer for one planned input.
    static func make(_ input: ImportInput, context: ImportContext, readings: () throws -> ReadingIntake,
                     options: ImportOptions, ledger: RecordLedger) throws -> SourceImporter {
        switch input.format {
        case .contract(let table):
            return try CSVSourceImporter(path: input.path) { csv, header in
                let map = HeaderMap(table: table, header: header)
                for column in map.ignoredColumns {
                    context.record(.warning, .unknownColumn, column: column.position, columnName: column.name,
                                   message: "\"\(column.name)\" is not a \(table.rawValue) column; its values were ignored")
                    ledger.ignoreColumn(column.name)
                }
                let row = RowReader(csv: csv, header: map)
                let importer = try ContractRowImporters.make(for: table, context: context, readings: readings)
                return .init { try importer.importRow(row); return .imported }
            }
        case .synthea(let file):
            return try CSVSourceImporter(path: input.path) { csv, header in
                let row = SyntheaRow(csv: csv, header: header)
                switch file {
                case .patients:
                    let importer = try SyntheaPatientImporter(context: context, row: row, defaultZone: options.defaultTimeZone)
                    return .init(importer.importRow)
                case .encounters:
                    let importer = try SyntheaEncounterImporter(context: context, row: row)
                    return .init(importer.importRow)
                case .observations:
                    let importer = SyntheaObservationImporter(context: context, intake: try readings(), row: row)
                    return .init(importer.importRow) { importer.skippedCodes }
                case .conditions, .medications:
                    let importer = try SyntheaCareRecordImporter(file: file, context: context, row: row)
                    return .init(importer.importRow)
                }
            }
        case .fhir(let file):
            return file.isNDJSON
                ? FHIRNDJSONImporter(path: input.path, context: context, intake: try readings(), options: options)
                : FHIRDocumentImporter(path: input.path, context: context, intake: try readings(), options: options)
        case .appleHealth:
            return try AppleHealthImporter(path: input.path, context: context, intake: try readings(), options: options)
        case .weather(let format):
            switch format {
            case .openMeteoJSON, .openMeteoCSV:
                return try OpenMeteoImporter(path: input.path, format: format, context: context, profile: options.profile)
            case .nsrdb: return try NSRDBImporter(path: input.path, context: context, profile: options.profile)
            case .pvgis: return try PVGISImporter(path: input.path, context: context, profile: options.profile)
            }
        }
    }
}

/// A CSV source: a header, then one record per row, each checked for quoting and field count
/// before its importer sees it.
final class CSVSourceImporter: SourceImporter {
    /// What imports the rows of one file: a row at a time, and the codes it passed over.
    struct Rows {
        let importRow: () throws -> ImportOutcome
        let skipped: () -> [String: (description: String, rows: Int)]

        init(_ importRow: @escaping () throws -> ImportOutcome,
             skipped: @escaping () -> [String: (description: String, rows: Int)] = { [:] }) {
            self.importRow = importRow
            self.skipped = skipped
        }
    }

    private let path: String
    private let csv: CSVReader
    private let header: [String]
    private let rows: Rows

    init(path: String, _ makeRows: (CSVReader, [String]) throws -> Rows) throws {
        self.path = path
        let reader: CSVReader
        do {
            reader = try CSVReader(path: path)
            guard try reader.readRecord() else { throw ImportError.missingHeader(path: path) }
        } catch let failure as CSVReader.Failure {
            throw ImportError(path: path, failure: failure)
        }
        let names = (0..<reader.fieldCount).map { reader.field($0) ?? "" }
        csv = reader
        header = names
        rows = try makeRows(reader, names)
    }

    var skippedCodes: [String: (description: String, rows: Int)] { rows.skipped() }

    func importRecords(into ledger: RecordLedger) throws {
        while try next(into: ledger) {
            try ledger.account(line: csv.line, original: { csv.rawRecord }) {
                if let field = csv.malformedField {
                    throw RowRejection(reason: .malformedQuoting, column: field, columnName: nil,
                                       message: "text follows the closing quote of field \(field); quote the whole "
                                        + "field and double any quote inside it")
                }
                guard csv.fieldCount == header.count else {
                    throw RowRejection(reason: .raggedRow, column: nil, columnName: nil,
                                       message: "the row has \(csv.fieldCount) field\(csv.fieldCount == 1 ? "" : "s"); "
                                        + "the header has \(header.count)")
                }
                return try rows.importRow()
            }
        }
    }

    /// The next record; one too long to keep is rejected by its line and field (read past, never
    /// held in memory), and the one after it read.
    private func next(into ledger: RecordLedger) throws -> Bool {
        while true {
            let failure: CSVReader.Failure
            do {
                return try csv.readRecord()
            } catch {
                failure = error
            }
            guard case .recordTooLong(let line, let field, let limit) = failure else {
                throw ImportError(path: path, failure: failure)
            }
            try ledger.account(line: line, original: { [] }) {
                throw RowRejection(
                    reason: .fieldTooLong, column: field, columnName: field <= header.count ? header[field - 1] : nil,
                    message: "the row is longer than \(CSVReader.sizeText(limit)) (field \(field) runs past it) and was "
                        + "not read into memory; a value holds at most 1 MiB: shorten it")
            }
        }
    }
}
