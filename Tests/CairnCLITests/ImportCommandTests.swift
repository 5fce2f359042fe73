import Foundation
import Testing

@Suite("cairn import")
struct ImportCommandTests {
    let scratch = Scratch()
    var target: String { scratch.path + "/data.sqlite" }

    @Test("exit 0 when every row is imported, with the report on standard output")
    func allImported() throws {
        let file = scratch.write("readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\n")
        let result = try CLI.run(["import", file, "--into", target, "--now", "2026-11-22"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Imported 1 of 1 rows into \(target): 0 warnings, 0 rejected, 0 skipped."))
        #expect(result.error.isEmpty)
    }

    @Test("exit 1 when some rows are rejected; the JSON report holds the counts and each issue")
    func someRejected() throws {
        let file = scratch.write("readings.csv", "profile_id,marker,value,date,lab\np,hdl,50,2026-01-01,x\np,hdl,abc,2026-01-02,x\np,hdl,500,2026-01-03,x\n")
        let result = try CLI.run(["import", file, "--into", target, "--now", "2026-11-22", "--format", "json"])
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["rows_read"] as? Int == 3)
        #expect(json["imported"] as? Int == 2)
        #expect(json["rejected"] as? Int == 1)
        #expect(json["skipped"] as? Int == 0)
        #expect(json["warnings"] as? Int == 2)
        let reasons = try #require(json["reasons"] as? [String: [String: Int]])
        #expect(reasons["rejected"] == ["unparseable_number": 1])
        #expect(reasons["warnings"] == ["implausible_value": 1, "unknown_column": 1])
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.first?["rows_read"] as? Int == 3)
        #expect(files.first?["ignored_columns"] as? [String] == ["lab"])
        let issues = try #require(json["issues"] as? [[String: Any]])
        let rejected = try #require(issues.first { $0["severity"] as? String == "rejected" })
        #expect(rejected["line"] as? Int == 3 && rejected["column"] as? Int == 3 && rejected["column_name"] as? String == "value")
        #expect(json["rejects_file"] as? String == scratch.path + "/data.rejects.csv")
    }

    @Test("exit 2 when an input is refused whole; a new dataset is not left behind")
    func refused() throws {
        let file = scratch.write("pressure.csv", "a,b\n1,2\n")
        let result = try CLI.run(["import", file, "--into", target])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("cairn: error: \(file): the file name names no contract table"))
        #expect(result.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test("exit 2 when misused: no source, an unknown option value, a bad --now")
    func misuse() throws {
        #expect(try CLI.run(["import", "--into", target]).status == 2)
        let file = scratch.write("readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\n")
        #expect(try CLI.run(["import", file, "--into", target, "--input-format", "excel"]).status == 2)
        let badNow = try CLI.run(["import", file, "--into", target, "--now", "tomorrow"])
        #expect(badNow.status == 2)
        #expect(badNow.error.contains("--now tomorrow is not a date or date-time"))
    }

    @Test("a target that is not a SQLite database is refused with one clear line")
    func notADatabase() throws {
        let notes = scratch.write("notes.txt", "shopping list\n")
        let file = scratch.write("readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\n")
        let result = try CLI.run(["import", file, "--into", notes])
        #expect(result.status == 2)
        #expect(result.error == "cairn: error: \(notes): not a SQLite database; give a dataset made by `cairn import`, or import CSV files into a new one with `cairn import FILE... --into DATASET.sqlite`\n")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "shopping list\n")
    }

    @Test("a killed import leaves the dataset exactly as it was")
    func killedImport() throws {
        // A dataset with some rows, then a large import killed part-way through.
        let first = scratch.write("first/readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\np,ldl,90,2026-01-01\n")
        #expect(try CLI.run(["import", first, "--into", target, "--now", "2026-11-22"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        let big = scratch.path + "/big/readings.csv"
        try FileManager.default.createDirectory(atPath: scratch.path + "/big", withIntermediateDirectories: true)
        #expect(try CLI.run(["synth", "readings", "--rows", "400000", "--out", big]).status == 0)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["import", big, "--into", target, "--now", "2026-11-22"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait until the import has begun writing (its rollback journal exists), then kill it.
        let journal = target + "-journal"
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: journal) && process.isRunning && Date() < deadline {
            usleep(2_000)
        }
        usleep(100_000)
        #expect(process.isRunning, "the import finished before it could be killed; use a larger file")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        // Opening the dataset rolls the hot journal back: the same rows as before, nothing else.
        let summary = try CLI.run(["summary", target, "--format", "json"])
        #expect(summary.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(summary.output.utf8)) as? [String: Any])
        let tables = try #require(json["tables"] as? [[String: Any]])
        #expect(tables.first { $0["table"] as? String == "readings" }?["rows"] as? Int == 2)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/data.rejects.csv"))
        _ = before
    }

    @Test("a Synthea observations.csv is recognised without --input-format")
    func synthea() throws {
        let file = scratch.write("obs/observations.csv", """
            DATE,PATIENT,ENCOUNTER,CATEGORY,CODE,DESCRIPTION,VALUE,UNITS,TYPE
            2023-10-10T04:17:47Z,p1,e1,vital-signs,8480-6,Systolic Blood Pressure,121.0,mm[Hg],numeric
            2023-10-10T04:17:47Z,p1,e1,vital-signs,72514-3,Pain severity,1.0,{score},numeric
            """)
        let result = try CLI.run(["import", file, "--into", target, "--now", "2026-11-22"])
        #expect(result.status == 0)
        #expect(result.output.contains("synthea observations: 2 read, 1 imported, 1 skipped"))
        #expect(result.output.contains("code 72514-3 (Pain severity): 1 row"))
    }

    @Test("an Apple Health export through the binary: --profile and --time-zone, every record accounted for, no trend from watch samples")
    func appleHealth() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CairnStoreTests/Fixtures/apple-health").path
        let result = try CLI.run(["import", fixtures + "/export_subset.xml", "--into", target, "--profile", "ana",
                                  "--time-zone", "Europe/Berlin", "--now", "2026-11-22", "--format", "json"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let read = try #require(json["rows_read"] as? Int)
        #expect(read > 0 && read == (json["imported"] as? Int ?? 0) + (json["rejected"] as? Int ?? 0) + (json["skipped"] as? Int ?? 0))
        let profiles = try CLI.run([target, "-c", ".format json; SELECT profile_id, time_zone FROM profiles"])
        #expect(profiles.output == "[{\"profile_id\":\"ana\",\"time_zone\":\"Europe/Berlin\"}]\n")
        let insights = try CLI.run(["insights", target, "--module", "marker-trends", "--format", "json"])
        #expect(insights.status == 0)
        #expect(!insights.output.contains("marker-trends.trend-prompt"))
        let malformed = try CLI.run(["import", fixtures + "/exportSmall_malformed.xml", "--into", scratch.path + "/bad.sqlite"])
        #expect(malformed.status == 2)
        #expect(malformed.error.contains("153:11"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/bad.sqlite"))
    }
}
