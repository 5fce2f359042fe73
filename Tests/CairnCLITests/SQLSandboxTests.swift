import CairnStore
import Foundation
import Testing

/// SQL typed into the REPL or a notebook reads and does nothing else; a dataset that carries
/// its own code is refused. Each attack is refused with one line and the files are unchanged.
@Suite("SQL sandbox")
struct SQLSandboxTests {
    let scratch = Scratch()

    func dataset() throws -> String {
        let path = scratch.path + "/d.sqlite"
        let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path
        let result = try CLI.run(["import", demo, "--into", path, "--now", "2026-11-22"])
        #expect(result.status == 0, "\(result.error)")
        return path
    }

    func digest(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test("each attack is refused with one line, and nothing is written", arguments: [
        ("SELECT fts3_tokenizer('simple');", "not authorized to use function: fts3_tokenizer"),
        ("SELECT fts3_tokenizer('simple', x'4141414141414141');", "not authorized to use function: fts3_tokenizer"),
        ("ATTACH '__SCRATCH__/side.db' AS side;", "refused: SQL here may only read the dataset"),
        ("PRAGMA user_version = 7;", "refused: SQL here may only read the dataset"),
        ("PRAGMA writable_schema = ON;", "refused: SQL here may only read the dataset"),
        ("VACUUM INTO '__SCRATCH__/copy.db';", "refused: this statement would change the dataset"),
        ("SELECT load_extension('__SCRATCH__/evil.so');", "not authorized to use function: load_extension"),
        ("DELETE FROM headaches;", "refused: this statement would change the dataset"),
        ("CREATE TEMP VIEW v AS SELECT 1", "refused: this statement would change the dataset"),
    ])
    func attacks(sql: String, message: String) throws {
        let path = try dataset()
        let before = digest(path)
        let command = sql.replacingOccurrences(of: "__SCRATCH__", with: scratch.path)
        let result = try CLI.run([path, "-c", command])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("Error: ") && result.error.contains(message), "\(result.error)")
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(digest(path) == before)
        for side in ["side.db", "copy.db"] { #expect(!FileManager.default.fileExists(atPath: scratch.path + "/" + side)) }
        // Ordinary reads still work, functions and recursive CTEs included.
        let read = try CLI.run([path, "-c", "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3) SELECT sum(n), round(avg(severity), 1) FROM c, headaches;"])
        #expect(read.status == 0, "\(read.error)")
    }

    @Test("a dataset with a trigger, a view or a foreign table is refused on open, in one line, unchanged")
    func foreignSchema() throws {
        let path = try dataset()
        for (name, ddl) in [("trigger", "CREATE TRIGGER wipe AFTER INSERT ON headaches BEGIN DELETE FROM headaches; END;"),
                            ("view", "CREATE VIEW everything AS SELECT * FROM headaches;"),
                            ("table", "CREATE TABLE extra(x);")] {
            let copy = scratch.path + "/\(name).sqlite"
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            try SQLiteDatabase(path: copy, mode: .readWrite).execute(ddl)
            let before = digest(copy)
            let opened = try CLI.run([copy, "-c", "SELECT count(*) FROM headaches;"])
            #expect(opened.status == 2)
            #expect(opened.error.contains("refused: it holds \(name)"), "\(opened.error)")
            #expect(opened.error.split(separator: "\n").count == 1)
            let insights = try CLI.run(["insights", copy])
            #expect(insights.status == 2)
            #expect(digest(copy) == before)
        }
    }
}

/// Outputs never overwrite the dataset or an input, and files Cairn writes are private.
@Suite("No way to lose a dataset")
struct OutputSafetyTests {
    let scratch = Scratch()

    func imported() throws -> String {
        let path = scratch.path + "/d.sqlite"
        let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path
        #expect(try CLI.run(["import", demo, "--into", path, "--now", "2026-11-22"]).status == 0)
        return path
    }

    @Test("--rejects naming the dataset or an input is refused before anything is written")
    func rejectsPath() throws {
        let path = try imported()
        let before = FileManager.default.contents(atPath: path)
        let input = scratch.write("readings.csv", "profile_id,marker,value,date\np,ldl,abc,2026-01-01\n")
        let inputBefore = FileManager.default.contents(atPath: input)
        for target in [path, scratch.path + "/./d.sqlite", input] {
            let result = try CLI.run(["import", input, "--into", path, "--rejects", target, "--now", "2026-11-22"])
            #expect(result.status == 2)
            #expect(result.error.hasPrefix("cairn: error: --rejects \(target) is "), "\(result.error)")
        }
        let into = try CLI.run(["import", input, "--into", input])
        #expect(into.status == 2 && into.error.contains("--into \(input) is an input"))
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(FileManager.default.contents(atPath: input) == inputBefore)
    }

