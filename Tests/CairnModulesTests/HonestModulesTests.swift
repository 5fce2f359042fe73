import CairnAnalysis
import CairnCore
import CairnModules
import Testing
@testable import MarkerTrends
@testable import RedFlags
@testable import VisitHistory
@testable import SleepCorrelation
@testable import TriggerCooccurrence
@testable import WeatherCorrelation

/// The default pattern modules show a finding only when the comparison passes, and say "no
/// clear pattern yet" otherwise; expected p-values by hand (hypergeometric) and from scipy.
@Suite("Honest defaults")
struct HonestModulesTests {
    /// Headaches at 14:00 on the given March days, resolved at 18:00.
    func headaches(_ days: [Int]) -> [Headache] { marchHeadaches(days) }

    /// A factor at 09:00 on the given March days.
    func factor(_ name: String, _ days: [Int], idBase: Int64) -> [FactorEntry] {
        days.enumerated().map { index, day in
            FactorEntry(id: idBase + Int64(index), profileID: "p", at: Build.time(String(format: "2026-03-%02dT09:00", day)), factor: name)
        }
    }

    /// A `water` entry at 12:00 every day of March: diary activity on every day.
    var dailyWater: [FactorEntry] { factor("water", Array(1...31), idBase: 1000) }

    @Test("trigger-cooccurrence@2: a factor before all 5 headaches and on none of 5 free days is a finding at p = 1/252 (Holm over 2 factors: 2/252)")
    func triggerFinding() throws {
        // Headaches on 5 days; referent days are the other active days from 28 days before the
        // first: limit the diary to 10 days so the table is [[5, 0], [0, 5]].
        let days = [2, 4, 6, 8, 10]
        let free = [3, 5, 7, 9, 11]
        let entries = factor("cheese", days, idBase: 1) + factor("water", days + free, idBase: 100)
        let data = ProfileData(profile: Build.profile(), headaches: headaches(days), factors: entries)
        let report = try Build.run(TriggerCooccurrenceV2.self, data, asOf: Build.endOf("2026-03-11"))
        let finding = try #require(report.insights.first)
        #expect(finding.kind == .finding && finding.subject == "cheese")
        #expect(finding.text.text == "Frequently present: “cheese” came within 24 hours before 5 of your last 5 headaches, and on 0 of every 10 comparable headache-free days.")
        #expect(finding.evidence["referent_days"] == .integer(5))
        // scipy: fisher_exact([[5, 0], [0, 5]], alternative="greater") = 0.003968253968253969; Holm x2.
        guard case .number(let p)? = finding.evidence["p_one_sided"], case .number(let holm)? = finding.evidence["p_holm"] else {
            Issue.record("no p-values"); return
        }
        #expect(abs(p - 1.0 / 252) < 1e-12)
        #expect(abs(holm - 2.0 / 252) < 1e-12)
        // alpha at and either side of the adjusted p.
        let data2 = data
        let below = try Build.run(TriggerCooccurrenceV2.self, data2, asOf: Build.endOf("2026-03-11"), set: ["alpha": "0.0079365"])
        #expect(below.insights.first?.kind == .progress)
        let above = try Build.run(TriggerCooccurrenceV2.self, data2, asOf: Build.endOf("2026-03-11"), set: ["alpha": "0.0079366"])
        #expect(above.insights.first?.kind == .finding)
    }

