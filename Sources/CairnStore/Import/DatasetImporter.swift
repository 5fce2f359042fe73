import CairnCore
import Foundation

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
    /// `DATASET.rejects.csv`, or when an earlier import's rejects are there,
    /// `DATASET.2.rejects.csv` and on: a person's list of rows to fix is never overwritten.
    public static func defaultRejectsPath(forDataset path: String) -> String {
        let base = path.hasSuffix(".sqlite") ? String(path.dropLast(7)) : path
        var candidate = base + ".rejects.csv", number = 1
        while FileManager.default.fileExists(atPath: candidate) {
            number += 1
            candidate = base + ".\(number).rejects.csv"
        }
        return candidate
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
                // A dataset of an earlier layout gains what this one adds, inside the import's
                // transaction. Indexes next: the writer thread keeps them up to date as rows
                // arrive (in profile and time order, mostly appends).
                try dataset.migrate()
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
                report.dateOnlyOnsets = context.dateOnlyOnsets
                report.profileZones = context.profileZones
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
        context.file = input.path
        context.line = 1
        let ledger = RecordLedger(context: context, rejects: rejects,
                                  summary: ImportReport.FileSummary(path: input.path, format: input.formatName))
        let source = try SourceImporters.make(input, context: context, readings: readings, options: options, ledger: ledger)
        // Event rows stream through the writer thread; the small tables read as they go.
        if input.isEventTable { context.inserts.startFile() }
        do {
            try source.importRecords(into: ledger)
            try context.inserts.finishFile()
        } catch {
            context.inserts.abandon()
            throw error
        }
        for (reason, count) in ledger.skippedByReason { report.skippedByReason[reason, default: 0] += count }
        for (code, entry) in source.skippedCodes {
            report.skippedCodes[code, default: (entry.description, 0)].rows += entry.rows
        }
        return ledger.summary
    }

    private func recordImport(_ report: ImportReport, sources: [String], context: ImportContext) throws {
        let insert = try context.inserts.prepare("""
            INSERT INTO imports(imported_at, sources, rows_read, imported, rejected, skipped, warnings)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        let bind = StatementBinder(insert)
        // An import without a present instant (a CSV directory read for analysis) records none.
        bind.add(options.now.map { ISODateTimeText.format(epochSeconds: $0, offsetSeconds: 0) } ?? "")
        bind.add(sources.joined(separator: "|"))
        bind.add(report.rowsRead)
        bind.add(report.imported)
        bind.add(report.rejected)
        bind.add(report.skipped)
        bind.add(report.warnings)
        try bind.run()
    }
}