    @Test(".save and .snapshot onto the open dataset are refused; it is unchanged")
    func saveOntoDataset() throws {
        let path = try imported()
        let before = FileManager.default.contents(atPath: path)
        for command in [".save \(path)", ".snapshot \(path)"] {
            let result = try CLI.run([path, "-c", ".asof 2026-05-31; \(command)"])
            #expect(result.status == 1)
            #expect(result.error == "Error: \(path) is the open dataset; writing there would replace it. Choose another path\n")
        }
        #expect(FileManager.default.contents(atPath: path) == before)
        // Nor a file the session read.
        let csv = scratch.write("extra.csv", "a,b\n1,2\n")
        let csvBefore = FileManager.default.contents(atPath: csv)
        let overwrite = try CLI.run([path, "-c", ".asof 2026-05-31; .import \(csv) extra; .save \(csv)"])
        #expect(overwrite.status == 1)
        #expect(overwrite.error == "Error: \(csv) was read by this session (.import); writing there would replace it. Choose another path\n")
        #expect(FileManager.default.contents(atPath: csv) == csvBefore)
    }

    @Test("datasets, rejects and snapshots are created readable by their owner only (0600)")
    func privateFiles() throws {
        let path = try imported()
        let input = scratch.write("readings.csv", "profile_id,marker,value,date\np,ldl,abc,2026-01-01\n")
        _ = try CLI.run(["import", input, "--into", path, "--rejects", scratch.path + "/rejects.csv", "--now", "2026-11-22"])
        _ = try CLI.run([path, "-c", ".asof 2026-05-31; .snapshot \(scratch.path)/snap.json"])
        for file in ["d.sqlite", "rejects.csv", "snap.json"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: scratch.path + "/" + file)
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(file)")
        }
    }
}

/// A notebook reads and writes only inside its own folder and the dataset it names.
@Suite("Confined notebooks")
struct NotebookConfinementTests {
    let scratch = Scratch()

    @Test("writes and reads outside the notebook's folder are refused; nothing outside changes")
    func confined() throws {
        let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path
        let outside = scratch.write("outside/secret.csv", "name,value\nsecret-token,42\n")
        let victim = scratch.write("outside/victim.txt", "keep me\n")
        let victimBefore = FileManager.default.contents(atPath: victim)
        let notebook = scratch.write("book/notebook.md", """
            # Hostile

            ```cairn
            .open \(demo)
            .asof 2026-05-31
            ```
            ```output
            ```

            ```cairn error
            .save \(victim)
            .snapshot ../outside/victim.txt
            .import \(outside) stolen
            .import ../outside/secret.csv stolen
            .open \(demo)
            .snapshot inside.json
            ```
            ```output
            ```

            """)
        let result = try CLI.run(["run", notebook])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.components(separatedBy: "refused: a notebook writes only inside its folder").count == 3)
        #expect(result.output.components(separatedBy: "refused: a notebook reads files only inside its folder").count == 3)
        #expect(result.output.contains("refused: a notebook opens its own dataset once"))
        #expect(!result.output.contains("secret-token"))
        #expect(FileManager.default.contents(atPath: victim) == victimBefore)
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/book/inside.json"))
        // --allow-write widens it explicitly.
        let allowed = try CLI.run(["run", notebook, "--allow-write", scratch.path + "/outside"])
        #expect(allowed.output.components(separatedBy: "refused: a notebook writes only inside its folder").count == 1)
        #expect(FileManager.default.contents(atPath: victim) != victimBefore)
    }

    @Test("in a notebook a contract CSV import goes to a temporary table, never into the dataset")
    func importStaysTemporary() throws {
        let imported = scratch.path + "/book/d.sqlite"
        try FileManager.default.createDirectory(atPath: scratch.path + "/book", withIntermediateDirectories: true)
        let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path
        #expect(try CLI.run(["import", demo, "--into", imported, "--now", "2026-11-22"]).status == 0)
        let before = FileManager.default.contents(atPath: imported)
        scratch.write("book/readings.csv", "profile_id,marker,value,date\nlena,ldl,99,2026-01-01\n")
        let notebook = scratch.write("book/import.md", """
            ```cairn
            .open d.sqlite
            .asof 2026-05-31
            ```
            ```output
            ```

            ```cairn
            .import readings.csv
            .import readings.csv extra
            SELECT count(*) FROM extra;
            ```
            ```output
            ```

            """)
        let result = try CLI.run(["run", notebook])
        #expect(result.output.contains("in a notebook an import never changes the dataset; give a temporary table name"))
        #expect(result.output.contains("into temporary table extra (not saved to the dataset)"))
        #expect(FileManager.default.contents(atPath: imported) == before)
    }
}

