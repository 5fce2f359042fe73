import CairnAnalysis
import CairnCore
import CairnModules
import Testing
@testable import TriggerCooccurrence

/// trigger-cooccurrence@3 on diaries small enough to work out by hand. Expected p-values come
/// from enumerating every outcome of the matched sets in Python (scipy for Benjamini-Hochberg),
/// as written beside each.
@Suite("trigger-cooccurrence@3")
struct TriggerCooccurrenceV3Tests {
    /// Ten headaches at 14:00 (March 2, 4, ... 20, over by 18:00), caffeine at 08:00 every day of
    /// March, a skipped meal at 20:00 on the 1st, 3rd, ... 13th and the 24th, poor nights before
    /// the 2nd, 4th and 6th.
    ///
    /// By hand: the diary runs March 1 to 31, so the 28-day block of every headache is March 1 to
    /// 28. Each headache's referents are 14:00 on the other days of the block with no headache
    /// begun at 14:00: the 14 odd days 1 to 27 and the 22nd, 24th, 26th and 28th, 18 in all
    /// (caffeine puts an entry in every window). A skipped meal is in the 24 hours before 14:00
    /// on the day after one: 7 of 10 headaches (the 2nd to the 14th), 1 of the 18 referents (the
    /// 25th). Each set's case is then exposed with probability 2/19 (exposed) or 1/19, and the
    /// mid-p of 7 exposed cases is 1.8656500385142735e-06. Poor sleep: referents need the night
    /// before, so the 1st drops out (17 each), none exposed; 3 exposed cases of probability 1/18:
    /// mid-p (1/18)^3 / 2 = 8.573388203017832e-05. Benjamini-Hochberg of the two:
    /// 3.73130008e-06 and 8.57338820e-05. Caffeine, on every day, is a negative control with
    /// mid-p 1/2 (every set's case is certainly exposed, no variance), so the combined check
    /// has no factor to combine.
    static func diary(caffeineDays: [Int] = Array(1...31)) -> ProfileData {
        // Version 2's diary (HeadacheModulesTests), with caffeine on the days given.
        let base = TriggerCooccurrenceTests().diary()
        let keep = Set(caffeineDays)
        let factors = base.factors.filter { $0.factor != "caffeine" || keep.contains($0.at.day.day) }
        return ProfileData(profile: base.profile, headaches: Array(base.headaches), sleep: Array(base.sleep), factors: Array(factors))
    }

    func close(_ value: Evidence?, _ expected: Double, relative: Double = 1e-9) -> Bool {
        guard case .number(let x) = value else { return false }
        return abs(x - expected) <= relative * abs(expected)
    }

    @Test("the version registered by default is 4 (version 3 ranked by share); versions 3 and 2 stay registered")
    func registered() throws {
        let registry = ModuleHost.registry()
        #expect(try registry.lookup("trigger-cooccurrence").version == 4)
        #expect(try registry.lookup("trigger-cooccurrence@3").version == 3)
        #expect(try registry.lookup("trigger-cooccurrence@2").version == 2)
    }

    @Test("a diary with headaches and nothing else to compare is silent: no '0 headaches' sentence (issue 25); a tested factor makes it speak")
    func nothingToCount() throws {
        let base = Self.diary()
        let bare = ProfileData(profile: base.profile, headaches: Array(base.headaches), sleep: [], factors: [])
        #expect(try Build.run(TriggerCooccurrenceV3.self, bare, asOf: Build.endOf("2026-03-31")).insights.isEmpty)
        #expect(try Build.run(TriggerCooccurrenceV2.self, bare, asOf: Build.endOf("2026-03-31")).insights.isEmpty)
        // The whole diary (a skipped meal and poor nights are tested): the module speaks again.
        #expect(!(try Build.run(TriggerCooccurrenceV3.self, base, asOf: Build.endOf("2026-03-31"))).insights.isEmpty)
    }

