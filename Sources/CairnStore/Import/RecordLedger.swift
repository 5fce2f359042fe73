/// What became of one record of a source.
enum ImportOutcome {
    /// Stored (perhaps with warnings recorded on the context), or folded into a stored row.
    case imported
    /// Not stored, for a reason the report counts (an observation no marker lists).
    case skipped(ImportIssue.Reason)
}

/// The accounts of one source file, whatever its format: every record read is imported,
/// skipped with a reason, or rejected, so that imported + rejected + skipped is the number read.
/// A rejected record's issue names its place, and its original text goes to the rejects file.
final class RecordLedger {
    private let context: ImportContext
    private let rejects: RejectsFile?
    private(set) var summary: ImportReport.FileSummary
    private(set) var skippedByReason: [ImportIssue.Reason: Int] = [:]

    init(context: ImportContext, rejects: RejectsFile?, summary: ImportReport.FileSummary) {
        self.context = context
        self.rejects = rejects
        self.summary = summary
    }

    /// Accounts for one record found at `line`: `body` stores it or says why not, or throws a
    /// `RowRejection`; `original` gives the record's text for the rejects file.
    func account(line: Int, original: () -> [UInt8], _ body: () throws -> ImportOutcome) throws {
        summary.rowsRead += 1
        context.line = line
        let warningsBefore = context.issues.count
        do {
            switch try body() {
            case .imported:
                try context.rowStored()
                summary.imported += 1
                if context.issues.count > warningsBefore { summary.warnings += 1 }
            case .skipped(let reason):
                context.rowNotStored()
                summary.skipped += 1
                skippedByReason[reason, default: 0] += 1
            }
        } catch let rejection as RowRejection {
            context.rowNotStored()
            context.record(rejection)
            summary.rejected += 1
            try rejects?.write(context.issues[context.issues.count - 1], record: original())
        }
    }

    func ignoreColumn(_ name: String) {
        summary.ignoredColumns.append(name)
    }
}