    @Test("trigger-cooccurrence@2: a factor as common on free days as before headaches is no clear pattern, with counts")
    func triggerNull() throws {
        let days = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]
        let coffee = factor("coffee", Array(1...31), idBase: 1)
        let data = ProfileData(profile: Build.profile(), headaches: headaches(days), factors: coffee)
        let report = try Build.run(TriggerCooccurrenceV2.self, data, asOf: Build.endOf("2026-03-31"))
        #expect(report.insights.count == 1)
        #expect(report.insights[0].kind == .progress)
        #expect(report.insights[0].text.text == "No clear pattern yet: none of the factors you logged came before your last 10 headaches clearly more often than on 21 comparable headache-free days.")
    }

    @Test("trigger-cooccurrence@2: free days with nothing logged are no evidence (post-headache logging)")
    func postHeadacheLogging() throws {
        // Factors logged only on headache days: v1 calls cheese frequent; v2 has no referent days.
        let days = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]
        let data = ProfileData(profile: Build.profile(), headaches: headaches(days), factors: factor("cheese", days, idBase: 1))
        let v1 = try Build.run(TriggerCooccurrence.self, data, asOf: Build.endOf("2026-03-31"))
        #expect(v1.insights.contains { $0.kind == .finding && $0.subject == "cheese" })
        let v2 = try Build.run(TriggerCooccurrenceV2.self, data, asOf: Build.endOf("2026-03-31"))
        #expect(v2.insights.map(\.kind) == [.progress])
        #expect(v2.insights[0].evidence["referent_days"] == .integer(0))
    }

    @Test("sleep-correlation@2: no headache diary, nothing at all; one headache, the headache gate; equal rates are no clear pattern")
    func sleep() throws {
        let nights = (1...30).map { day in
            SleepNight(id: Int64(day), profileID: "p", nightOf: Build.day(String(format: "2026-03-%02d", day)),
                       durationMinutes: day % 2 == 0 ? 300 : 480, quality: nil)
        }
        // A person who logs sleep but keeps no headache diary hears nothing about headaches.
        let noHeadaches = ProfileData(profile: Build.profile(), sleep: nights, factors: dailyWater)
        #expect(try Build.run(SleepCorrelationV2.self, noHeadaches, asOf: Build.endOf("2026-03-31")).insights.isEmpty)
        let oneHeadache = ProfileData(profile: Build.profile(), headaches: headaches([3]), sleep: nights, factors: dailyWater)
        let gated = try Build.run(SleepCorrelationV2.self, oneHeadache, asOf: Build.endOf("2026-03-31"))
        #expect(gated.insights.map(\.subject) == ["resolved headaches"])
        // Headaches after 3 of 15 short nights and 3 of 15 long ones: no clear pattern.
        let data = ProfileData(profile: Build.profile(), headaches: headaches([3, 5, 7, 4, 6, 8]), sleep: nights, factors: dailyWater)
        let report = try Build.run(SleepCorrelationV2.self, data, asOf: Build.endOf("2026-03-31"))
        #expect(report.insights.map(\.kind) == [.progress])
        #expect(report.insights[0].evidence["exposed_headache_days"] == .integer(3))
        #expect(report.insights[0].evidence["other_headache_days"] == .integer(3))
        // Headaches after every short night from the 2nd to the 20th: a finding.
        let after = ProfileData(profile: Build.profile(), headaches: headaches([3, 5, 7, 9, 11, 13, 15, 17, 19, 21]),
                                sleep: nights, factors: dailyWater)
        let finding = try Build.run(SleepCorrelationV2.self, after, asOf: Build.endOf("2026-03-31"))
        #expect(finding.insights.map(\.kind) == [.finding])
        #expect(finding.insights[0].text.text.hasPrefix("Headaches started on 10 of the 15 days after nights under 6 hours, more often than on the 0 of"))
    }

    @Test("weather-correlation@3: the gate counts headaches with weather, not all resolved ones")
    func weatherGate() throws {
        let days = Array(stride(from: 2, through: 24, by: 2))   // 12 resolved headaches
        // Weather only around the first 3 onsets.
        var weather: [WeatherObservation] = []
        for (index, day) in days.prefix(3).enumerated() {
            let onset = Build.time(String(format: "2026-03-%02dT14:00", day)).epochSeconds
            weather.append(WeatherObservation(id: Int64(index * 2), profileID: "p", observedAtEpoch: onset - 86_400, pressureHPa: 1015))
            weather.append(WeatherObservation(id: Int64(index * 2 + 1), profileID: "p", observedAtEpoch: onset, pressureHPa: 1008))
        }
        let data = ProfileData(profile: Build.profile(), headaches: headaches(days), weather: weather, factors: dailyWater)
        let v3 = try Build.run(WeatherCorrelationV3.self, data, asOf: Build.endOf("2026-03-31"))
        #expect(v3.insights.map(\.subject) == ["resolved headaches with weather"])
        #expect(v3.insights[0].evidence["gates"] == .list([.object(["name": .text("resolved headaches with weather"),
                                                                    "have": .integer(3), "need": .integer(10)])]))
        let v2 = try Build.run(WeatherCorrelation.self, data, asOf: Build.endOf("2026-03-31"))
        #expect(v2.insights.contains { $0.kind == .finding })
    }

    @Test("marker-trends@2: watch on the range's width, at and either side; one-sided ranges keep the bound's value")
    func watch() {
        // Sodium 135-145: width 10, watch within 1.0 of a bound.
        #expect(MarkerTrendsV2.status(136.0, low: 135, high: 145, watchFraction: 0.1) == .watch)
        #expect(MarkerTrendsV2.status(136.01, low: 135, high: 145, watchFraction: 0.1) == .normal)
        #expect(MarkerTrendsV2.status(134.99, low: 135, high: 145, watchFraction: 0.1) == .outOfRange)
        #expect(MarkerTrendsV2.status(140, low: 135, high: 145, watchFraction: 0.1) == .normal)
        // Version 1 calls every in-range sodium value watch.
        #expect(MarkerTrends.status(140, low: 135, high: 145, watchFraction: 0.1) == .watch)
        // LDL, high bound 100 only: within 10 of it.
        #expect(MarkerTrendsV2.status(90, low: nil, high: 100, watchFraction: 0.1) == .watch)
        #expect(MarkerTrendsV2.status(89.9, low: nil, high: 100, watchFraction: 0.1) == .normal)
    }

    @Test("marker-trends@2: a blank bound in the person's range falls back to the library's")
    func overrideFallback() throws {
        let data = ProfileData(profile: Build.profile(),
                               overrides: ["ldl": ReferenceOverride(profileID: "p", markerID: "ldl", low: 50, high: nil)],
                               readings: Build.readings("ldl", [150]))
        let library = try #require(MarkerLibrary.builtIn.marker(id: "ldl"))
        let range = MarkerTrendsV2.range(for: library, in: data)
        #expect(range.low == 50 && range.high == library.referenceHigh && range.isOverride)
        #expect(MarkerTrends.range(for: library, in: data).high == nil)
    }

    @Test("marker-trends@2: three rising readings within noise prompt nothing; beyond the reference change value they do")
    func trendNoise() throws {
        let ldl = try #require(MarkerLibrary.builtIn.marker(id: "ldl")?.variation)
        // LDL: RCV = 1.96 * sqrt(2) * sqrt(8.3^2 + 4.15^2) = 25.7%.
        #expect(abs(ldl.referenceChangeValue - 1.96 * (2 * (8.3 * 8.3 + 4.15 * 4.15)).squareRoot()) < 1e-9)
        // +4.4%, and a slope whose one-sided p is 0.089 (scipy linregress): noise.
        let small = ProfileData(profile: Build.profile(), readings: Build.readings("ldl", [90, 93, 94]))
        #expect(try Build.run(MarkerTrendsV2.self, small, asOf: Build.endOf("2027-01-01")).insights.isEmpty)
        #expect(try Build.run(MarkerTrends.self, small, asOf: Build.endOf("2027-01-01")).insights.count == 1)
        // +60% over three readings: far beyond the RCV (z = 60 / 13.1 = 4.6).
        let large = ProfileData(profile: Build.profile(), readings: Build.readings("ldl", [60, 78, 96]))
        let report = try Build.run(MarkerTrendsV2.self, large, asOf: Build.endOf("2027-01-01"))
        #expect(report.insights.map(\.text.text) == ["Consider asking your doctor about your LDL Cholesterol — it has been trending up over your last 3 readings."])
    }
}

