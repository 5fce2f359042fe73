import Foundation
import Testing

/// Issue 22, point 12: the smaller attacks, each refused in one line.
@Suite("Smaller attacks")
struct SmallerAttacksTests {
    let scratch = Scratch()
    var demo: String { WorkbenchTests.root.appendingPathComponent("Datasets/demo").path }

    @Test("BEGIN and SAVEPOINT are refused (an open transaction blocked imports); dbstat and sqlite_dbpage are not readable")
    func transactionsAndPages() throws {
        for statement in ["BEGIN;", "BEGIN IMMEDIATE;", "SAVEPOINT s;", "SELECT * FROM dbstat;"] {
            let result = try CLI.run([demo, "-c", statement])
            #expect(result.status == 1, "\(statement)")
            #expect(result.error.hasPrefix("Error: refused: SQL here may only read the dataset with ordinary functions"), "\(statement): \(result.error)")
            #expect(result.error.split(separator: "\n").count == 1)
        }
    }

    @Test("a second import with rejects keeps the first rejects file and names the new one")
    func rejectsKept() throws {
        let dataset = scratch.path + "/data.sqlite"
        let bad = scratch.write("in/readings.csv", "profile_id,marker,value,date\np,hdl,high,2026-01-01\n")
        #expect(try CLI.run(["import", bad, "--into", dataset, "--now", "2026-11-22"]).status == 1)
        let first = try String(contentsOfFile: scratch.path + "/data.rejects.csv", encoding: .utf8)
        let second = try CLI.run(["import", bad, "--into", dataset, "--now", "2026-11-22", "--format", "json"])
        #expect(second.status == 1)
        #expect(second.output.contains("\"rejects_file\" : \"\(scratch.path)/data.2.rejects.csv\"")
                || second.output.contains("\"rejects_file\":\"\(scratch.path)/data.2.rejects.csv\""), "\(second.output)")
        #expect(try String(contentsOfFile: scratch.path + "/data.rejects.csv", encoding: .utf8) == first)
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/data.2.rejects.csv"))
    }

    @Test("a bundle header asking for scrypt's largest allowed cost is refused at once, before any work")
    func kdfMaximum() throws {
        let dataset = scratch.path + "/d.sqlite"
        let good = scratch.write("in/readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\n")
        #expect(try CLI.run(["import", good, "--into", dataset, "--now", "2026-11-22"]).status == 0)
        let bundle = scratch.path + "/d.bundle"
        #expect(try CLI.run(["export", dataset, "--encrypt", "--out", bundle, "--passphrase-fd", "0"], input: "pass\n").status == 0)
        var bytes = try #require(FileManager.default.contents(atPath: bundle))
        bytes[9] = 20; bytes[10] = 16; bytes[11] = 4
        let costly = scratch.path + "/costly.bundle"
        try bytes.write(to: URL(fileURLWithPath: costly))
        let started = Date()
        let result = try CLI.run(["import", costly, "--into", scratch.path + "/r.sqlite", "--passphrase-fd", "0"], input: "pass\n")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(result.status == 2)
        #expect(result.error == "cairn: error: \(costly) has key-derivation parameters out of range; the bundle was changed; nothing was written\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/r.sqlite"))
    }

    @Test("a module folder other users may write is refused before any library in it is opened")
    func writableModuleFolder() throws {
        let folder = scratch.path + "/modules"
        scratch.write("modules/libEvil.so", "not even a library")
        chmod(folder, 0o777)
        let result = try CLI.run(["--module-path", folder, "modules"])
        #expect(result.status == 2)
        #expect(result.error.contains("refused: \(folder) may be written by other users, who could put code there that runs as you; "
                                      + "`chmod go-w \(folder)` and load it again"), "\(result.error)")
        #expect(result.error.split(separator: "\n").count == 1)
    }
}

extension SmallerAttacksTests {
    @Test("a field past 1 MiB rejects its row with the reason; the good rows are imported")
    func hugeField() throws {
        let huge = String(repeating: "x", count: (1 << 20) + 10)
        let file = scratch.write("in/readings.csv", "profile_id,marker,value,date,note\np,hdl,50,2026-01-01,fine\np,hdl,51,2026-01-02,\(huge)\np,ldl,90,2026-01-03,\n")
        let result = try CLI.run(["import", file, "--into", scratch.path + "/d.sqlite", "--now", "2026-11-22"])
        #expect(result.status == 1, "\(result.error)")
        #expect(result.output.contains("the field holds 1,048,586 bytes; a value holds at most 1,048,576 (1 MiB)"), "\(result.output)")
        let count = try CLI.run([scratch.path + "/d.sqlite", "-c", ".mode list; .headers off; SELECT count(*) FROM readings;"])
        #expect(count.output == "2\n")
    }
}
