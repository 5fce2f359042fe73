import CairnCore
import Foundation
import Testing
@testable import CairnSynth

/// The logging-behaviour and hazard keys of a scenario: refused with file, line and key when
/// wrong, and the populations they make hold what the keys say, measured over many profiles
/// against the value the key names (the model's own number, not the generator's output).
@Suite("Scenario logging behaviours and hazard effects")
struct LoggingScenarioTests {
    static let base = """
        description: test
        profiles: 300
        days: 180
        factors:
          caffeine: 0.8
          alcohol: 0.15
          stress_high: 0.25

        """

    func scenario(_ extra: String) throws -> Scenario {
        try Scenario.parse(Self.base + extra, name: "test", file: "test.yml")
    }

    func population(_ extra: String) throws -> [SyntheticProfile] {
        let scenario = try scenario(extra)
        let population = ScenarioPopulation(scenario: scenario, seed: 1)
        return (0..<scenario.profiles).map(population.profile)
    }

    func refusal(_ extra: String) -> (line: Int?, key: String?, problem: String)? {
        do {
            _ = try scenario(extra)
            return nil
        } catch let error as ScenarioError {
            return (error.line, error.key, error.problem)
        } catch {
            return nil
        }
    }

    /// The base text is 7 lines, so the first added line is line 8; an effect is refused at its
    /// list item.
    @Test("refusals name the file, line and key")
    func refusals() throws {
        #expect(refusal("onset_hours: [20, 8]\n").map { "\($0.line ?? 0) \($0.key ?? "") \($0.problem)" } == "8 onset_hours " + "must be [FROM, TO], whole hours with 0 <= FROM < TO <= 24")
        #expect(refusal("effects:\n  - exposure: alcohol\n    odds_ratios: [2]\n    hazard_ratios: [2]\n").map { "\($0.line ?? 0) \($0.key ?? "") \($0.problem)" } == "9 odds_ratios " + "give either odds_ratios or hazard_ratios, not both or neither")
        #expect(refusal("logging:\n  free_day_entries: 1.5\n").map { "\($0.line ?? 0) \($0.key ?? "") \($0.problem)" } == "9 free_day_entries " + "must be a number from 0 to 1")
        #expect(refusal("logging:\n  burst_after_headaches: 8\n").map { "\($0.line ?? 0) \($0.key ?? "") \($0.problem)" } == "9 burst_after_headaches " + "must be a whole number from 0 to 7")
    }

    /// Entries per present factor on headache days and on free days.
    func completeness(_ profiles: [SyntheticProfile], habitual: Bool) -> (headache: Double, free: Double) {
        var logged = [0, 0], present = [0.0, 0.0]
        for profile in profiles {
            let headacheDays = Set(profile.headaches.map(\.onset.day))
            for entry in profile.factors where (entry.factor == "caffeine") == habitual {
                logged[headacheDays.contains(entry.at.day) ? 0 : 1] += 1
            }
            let days = 180, headaches = headacheDays.count
            let prevalence = habitual ? 0.8 : 0.15 + 0.25
            present[0] += Double(headaches) * prevalence
            present[1] += Double(days - headaches) * prevalence
        }
        return (Double(logged[0]) / present[0], Double(logged[1]) / present[1])
    }

    @Test("entries dropped one at a time on free days: about 7 in 10 kept there, all on headache days")
    func entryDropping() throws {
        let kept = completeness(try population("logging:\n  free_day_entries: 0.7\n"), habitual: false)
        #expect(abs(kept.headache - 1) < 0.05)
        #expect(abs(kept.free - 0.7) < 0.02)
    }

    @Test("habits forgotten: caffeine kept on half the free days, other factors untouched")
    func habitForgetting() throws {
        let profiles = try population("logging:\n  habitual_free_days: 0.5\n")
        #expect(abs(completeness(profiles, habitual: true).free - 0.5) < 0.02)
        #expect(abs(completeness(profiles, habitual: false).free - 1) < 0.03)
    }