/// Aurae 3 (home screen) and 7.1 (surfaces 1 and 2): the urgent banner "persists on HomeView
/// while the headache is active" and "is removed automatically when the headache is resolved";
/// the advisory notice fires on the log confirmation only; aura with visual disturbance is a
/// red flag of an active headache like the urgent one ("persist until the headache is resolved").
@Suite("red-flags@3: while active, gone when resolved")
struct RedFlagsV3Tests {
    @Test("the default is version 3")
    func isDefault() throws {
        #expect(try BuiltinModules.registry().lookup("red-flags").version == 3)
    }

    @Test("an unresolved sudden severe headache keeps the banner however long it lasts")
    func unresolved() throws {
        let headache = Build.headache("h1", "2026-05-01T09:00", severity: 4, speed: .instantaneous)
        let data = ProfileData(profile: Build.profile(), headaches: [headache])
        let onset = headache.onset.epochSeconds
        #expect(try Build.run(RedFlagsV3.self, data, asOf: onset - 1).insights.isEmpty)
        for asOf in [onset, onset + 72 * 3600, onset + 72 * 3600 + 1, onset + 30 * 86_400] {
            let report = try Build.run(RedFlagsV3.self, data, asOf: asOf)
            #expect(report.insights.map(\.text.text) == [Seed.urgentBanner], "\(asOf - onset) s after onset")
        }
    }

