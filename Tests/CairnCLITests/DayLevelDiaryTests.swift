import CairnCore
import Foundation
import Testing

/// A day-level diary, the common research format (issue 25): a headache recorded by its day,
/// with no clock time. Cairn imports it without inventing a time, says so in the report, and
/// each module either uses the day or leaves the headache out. The diary is real: patients 1 to
/// 3 of Kostecki-Dillon's biofeedback study (Fixtures/headache-diary, carData, GPL-2 or later);
/// expected counts are read from that file here, apart from Cairn.
@Suite("Day-level diaries")
struct DayLevelDiaryTests {
    let scratch = Scratch()

    /// The study's rows: (patient, day of study, headache that day).
    var studyDays: [(id: Int, day: Int, headache: Bool)] {
        get throws {
            let url = try #require(Bundle.module.url(forResource: "Fixtures/headache-diary/KosteckiDillon-ids-1-3", withExtension: "csv"))
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst()
            return lines.map { line in
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                return (Int(fields[1])!, Int(fields[3])!, fields[8] == "yes")
            }
        }
    }

    /// Day of study N is 1 January 1996 plus N days; severity left empty (the seed's default).
    func date(_ day: Int) -> String { CalendarDay(year: 1996, month: 1, day: 1)!.adding(days: day).description }

    func contractFolder() throws -> String {
        var headaches = "profile_id,headache_id,onset_at,severity\n"
        for row in try studyDays where row.headache { headaches += "p\(row.id),d\(row.day),\(date(row.day)),\n" }
        scratch.write("diary/profiles.csv", "profile_id,time_zone\np1,America/Toronto\np2,America/Toronto\np3,America/Toronto\n")
        scratch.write("diary/headaches.csv", headaches)
        return scratch.path + "/diary"
    }

    @Test("imported without a clock time, each resolved by the end of its day, and the report says which analyses use them")
    func imports() throws {
        let expected = try studyDays.filter(\.headache).count
        let target = scratch.path + "/diary.sqlite"
        let result = try CLI.run(["import", try contractFolder(), "--into", target, "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["imported"] as? Int == expected + 3 && json["rejected"] as? Int == 0)
        #expect(json["date_only_onsets"] as? Int == expected)
        let text = try CLI.run(["import", try contractFolder(), "--into", scratch.path + "/again.sqlite"]).output
        #expect(text.contains("\(expected) headaches dated by day alone: the time is unknown; each is resolved at its resolved_at, by the end "
                              + "of that day when it is a date alone, or of its own day when none is given. Streaks, headache days, weekdays, sleep-correlation and the medication "
                              + "modules use them; trigger-cooccurrence, weather-correlation and the time of day leave them out, as they need "
                              + "the clock time."), "\(text)")
        // Stored as given: a date, resolved on the same day, at the day's last second in the zone.
        let first = try #require(try studyDays.first { $0.headache })
        let stored = try CLI.run([target, "-c", ".mode list; .headers off; SELECT onset_at || ' ' || resolved_at || ' ' || (resolved_at_epoch - onset_at_epoch) "
                                  + "FROM headaches WHERE headache_id = 'd\(first.day)' AND profile_id = 'p\(first.id)';"]).output
        #expect(stored == "\(date(first.day)) \(date(first.day)) 86399\n", "\(stored)")
    }

    @Test("the day's modules use them; the clock's leave them out, saying nothing false")
    func modules() throws {
        let days = try studyDays.filter { $0.id == 2 }
        let headacheDays = Set(days.filter(\.headache).map(\.day))
        let latest = try #require(headacheDays.max())
        let lastThirty = headacheDays.filter { $0 > latest - 30 }.count
        let folder = try contractFolder()
        func insights(_ module: String) throws -> [[String: Any]] {
            let result = try CLI.run(["insights", folder, "--profile", "p2", "--module", module, "--format", "json"])
            #expect(result.status == 0, "\(result.error)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            return json["insights"] as? [[String: Any]] ?? []
        }
        // Headache days in the last 30 days up to p2's latest day, from the study's own rows.
        let frequency = try #require(try insights("streaks-frequency").first { $0["subject"] as? String == "frequency" })
        #expect((frequency["evidence"] as? [String: Any])?["headache_days_last_30"] as? Int == lastThirty)
        // No part of the day is named from onsets with no clock time; trigger and weather say nothing.
        #expect(!(try insights("calendar-patterns")).contains { $0["subject"] as? String == "time of day" })
        #expect(try insights("trigger-cooccurrence").isEmpty)
        #expect(!(try insights("weather-correlation")).contains { $0["kind"] as? String == "finding" })
        // The clinician report: the time and duration are unknown, not midnight and 24 hours.
        let out = scratch.path + "/p2.md"
        #expect(try CLI.run(["report", folder, "--profile", "p2", "--out", out]).status == 0)
        let report = try String(contentsOfFile: out, encoding: .utf8)
        #expect(report.contains("| \(date(latest)) | — | moderate (3) | — | — | — |"), "\(report)")
    }

    /// Cases from an outside tester who had not read the code.
    @Test("outside cases: one timed onset among day-level ones names no part of the day; rejected rows are not counted as day-level; a timed resolved_at is kept")
    func outsideCases() throws {
        scratch.write("mixed/profiles.csv", "profile_id,time_zone\nd,America/New_York\n")
        var rows = "profile_id,headache_id,onset_at,resolved_at,severity\n"
        for day in 7...12 { rows += "d,\(day),2026-03-\(String(format: "%02d", day)),,3\n" }
        rows += "d,14,2026-03-14T09:00:00,2026-03-14T10:00:00,1\n"
        rows += "d,15,2026-03-15,2026-03-15T15:00:00,3\n"                   // a resolution with its time
        rows += "d,15,2026-03-16,,3\nd,17,2026-03-17,2026-03-16,3\n"     // a duplicate id; resolved before onset
        scratch.write("mixed/headaches.csv", rows)
        let folder = scratch.path + "/mixed"
        let result = try CLI.run(["import", folder, "--into", scratch.path + "/mixed.sqlite", "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["rejected"] as? Int == 2 && json["date_only_onsets"] as? Int == 7)
        let stored = try CLI.run([scratch.path + "/mixed.sqlite", "-c", ".mode list; .headers off; SELECT resolved_at FROM headaches WHERE headache_id = '15';"])
        #expect(stored.output == "2026-03-15T15:00:00\n")
        let insights = try CLI.run(["insights", folder, "--module", "calendar-patterns", "--format", "json"]).output
        #expect(!insights.contains("\"time of day\""), "\(insights)")
    }
}
