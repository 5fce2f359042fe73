import Foundation
import Testing

/// One table in several files: `readings.part-0001.csv` and the like beside the other tables,
/// or a folder named after the table holding its parts.
@Suite("Tables in several files")
struct TablePartsTests {
    let scratch = Scratch()

    static let profiles = "profile_id,time_zone\na,Europe/Berlin\nb,Asia/Tokyo\n"
    static let header = "profile_id,marker,value,date\n"
    /// Ten readings per part, dated so that their order in the table shows the parts' order.
    static func readings(part: Int) -> String {
        (0..<10).map { "a,hdl,\(40 + part),2025-\(String(format: "%02d", part))-\(String(format: "%02d", $0 + 1))\n" }.joined()
    }
    static func factors(part: Int) -> String {
        (0..<5).map { "b,2025-03-\(String(format: "%02d", part * 5 + $0 + 1)),caffeine\n" }.joined()
    }

    @Test("parts of a table, beside it or in its folder, load in natural order; the same rows as one file, each part reported")
    func parts() throws {
        let split = scratch.path + "/split"
        scratch.write("split/profiles.csv", Self.profiles)
        // Written out of order: part-10 must load after part-2.
        for part in [10, 2, 1] { scratch.write("split/readings.part-\(part).csv", Self.header + Self.readings(part: part)) }
        for part in [1, 0] { scratch.write("split/factors/part-\(part).csv", "profile_id,at,factor\n" + Self.factors(part: part)) }
        // Cairn's own rejects file beside the parts is never read as one.
        scratch.write("split/readings.rejects.csv", "line,reason\n3,whatever\n")
        let whole = scratch.path + "/whole"
        scratch.write("whole/profiles.csv", Self.profiles)
        scratch.write("whole/readings.csv", Self.header + [1, 2, 10].map(Self.readings).joined())
        scratch.write("whole/factors.csv", "profile_id,at,factor\n" + [0, 1].map(Self.factors).joined())

        let splitDB = scratch.path + "/split.sqlite", wholeDB = scratch.path + "/whole.sqlite"
        let result = try CLI.run(["import", split, "--into", splitDB, "--now", "2026-01-01", "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["rows_read"] as? Int == 2 + 30 + 10)
        #expect(json["imported"] as? Int == 42)
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { ($0["path"] as? String ?? "").replacingOccurrences(of: split + "/", with: "") } == [
            "profiles.csv", "readings.part-1.csv", "readings.part-2.csv", "readings.part-10.csv",
            "factors/part-0.csv", "factors/part-1.csv",
        ])
        #expect(files.map { $0["rows_read"] as? Int } == [2, 10, 10, 10, 5, 5])
        #expect(try CLI.run(["import", whole, "--into", wholeDB, "--now", "2026-01-01"]).status == 0)
        for query in ["SELECT id, profile_id, marker, value, date, date_epoch, date_day FROM readings ORDER BY id",
                      "SELECT id, profile_id, at, at_epoch, at_day, factor FROM factors ORDER BY id"] {
            let fromParts = try CLI.run([splitDB, "-c", query]), fromWhole = try CLI.run([wholeDB, "-c", query])
            #expect(fromParts.status == 0 && fromParts.output == fromWhole.output && !fromParts.output.isEmpty)
        }
    }

    @Test("a part without the table's required columns refuses the import with its path; nothing is written")
    func badPart() throws {
        let split = scratch.path + "/split"
        scratch.write("split/readings.part-1.csv", Self.header + Self.readings(part: 1))
        scratch.write("split/readings/part-2.csv", "profile_id,marker,date\na,hdl,2025-02-01\n")
        let target = scratch.path + "/split.sqlite"
        let result = try CLI.run(["import", split, "--into", target, "--now", "2026-01-01"])
        #expect(result.status == 2)
        #expect(result.error == "cairn: error: \(split)/readings/part-2.csv:1: the header lacks required readings column value; "
                + "add it to the header\n")
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
