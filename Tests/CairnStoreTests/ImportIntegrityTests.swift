import Foundation
import Testing
@testable import CairnStore

@Suite("Import integrity")
struct ImportIntegrityTests {
    let directory = TemporaryDirectory()

    /// A file with a little of everything that goes wrong in real exports.
    static let messyReadings = #"""
        profile_id,marker,value,unit,date,note,source,lab
        p,hdl,88,mg/dL,2026-01-01,,quickAdd,Quest
        p,hdl,90,mg/dL,2026-02-01,"fasting, 12 h",quickAdd,Quest
        p,hdl,89,mg/dL,2026-03-01,"said ""fine""",quickAdd,Quest
        p,hdl,890,mg/dL,2026-04-01,,quickAdd,Quest
        p,hdl,,mg/dL,2026-05-01,,quickAdd,Quest
        p,hdl,abc,mg/dL,2026-05-02,,quickAdd,Quest
        p,nonsense,1,mg/dL,2026-05-03,,quickAdd,Quest
        p,hdl,50,%,2026-05-04,,quickAdd,Quest
        p,hdl,50,mg/dL,2027-05-05,,quickAdd,Quest
        p,hdl,50,mg/dL
        p,hdl,89,mg/dL,2026-03-01,"two
        lines",quickAdd,Quest
        "p"q,hdl,50,mg/dL,2026-05-06,,quickAdd,Quest

