import ArgumentParser
import CairnCore
import CairnStore
import Foundation

extension Cairn {
    /// `cairn export DATASET --to json|csv --out PATH`, or `--encrypt --out FILE`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Export a dataset as JSON (every table and column, ids kept), as contract CSV files, as FHIR R4, or as an encrypted bundle.",
            discussion: """
                --to json writes one file that `cairn import FILE --into NEW.sqlite` restores \
                exactly, ids included: exporting the restored dataset gives the same bytes. \
                --to csv writes the contract's CSV files (readings.csv, headaches.csv, ...) into \
                a new directory, readings with the value and unit as entered; `cairn import DIR` \
                reads them back. --to fhir writes profiles, readings and visits as FHIR R4 shaped \
                for US Core (LOINC codes, UCUM units): a collection Bundle per profile, or with \
                --ndjson a Bulk Data export (Patient.ndjson, Encounter.ndjson, Observation.ndjson); \
                `cairn import DIR` reads either back. --profile, --tables, --from and --until \
                (or a second --to with a date: --to fhir --from 2026-01-01 --to 2026-06-30) \
                limit any of them (a JSON export keeps every table, empty when left out, so it \
                still restores). These are in clear and carry health information. --encrypt seals \
                a .sqlite dataset with a passphrase (AES-256-GCM, key by scrypt), typed on the \
                terminal (twice) or read from --passphrase-fd N; `cairn import FILE --into NEW.sqlite` \
                restores it byte for byte. Nothing is left half-written: each export is made \
                beside its name and renamed into place.
                """)

        @Argument(help: "A dataset: a .sqlite file made by `cairn import`, or a directory of contract CSVs.")
        var dataset: String

        @Option(name: .customLong("to"), help: ArgumentHelp(
            "json (one file), csv (a directory of contract CSV files) or fhir (a directory of FHIR R4 Bundles); "
                + "given a second time with a date (YYYY-MM-DD), the last local day exported, as --until.", valueName: "to"))
        var toValues: [String] = []

        /// The format named by --to.
        var to: DatasetExport.Target? { toValues.lazy.compactMap(DatasetExport.Target.init(rawValue:)).first }

        /// A date given to --to: the end of the range, as --until.
        var toDay: String? { toValues.first { CalendarDay(iso: $0) != nil } }

        @Flag(help: "With --to fhir: a Bulk Data export, one .ndjson file per resource type.")
        var ndjson = false

        @Option(help: "Export only this profile (repeat for more).")
        var profile: [String] = []

        @Option(help: "Export only these tables, comma-separated (e.g. profiles,readings).")
        var tables: String?

        @Option(help: "Export only events on or after this local day (YYYY-MM-DD).")
        var from: String?

        @Option(help: "Export only events on or before this local day (YYYY-MM-DD); a date given to --to does the same.")
        var until: String?

        @Flag(help: "Seal a .sqlite dataset as an encrypted bundle instead.")
        var encrypt = false

        @Option(help: "The file (json, an encrypted bundle) or new directory (csv) to write.")
        var out: String

        @Option(name: .customLong("passphrase-fd"), help: "Read the passphrase from this file descriptor (its first line).")
        var passphraseFD: Int32?

        @OptionGroup var now: NowOption

        func validate() throws {
            for value in toValues where DatasetExport.Target(rawValue: value) == nil && CalendarDay(iso: value) == nil {
                throw ValidationError("--to \(value): give json, csv or fhir (the format), or a date YYYY-MM-DD (the last day exported)")
            }
            let formats = toValues.filter { DatasetExport.Target(rawValue: $0) != nil }, days = toValues.filter { CalendarDay(iso: $0) != nil }
            guard formats.count <= 1, days.count <= 1, days.isEmpty || until == nil else {
                throw ValidationError("--to takes one format and at most one date (the last day exported, or --until)")
            }
            guard encrypt != (to != nil) else {
                throw ValidationError("give --to json, --to csv, --to fhir or --encrypt (one of them): how the dataset should be written")
            }
            if ndjson && to != .fhir { throw ValidationError("--ndjson is a form of --to fhir; give both") }
            if encrypt && !scope().isEverything {
                throw ValidationError("--encrypt seals the whole dataset; --profile, --tables, --from and --until scope --to json, csv or fhir")
            }
            _ = try scopeChecked()
        }

        /// The part of the dataset to write, its options checked.
        func scopeChecked() throws -> ExportScope {
            var scope = ExportScope(profiles: profile.isEmpty ? nil : profile)
            if let tables {
                scope.tables = try tables.split(separator: ",").map { name in
                    let trimmed = name.trimmingCharacters(in: .whitespaces)
                    guard let table = ContractTable(rawValue: trimmed) else {
                        throw ValidationError("--tables: \(trimmed) is no table; choose from " + ContractTable.allCases.map(\.rawValue).joined(separator: ", "))
                    }
                    return table
                }
            }
            for (option, text) in [("--from", from), ("--until", until ?? toDay)] {
                guard let text else { continue }
                guard let day = CalendarDay(iso: text) else { throw ValidationError("\(option) \(text) is not a date (YYYY-MM-DD)") }
                if option == "--from" { scope.from = day } else { scope.until = day }
            }
            return scope
        }

        func scope() -> ExportScope { (try? scopeChecked()) ?? .everything }

        func run() throws {
            try OutputPaths.refuse(out, option: "--out", against: [("the dataset being exported", dataset)])
            guard !FileManager.default.fileExists(atPath: out) else {
                throw CairnFailure("--out \(out) exists; an export is written to a new path, so nothing is overwritten")
            }
            if encrypt { return try seal() }
            let opened = try now.open(dataset)
            do {
                // Progress only for a person watching: standard error a terminal.
                let progress: ((Int) -> ExportProgress?)? = isatty(STDERR_FILENO) == 1
                    ? { total in ExportProgress(total: total) { Standard.error($0) } } : nil
                Standard.output(try DatasetExport.export(opened, as: to!, to: out, scope: try scopeChecked(), ndjson: ndjson,
                                                         progress: progress))
            } catch let error as DatasetExportError {
                throw CairnFailure(error.description)
            } catch let error as SQLiteError {
                throw CairnFailure(error)
            } catch {
                throw CairnFailure("\(out): \(error)")
            }
        }

        private func seal() throws {
            do {
                let opened = try Dataset.open(dataset)
                guard !opened.isDirectory else {
                    throw CairnFailure("\(dataset) is a directory of CSV files; import it with `cairn import` first")
                }
            } catch let error as DatasetError {
                throw CairnFailure(error)
            }
            guard let plaintext = FileManager.default.contents(atPath: dataset) else {
                throw CairnFailure("\(dataset): cannot be read")
            }
            let passphrase = try Passphrase.read(fd: passphraseFD, confirm: passphraseFD == nil)
            let bundle = try EncryptedBundle.seal(plaintext, passphrase: passphrase)
            // Staged beside --out under a name of this process's, so a killed export's half
            // bundle is found and removed by the next one (StagingFile).
            StagingFile.removeAbandoned(for: out, kind: "sealing")
            let staging = StagingFile.path(for: out, kind: "sealing")
            defer { StagingFile.forget(staging) }
            do {
                let handle = try StagingFile.create(staging, for: out)
                defer { try? handle.close() }
                try handle.write(contentsOf: bundle)
                try handle.synchronize()
            } catch {
                try? FileManager.default.removeItem(atPath: staging)
                let failure = error as? FileAccessError ?? FileAccessError(path: out, failure: error, doing: "be written")
                throw CairnFailure(failure.description + "; nothing was written")
            }
            guard rename(staging, out) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(atPath: staging)
                throw CairnFailure("\(out): cannot be written (\(reason)); nothing was written")
            }
            Standard.output("Sealed \(dataset) into \(out) (\(bundle.count) bytes).\n")
        }
    }
}

extension DatasetExport.Target: ExpressibleByArgument {}
