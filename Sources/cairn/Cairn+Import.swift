import ArgumentParser
import CairnCore
import CairnStore
import Foundation

extension Cairn {
    /// `cairn import SRC... --into DATASET.sqlite`: validates and stores rows in one transaction.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import contract CSV files, a Synthea export, FHIR R4, an Apple Health export or weather files into a SQLite dataset.",
            discussion: """
                Each SRC is a directory of contract CSVs (a table may come in parts: \
                readings.part-1.csv, or a readings/ folder), a contract CSV named after its table \
                (readings.csv, recognised by its name and header), a Synthea CSV export (its \
                patients, encounters, observations, conditions and medications files, recognised by \
                their columns), FHIR R4 (a Bundle or a single resource: a JSON object naming its \
                resourceType; a Bulk Data export: .ndjson files, one resource per line; or a folder \
                of them), Cairn's own JSON export (its "format": "cairn-dataset") or encrypted bundle \
                (its header), an Apple Health export.xml (its HealthData root; the person given by \
                --profile, default me), or hourly weather from Open-Meteo (JSON or CSV), NSRDB (PSM \
                CSV) or PVGIS (JSON), each by its keys or header, for --profile or shared by every \
                profile. Files are recognised by their content. Every row is imported, imported \
                with a warning, rejected (and written to the rejects file with its original text) \
                or skipped. The import is one transaction: if it fails, the dataset is unchanged.
                Exit status: 0 every row imported, 1 some rows rejected, 2 an input refused whole \
                or the command misused.
                """)

        @Argument(help: "Directories or CSV files to import.")
        var sources: [String]

        @Option(help: "The SQLite dataset to import into; created when it does not exist.")
        var into: String

        @Option(name: .customLong("input-format"),
                help: "contract, synthea, fhir, apple-health, open-meteo, nsrdb or pvgis (default: recognised from each file's content).")
        var inputFormat: ImportOptions.InputFormat?

        @Option(help: "The profile an Apple Health export or a weather file belongs to (Apple Health: default me; weather: default none, shared by every profile).")
        var profile: String?

        @Option(name: .customLong("time-zone"),
                help: "The IANA zone of profiles the source does not place (a Synthea or FHIR patient with no US state).")
        var timeZone: String?

        @Option(help: "Report format: text or json.")
        var format: OutputFormat = .text

        @Option(help: "Treat this instant as now when rejecting future readings (YYYY-MM-DD or a date-time with offset).")
        var now: String?

        @Option(help: "Where to write rejected rows (default: DATASET.rejects.csv beside the dataset).")
        var rejects: String?

        @Option(name: .customLong("passphrase-fd"), help: "For an encrypted bundle: read the passphrase from this file descriptor.")
        var passphraseFD: Int32?

        func validate() throws {
            guard !sources.isEmpty else { throw ValidationError("give at least one SRC to import") }
            if let now { _ = try Clock.parse(now) }
            if let timeZone, ProfileTimeZone(identifier: timeZone) == nil {
                throw ValidationError("--time-zone \(timeZone) is not an IANA time zone such as Europe/Berlin")
            }
        }

        func run() throws {
            if let rejects {
                try OutputPaths.refuse(rejects, option: "--rejects",
                                       against: [("the dataset being imported into", into)] + sources.map { ("an input", $0) })
            }
            for source in sources {
                try OutputPaths.refuse(into, option: "--into", against: [("an input (\(source))", source)])
            }
            // One writer per dataset, held until the import has committed and been renamed.
            let lock: DatasetLock
            do { lock = try DatasetLock(for: into) } catch { throw CairnFailure(error) }
            defer { withExtendedLifetime(lock) {} }
            StagingFile.removeAbandoned(for: into, kind: "importing")
            // Only the first bytes: a source may be hundreds of megabytes.
            let head = FileHandle(forReadingAtPath: sources[0]).flatMap { try? $0.read(upToCount: 64) } ?? Data()
            if sources.count == 1, EncryptedBundle.isBundle(Array(head.prefix(8))) {
                return try restore(bundle: sources[0])
            }
            if sources.count == 1, DatasetRestore.isExport(head: Array(head)) {
                return try restore(export: sources[0])
            }
            let options = ImportOptions(inputFormat: inputFormat, now: try now.map(Clock.parse) ?? Clock.now(),
                                        rejectsPath: rejects ?? DatasetImporter.defaultRejectsPath(forDataset: into),
                                        defaultTimeZone: timeZone.flatMap(ProfileTimeZone.init(identifier:)), profile: profile)
            // A new dataset is built beside its final name and renamed into place once the
            // import has committed: a refused, failed or killed import leaves no dataset behind
            // (a killed one leaves only the hidden staging file, which the next import removes).
            let existed = FileManager.default.fileExists(atPath: into)
            let staging = existed ? into : Import.stagingPath(for: into)
            var report: ImportReport
            do {
                report = try Import.run(sources: sources, into: staging, options: options)
            } catch let error as DatasetError {
                if existed { Dataset.rollBackAfterFailedImport(into) } else { try? FileManager.default.removeItem(atPath: staging) }
                throw CairnFailure(error)
            } catch let error as ImportError {
                if existed { Dataset.rollBackAfterFailedImport(into) } else { try? FileManager.default.removeItem(atPath: staging) }
                throw CairnFailure(error)
            }
            if !existed {
                guard rename(staging, into) == 0 else {
                    try? FileManager.default.removeItem(atPath: staging)
                    throw CairnFailure("\(into): cannot be created (\(String(cString: strerror(errno))))")
                }
                report.dataset = into
            }
            // The text report quotes values from the files (profile ids, rejected values): shown escaped.
            Standard.output(format == .json ? report.json() : TerminalText.escaped(report.text()))
            if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
        }
    }
}

