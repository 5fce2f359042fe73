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
        #expect(text.contains("\(expected) headaches dated by day alone: the time is unknown; each is resolved by the end of its resolved_at day, "
                              + "or of its own day when none is given. Streaks, headache days, weekdays, sleep-correlation and the medication "
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
}