/// Duplicates never silently replace each other; a huge value makes one short message, fast.
@Suite("Imports that lose nothing in silence")
struct ImportDuplicateTests {
    let scratch = Scratch()

    @Test("a range or custom marker defined twice in one import is rejected with the first line, not replaced")
    func duplicates() throws {
        let overrides = scratch.write("reference_overrides.csv", "profile_id,marker,ref_low,ref_high\np,ldl,,120\np,LDL-C,,130\np,hdl,45,\n")
        let markers = scratch.write("markers.csv", "marker_id,display_name,unit\nfoo,Foo,u\nfoo,Foo again,u\n")
        let result = try CLI.run(["import", overrides, markers, "--into", scratch.path + "/x.sqlite", "--format", "json"])
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["imported"] as? Int == 3 && json["rejected"] as? Int == 2)
        #expect(result.output.contains("duplicate_reference_override") && result.output.contains("duplicate_marker"))
        #expect(result.output.contains("(first on line 2)"))
    }

    @Test("a megabyte time zone or marker name is cut in the message and costs no edit-distance search")
    func longValues() throws {
        let profiles = scratch.write("profiles.csv", "profile_id,time_zone\np," + String(repeating: "Europe/Berlinx", count: 70_000) + "\n")
        let readings = scratch.write("readings.csv", "profile_id,marker,value,date\np," + String(repeating: "ldlx", count: 250_000) + ",1,2026-01-01\n")
        let result = try CLI.run(["import", profiles, readings, "--into", scratch.path + "/y.sqlite", "--now", "2026-11-22"])
        #expect(result.status == 1)
        #expect(result.output.contains("…\" (980,000 characters) is not a known IANA time zone"))
        #expect(result.output.contains("…\" (1,000,000 characters) names no marker"))
        #expect(result.output.split(separator: "\n").allSatisfy { $0.count < 400 })
    }
}

/// A new dataset appears only when its import has committed.
@Suite("Killed import into a new file")
struct KilledNewImportTests {
    let scratch = Scratch()

    @Test("kill -9 mid-import into a new file leaves no dataset; the next import builds it cleanly")
    func killedNew() throws {
        let big = scratch.path + "/big/readings.csv"
        try FileManager.default.createDirectory(atPath: scratch.path + "/big", withIntermediateDirectories: true)
        #expect(try CLI.run(["synth", "readings", "--rows", "400000", "--out", big]).status == 0)
        let target = scratch.path + "/new.sqlite"
        // The staging file's name is unique to its import: `.new.sqlite.importing-PID-RANDOM`.
        func stagingFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).filter { $0.hasPrefix(".new.sqlite.importing-") }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["import", big, "--into", target, "--now", "2026-11-22"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while !stagingFiles().contains(where: { $0.hasSuffix("-journal") }) && process.isRunning && Date() < deadline {
            usleep(2_000)
        }
        usleep(100_000)
        #expect(process.isRunning, "the import finished before it could be killed; use a larger file")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(!FileManager.default.fileExists(atPath: target))
        // The next import starts again from nothing and leaves no staging file.
        let small = scratch.write("small/readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\n")
        #expect(try CLI.run(["import", small, "--into", target, "--now", "2026-11-22"]).status == 0)
        #expect(stagingFiles().isEmpty)
        let count = try CLI.run([target, "-c", "SELECT count(*) AS n FROM readings;"])
        #expect(count.output.contains("1"), "\(count.output)")
    }
}

