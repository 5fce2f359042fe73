import CairnCore

/// Imports CSV sources into a dataset in one transaction: if anything fails, or the process is
/// killed, the dataset is exactly as it was. Every row read is imported, rejected or skipped;
/// rejected rows also go to the rejects file with their original text.
public final class DatasetImporter {
    private let dataset: Dataset
    private let options: ImportOptions

    public init(dataset: Dataset, options: ImportOptions) {
        self.dataset = dataset
        self.options = options
    }

    /// Where rejected rows go unless the options say otherwise.
    public static func defaultRejectsPath(forDataset path: String) -> String {
        let base = path.hasSuffix(".sqlite") ? String(path.dropLast(7)) : path
        return base + ".rejects.csv"
    }

    public func run(sources: [String]) throws(ImportError) -> ImportReport {
        let (inputs, ignored) = try ImportInput.plan(sources: sources, format: options.inputFormat)
        var report = ImportReport(dataset: dataset.location)
        report.ignoredFiles = ignored
        let rejects = dataset.isDirectory ? nil : RejectsFile(
            path: options.rejectsPath ?? DatasetImporter.defaultRejectsPath(forDataset: dataset.location))
        let database = dataset.database
        var published = false
        do {
            // 16 MiB of page cache: larger caches measured no faster on a million-row import.
            try database.execute("PRAGMA cache_size = -16384")
            try database.inTransaction {
                // Indexes first: the writer thread keeps them up to date as rows arrive (in
                // profile and time order, mostly appends), rather than one serial build at the end.
                try database.execute(DatasetSchema.indexSQL)
                let context = try ImportContext(database: database, now: options.now)
                var intake: ReadingIntake?
                func readings() throws -> ReadingIntake {
                    if let intake { return intake }
                    let created = try ReadingIntake(context: context)
                    intake = created
                    return created
                }
                for input in inputs {
                    report.files.append(try importFile(input, context: context, readings: readings,
                                                       rejects: rejects, report: &report))
                }
                report.issues = context.issues
                report.createdProfiles = context.createdProfiles
                try recordImport(report, sources: sources, context: context)
                if let rejects, rejects.hasRows {
                    try rejects.publish()
                    published = true
                    report.rejectsFile = rejects.path
                }
            }
        } catch let error as ImportError {
            rejects?.discard(published: published)
            throw error
        } catch let error as SQLiteError {
            rejects?.discard(published: published)
            throw .storage(error)
        } catch {
            rejects?.discard(published: published)
            preconditionFailure("unexpected error during import: \(error)")
        }
        return report
    }

    private func importFile(_ input: ImportInput, context: ImportContext, readings: () throws -> ReadingIntake,
                            rejects: RejectsFile?, report: inout ImportReport) throws -> ImportReport.FileSummary {
        var summary = ImportReport.FileSummary(path: input.path, format: input.formatName)
        let csv = try DatasetImporter.openCSV(input.path)
        guard try DatasetImporter.nextRecord(csv, path: input.path) else { throw ImportError.missingHeader(path: input.path) }
        let header = (0..<csv.fieldCount).map { csv.field($0) ?? "" }
        context.file = input.path
        context.line = csv.line

        let importRow: () throws -> SyntheaObservationImporter.Outcome
        var synthea: SyntheaObservationImporter?
        switch input.format {
        case .contract(let table):
            let map = HeaderMap(table: table, header: header)
            for column in map.ignoredColumns {
                context.record(.warning, .unknownColumn, column: column.position, columnName: column.name,
                               message: "\"\(column.name)\" is not a \(table.rawValue) column; its values were ignored")
                summary.ignoredColumns.append(column.name)
            }
            let row = RowReader(csv: csv, header: map)
            let importer = try ContractRowImporters.make(for: table, context: context, readings: readings)
            importRow = {
                try importer.importRow(row)
                return .imported
            }
        case .syntheaObservations:
            let importer = SyntheaObservationImporter(context: context, intake: try readings(), csv: csv, header: header)
            synthea = importer
            importRow = importer.importRow
        }

        // Event tables stream through the writer thread; the small tables read as they go.
        if input.isEventTable { context.inserts.startFile() }
        do {
            try importRows(csv, input: input, header: header, importRow: importRow, context: context, rejects: rejects,
                           summary: &summary, report: &report)
            try context.inserts.finishFile()
        } catch {
            context.inserts.abandon()
            throw error
        }
        if let synthea {
            for (code, entry) in synthea.skippedCodes {
                report.skippedCodes[code, default: (entry.description, 0)].rows += entry.rows
            }
        }
        return summary
    }

    private func importRows(_ csv: CSVReader, input: ImportInput, header: [String],
                            importRow: () throws -> SyntheaObservationImporter.Outcome, context: ImportContext,
                            rejects: RejectsFile?, summary: inout ImportReport.FileSummary, report: inout ImportReport) throws {
        while true {
            guard try DatasetImporter.nextRecord(csv, path: input.path) else { break }
            summary.rowsRead += 1
            context.line = csv.line
            let warningsBefore = context.issues.count
            do {
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
                switch try importRow() {
                case .imported:
                    try context.rowStored()
                    summary.imported += 1
                    if context.issues.count > warningsBefore { summary.warnings += 1 }
                case .skipped(let reason):
                    context.rowNotStored()
                    summary.skipped += 1
                    report.skippedByReason[reason, default: 0] += 1
                }
            } catch let rejection as RowRejection {
                context.rowNotStored()
                context.record(rejection)
                summary.rejected += 1
                try rejects?.write(context.issues[context.issues.count - 1], record: csv.rawRecord)
            }
        }
    }

    private static func openCSV(_ path: String) throws(ImportError) -> CSVReader {
        do {
            return try CSVReader(path: path)
        } catch {
            throw ImportError(path: path, failure: error)
        }
    }

    private static func nextRecord(_ csv: CSVReader, path: String) throws(ImportError) -> Bool {
        do {
            return try csv.readRecord()
        } catch {
            throw ImportError(path: path, failure: error)
        }
    }

    private func recordImport(_ report: ImportReport, sources: [String], context: ImportContext) throws {
        let insert = try context.inserts.prepare("""
            INSERT INTO imports(imported_at, sources, rows_read, imported, rejected, skipped, warnings)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        let bind = StatementBinder(insert)
        bind.add(ISODateTimeText.format(epochSeconds: options.now, offsetSeconds: 0))
        bind.add(sources.joined(separator: "|"))
        bind.add(report.rowsRead)
        bind.add(report.imported)
        bind.add(report.rejected)
        bind.add(report.skipped)
        bind.add(report.warnings)
        try bind.run()
    }
}
