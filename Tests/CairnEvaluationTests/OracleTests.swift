import CairnCore
import CairnStats
import CairnSynth
import Testing
@testable import CairnEvaluation

/// The oracle's person-time arithmetic and verdicts on diaries worked out by hand.
@Suite("Oracle")
struct OracleTests {
    let utc = ProfileTimeZone.utc

    func time(_ text: String) -> EventTime { EventTime(text: text, in: utc)! }

    func scenario(days: Int) -> Scenario {
        var scenario = Scenario(name: "hand", description: "by hand")
        scenario.days = days
        scenario.start = CalendarDay(iso: "2026-01-05")!
        scenario.factors = [("alcohol", 0.5), ("water", 1)]
        scenario.effects = [.init(exposure: "alcohol", oddsRatios: [3], lagDays: 0, hazard: true)]
        return scenario
    }

    func profile(alcohol: [String], water: [String], headaches: [(String, String)]) -> SyntheticProfile {
        var profile = SyntheticProfile(profile: Profile(id: "p", timeZone: utc))
        var id: Int64 = 0
        for (name, days) in [("alcohol", alcohol), ("water", water)] {
            for day in days {
                id += 1
                profile.factors.append(FactorEntry(id: id, profileID: "p", at: time(day + "T07:30"), factor: name))
            }
        }
        profile.headaches = headaches.enumerated().map { index, pair in
            Headache(id: "h\(index)", profileID: "p", onset: time(pair.0), resolved: time(pair.1), severity: 3)
        }
        return profile
    }

    @Test("interval sets: union, overlap, difference, and whether an instant is inside one begun before it")
    func intervals() {
        let a = IntervalSet([(10, 20), (15, 30), (40, 50), (5, 5)])
        #expect(a.length == 30)
        #expect(a.contains(10) && a.contains(29) && !a.contains(30) && !a.contains(9))
        #expect(a.containsBefore(11) && !a.containsBefore(10))
        let b = IntervalSet([(25, 45)])
        #expect(a.overlap(b) == 10)
        #expect(a.subtracting(b).length == 20)
        #expect(IntervalSet([(0, 100)]).subtracting(IntervalSet([(10, 20), (30, 40)])).length == 80)
    }

    /// Onsets 08:00 to 20:00. Jan 5: onset 14:00, at risk 6 h; Jan 6: 10:00, 2 h; Jan 7: 09:00,
    /// 1 h; Jan 8: none, 12 h: 21 h in all. Alcohol at 07:30 on the 5th and 7th acts for 24 h:
    /// 6 h + 1 h exposed, and 2 of the 3 onsets. P(Binomial(3, 1/3) >= 2) = 7/27.
    @Test("person-time, exposed time and the exact rate-ratio test by hand")
    func personTime() throws {
        var scenario = scenario(days: 4)
        scenario.onsetHours = (8, 20)
        let diary = profile(alcohol: ["2026-01-05", "2026-01-07"], water: ["2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08"],
                            headaches: [("2026-01-05T14:00", "2026-01-05T16:00"), ("2026-01-06T10:00", "2026-01-06T12:00"),
                                        ("2026-01-07T09:00", "2026-01-07T11:00")])
        let (atRisk, onsets) = Oracle.personTime(diary, scenario: scenario)
        #expect(atRisk.length == 21 * 3600)
        #expect(onsets.count == 3)
        let alcohol = Oracle.exposure("alcohol", profile: diary, scenario: scenario, zone: utc)
        #expect(atRisk.overlap(alcohol) == 7 * 3600)
        #expect(onsets.filter { alcohol.contains($0) }.count == 2)
        let p = try Stats().rateRatioGreater(exposedEvents: 2, events: 3, exposedTime: 7, unexposedTime: 14)
        #expect(abs(p - 7.0 / 27) < 1e-12)
        // Holm over alcohol, water and short nights: 3 x 7/27 > 0.05, nothing found.
        #expect(Oracle.judge(diary, scenario: scenario, module: "trigger-cooccurrence", planted: ["alcohol"])
                == Oracle.Verdict(falseFinding: false, detected: false))
    }

    /// 20 days, alcohol on the odd ones, an onset at 19:00 on each: 10 x 11 h exposed, 10 x 12 h
    /// not; all 10 onsets exposed: (110/230)^10 = 6.3e-4, times 3 for Holm, found. Water is
    /// logged every day, so never unexposed: p 1.
    @Test("a planted factor found, nothing else; a module the oracle has no model of gets no verdict")
    func verdict() {
        var scenario = scenario(days: 20)
        scenario.onsetHours = (8, 20)
        let days = (0..<20).map { scenario.start.adding(days: $0).description }
        let odd = stride(from: 0, to: 20, by: 2).map { days[$0] }
        let diary = profile(alcohol: odd, water: days, headaches: odd.map { ($0 + "T19:00", $0 + "T21:00") })
        #expect(Oracle.judge(diary, scenario: scenario, module: "trigger-cooccurrence", planted: ["alcohol"])
                == Oracle.Verdict(falseFinding: false, detected: true))
        #expect(Oracle.judge(diary, scenario: scenario, module: "trigger-cooccurrence", planted: [])
                == Oracle.Verdict(falseFinding: true, detected: false))
        #expect(Oracle.judge(diary, scenario: scenario, module: "streaks-frequency", planted: []) == nil)
    }
}