    @Test("after-onset logging: 7 in 10 headache days have their entries 30 minutes to 3 hours after onset")
    func afterOnset() throws {
        var late = 0, days = 0
        for profile in try population("logging:\n  after_onset: 0.7\n") {
            for headache in profile.headaches {
                let entries = profile.factors.filter { $0.at.day == headache.onset.day }
                guard !entries.isEmpty else { continue }
                days += 1
                let gaps = entries.map { $0.at.epochSeconds - headache.onset.epochSeconds }
                if gaps.allSatisfy({ $0 >= 30 * 60 && $0 <= 180 * 60 }) { late += 1 }
            }
        }
        #expect(abs(Double(late) / Double(days) - 0.7) < 0.03)
    }

    @Test("hazard ratio 3 over onsets spread across the day: onsets before 08:00 happen, and exposed time has 3 times the rate")
    func hazard() throws {
        let profiles = try population("headache_probability: 0.05\nonset_hours: [0, 24]\neffects:\n  - exposure: alcohol\n    hazard_ratios: [3]\n")
        #expect(profiles.allSatisfy { $0.hazardExposures == ["alcohol"] && $0.oddsRatios["alcohol"] == 3 })
        var early = 0, exposed = 0, unexposed = 0, exposedDays = 0.0, unexposedDays = 0.0
        for profile in profiles {
            let zone = profile.profile.timeZone
            let alcohol = profile.factors.filter { $0.factor == "alcohol" }.map(\.at.epochSeconds)
            for headache in profile.headaches {
                let onset = headache.onset.epochSeconds
                if onset - zone.startOfDay(headache.onset.day) < 8 * 3600 { early += 1 }
                if alcohol.contains(where: { $0 <= onset && onset < $0 + 86_400 }) { exposed += 1 } else { unexposed += 1 }
            }
            exposedDays += Double(alcohol.count)
            unexposedDays += 180 - Double(alcohol.count)
        }
        #expect(early > 0)
        // Chance per day 1 - 0.95^3 = 0.142625 against 0.05: a ratio of 2.8525 in daily chance
        // (the hazard ratio is 3; the day's chance saturates slightly).
        let ratio = (Double(exposed) / exposedDays) / (Double(unexposed) / unexposedDays)
        #expect(abs(ratio - 0.142625 / 0.05) < 0.35)
    }

    @Test("a burst of logging: 6 in 10 entries kept on ordinary days, every entry in the week after a bad week")
    func burst() throws {
        let profiles = try population("headache_probability: 0.3\nlogging:\n  entries: 0.6\n  burst_after_headaches: 3\n")
        var keptBurst = 0, presentBurst = 0.0, keptOrdinary = 0, presentOrdinary = 0.0
        for profile in profiles {
            let start = CalendarDay(iso: "2026-01-05")!
            let offsets = profile.headaches.map { $0.onset.day.daysSinceEpoch - start.daysSinceEpoch }
            var burstUntil = -1
            var inBurst: Set<Int> = []
            for offset in 0..<180 {
                if burstUntil < offset && offsets.filter({ $0 <= offset && $0 > offset - 7 }).count >= 3 { burstUntil = offset + 7 }
                if offset <= burstUntil { inBurst.insert(offset) }
            }
            var perDay: [Int: Int] = [:]
            for entry in profile.factors where entry.factor != "caffeine" { perDay[entry.at.day.daysSinceEpoch - start.daysSinceEpoch, default: 0] += 1 }
            for offset in 0..<180 {
                if inBurst.contains(offset) { keptBurst += perDay[offset] ?? 0; presentBurst += 0.4 } else { keptOrdinary += perDay[offset] ?? 0; presentOrdinary += 0.4 }
            }
        }
        #expect(presentBurst > 1000)
        #expect(abs(Double(keptBurst) / presentBurst - 1) < 0.05)
        #expect(abs(Double(keptOrdinary) / presentOrdinary - 0.6) < 0.03)
    }
}
