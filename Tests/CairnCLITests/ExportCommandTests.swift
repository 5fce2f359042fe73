import CairnStore
import Foundation
import Testing

/// `cairn export --to json|csv` and `.export`: Glance's JSON and CSV backup, with the notice the
/// seed gives, and its round-trip test (export → import → export gives identical files), on the
/// demo dataset and on a synthetic population.
@Suite("Export and restore")
struct ExportCommandTests {
    let scratch = Scratch()
    var demo: String { WorkbenchTests.root.appendingPathComponent("Datasets/demo").path }
    static let notice = "This file contains your health information. Store it securely."

    func bytes(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }

    /// Every file of a directory, by name.
    func files(in directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) { files[name] = bytes(directory + "/" + name) }
        return files
    }

    /// JSON and CSV round trips from a dataset (a .sqlite file or a CSV directory).
    func roundTrips(_ source: String, name: String) throws {
        let first = scratch.path + "/\(name)-1.json", restored = scratch.path + "/\(name)-restored.sqlite"
        let again = scratch.path + "/\(name)-2.json"
        let exported = try CLI.run(["export", source, "--to", "json", "--out", first, "--now", "2026-11-22"])
        #expect(exported.status == 0, "\(exported.error)")
        #expect(exported.output.hasSuffix(ExportCommandTests.notice + "\n"))
        let restore = try CLI.run(["import", first, "--into", restored])
        #expect(restore.status == 0, "\(restore.error)")
        #expect(try CLI.run(["export", restored, "--to", "json", "--out", again]).status == 0)
        #expect(!bytes(first).isEmpty && bytes(first) == bytes(again), "\(name): JSON export → import → export differs")

        let csv = scratch.path + "/\(name)-csv-1", imported = scratch.path + "/\(name)-csv.sqlite", csvAgain = scratch.path + "/\(name)-csv-2"
        #expect(try CLI.run(["export", source, "--to", "csv", "--out", csv, "--now", "2026-11-22"]).status == 0)
        let reimport = try CLI.run(["import", csv, "--into", imported, "--now", "2026-11-22"])
        #expect(reimport.status == 0, "\(reimport.output)\(reimport.error)")
        #expect(try CLI.run(["export", imported, "--to", "csv", "--out", csvAgain]).status == 0)
        let (one, two) = (try files(in: csv), try files(in: csvAgain))
        #expect(!one.isEmpty && one == two, "\(name): CSV export → import → export differs")
    }

    @Test("the demo dataset: JSON and CSV exports read back to identical bytes")
    func demoRoundTrip() throws {
        try roundTrips(demo, name: "demo")
        // Readings as Glance's CSV backup has them, with the value and unit as entered.
        let readings = String(decoding: bytes(scratch.path + "/demo-csv-1/readings.csv"), as: UTF8.self)
        #expect(readings.hasPrefix("profile_id,marker,value,unit,date,note,source\nmaya,ldl,108,mg/dL,2023-10-13,,batchEntry\n"))
    }

    @Test("a synthetic population: JSON and CSV exports read back to identical bytes")
    func populationRoundTrip() throws {
        let population = scratch.path + "/population"
        #expect(try CLI.run(["synth", "factor-effect", "--profiles", "6", "--days", "40", "--seed", "5", "--out", population]).status == 0)
        let dataset = scratch.path + "/population.sqlite"
        #expect(try CLI.run(["import", population, "--into", dataset, "--now", "2026-11-22"]).status == 0)
        try roundTrips(dataset, name: "population")
    }

    @Test("the JSON holds every table with every stored column and every row, ids kept")
    func everyTableAndColumn() throws {
        let sqlite = scratch.path + "/demo.sqlite", json = scratch.path + "/all.json"
        #expect(try CLI.run(["import", demo, "--into", sqlite, "--now", "2026-11-22"]).status == 0)
        #expect(try CLI.run(["export", sqlite, "--to", "json", "--out", json]).status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: bytes(json)) as? [String: Any])
        #expect(root["notice"] as? String == ExportCommandTests.notice)
        let tables = try #require(root["tables"] as? [String: [String: Any]])
        let database = try Dataset.open(sqlite).database
        let stored = try database.tableNames().filter { !["cairn_meta", "imports"].contains($0) }
        #expect(Set(tables.keys) == Set(stored))
        for table in stored {
            #expect(tables[table]?["columns"] as? [String] == (try database.columnNames(of: table)), "\(table)")
            let rows = try #require(tables[table]?["rows"] as? [[Any]])
            #expect(rows.count == (try database.scalarInt("SELECT count(*) FROM \(table)")), "\(table)")
            if let idColumn = (tables[table]?["columns"] as? [String])?.firstIndex(of: "id") {
                let ids = rows.compactMap { ($0[idColumn] as? NSNumber)?.intValue }
                let statement = try database.prepare("SELECT id FROM \(table) ORDER BY id")
                var stored: [Int] = []
                while try statement.step() { stored.append(statement.int(0)) }
                #expect(ids == stored, "\(table)")
            }
        }
        #expect((try FileManager.default.attributesOfItem(atPath: json)[.posixPermissions] as? Int) == 0o600)
    }

    @Test("a damaged export is refused with where and why, and nothing is written")
    func damagedExport() throws {
        let json = scratch.path + "/good.json"
        #expect(try CLI.run(["export", demo, "--to", "json", "--out", json, "--now", "2026-11-22"]).status == 0)
        var text = String(decoding: bytes(json), as: UTF8.self)
        // The first reading's value (maya's LDL, 108) turned into text.
        let first = try #require(text.range(of: "[1, \"maya\", \"ldl\", 108,"))
        text.replaceSubrange(first, with: "[1, \"maya\", \"ldl\", \"108\",")
        let damaged = scratch.write("damaged.json", text)
        let target = scratch.path + "/never.sqlite"
        let refused = try CLI.run(["import", damaged, "--into", target])
        #expect(refused.status != 0)
        #expect(refused.error.contains("tables.readings.rows[0] column value must be a number or null"), "\(refused.error)")
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).allSatisfy { !$0.hasSuffix(".importing") })
        // An existing dataset is never written over, and neither is an existing export.
        let existing = scratch.write("existing.sqlite", "")
        #expect(try CLI.run(["import", json, "--into", existing]).error.contains("exists"))
        #expect(try CLI.run(["export", demo, "--to", "json", "--out", json]).error.contains("exists"))
        #expect(try CLI.run(["export", demo, "--out", scratch.path + "/x.json"]).error.contains("give --to json, --to csv, --to fhir or --encrypt"))
    }

    @Test(".export writes what cairn export writes")
    func replExport() throws {
        let fromCLI = scratch.path + "/cli.json", fromREPL = scratch.path + "/repl.json"
        #expect(try CLI.run(["export", demo, "--to", "json", "--out", fromCLI, "--now", "2026-11-22"]).status == 0)
        let result = try CLI.run([demo, "--now", "2026-11-22", "-c", ".export json \(fromREPL)"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains(ExportCommandTests.notice))
        #expect(bytes(fromCLI) == bytes(fromREPL))
        #expect(try CLI.run([demo, "-c", ".export yaml \(scratch.path)/y"]).error.contains("usage: .export json FILE"))
    }

    @Test("--to fhir writes a Bundle per profile that cairn import reads back; scoped; no progress when standard error is no terminal")
    func fhir() throws {
        let out = scratch.path + "/fhir", back = scratch.path + "/fhir.sqlite"
        let exported = try CLI.run(["export", demo, "--to", "fhir", "--out", out, "--profile", "maya", "--profile", "ade", "--now", "2026-11-22"])
        #expect(exported.status == 0, "\(exported.error)")
        #expect(exported.error.isEmpty)
        #expect(exported.output.hasPrefix("Exported \(demo) to \(out)/ (FHIR R4, a Bundle per profile: ade.json, maya.json; profiles maya, ade)."))
        let imported = try CLI.run(["import", out, "--into", back, "--now", "2026-11-22"])
        #expect(imported.status == 0, "\(imported.output)")
        #expect(imported.output.contains("fhir: "))
        let bulk = try CLI.run(["export", back, "--to", "fhir", "--ndjson", "--out", scratch.path + "/bulk", "--tables", "profiles,readings",
                                "--from", "2024-01-01", "--until", "2024-12-31"])
        #expect(bulk.status == 0, "\(bulk.error)")
        // No visits in scope: no Encounter file, as Bulk Data exports leave out types without resources.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/bulk").sorted()
                == ["Observation.ndjson", "Patient.ndjson"])
        #expect(try CLI.run(["export", demo, "--to", "csv", "--ndjson", "--out", scratch.path + "/x"]).error.contains("--ndjson is a form of --to fhir"))
        #expect(try CLI.run(["export", demo, "--to", "csv", "--profile", "nobody", "--out", scratch.path + "/y"]).error
                    .contains("--profile nobody: the dataset has no such profile"))
        #expect(try CLI.run(["export", demo, "--to", "csv", "--from", "2025-02-01", "--until", "2025-01-01", "--out", scratch.path + "/z"]).error
                    .contains("--until 2025-01-01 is before --from 2025-02-01"))
    }

    @Test("--from and --to scope the days as the issue writes them: a date given to --to is the last day, as --until; a second format is refused")
    func fromTo() throws {
        let byTo = scratch.path + "/to", byUntil = scratch.path + "/until"
        let to = try CLI.run(["export", demo, "--to", "csv", "--from", "2026-05-01", "--to", "2026-05-31", "--out", byTo])
        #expect(to.status == 0, "\(to.error)")
        #expect(to.output.contains("days 2026-05-01 to 2026-05-31"))
        #expect(try CLI.run(["export", demo, "--to", "csv", "--from", "2026-05-01", "--until", "2026-05-31", "--out", byUntil]).status == 0)
        for file in try FileManager.default.contentsOfDirectory(atPath: byTo) {
            #expect(try Data(contentsOf: URL(fileURLWithPath: byTo + "/" + file)) == Data(contentsOf: URL(fileURLWithPath: byUntil + "/" + file)), "\(file)")
        }
        // Every headache exported falls in May (Datasets/demo/headaches.csv has them from March to August).
        let headaches = try String(contentsOfFile: byTo + "/headaches.csv", encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(!headaches.isEmpty && headaches.allSatisfy { $0.contains(",2026-05-") })
        #expect(try CLI.run(["export", demo, "--to", "fhir", "--to", "csv", "--out", scratch.path + "/two"]).error
                    .contains("--to takes one format and at most one date"))
        #expect(try CLI.run(["export", demo, "--to", "xml", "--out", scratch.path + "/xml"]).error
                    .contains("--to xml: give json, csv or fhir (the format), or a date YYYY-MM-DD (the last day exported)"))
    }
}
