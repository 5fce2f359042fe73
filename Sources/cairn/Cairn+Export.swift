import ArgumentParser
import CairnStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Cairn {
    /// `cairn export DATASET --encrypt --out FILE`: the whole dataset sealed with a passphrase.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Export a SQLite dataset as an encrypted bundle (AES-256-GCM, key from a passphrase by scrypt).",
            discussion: """
                The passphrase is typed on the terminal (twice) or read from --passphrase-fd N, \
                never given as an argument. `cairn import FILE --into NEW.sqlite` restores the \
                dataset byte for byte. Nothing is written in clear: the bundle is sealed in \
                memory and written to a private file (0600) renamed into place.
                """)

        @Argument(help: "A .sqlite dataset made by `cairn import`.")
        var dataset: String

        @Flag(help: "Encrypt the export (required: a dataset leaves Cairn only sealed).")
        var encrypt = false

        @Option(help: "The bundle to write.")
        var out: String

        @Option(name: .customLong("passphrase-fd"), help: "Read the passphrase from this file descriptor (its first line).")
        var passphraseFD: Int32?

        func validate() throws {
            guard encrypt else { throw ValidationError("give --encrypt: a dataset is exported only as an encrypted bundle") }
        }

        func run() throws {
            try OutputPaths.refuse(out, option: "--out", against: [("the dataset being exported", dataset)])
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
            do {
                try bundle.write(to: URL(fileURLWithPath: out), options: .atomic)
            } catch {
                throw CairnFailure("\(out): cannot be written (\(error.localizedDescription))")
            }
            Standard.output("Sealed \(dataset) into \(out) (\(bundle.count) bytes).\n")
        }
    }
}