/// kill -9 at seeded random moments of an import, again and again: the dataset always opens
/// read-only with its old content.
@Suite("Repeated kills")
struct RepeatedKillTests {
    let scratch = Scratch()

    @Test("six imports killed at random moments leave the old content, readable read-only")
    func repeatedKills() throws {
        let target = scratch.path + "/data.sqlite"
        let first = scratch.write("first/readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\np,ldl,90,2026-01-01\n")
        #expect(try CLI.run(["import", first, "--into", target, "--now", "2026-11-22"]).status == 0)
        let big = scratch.path + "/big/readings.csv"
        try FileManager.default.createDirectory(atPath: scratch.path + "/big", withIntermediateDirectories: true)
        #expect(try CLI.run(["synth", "readings", "--rows", "300000", "--out", big]).status == 0)
        // Random moments from a fixed seed (milliseconds after start), so a failure can be replayed.
        var state: UInt64 = 20_261_122
        let delays = (0..<6).map { _ -> Int in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return 10 + Int((state >> 33) % 490)
        }
        for delay in delays {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = ["import", big, "--into", target, "--now", "2026-11-22"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(delay * 1000))
            guard process.isRunning else { Issue.record("the import finished within \(delay) ms"); continue }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let read = try CLI.run([target, "-c", "SELECT count(*) AS n FROM readings;"])
            #expect(read.status == 0, "after a kill at \(delay) ms: \(read.error)")
            let last = read.output.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(last == "2", "after a kill at \(delay) ms: \(read.output)")
        }
    }
}

/// `cairn export --encrypt` and `cairn import BUNDLE`: the passphrase from a descriptor, never
/// an argument; the dataset back byte for byte; a wrong passphrase or a changed byte refused.
@Suite("Encrypted export")
struct EncryptedExportTests {
    let scratch = Scratch()

    @Test("export, then import, gives the identical dataset; wrong passphrases and changed bytes write nothing")
    func roundTrip() throws {
        let dataset = scratch.path + "/d.sqlite"
        let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path
        #expect(try CLI.run(["import", demo, "--into", dataset, "--now", "2026-11-22"]).status == 0)
        let bundle = scratch.path + "/d.bundle"
        let sealed = try CLI.run(["export", dataset, "--encrypt", "--out", bundle, "--passphrase-fd", "0"], input: "correct horse\n")
        #expect(sealed.status == 0, "\(sealed.error)")
        let attributes = try FileManager.default.attributesOfItem(atPath: bundle)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let bytes = try #require(FileManager.default.contents(atPath: bundle))
        #expect(bytes.prefix(8) == Data("CAIRNENC".utf8))
        // Nothing of the dataset in clear: no SQLite header, no profile name.
        #expect(bytes.range(of: Data("SQLite format 3".utf8)) == nil && bytes.range(of: Data("Lena".utf8)) == nil)

        let restored = scratch.path + "/r.sqlite"
        let wrong = try CLI.run(["import", bundle, "--into", restored, "--passphrase-fd", "0"], input: "wrong\n")
        #expect(wrong.status == 2)
        #expect(wrong.error == "cairn: error: \(bundle) cannot be opened: the passphrase is wrong, or the bundle was changed; nothing was written\n")
        #expect(!FileManager.default.fileExists(atPath: restored))
        for index in [9, 20, 40, bytes.count / 2, bytes.count - 1] {
            var changed = bytes
            changed[index] ^= 0x80
            let tampered = scratch.path + "/t\(index).bundle"
            try changed.write(to: URL(fileURLWithPath: tampered))
            let result = try CLI.run(["import", tampered, "--into", restored, "--passphrase-fd", "0"], input: "correct horse\n")
            #expect(result.status == 2, "byte \(index)")
            #expect(!FileManager.default.fileExists(atPath: restored))
        }
        let right = try CLI.run(["import", bundle, "--into", restored, "--passphrase-fd", "0"], input: "correct horse\n")
        #expect(right.status == 0, "\(right.error)")
        #expect(FileManager.default.contents(atPath: restored) == FileManager.default.contents(atPath: dataset))
        #expect(try CLI.run(["export", dataset, "--out", bundle]).status == 2)
        let again = try CLI.run(["import", bundle, "--into", restored, "--passphrase-fd", "0"], input: "correct horse\n")
        #expect(again.status == 2 && again.error.contains("exists; an encrypted bundle restores a whole dataset into a new file"))
    }
}