    @Test("the banner goes at the instant the headache is resolved, not at the end of the day")
    func resolved() throws {
        let headache = Build.headache("h1", "2026-05-01T09:00", resolved: "2026-05-01T11:00", severity: 5, speed: .instantaneous)
        let data = ProfileData(profile: Build.profile(), headaches: [headache])
        let resolvedAt = try #require(headache.resolved).epochSeconds
        #expect(try Build.run(RedFlagsV3.self, data, asOf: resolvedAt - 1).insights.map(\.text.text) == [Seed.urgentBanner])
        #expect(try Build.run(RedFlagsV3.self, data, asOf: resolvedAt).insights.isEmpty)
        #expect(try Build.run(RedFlagsV3.self, data, asOf: Build.endOf("2026-05-01")).insights.isEmpty)
        // Version 2 kept it for the rest of the day.
        #expect(try Build.run(RedFlagsV2.self, data, asOf: Build.endOf("2026-05-01")).insights.count == 1)
    }

    @Test("severity 4 is urgent, 3 is the advisory notice, shown on the day logged even once resolved")
    func tiers() throws {
        let mild = Build.headache("h1", "2026-05-01T09:00", resolved: "2026-05-01T10:00", severity: 3, speed: .instantaneous)
        let data = ProfileData(profile: Build.profile(), headaches: [mild])
        #expect(try Build.run(RedFlagsV3.self, data, asOf: Build.endOf("2026-05-01")).insights.map(\.text.text) == [Seed.advisoryNotice])
        #expect(try Build.run(RedFlagsV3.self, data, asOf: Build.endOf("2026-05-02")).insights.isEmpty)
        let gradual = Build.headache("h2", "2026-05-01T09:00", severity: 5, speed: .gradual)
        let unsure = Build.headache("h3", "2026-05-01T09:00", severity: 5, speed: nil)
        let neither = ProfileData(profile: Build.profile(), headaches: [gradual, unsure])
        #expect(try Build.run(RedFlagsV3.self, neither, asOf: Build.endOf("2026-05-01")).insights.isEmpty)
    }

    @Test("aura with visual disturbance: shown while active, gone when resolved; either alone shows nothing")
    func aura() throws {
        let both = Build.headache("h1", "2026-05-01T09:00", resolved: "2026-05-01T15:00", aura: true, visual: true)
        let data = ProfileData(profile: Build.profile(), headaches: [both])
        let resolvedAt = try #require(both.resolved).epochSeconds
        let during = try Build.run(RedFlagsV3.self, data, asOf: resolvedAt - 1)
        #expect(during.insights.count == 1)
        #expect(during.insights.first?.evidence["tier"] == .text("aura_visual"))
        #expect(try Build.run(RedFlagsV3.self, data, asOf: resolvedAt).insights.isEmpty)
        let auraOnly = Build.headache("h2", "2026-05-01T09:00", aura: true, visual: false)
        let visualOnly = Build.headache("h3", "2026-05-01T09:00", aura: nil, visual: true)
        let single = ProfileData(profile: Build.profile(), headaches: [auraOnly, visualOnly])
        #expect(try Build.run(RedFlagsV3.self, single, asOf: Build.endOf("2026-05-01")).insights.isEmpty)
    }
}

