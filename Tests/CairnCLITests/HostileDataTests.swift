import CairnStore
import Foundation
import Testing

/// Issue 22, items 4, 8 and 10: data that attacks the person reading it. A temporary table may
/// not shadow the dataset's; control characters from data are escaped on the terminal; CSV
/// cells a spreadsheet would run are neutralised and Cairn's own import restores them.
@Suite("Hostile data")
struct HostileDataTests {
    let scratch = Scratch()
    var demo: String { WorkbenchTests.root.appendingPathComponent("Datasets/demo").path }

    @Test("a temporary table named like a contract table is refused; Cairn's own commands read the dataset's tables")
    func contractNamesRefused() throws {
        let fake = scratch.write("fake.csv", "profile_id,marker,value,unit,date\nmaya,ldl,999,mg/dL,2026-09-01\n")
        for name in ["readings", "Headaches", "MEDICATIONS", "profiles", "cairn_meta", "sqlite_master"] {
            let result = try CLI.run([demo, "-c", ".import \(fake) \(name)"])
            #expect(result.status == 1, "\(name)")
            #expect(result.error == "Error: refused: \(name) is a table of the dataset; a temporary table takes another name: "
                    + ".import \(fake) my_\(name)\n", "\(name)")
        }
        let board = try CLI.run([demo, "-c", ".profile maya; .asof 2026-09-21; .markers"])
        let shadowed = try CLI.run([demo, "-c", ".import \(fake) my_readings; .profile maya; .asof 2026-09-21; .markers"])
        #expect(shadowed.status == 0, "\(shadowed.error)")
        #expect(shadowed.output.hasSuffix(board.output))
        // Past the "Loaded ... of PATH" line (a scratch path may hold 999 by chance): no forged value.
        #expect(!shadowed.output.split(separator: "\n").dropFirst().contains { $0.contains("999") })
    }

    @Test("control characters from data are shown escaped in SQL results, raw only in a file asked for")
    func controlCharactersEscaped() throws {
        let hostile = "note\u{1B}]0;pwned\u{07}\u{1B}[2Jend"
        let file = scratch.write("notes.csv", "id,text\n1,\"\(hostile)\"\n")
        for mode in ["column", "box", "csv", "list", "line", "tsv"] {
            let result = try CLI.run([demo, "-c", ".import \(file) notes; .mode \(mode); SELECT text FROM notes;"])
            #expect(result.status == 0, "\(mode): \(result.error)")
            #expect(!result.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(mode)")
            #expect(result.output.contains("note\\x1b]0;pwned\\x07\\x1b[2Jend"), "\(mode): \(result.output)")
        }
        let json = try CLI.run([demo, "-c", ".import \(file) notes; .mode json; SELECT text FROM notes;"])
        #expect(json.output.hasSuffix("\n[{\"text\":\"note\\u001b]0;pwned\\u0007\\u001b[2Jend\"}]\n"))
        let out = scratch.path + "/out.txt"
        #expect(try CLI.run([demo, "-c", ".import \(file) notes; .mode list; .output \(out); SELECT text FROM notes;"]).status == 0)
        #expect(String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self) == "text\n\(hostile)\n")
    }

    @Test("formula cells are neutralised in export --to csv, .mode csv and the rejects file; export → import → export stays exact")
    func spreadsheetFormulas() throws {
        // As stored: Cairn's import takes one guarding quote away, so the source spells them with one more.
        let notes = ["=HYPERLINK(\"http://x\",\"y\")", "+1+1", "@SUM(A1)", "-abc", "'=already", "''+twice", "-5", "'plain", "-nan", "-0x1p3", "-1e5"]
        var csv = "profile_id,marker,value,unit,date,note\n"
        for (index, note) in notes.enumerated() {
            let spelled = (note.hasPrefix("'=") || note.hasPrefix("''") ? "'" : "") + note
            csv += "maya,ldl,\(100 + index),mg/dL,2026-01-\(String(format: "%02d", index + 1)),\"\(spelled.replacingOccurrences(of: "\"", with: "\"\""))\"\n"
        }
        csv += "=cmd|' /C calc'!A0,ldl,high,mg/dL,2026-02-01,\n"
        let source = scratch.write("in/readings.csv", csv)
        let dataset = scratch.path + "/d.sqlite", rejects = scratch.path + "/rejects.csv"
        let imported = try CLI.run(["import", source, "--into", dataset, "--now", "2026-11-22", "--rejects", rejects])
        #expect(imported.status == 1, "\(imported.output)\(imported.error)")
        let rejectsText = String(decoding: FileManager.default.contents(atPath: rejects) ?? Data(), as: UTF8.self)
        #expect(rejectsText.hasSuffix(",\"'=cmd|' /C calc'!A0,ldl,high,mg/dL,2026-02-01,\"\n"), "\(rejectsText)")

        func notesIn(_ path: String) throws -> [String]? {
            let stored = try CLI.run([path, "-c", ".mode json; SELECT note FROM readings ORDER BY date_epoch;"])
            let rows = try JSONSerialization.jsonObject(with: Data(stored.output.utf8)) as? [[String: String]]
            return rows?.map { $0["note"] ?? "" }
        }
        #expect(try notesIn(dataset) == notes)
        let first = scratch.path + "/csv-1", again = scratch.path + "/csv-2", copy = scratch.path + "/copy.sqlite"
        #expect(try CLI.run(["export", dataset, "--to", "csv", "--out", first]).status == 0)
        let readings = String(decoding: FileManager.default.contents(atPath: first + "/readings.csv") ?? Data(), as: UTF8.self)
        for written in ["\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"", ",'+1+1,", ",'@SUM(A1),", ",'-abc,", ",''=already,",
                        ",'''+twice,", ",-5,", ",'plain,", ",'-nan,", ",'-0x1p3,", ",-1e5,"] {
            #expect(readings.contains(written), "\(written) in \(readings)")
        }
        #expect(try CLI.run(["import", first, "--into", copy, "--now", "2026-11-22"]).status == 0)
        #expect(try notesIn(copy) == notes)
        #expect(try CLI.run(["export", copy, "--to", "csv", "--out", again]).status == 0)
        #expect(FileManager.default.contents(atPath: first + "/readings.csv") == FileManager.default.contents(atPath: again + "/readings.csv"))

        let shown = try CLI.run([dataset, "-c", ".mode csv; SELECT note FROM readings WHERE note LIKE '=%' OR note LIKE '-a%';"])
        #expect(shown.output == "note\r\n\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"\r\n'-abc\r\n")
    }

    @Test("a .width of the most negative integer is refused in one line (it trapped in abs)")
    func widthIntMin() throws {
        let result = try CLI.run([demo, "-c", ".width -9223372036854775808 5; SELECT 1 AS one;"])
        #expect(result.status == 1)
        #expect(result.error == "Error: -9223372036854775808 is not a width; give whole numbers, e.g. .width 12 -8 0\n")
    }

    @Test("a query returning rows for ever stops at its memory budget in one line; the process lives")
    func endlessRows() throws {
        let result = try CLI.run([demo, "-c",
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x, printf('%.2000c', 'x') AS pad FROM c;"])
        #expect(result.status == 1)
        let line = try #require(result.error.split(separator: "\n").first)
        #expect(line.hasPrefix("Error: stopped: the result passed its memory budget of 256 MiB after "), "\(result.error)")
        #expect(line.hasSuffix(" rows; add a LIMIT or aggregate it"))
    }

    @Test("rows in a row mode stream out as they come (an endless query's rows reach the file while it runs); JSON, CSV and line parts join as one")
    func streamedRows() throws {
        let out = scratch.path + "/streamed.csv"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "exec \"$0\" \"$@\" > \"\(out)\"", CLI.binary, demo, "-c",
                           ".mode csv; WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
                           + "SELECT x, printf('%.100c', 'x') AS pad FROM c;"]
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        // Collected, nothing would be written before the query ended (at its budget, 30 s on).
        let deadline = Date().addingTimeInterval(20)
        var size = 0
        while shell.isRunning && Date() < deadline && size < 1 << 20 {
            usleep(50_000)
            size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
        }
        #expect(shell.isRunning && size >= 1 << 20, "\(size) bytes written, running: \(shell.isRunning)")
        if shell.isRunning { kill(shell.processIdentifier, SIGTERM) }
        shell.waitUntilExit()
        let head = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: out)).read(upToCount: 120)) ?? Data()
        #expect(String(decoding: head, as: UTF8.self).hasPrefix("x,pad\r\n1,xxxx"))
        try? FileManager.default.removeItem(atPath: out)

        // Parts joined across batches of a thousand rows read as one result.
        let rows = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 2500) SELECT x FROM c;"
        let json = try CLI.run([demo, "-c", ".mode json; " + rows])
        let parsed = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Int]]
        #expect(parsed?.count == 2500 && parsed?.last?["x"] == 2500, "\(json.output.suffix(200))")
        let csv = try CLI.run([demo, "-c", ".mode csv; " + rows])
        #expect(csv.output == "x\r\n" + (1...2500).map { "\($0)\r\n" }.joined())
        let line = try CLI.run([demo, "-c", ".mode line; " + rows])
        #expect(line.output == (1...2500).map { "    x = \($0)\n" }.joined(separator: "\n"))
        let empty = try CLI.run([demo, "-c", ".mode json; SELECT 1 AS x WHERE 0;"])
        #expect(empty.output == "[]\n")
    }

    @Test("a notebook's mask= with catastrophic backtracking stops at PCRE2's match limit; check ends and says why")
    func catastrophicMask() throws {
        let notebook = scratch.write("masked.md", """
            ```cairn mask="(?m)^(a+)+$"
            .open \(demo)
            SELECT '\(String(repeating: "a", count: 40))!' AS s;
            ```
            ```output
            ```

            """)
        let started = Date()
        let result = try CLI.run(["check", notebook])
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(result.status == 1)
        #expect(result.output.contains("+[mask=\"(?m)^(a+)+$\" stopped: it backtracks past PCRE2's match limit; simplify the pattern]"),
                "\(result.output)")
    }

    @Test("under cairn check, a query returning rows for ever stops at the unattended budget; check ends and says why")
    func endlessRowsUnderCheck() throws {
        let notebook = scratch.write("endless.md", """
            ```cairn
            .open \(demo)
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x, printf('%.2000c', 'x') AS pad FROM c;
            ```
            ```output
            ```

            """)
        let started = Date()
        let result = try CLI.run(["check", notebook])
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(result.status == 1)
        #expect(result.output.contains("+Error: stopped: the result passed its memory budget of 256 MiB after "), "\(result.output.prefix(2000))")
    }

    @Test("control characters from data are escaped in cairn check's diff, never sent raw to the terminal")
    func controlCharactersInCheckDiff() throws {
        let notebook = scratch.write("retitle.md", """
            ```cairn
            .open \(demo)
            .mode list
            SELECT 'note' || char(27) || ']0;pwned' || char(7) || char(27) || '[2Jend' AS text;
            ```
            ```output
            ```

            """)
        let result = try CLI.run(["check", notebook])
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("changed  \(notebook)\n"), "\(result.output)")
        #expect(!result.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(result.output.contains("+note\\x1b]0;pwned\\x07\\x1b[2Jend"), "\(result.output)")
    }

    @Test("the import report and error lines quote data with its control characters escaped")
    func controlCharactersInReports() throws {
        let file = scratch.write("in/readings.csv",
                                 "profile_id,marker,value,date\np\u{1B}]0;PWNED\u{07}x,hdl,50,2026-01-01\np,m\u{1B}[2Jk,50,2026-01-01\n")
        let dataset = scratch.path + "/controls.sqlite"
        let result = try CLI.run(["import", file, "--into", dataset, "--now", "2026-11-22"])
        #expect(result.status == 1, "\(result.error)")
        #expect(!(result.output + result.error).unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(result.output.contains("(no profiles row): p\\x1b]0;PWNED\\x07x"), "\(result.output)")
        #expect(result.output.contains("\"m\\x1b[2Jk\" names no marker"), "\(result.output)")
        // The rejects file, asked for, keeps the original text.
        let rejects = String(decoding: FileManager.default.contents(atPath: scratch.path + "/controls.rejects.csv") ?? Data(), as: UTF8.self)
        #expect(rejects.contains("p,m\u{1B}[2Jk,50,2026-01-01"), "\(rejects)")
        // An error line under -c that quotes what it was given.
        let error = try CLI.run([dataset, "-c", ".profile q\u{1B}[2J"])
        #expect(error.status == 1)
        #expect(!error.error.unicodeScalars.contains { $0.value == 0x1B } && error.error.contains("q\\x1b[2J"), "\(error.error)")
    }

    @Test("an Apple Health export with one entity used thousands of times: one line on standard error (libxml2 printed its own), status 2, nothing written")
    func quadraticEntityFromTheCommandLine() throws {
        let references = String(repeating: "&b;", count: 20_000)
        let file = scratch.write("health/export.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!ENTITY b "\(String(repeating: "A", count: 50_000))">
            ]>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="\(references)" unit="count/min" \
            creationDate="2017-09-01 10:00:00 +0000" startDate="2017-09-01 10:00:00 +0000" endDate="2017-09-01 10:00:00 +0000" value="60"/>
            </HealthData>

            """)
        let dataset = scratch.path + "/health.sqlite"
        let result = try CLI.run(["import", file, "--into", dataset, "--now", "2026-11-22"])
        #expect(result.status == 2)
        #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
        #expect(result.error.contains("a value grows past libxml2's limit") && !result.error.contains("internal buffer error"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: dataset))
    }
}

