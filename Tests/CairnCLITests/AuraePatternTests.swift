import CairnCore
import Foundation
import Testing

/// Aurae's other patterns (seed 002, 5.5 and 6.4): streaks-frequency, calendar-patterns and
/// medication-effectiveness through `cairn insights`, at and either side of each rule. Every
/// expected count, day and p-value is worked out by hand from the rows written here.
@Suite("Aurae patterns")
struct AuraePatternTests {
    let scratch = Scratch()

    struct Insight {
        let subject: String, kind: String, text: String
        let evidence: [String: Any]
    }

    func insights(_ dataset: String, _ module: String, profile: String, asOf: String, set: [String] = []) throws -> [Insight] {
        let result = try CLI.run(["insights", dataset, "--module", module, "--profile", profile, "--as-of", asOf, "--format", "json"]
                                 + set.flatMap { ["--set", $0] })
        #expect(result.status == 0, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        return (json["insights"] as? [[String: Any]] ?? []).map {
            Insight(subject: $0["subject"] as! String, kind: $0["kind"] as! String, text: $0["text"] as! String,
                    evidence: $0["evidence"] as? [String: Any] ?? [:])
        }
    }

    func day(_ text: String, plus days: Int) -> String { CalendarDay(iso: text)!.adding(days: days).description }

    // MARK: streaks-frequency

    /// `s`: five resolved headaches on the Mondays of January 2026 and 2 February (that one
    /// ending the next morning), one more on 12 February from 10:00 to 18:00.
    /// `c`, `d`, `e`, `f`: diaries with caffeine logged every day, for the frequency comparison.
    var streaks: String {
        scratch.write("streaks/profiles.csv", "profile_id,time_zone\ns,Europe/Berlin\nc,Europe/Berlin\nd,Europe/Berlin\ne,Europe/Berlin\nf,Europe/Berlin\n")
        var headaches = """
            profile_id,headache_id,onset_at,resolved_at,severity
            s,h1,2026-01-05T10:00,2026-01-05T14:00,3
            s,h2,2026-01-12T10:00,2026-01-12T12:00,3
            s,h3,2026-01-19T10:00,2026-01-19T12:00,3
            s,h4,2026-01-26T10:00,2026-01-26T12:00,3
            s,h5,2026-02-02T10:00,2026-02-03T09:00,3
            s,h6,2026-02-12T10:00,2026-02-12T18:00,3

            """
        var factors = "profile_id,at,factor\n"
        // 180 days, 2025-08-01 to 2026-01-27: the earlier 90 (to 2025-10-29) and the last 90.
        // c: 2 headache days then 14; d: 7 then 9; e: as c, but the diary starts on day 40;
        // f: as c, logging from five days earlier, and nothing after 2026-01-20.
        let plans: [(String, [Int], [Int], ClosedRange<Int>)] = [
            ("c", [10, 50], Array(stride(from: 92, through: 170, by: 6)), 0...179),
            ("d", Array(stride(from: 5, through: 85, by: 13)), Array(stride(from: 95, through: 175, by: 10)), 0...179),
            ("e", [50, 60], Array(stride(from: 92, through: 170, by: 6)), 40...179),
            ("f", [10, 50], Array(stride(from: 92, through: 170, by: 6)), -5...172),
        ]
        for (profile, earlier, recent, logged) in plans {
            for (number, offset) in (earlier + recent).enumerated() {
                let date = day("2025-08-01", plus: offset)
                headaches += "\(profile),\(profile)\(number),\(date)T09:00,\(date)T11:00,3\n"
            }
            for offset in logged { factors += "\(profile),\(day("2025-08-01", plus: offset))T08:00,caffeine\n" }
        }
        scratch.write("streaks/headaches.csv", headaches)
        scratch.write("streaks/factors.csv", factors)
        return scratch.path + "/streaks"
    }

    @Test("the streak in the seed's words: today, 1 day, N days; hidden while a headache is active")
    func streak() throws {
        let data = streaks
        func streak(_ asOf: String) throws -> Insight? { try insights(data, "streaks-frequency", profile: "s", asOf: asOf).first { $0.subject == "streak" } }
        // h5 ended on 3 February.
        #expect(try streak("2026-02-03")?.text == "Headache-free today")
        #expect(try streak("2026-02-04")?.text == "1 day free")
        #expect(try streak("2026-02-05")?.text == "2 days free")
        let tenth = try #require(try streak("2026-02-10"))
        #expect(tenth.text == "7 days free")
        // Six free days between the Mondays; from 4 to 10 February, seven.
        #expect(tenth.evidence["longest_streak_days"] as? Int == 7)
        // 12 February at noon h6 is active: no streak at all (D-29); at the end of the day it
        // has ended that day.
        #expect(try streak("2026-02-12T12:00:00+01:00") == nil)
        #expect(try insights(data, "streaks-frequency", profile: "s", asOf: "2026-02-12T12:00:00+01:00").contains { $0.subject == "frequency" })
        #expect(try streak("2026-02-12")?.text == "Headache-free today")
    }

    /// Aurae 6.4: the streak numeral shows "when the user has been headache-free for 1 or more
    /// days", "Headache-free today" at 0, and nothing only with no logs or an active headache;
    /// the 5-log minimum of 5.5 is for the Insights tab's patterns.
    @Test("streaks-frequency@2: the streak from the first resolved headache, before the gate; none while one is active")
    func streakBeforeTheGate() throws {
        let data = streaks
        // 5 January at noon: h1 is active, nothing resolved: no streak, only the progress message.
        let active = try insights(data, "streaks-frequency", profile: "s", asOf: "2026-01-05T12:00:00+01:00")
        #expect(active.map(\.kind) == ["progress"])
        #expect((active.first?.evidence["gates"] as? [[String: Any]])?.first?["have"] as? Int == 0)
        // h1 ended at 14:00 on 5 January: one resolved headache, and the streak in the seed's words.
        func streak(_ asOf: String) throws -> String? {
            try insights(data, "streaks-frequency", profile: "s", asOf: asOf).first { $0.subject == "streak" }?.text
        }
        #expect(try streak("2026-01-05") == "Headache-free today")
        #expect(try streak("2026-01-06") == "1 day free")
        #expect(try streak("2026-01-11") == "6 days free")
        // Version 1: nothing but the progress message until the fifth.
        #expect(try insights(data, "streaks-frequency@1", profile: "s", asOf: "2026-01-06").map(\.kind) == ["progress"])
    }

    @Test("five resolved headaches open the gate; the last 30 days include the 30th day back and not the 31st")
    func gateAndLastThirtyDays() throws {
        let data = streaks
        // At the end of 26 January four headaches have resolved: the frequency insights wait
        // (the progress message, its count in evidence); version 2's streak does not (below).
        let gated = try insights(data, "streaks-frequency", profile: "s", asOf: "2026-01-26")
        #expect(gated.map(\.kind) == ["awareness", "progress"])
        #expect(gated.last?.text == "Keep logging — patterns will appear after a few more entries")
        #expect(gated.last?.subject == "resolved headaches")
        #expect((gated.last?.evidence["gates"] as? [[String: Any]])?.first?["have"] as? Int == 4)
        #expect(!gated.contains { $0.subject == "frequency" })
        // Version 1 held everything back, the streak too.
        #expect(try insights(data, "streaks-frequency@1", profile: "s", asOf: "2026-01-26").map(\.kind) == ["progress"])
        // 2 February, the fifth headache under way: no streak (D-29), and still four resolved.
        #expect(try insights(data, "streaks-frequency", profile: "s", asOf: "2026-02-02").map(\.kind) == ["progress"])
        // The fifth resolved (3 February): the gate is open, and version 2 is version 1 word for word.
        let open = try insights(data, "streaks-frequency", profile: "s", asOf: "2026-02-05")
        #expect(open.map(\.text) == (try insights(data, "streaks-frequency@1", profile: "s", asOf: "2026-02-05")).map(\.text))
        #expect(!open.contains { $0.kind == "progress" })
        // 10 February: the 30 days from 12 January hold onsets on 12, 19 and 26 January and
        // 2 February; 11 February: from 13 January, three.
        #expect(try insights(data, "streaks-frequency", profile: "s", asOf: "2026-02-10").first { $0.subject == "frequency" }?.text
            == "You logged headaches on 4 of the last 30 days.")
        #expect(try insights(data, "streaks-frequency", profile: "s", asOf: "2026-02-11").first { $0.subject == "frequency" }?.text
            == "You logged headaches on 3 of the last 30 days.")
    }

    @Test("a change in frequency only beyond chance, and only when both windows are inside the diary")
    func frequencyChange() throws {
        let data = streaks
        // c: 14 headache days in the last 90 against 2 in the 90 before. Two-sided binomial
        // test of 14 of 16 at 1/2: 2 (C(16,14) + C(16,15) + C(16,16)) / 2^16 = 274 / 65536.
        let c = try insights(data, "streaks-frequency", profile: "c", asOf: "2026-01-27")
        let change = try #require(c.first { $0.subject == "frequency change" })
        #expect(change.kind == "finding")
        #expect(change.text == "You logged headaches on more days in the last 90 days (14) than in the 90 days before (2).")
        #expect(abs((change.evidence["p"] as? Double ?? 1) - 274.0 / 65536) < 1e-12)
        #expect(change.evidence["recent_from"] as? String == "2025-10-30" && change.evidence["earlier_from"] as? String == "2025-08-01")
        // d: 9 against 7, p = 0.8036 (scipy.stats.binomtest(9, 16)): no finding, the test in evidence.
        let d = try insights(data, "streaks-frequency", profile: "d", asOf: "2026-01-27")
        #expect(!d.contains { $0.subject == "frequency change" })
        let comparison = try #require(d.first { $0.subject == "frequency" }?.evidence["comparison"] as? [String: Any])
        #expect(abs((comparison["p"] as? Double ?? 0) - 0.803619384765625) < 1e-9)
        // e began logging on day 40, inside the earlier window: no comparison at all.
        let e = try insights(data, "streaks-frequency", profile: "e", asOf: "2026-01-27")
        #expect(!e.contains { $0.subject == "frequency change" })
        #expect(e.first { $0.subject == "frequency" }?.evidence["comparison"] == nil)
        // f logged last on 20 January. On the 26th that is six days back: still kept, and its
        // windows (from 31 July and 29 October) hold 2 and 14 headache days, a finding. On the
        // 27th it is seven days back: the recent window is no longer the diary's, no comparison.
        let fKept = try insights(data, "streaks-frequency", profile: "f", asOf: "2026-01-26")
        #expect(fKept.first { $0.subject == "frequency change" }?.text
            == "You logged headaches on more days in the last 90 days (14) than in the 90 days before (2).")
        let fStopped = try insights(data, "streaks-frequency", profile: "f", asOf: "2026-01-27")
        #expect(!fStopped.contains { $0.subject == "frequency change" })
        #expect(fStopped.first { $0.subject == "frequency" }?.evidence["comparison"] == nil)
    }

    // MARK: calendar-patterns

    /// Five weeks, Monday 2 March to Sunday 5 April 2026 (five of each weekday), Europe/London.
    /// `w`: 15 onsets on Mondays (09:00–11:00) and 20 on the other days at 15:00 (Tuesday 4,
    /// Wednesday 3, Thursday 3, Friday 4, Saturday 3, Sunday 3). `u`: five on each weekday, all
    /// at 20:00. `v`: `u` less one Tuesday. `t`: six onsets, three at 08:00 and three at 19:00.
    var calendar: String {
        scratch.write("calendar/profiles.csv", "profile_id,time_zone\nw,Europe/London\nu,Europe/London\nv,Europe/London\nt,Europe/London\n")
        var rows = "profile_id,headache_id,onset_at,resolved_at,severity\n"
        func add(_ profile: String, _ offset: Int, _ hour: Int, _ number: Int) {
            let date = day("2026-03-02", plus: offset)
            rows += "\(profile),\(profile)\(number),\(date)T\(String(format: "%02d", hour)):00,\(date)T\(String(format: "%02d", hour)):30,3\n"
        }
        var number = 0
        for week in 0..<5 { for hour in [9, 10, 11] { add("w", 7 * week, hour, number); number += 1 } }
        // Weekday offsets 1 (Tuesday) to 6 (Sunday), spread over the five weeks.
        for (weekday, count) in [(1, 4), (2, 3), (3, 3), (4, 4), (5, 3), (6, 3)] {
            for index in 0..<count { add("w", 7 * (weekday == 6 ? 4 - index : index) + weekday, 15, number); number += 1 }
        }
        for week in 0..<5 { for weekday in 0..<7 { add("u", 7 * week + weekday, 20, number); number += 1 } }
        for week in 0..<5 { for weekday in 0..<7 where !(week == 1 && weekday == 1) { add("v", 7 * week + weekday, 20, number); number += 1 } }
        for offset in [0, 5, 10] { add("t", offset, 8, number); number += 1 }
        for offset in [20, 27, 34] { add("t", offset, 19, number); number += 1 }
        scratch.write("calendar/headaches.csv", rows)
        return scratch.path + "/calendar"
    }

    @Test("a weekday only beyond chance: 15 of 35 on Mondays against 5 expected, none when even, a wait below 5 expected")
    func weekday() throws {
        let data = calendar
        // w: (10² + 1 + 4 + 4 + 1 + 4 + 4) / 5 = 23.6 on 6 degrees of freedom:
        // p = e^(-11.8) (1 + 11.8 + 11.8² / 2) = 0.000618526.
        let w = try insights(data, "calendar-patterns", profile: "w", asOf: "2026-04-05")
        let monday = try #require(w.first { $0.subject == "weekday" })
        #expect(monday.kind == "finding")
        #expect(monday.text == "15 of your 35 headaches began on a Monday, more often than on other days of the week.")
        #expect(abs((monday.evidence["chi_square"] as? Double ?? 0) - 23.6) < 1e-9)
        #expect(abs((monday.evidence["p"] as? Double ?? 1) - 0.0006185256633606346) < 1e-12)
        #expect(w.first { $0.subject == "time of day" }?.text == "20 of your 35 headaches began in the afternoon (12:00–18:00).")
        // u: five a day, the statistic is 0 and p is 1: nothing about weekdays.
        let u = try insights(data, "calendar-patterns", profile: "u", asOf: "2026-04-05")
        #expect(!u.contains { $0.subject == "weekday" || $0.subject == "weekday counts" })
        #expect(u.first { $0.subject == "time of day" }?.text == "35 of your 35 headaches began in the evening (18:00–24:00).")
        // v: 34 onsets expect 34 / 7 = 4.86 a weekday, under 5: weekdays wait for 35.
        let v = try insights(data, "calendar-patterns", profile: "v", asOf: "2026-04-05")
        #expect(v.first { $0.subject == "weekday counts" }?.text == "Weekdays are compared once you have logged about 35 headaches; you have logged 34.")
        #expect(v.first { $0.subject == "weekday counts" }?.kind == "progress")
        // t: three mornings and three evenings, a tie: no part of the day is named.
        let t = try insights(data, "calendar-patterns", profile: "t", asOf: "2026-04-05")
        #expect(!t.contains { $0.subject == "time of day" })
    }

    // MARK: medication-effectiveness

    /// `m`: five resolved headaches; ibuprofen rated 5, 4, 3, 2, 1 and once more 4 as
    /// "IBUPROFEN " (the same medicine), taken 30, 60, 90, 120 and 150 minutes after the onsets
    /// of h1–h5; naproxen rated twice; paracetamol logged five times with no rating. `g`: one
    /// medicine rated twice.
    var medicines: String {
        scratch.write("medicines/profiles.csv", "profile_id,time_zone\nm,Europe/Berlin\ng,Europe/Berlin\n")
        var headaches = "profile_id,headache_id,onset_at,resolved_at,severity\n"
        for index in 1...5 {
            headaches += "m,h\(index),2026-03-0\(index)T08:00,2026-03-0\(index)T14:00,3\n"
            headaches += "g,h\(index),2026-03-0\(index)T08:00,2026-03-0\(index)T14:00,3\n"
        }
        var medications = "profile_id,taken_at,name,is_acute,effectiveness,headache_id\n"
        for (index, rating) in [5, 4, 3, 2, 1].enumerated() {
            let minutes = 30 * (index + 1)
            medications += "m,2026-03-0\(index + 1)T\(String(format: "%02d:%02d", 8 + minutes / 60, minutes % 60)),Ibuprofen,true,\(rating),h\(index + 1)\n"
        }
        medications += "m,2026-03-06T09:00,IBUPROFEN ,true,4,\n"
        medications += "m,2026-03-07T09:00,Naproxen,true,4,\nm,2026-03-08T09:00,Naproxen,true,5,\n"
        for day in 1...5 { medications += "m,2026-03-0\(day)T20:00,Paracetamol,true,,\n" }
        medications += "g,2026-03-01T09:00,Naproxen,true,4,h1\ng,2026-03-02T09:00,Naproxen,true,2,h2\n"
        scratch.write("medicines/headaches.csv", headaches)
        scratch.write("medicines/medications.csv", medications)
        return scratch.path + "/medicines"
    }

    @Test("each medicine's own ratings in three levels, from min_ratings on; never unrated entries")
    func ratings() throws {
        let data = medicines
        let m = try insights(data, "medication-effectiveness", profile: "m", asOf: "2026-03-31")
        // 5 and 4 and 4 helpful, 3 somewhat, 2 and 1 not; the two spellings are one medicine.
        #expect(m.map(\.text) == ["You rated “Ibuprofen” 6 times: helpful 3, somewhat helpful 1, not helpful 2."])
        let ibuprofen = try #require(m.first)
        #expect(ibuprofen.kind == "awareness")
        // Linked entries 30, 60, 90, 120 and 150 minutes after onset: the median is 90.
        #expect(ibuprofen.evidence["median_minutes_after_onset"] as? Double == 90)
        #expect(ibuprofen.evidence["timed_entries"] as? Int == 5)
        // Naproxen's two ratings show from min_ratings=2.
        let two = try insights(data, "medication-effectiveness", profile: "m", asOf: "2026-03-31", set: ["medication-effectiveness.min_ratings=2"])
        #expect(two.map(\.text).contains("You rated “Naproxen” 2 times: helpful 2, somewhat helpful 0, not helpful 0."))
        #expect(!two.contains { $0.text.contains("Paracetamol") })
        // g: two ratings of one medicine, under the gate of 3.
        let g = try insights(data, "medication-effectiveness", profile: "g", asOf: "2026-03-31")
        #expect(g.map(\.kind) == ["progress"])
    }

    /// `r`: headaches on 1-5 March 2026, each resolved six hours later, and Ibuprofen rated
    /// 4 on each of them (taken an hour after onset); `q`: the same five headaches, Ibuprofen
    /// rated on four of them.
    var medicineGates: String {
        scratch.write("gates/profiles.csv", "profile_id,time_zone\nr,UTC\nq,UTC\n")
        var headaches = "profile_id,headache_id,onset_at,resolved_at,severity\n"
        var medications = "profile_id,taken_at,name,is_acute,effectiveness,headache_id\n"
        for index in 1...5 {
            for profile in ["r", "q"] {
                headaches += "\(profile),h\(index),2026-03-0\(index)T08:00,2026-03-0\(index)T14:00,3\n"
                if profile == "r" || index < 5 {
                    medications += "\(profile),2026-03-0\(index)T09:00,Ibuprofen,true,4,h\(index)\n"
                }
            }
        }
        scratch.write("gates/headaches.csv", headaches)
        scratch.write("gates/medications.csv", medications)
        return scratch.path + "/gates"
    }

    @Test("medication-effectiveness@2, the default: the seed's minimum of 5 resolved headaches and 5 ratings, at and either side; @1 from 3 ratings")
    func medicineMinimum() throws {
        let data = medicineGates
        let shown = "You rated “Ibuprofen” 5 times: helpful 5, somewhat helpful 0, not helpful 0."
        // 5 March 12:00: the fifth headache is running (4 resolved) though its rating is in.
        #expect(try insights(data, "medication-effectiveness", profile: "r", asOf: "2026-03-05T13:59:00+00:00").map(\.kind) == ["progress"])
        #expect(try insights(data, "medication-effectiveness", profile: "r", asOf: "2026-03-05T14:00:00+00:00").map(\.text) == [shown])
        #expect(try insights(data, "medication-effectiveness@2", profile: "r", asOf: "2026-03-31").map(\.text) == [shown])
        // q: five resolved headaches, four ratings: under the 5 ratings of version 2, over version 1's 3.
        #expect(try insights(data, "medication-effectiveness", profile: "q", asOf: "2026-03-31").map(\.kind) == ["progress"])
        #expect(try insights(data, "medication-effectiveness@1", profile: "q", asOf: "2026-03-31").map(\.text)
                == ["You rated “Ibuprofen” 4 times: helpful 4, somewhat helpful 0, not helpful 0."])
        // Version 1 shows r's counts with 3 ratings and 3 resolved headaches; version 2 does not.
        #expect(try insights(data, "medication-effectiveness@1", profile: "r", asOf: "2026-03-03T14:00:00+00:00").map(\.kind) == ["awareness"])
        #expect(try insights(data, "medication-effectiveness", profile: "r", asOf: "2026-03-03T14:00:00+00:00").map(\.kind) == ["progress"])
    }

    // MARK: the calendar view

    @Test(".calendar: Aurae's calendar, each day marked by its most severe headache, the local day of onset, Monday first (seed 002, 5.4)")
    func calendarView() throws {
        scratch.write("calendar/profiles.csv", "profile_id,time_zone\nk,Europe/Berlin\n")
        // 1 June 2026 is a Monday. Two on the 3rd (mild, then severe): severe. 23:30 UTC on the
        // 30th is 1 July in Berlin. The 10th is after the as-of instant.
        scratch.write("calendar/headaches.csv", """
            profile_id,headache_id,onset_at,resolved_at,severity
            k,a,2026-06-03T08:00+02:00,2026-06-03T09:00+02:00,1
            k,b,2026-06-03T18:00+02:00,2026-06-03T20:00+02:00,5
            k,c,2026-06-07T08:00+02:00,2026-06-07T09:00+02:00,3
            k,d,2026-06-30T23:30Z,2026-07-01T03:00Z,3
            k,e,2026-07-10T08:00+02:00,2026-07-10T09:00+02:00,1

            """)
        let result = try CLI.run([scratch.path + "/calendar", "-c", ".profile k; .asof 2026-07-05; .calendar 2026-06 2026-07"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == """
            k: the days headaches began, by the most severe that day   ○ mild  ◐ moderate  ● severe

            2026-06: 2 headache days (mild 0, moderate 1, severe 1)
             Mo  Tu  We  Th  Fr  Sa  Su
              1   2   3●  4   5   6   7◐
              8   9  10  11  12  13  14
             15  16  17  18  19  20  21
             22  23  24  25  26  27  28
             29  30

            2026-07: 1 headache day (mild 0, moderate 1, severe 0)
             Mo  Tu  We  Th  Fr  Sa  Su
                      1◐  2   3   4   5
              6   7   8   9  10  11  12
             13  14  15  16  17  18  19
             20  21  22  23  24  25  26
             27  28  29  30  31

            """)
        #expect(try CLI.run([scratch.path + "/calendar", "-c", ".profile k; .calendar 2026-13"]).error.contains("2026-13 is not a month"))
        // Three years at most: 36 months print, 37 are refused in one line.
        #expect(try CLI.run([scratch.path + "/calendar", "-c", ".profile k; .calendar 2024-01 2026-12"]).status == 0)
        #expect(try CLI.run([scratch.path + "/calendar", "-c", ".profile k; .calendar 2023-12 2026-12"]).error
                    == "Error: 2023-12 to 2026-12 is 37 months; .calendar shows at most 36 at once\n")
    }

    @Test("calendar-patterns on a diary shorter than a week: no crash, no weekday comparison (an outside tester's case: 5 headaches on 5 days)")
    func shortDiary() throws {
        var rows = "profile_id,headache_id,onset_at,resolved_at,severity\n"
        for day in 1...5 { rows += "z,\(day),2026-03-0\(day)T08:00:00Z,2026-03-0\(day)T10:00:00Z,3\n" }
        scratch.write("short/headaches.csv", rows)
        let result = try CLI.run(["insights", scratch.path + "/short", "--module", "calendar-patterns", "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("5 of your 5 headaches began in the morning"))
        #expect(!result.output.contains("weekday"))
    }
}