@Suite("red-flags@2 and visit-history@2")
struct RedFlagsAndVisitsV2Tests {
    @Test("red-flags@2: a sudden severe headache resolved the same day shows on that day; version 1 misses it")
    func sameDay() throws {
        let headache = Build.headache("h1", "2026-05-01T09:00", resolved: "2026-05-01T11:00", severity: 5, speed: .instantaneous)
        let data = ProfileData(profile: Build.profile(), headaches: [headache])
        let v2 = try Build.run(RedFlagsV2.self, data, asOf: Build.endOf("2026-05-01"))
        #expect(v2.insights.map(\.text.text) == [Seed.urgentBanner])
        #expect(v2.insights[0].evidence["shown_because"] == .text("logged today"))
        #expect(try Build.run(RedFlags.self, data, asOf: Build.endOf("2026-05-01")).insights.isEmpty)
        #expect(try Build.run(RedFlagsV2.self, data, asOf: Build.endOf("2026-05-02")).insights.isEmpty)
    }

    @Test("red-flags@2: an unresolved headache keeps the banner for 72 hours after onset, not a second more")
    func activeLimit() throws {
        let headache = Build.headache("h1", "2026-05-01T09:00", severity: 5, speed: .instantaneous)
        let data = ProfileData(profile: Build.profile(), headaches: [headache])
        let onset = headache.onset.epochSeconds
        #expect(try Build.run(RedFlagsV2.self, data, asOf: onset + 72 * 3600).insights.count == 1)
        #expect(try Build.run(RedFlagsV2.self, data, asOf: onset + 72 * 3600 + 1).insights.isEmpty)
        #expect(try Build.run(RedFlags.self, data, asOf: onset + 30 * 86_400).insights.count == 1)
        // active_hours is a parameter: 24 at and either side.
        #expect(try Build.run(RedFlagsV2.self, data, asOf: onset + 24 * 3600, set: ["active_hours": "24"]).insights.count == 1)
        #expect(try Build.run(RedFlagsV2.self, data, asOf: onset + 24 * 3600 + 1, set: ["active_hours": "24"]).insights.isEmpty)
    }

    @Test("visit-history: whole months up to 23, whole years from 24 months on")
    func years() throws {
        let data = ProfileData(profile: Build.profile(), visits: [Visit(id: 1, profileID: "p", date: Build.time("2024-01-10"), type: .dental)])
        // Whole months since 10 January 2024: 23 on 9 January 2026, 24 on the 10th; 35 on 9 January 2027, 36 on the 10th.
        func shown(_ day: String) throws -> [String] {
            try Build.run(VisitHistory.self, data, asOf: Build.endOf(day)).insights.map(\.text.text)
        }
        #expect(try shown("2026-01-09") == ["Last dental visit: 23 months ago (2024-01-10)."])
        #expect(try shown("2026-01-10") == ["Last dental visit: 2 years ago (2024-01-10)."])
        #expect(try shown("2027-01-09") == ["Last dental visit: 2 years ago (2024-01-10)."])
        #expect(try shown("2027-01-10") == ["Last dental visit: 3 years ago (2024-01-10)."])
    }

    @Test("visit-history@2: the next planned visit of each type, until its day comes")
    func planned() throws {
        let visits = [
            Visit(id: 1, profileID: "p", date: Build.time("2026-01-10"), type: .dental),
            Visit(id: 2, profileID: "p", date: Build.time("2026-06-15"), type: .dental),
            Visit(id: 3, profileID: "p", date: Build.time("2026-09-01"), type: .dental),
        ]
        let data = ProfileData(profile: Build.profile(), visits: visits)
        let before = try Build.run(VisitHistoryV2.self, data, asOf: Build.endOf("2026-05-31"))
        #expect(before.insights.map(\.text.text) == ["Last dental visit: 4 months ago (2026-01-10).",
                                                     "Next dental visit: planned for 2026-06-15."])
        let after = try Build.run(VisitHistoryV2.self, data, asOf: Build.endOf("2026-06-15"))
        #expect(after.insights.map(\.text.text) == ["Last dental visit: this month (2026-06-15).",
                                                    "Next dental visit: planned for 2026-09-01."])
        #expect(try Build.run(VisitHistory.self, data, asOf: Build.endOf("2026-05-31")).insights.count == 1)
    }
}