        q,ldl,3.1,mmol/L,2026-05-07T08:00:00+02:00,,import,
        q,ldl,NaN,mmol/L,2026-05-08,,import,
        """#

    @Test("every row read is imported, rejected or skipped; rejected rows go to the rejects file intact")
    func conservation() throws {
        let file = directory.write("readings.csv", ImportIntegrityTests.messyReadings.replacingOccurrences(of: "\n", with: "\r\n"))
        let (dataset, report) = try importFiles([file], into: directory)
        #expect(report.rowsRead == 14)
        #expect(report.imported + report.rejected + report.skipped == report.rowsRead)
        #expect(report.imported == 6)
        #expect(report.rejected == 8)
        #expect(try dataset.count("SELECT count(*) FROM readings") == report.imported)
        #expect(report.reasons(.rejected) == [.missingRequiredField, .unparseableNumber, .unknownMarker,
                                             .unconvertibleUnit, .futureReading, .raggedRow, .malformedQuoting,
                                             .nonFiniteNumber])
        #expect(Set(report.reasons(.warning)) == [.unknownColumn, .implausibleValue, .duplicateReading])
        #expect(report.createdProfiles == ["p", "q"])

        let rejectsPath = try #require(report.rejectsFile)
        #expect(rejectsPath == directory.path + "/data.rejects.csv")
        let rejects = try readAll(rejectsPath)
        #expect(rejects.count == report.rejected + 1)
        #expect(rejects[0].fields == ["file", "line", "column", "column_name", "reason", "message", "record"])
        let lines = rejects.dropFirst().map { Int($0.fields[1]!)! }
        #expect(lines == report.issues.filter { $0.severity == .rejected }.map(\.line))
        // The ragged row's original text, exactly.
        #expect(rejects.contains { $0.fields[6] == "p,hdl,50,mg/dL" })
        #expect(rejects.contains { $0.fields[6] == "\"p\"q,hdl,50,mg/dL,2026-05-06,,quickAdd,Quest" })
    }

    @Test("a rejected row creates no profile")
    func rejectedRowsLeaveNothing() throws {
        let file = directory.write("readings.csv", "profile_id,marker,value,date\nghost,hdl,50,2099-01-01\nreal,hdl,50,2026-01-01\n")
        let (dataset, report) = try importFiles([file], into: directory)
        #expect(report.createdProfiles == ["real"])
        #expect(try dataset.count("SELECT count(*) FROM profiles WHERE profile_id = 'ghost'") == 0)
    }

    @Test("a refused input changes nothing: not even the files before it")
    func refusalIsAtomic() throws {
        let good = directory.write("in/readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\n")
        let (dataset, _) = try importFiles([good], into: directory)
        let before = try dataset.count("SELECT count(*) FROM readings")
        let broken = directory.write("in2/visits.csv", "profile_id,date,visit_type\np,2026-01-01,\"physical\n")
        let importer = DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow))
        #expect(throws: ImportError.self) { try importer.run(sources: [good, broken]) }
        #expect(try dataset.count("SELECT count(*) FROM readings") == before)
        #expect(try dataset.count("SELECT count(*) FROM visits") == 0)
        #expect(try dataset.count("SELECT count(*) FROM imports") == 1)
    }

    static let notCSVInputs: [(String, [UInt8])] = {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]
        var latin1 = Array("profile_id,marker,value,date,caf".utf8)
        latin1.append(0xE9)
        latin1 += Array("\np,hdl,1,2026-01-01,x\n".utf8)
        var sqlite = Array("SQLite format 3".utf8)
        sqlite += [UInt8](repeating: 0, count: 1) + [UInt8](repeating: 1, count: 100)
        return [("png", png), ("latin1", latin1), ("sqlite", sqlite), ("empty", [])]
    }()

    @Test("inputs that are not CSV are refused whole", arguments: notCSVInputs)
    func notCSV(kind: String, bytes: [UInt8]) throws {
        let file = directory.write("readings.csv", bytes: bytes)
        let dataset = try Dataset.openOrCreate(directory.path + "/data.sqlite")
        #expect(throws: ImportError.self) {
            try DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow)).run(sources: [file])
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/data.rejects.csv"))
    }

    @Test("refusals name the file and what to do")
    func refusalMessages() throws {
        let dataset = try Dataset.openOrCreate(directory.path + "/data.sqlite")
        let importer = DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow))
        func message(_ sources: [String]) -> String {
            failure { try importer.run(sources: sources) } ?? "imported"
        }
        let notes = directory.write("notes.csv", "a,b\n1,2\n")
        #expect(message([notes]).contains("the file name names no contract table"))
        let noValue = directory.write("x/readings.csv", "profile_id,marker,date\np,hdl,2026-01-01\n")
        #expect(message([noValue]) == "\(noValue):1: the header lacks required readings column value; add it to the header")
        #expect(message([directory.path + "/none.csv"]).hasSuffix("no such file or directory"))
        let empty = directory.write("empty/README.md", "nothing here")
        #expect(message([(empty as NSString).deletingLastPathComponent]).contains("holds no contract CSV files"))
        let quote = directory.write("q/visits.csv", "profile_id,date,visit_type\np,2026-01-01,physical\np,\"2026\n")
        #expect(message([quote]) == "\(quote):3: a quoted field opened on this line is never closed; close the quote or double any quote inside the field")
        let binary = directory.write("b/sleep.csv", bytes: [0x50, 0x4B, 0x03, 0x04, 0x00, 0x00])
        #expect(message([binary]).contains("not a CSV text file (binary content: a NUL byte at offset 4)"))
    }

    @Test("a directory imports its tables in contract order and reports other CSVs as ignored")
    func directoryOrder() throws {
        // Readings before profiles alphabetically; the profile's zone must still decide the day.
        directory.write("set/readings.csv", "profile_id,marker,value,date\nk,hdl,50,2026-01-01T23:30:00Z\n")
        directory.write("set/profiles.csv", "profile_id,time_zone\nk,Pacific/Auckland\n")
        directory.write("set/patients.csv", "Id,BIRTHDATE\n1,2000-01-01\n")
        let (dataset, report) = try importFiles([directory.path + "/set"], into: directory)
        #expect(report.files.map(\.format) == ["profiles", "readings"])
        #expect(report.ignoredFiles == [directory.path + "/set/patients.csv"])
        #expect(report.createdProfiles.isEmpty)
        #expect(try dataset.text("SELECT date_day FROM readings") == "2026-01-02")
    }

    @Test("changing a profile's zone later recomputes the local days of its rows")
    func zoneChange() throws {
        let readings = directory.write("a/readings.csv", "profile_id,marker,value,date\nk,hdl,50,2026-01-01T23:30:00Z\nk,hdl,51,2026-01-05T08:00\n")
        let (dataset, first) = try importFiles([readings], into: directory)
        #expect(first.createdProfiles == ["k"])
        #expect(try dataset.text("SELECT group_concat(date_day, ' ') FROM readings") == "2026-01-01 2026-01-05")
        let profiles = directory.write("b/profiles.csv", "profile_id,time_zone\nk,Pacific/Auckland\n")
        _ = try DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow)).run(sources: [profiles])
        #expect(try dataset.text("SELECT group_concat(date_day, ' ') FROM readings") == "2026-01-02 2026-01-05")
        // 08:00 local in Auckland (UTC+13 in January) is 19:00 UTC the day before.
        #expect(try dataset.count("SELECT date_epoch FROM readings WHERE value = 51") == 1_767_553_200)
    }

    @Test("times without an offset are local to the profile, across the spring change")
    func localTimes() throws {
        directory.write("d/profiles.csv", "profile_id,time_zone\nb,Europe/Berlin\n")
        directory.write("d/factors.csv", "profile_id,at,factor\nb,2026-03-29T01:30,caffeine\nb,2026-03-29T02:30,caffeine\nb,2026-03-29T03:30,caffeine\nb,2026-03-29,stress_high\n")
        let (dataset, _) = try importFiles([directory.path + "/d"], into: directory)
        let statement = try dataset.database.prepare("SELECT at_epoch, at_day FROM factors ORDER BY id")
        var rows: [(Int, String)] = []
        while try statement.step() { rows.append((statement.int(0), statement.text(1)!)) }
        #expect(rows.map(\.1) == ["2026-03-29", "2026-03-29", "2026-03-29", "2026-03-29"])
        // 01:30 CET is 00:30Z; 02:30 does not exist and becomes 03:30 CEST (01:30Z), the same
        // instant as 03:30; a bare date starts at local midnight (23:00Z the day before).
        #expect(rows.map(\.0) == [1_774_744_200, 1_774_747_800, 1_774_747_800, 1_774_738_800])
    }
}

/// Issue 22: a database that cannot grow (SQLite's max_page_count, as a full disk would do it,
/// on any machine and as any user) fails an import with one plain line, and the dataset keeps
/// what it held.
@Suite("Import onto a full database")
struct FullDatabaseImportTests {
    let directory = TemporaryDirectory()

    @Test("SQLITE_FULL during an import: one plain line, nothing changed")
    func fullDatabase() throws {
        let first = directory.write("first/readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\n")
        let (dataset, _) = try importFiles([first], into: directory)
        let before = try dataset.count("SELECT count(*) FROM readings")
        let pages = try #require(try dataset.database.scalarInt("PRAGMA page_count"))
        try dataset.database.execute("PRAGMA max_page_count = \(pages + 4)")
        let rows = (0..<20_000).map { "p,ldl,\(90 + $0 % 40),2025-\(String(format: "%02d", 1 + $0 % 12))-\(String(format: "%02d", 1 + $0 % 28))T\(String(format: "%02d", $0 % 24)):\(String(format: "%02d", $0 % 60))\n" }
        let big = directory.write("big/readings.csv", "profile_id,marker,value,date\n" + rows.joined())
        let failure: ImportError
        do {
            _ = try DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow)).run(sources: [big])
            Issue.record("the import into a full database succeeded")
            return
        } catch {
            failure = error
        }
        guard case .storage(let storage) = failure else {
            Issue.record("not a storage failure: \(failure)")
            return
        }
        #expect(storage.isOutOfSpace)
        #expect(failure.description == "the disk holding \(dataset.location) is full; free some space and run the import again (nothing was changed)")
        #expect(!failure.description.contains("SQLite error"))
        #expect(try dataset.count("SELECT count(*) FROM readings") == before)
        #expect(try dataset.database.scalarInt("PRAGMA page_count") == pages)
    }
}