    @Test("findings: matched sets by clock time, exact mid-p, Benjamini-Hochberg, labels by how often")
    func findings() throws {
        let report = try Build.run(TriggerCooccurrenceV3.self, Self.diary(), asOf: Build.endOf("2026-03-31"))
        #expect(report.insights.map(\.text.text) == [
            "Frequently present: a skipped meal came within 24 hours before 7 of your 10 headaches, and at the same time of day on 1 of every 10 other days.",
            "Sometimes present: poor sleep came within 24 hours before 3 of your 10 headaches, and at the same time of day on 0 of every 10 other days.",
        ])
        let meal = report.insights[0].evidence, sleep = report.insights[1].evidence
        #expect(meal["episodes_with"] == .integer(7) && meal["episodes"] == .integer(10))
        #expect(meal["referents_with"] == .integer(10) && meal["referents"] == .integer(180))
        #expect(close(meal["p_mid"], 1.8656500385142735e-06))
        #expect(close(meal["q_bh"], 3.73130008e-06, relative: 1e-8))
        #expect(close(meal["expected_with"], 7 * 2.0 / 19 + 3 * 1.0 / 19))
        // Mantel-Haenszel: 7 x 17/19 over 3 x 1/19.
        #expect(close(meal["mantel_haenszel"], 7 * 17.0 / 3))
        #expect(sleep["referents"] == .integer(170) && sleep["referents_with"] == .integer(0))
        #expect(close(sleep["p_mid"], 8.573388203017832e-05))
        #expect(close(sleep["q_bh"], 8.57338820e-05, relative: 1e-8))
        #expect(meal["negative_controls"] == .list([.text("caffeine")]))
        guard case .object(let check) = meal["logging_check"] else { Issue.record("no logging check"); return }
        #expect(check["lopsided"] == .flag(false))
        #expect(check["combined_p"] == .number(1))
        #expect(close((check["negative_controls_p"]).flatMap { if case .object(let o) = $0 { o["caffeine"] } else { nil } }, 0.5))
    }

    @Test("the label follows how often the factor came before: 3 of 10 is Sometimes at 0.3, Occasionally at 0.31")
    func labelBoundary() throws {
        let at = try Build.run(TriggerCooccurrenceV3.self, Self.diary(), asOf: Build.endOf("2026-03-31"), set: ["sometimes_share": "0.3"])
        #expect(at.insights[1].text.text.hasPrefix("Sometimes present: poor sleep"))
        let above = try Build.run(TriggerCooccurrenceV3.self, Self.diary(), asOf: Build.endOf("2026-03-31"), set: ["sometimes_share": "0.31"])
        #expect(above.insights[1].text.text.hasPrefix("Occasionally present: poor sleep"))
        let frequent = try Build.run(TriggerCooccurrenceV3.self, Self.diary(), asOf: Build.endOf("2026-03-31"), set: ["frequent_share": "0.71"])
        #expect(frequent.insights[0].text.text.hasPrefix("Sometimes present: a skipped meal"))
    }

    @Test("the false discovery rate decides: poor sleep's q of 8.573e-05 is a finding at alpha 8.58e-05, not at 8.57e-05")
    func alphaBoundary() throws {
        let above = try Build.run(TriggerCooccurrenceV3.self, Self.diary(), asOf: Build.endOf("2026-03-31"), set: ["alpha": "0.0000858"])
        #expect(above.insights.map(\.subject) == ["skipped_meal", "poor_sleep"])
        let below = try Build.run(TriggerCooccurrenceV3.self, Self.diary(), asOf: Build.endOf("2026-03-31"), set: ["alpha": "0.0000857"])
        #expect(below.insights.map(\.subject) == ["skipped_meal"])
    }

    /// Skipped meals at 08:00 the day before 7 headaches (the 1st, 3rd, ... 13th) and on the
    /// 24th: never in the 24 hours before a 14:00 onset, always in the 24 to 48 hours. The
    /// earlier window's sets are the main diary's exactly (7 of 10 headaches, 1 of 18 referents,
    /// the 25th), so its mid-p is 1.8656500385142735e-06; with the same-day window and poor
    /// sleep that is 3 tests for Benjamini-Hochberg: q = 3 x 1.8657e-06, and poor sleep's
    /// 3/2 x 8.573e-05 = 1.286e-04.
    @Test("the lag sweep finds a factor 24 to 48 hours before, counting every lag among the tests")
    func lagSweep() throws {
        var factors = Self.diary().factors.filter { $0.factor == "caffeine" }
        for (index, day) in [1, 3, 5, 7, 9, 11, 13, 24].enumerated() {
            factors.append(factor(Int64(900 + index), "2026-03-\(String(format: "%02d", day))T08:00", "skipped_meal"))
        }
        let base = Self.diary()
        let data = ProfileData(profile: base.profile, headaches: Array(base.headaches), sleep: Array(base.sleep), factors: Array(factors))
        let sameDay = try Build.run(TriggerCooccurrenceV3.self, data, asOf: Build.endOf("2026-03-31"))
        #expect(sameDay.insights.map(\.subject) == ["poor_sleep"])
        let swept = try Build.run(TriggerCooccurrenceV3.self, data, asOf: Build.endOf("2026-03-31"), set: ["lag_sweep": "1"])
        #expect(swept.insights.map(\.text.text) == [
            "Frequently present: a skipped meal came 24 to 48 hours before 7 of your 10 headaches, and at the same time of day on 1 of every 10 other days.",
            "Sometimes present: poor sleep came within 24 hours before 3 of your 10 headaches, and at the same time of day on 0 of every 10 other days.",
        ])
        #expect(swept.insights.map(\.subject) == ["skipped_meal lag 1", "poor_sleep"])
        let meal = swept.insights[0].evidence
        #expect(meal["tested"] == .integer(3))
        #expect(meal["lag_hours"] == .list([.number(24), .number(48)]))
        #expect(close(meal["p_mid"], 1.8656500385142735e-06))
        #expect(close(meal["q_bh"], 3 * 1.8656500385142735e-06))
        #expect(close(swept.insights[1].evidence["q_bh"], 1.5 * 8.573388203017832e-05))
    }

    @Test("nothing clear: one progress insight with every count")
    func noPattern() throws {
        // Caffeine every day (a negative control, not tested) and water at 08:00 on the 23rd to
        // the 28th, after the last headache (the 20th): tested, never before a headache.
        var data = Self.diary()
        let caffeine = data.factors.filter { $0.factor == "caffeine" }
        let water = (23...28).map { day in
            FactorEntry(id: Int64(900 + day), profileID: caffeine[0].profileID, at: Build.time("2026-03-\(day)T08:00"), factor: "water")
        }
        data.factors = (caffeine + water)[...]
        data.sleep = []
        let report = try Build.run(TriggerCooccurrenceV3.self, data, asOf: Build.endOf("2026-03-31"))
        #expect(report.insights.map(\.text.text) == [
            "No clear pattern yet: none of the factors you logged came before your 10 headaches clearly more often than at the same time of day on other days.",
        ])
        #expect(report.insights[0].evidence["tested"] == .integer(1))
        // Caffeine alone: a negative control tests nothing, so nothing is said (issue 25).
        data.factors = caffeine[...]
        #expect(try Build.run(TriggerCooccurrenceV3.self, data, asOf: Build.endOf("2026-03-31")).insights.isEmpty)
    }

    /// Water at 08:00 every day, and caffeine on every headache day but only on 3 of the 18
    /// referent days of the block (the 22nd, 26th and 28th) and the 29th to 31st: caffeine is
    /// habitual (16 of 31 diary days) and so a negative control, and it is more often in the
    /// diary before headaches. By hand: every set's case is exposed, with probability 4/19 each,
    /// so its mid-p is (4/19)^10 / 2 = 8.551334758989272e-08. Entries other than the skipped meal
    /// combined: water is in every window (no variance, left out); caffeine's 10 exposed cases
    /// against 10 x 4/19 expected, variance 10 x (4/19)(15/19), z = 150 / sqrt(600) =
    /// 6.123724356957946; the skipped meal (not shown, see below) 7 against 17/19, variance
    /// 292/361, z = 116 / sqrt(292) = 6.788386537375573; together (6.1237 + 6.7884) / sqrt(2) =
    /// 9.130241172815929, one-sided p 3.4173432539951994e-20 (scipy).
    static func lopsidedDiary() -> ProfileData {
        var data = diary(caffeineDays: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 26, 28, 29, 30, 31])
        var factors = Array(data.factors)
        for day in 1...31 { factors.append(factor(Int64(500 + day), "2026-03-\(String(format: "%02d", day))T08:00", "water")) }
        data = ProfileData(profile: data.profile, headaches: Array(data.headaches), sleep: Array(data.sleep), factors: factors)
        return data
    }

    @Test("lopsided logging holds findings back with a progress message that says why and what would help")
    func lopsided() throws {
        let report = try Build.run(TriggerCooccurrenceV3.self, Self.lopsidedDiary(), asOf: Build.endOf("2026-03-31"))
        #expect(report.insights.map(\.text.text) == [
            "Patterns are on hold for now: your diary has more entries before headaches than at the same times on other days, so any factor could look common before headaches just because it was written down then. Logging everyday items such as coffee on headache-free days too will help.",
        ])
        #expect(report.insights[0].kind == .progress)
        #expect(report.insights[0].evidence["held_back"] == .list([.text("poor_sleep")]))
        #expect(report.insights[0].evidence["negative_controls"] == .list([.text("caffeine"), .text("water")]))
        guard case .object(let check) = report.insights[0].evidence["logging_check"],
              case .object(let controls) = check["negative_controls_p"] else { Issue.record("no logging check"); return }
        #expect(close(controls["caffeine"], 8.551334758989272e-08))
        #expect(close(check["combined_z"], 9.130241172815929))
        #expect(close(check["combined_p"], 3.4173432539951994e-20, relative: 1e-6))
        #expect(close(controls["water"], 0.5))
        // The skipped meal against the lift the other diary factors show: caffeine's
        // Mantel-Haenszel sums are 10 x 15/19 and 0 (water's both 0), so the lift is
        // (150/19 + 1/2) / (1/2) = 319/19; each set's case is then exposed with probability
        // 2 lift / (2 lift + 17) or lift / (lift + 18), and the mid-p of 7 is
        // 0.29161671968791436 (enumerated in Python).
        guard case .object(let factors) = report.insights[0].evidence["factors"],
              case .object(let meal) = factors["skipped_meal"] else { Issue.record("no factor table"); return }
        #expect(close(meal["logging_lift"], 319.0 / 19))
        #expect(close(meal["p_mid"], 0.29161671968791436))
        #expect(close(meal["p_mid_no_lift"], 1.8656500385142735e-06))
    }

    /// The lopsided diary without skipped meals: caffeine is the only factor the combined check
    /// has (z 6.123724356957946, p 4.570649204123299e-10 by scipy), and poor sleep is the finding
    /// a check can hold back.
    @Test("the logging check's level is a boundary: caffeine's mid-p 8.551e-08 and the combined p 4.5706e-10, at and either side")
    func checkBoundary() throws {
        var data = Self.lopsidedDiary()
        data = ProfileData(profile: data.profile, headaches: Array(data.headaches), sleep: Array(data.sleep),
                           factors: data.factors.filter { $0.factor != "skipped_meal" })
        func subjects(_ level: String) throws -> [String] {
            try Build.run(TriggerCooccurrenceV3.self, data, asOf: Build.endOf("2026-03-31"), set: ["check_alpha": level]).insights.map(\.subject)
        }
        #expect(try subjects("0.00000008552") == ["logging check"])
        #expect(try subjects("0.00000008550") == ["logging check"])
        #expect(try subjects("0.0000000004571") == ["logging check"])
        #expect(try subjects("0.0000000004570") == ["poor_sleep"])
        let report = try Build.run(TriggerCooccurrenceV3.self, data, asOf: Build.endOf("2026-03-31"))
        guard case .object(let check) = report.insights[0].evidence["logging_check"] else { Issue.record("no check"); return }
        #expect(close(check["combined_p"], 4.570649204123299e-10, relative: 1e-6))
    }

    @Test("a factor logged mostly after onset on headache days is flagged; 2 such entries are not enough, 3 are")
    func afterOnset() throws {
        var data = Self.diary()
        var id: Int64 = 1000
        for day in [2, 4] {
            id += 1
            data.factors.append(factor(id, "2026-03-\(String(format: "%02d", day))T15:00", "chocolate"))
        }
        data = ProfileData(profile: data.profile, headaches: Array(data.headaches), sleep: Array(data.sleep), factors: Array(data.factors))
        let two = try Build.run(TriggerCooccurrenceV3.self, data, asOf: Build.endOf("2026-03-31"))
        #expect(two.insights[0].evidence["logged_after_onset"] == .list([]))
        var three = Array(data.factors)
        three.append(factor(2000, "2026-03-06T15:00", "chocolate"))
        let flagged = try Build.run(TriggerCooccurrenceV3.self, ProfileData(profile: data.profile, headaches: Array(data.headaches),
                                                                            sleep: Array(data.sleep), factors: three),
                                    asOf: Build.endOf("2026-03-31"))
        #expect(flagged.insights[0].evidence["logged_after_onset"] == .list([.text("chocolate")]))
    }

    @Test("when the diary records when an entry was made, that is what is judged: a morning entry written after onset counts as after")
    func loggedAt() throws {
        var data = Self.diary()
        var factors = Array(data.factors)
        for (index, day) in [2, 4, 6].enumerated() {
            let date = "2026-03-\(String(format: "%02d", day))"
            factors.append(FactorEntry(id: Int64(3000 + index), profileID: "p", at: Build.time(date + "T08:00"), factor: "chocolate",
                                       loggedAt: index < 2 ? Build.time(date + "T15:00") : Build.time(date + "T09:00")))
        }
        data = ProfileData(profile: data.profile, headaches: Array(data.headaches), sleep: Array(data.sleep), factors: factors)
        // Two of three written after the 14:00 onset: fewer than three, not flagged.
        #expect(try Build.run(TriggerCooccurrenceV3.self, data, asOf: Build.endOf("2026-03-31")).insights[0]
                    .evidence["logged_after_onset"] == .list([]))
        factors[factors.count - 1].loggedAt = Build.time("2026-03-06T16:30")
        data = ProfileData(profile: data.profile, headaches: Array(data.headaches), sleep: Array(data.sleep), factors: factors)
        #expect(try Build.run(TriggerCooccurrenceV3.self, data, asOf: Build.endOf("2026-03-31")).insights[0]
                    .evidence["logged_after_onset"] == .list([.text("chocolate")]))
    }

    @Test("a referent is the case's own clock time: an onset at 21:00 is compared with 21:00 on other days")
    func clockTime() throws {
        let data = ProfileData(profile: Build.profile(),
                               headaches: [Build.headache("a", "2026-03-10T21:00", resolved: "2026-03-10T23:00")],
                               factors: [factor(1, "2026-03-01T08:00", "water"), factor(2, "2026-03-12T08:00", "water")])
        let sets = ClockMatchedSets(data, episodes: Array(data.headaches), asOf: Build.endOf("2026-03-31"), strideDays: 28).sets
        // The diary runs March 1 to 12: 11 other days, each at 21:00 local time.
        #expect(sets.count == 1 && sets[0].referents.count == 11)
        #expect(sets[0].referents.allSatisfy { Build.berlin.epoch(of: Build.berlin.day(ofEpoch: $0), secondOfDay: 21 * 3600) == $0 })
    }
}