extension Cairn.Import {
    /// An encrypted bundle restores a whole dataset into a new file, exactly as it was sealed:
    /// opened, checked as a dataset in a staging file, then renamed into place.
    func restore(bundle: String) throws {
        guard !FileManager.default.fileExists(atPath: into) else {
            throw CairnFailure("--into \(into) exists; an encrypted bundle restores a whole dataset into a new file")
        }
        guard let sealed = FileManager.default.contents(atPath: bundle) else { throw CairnFailure("\(bundle): cannot be read") }
        let passphrase = try Passphrase.read(fd: passphraseFD, confirm: false)
        let plaintext: Data
        do {
            plaintext = try EncryptedBundle.open(sealed, passphrase: passphrase)
        } catch {
            throw CairnFailure("\(bundle) \(error.description); nothing was written")
        }
        let staging = Cairn.Import.stagingPath(for: into)
        do {
            let handle = try StagingFile.create(staging, for: into)
            try handle.write(contentsOf: plaintext)
            try handle.close()
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            let failure = error as? FileAccessError ?? FileAccessError(path: into, failure: error, doing: "be written")
            throw CairnFailure(failure.description + "; nothing was written")
        }
        do {
            _ = try Dataset.open(staging)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw CairnFailure("\(bundle): the bundle opened but holds no usable dataset (\(error)); nothing was written")
        }
        guard rename(staging, into) == 0 else {
            try? FileManager.default.removeItem(atPath: staging)
            throw CairnFailure("\(into): cannot be created (\(String(cString: strerror(errno))))")
        }
        Standard.output("Restored \(into) from \(bundle) (\(plaintext.count) bytes).\n")
    }

    /// A JSON export restores a whole dataset, ids included, into a new file: built in a
    /// staging file, checked, then renamed into place.
    func restore(export: String) throws {
        guard !FileManager.default.fileExists(atPath: into) else {
            throw CairnFailure("--into \(into) exists; a JSON export restores a whole dataset into a new file")
        }
        let staging = Cairn.Import.stagingPath(for: into)
        let rows: Int
        do {
            let dataset = try Dataset.openOrCreate(staging)
            rows = try DatasetRestore.restore(export, into: dataset)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw CairnFailure(String(describing: error))
        }
        guard rename(staging, into) == 0 else {
            try? FileManager.default.removeItem(atPath: staging)
            throw CairnFailure("\(into): cannot be created (\(String(cString: strerror(errno))))")
        }
        Standard.output("Restored \(into) from \(export) (\(rows) rows, ids kept).\n")
    }

    /// The hidden file a new dataset is built in, beside its final name (`StagingFile`).
    static func stagingPath(for path: String) -> String {
        StagingFile.path(for: path, kind: "importing")
    }

    /// The import into one file, its connection closed when this returns (so it can be renamed).
    static func run(sources: [String], into path: String, options: ImportOptions) throws -> ImportReport {
        let dataset = try Dataset.openOrCreate(path)
        return try DatasetImporter(dataset: dataset, options: options).run(sources: sources)
    }
}

extension ImportOptions.InputFormat: ExpressibleByArgument {}
