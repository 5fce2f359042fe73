import CairnModules
import CairnStats
import CairnCopy
import CairnAnalysis
import CairnCore
import Testing
@testable import SleepCorrelation
@testable import TriggerCooccurrence
@testable import WeatherCorrelation

/// Headaches on the given March 2026 days, onset 14:00, resolved at 18:00.
func marchHeadaches(_ days: [Int]) -> [Headache] {
    days.map { Build.headache("h\($0)", "2026-03-\(String(format: "%02d", $0))T14:00", resolved: "2026-03-\(String(format: "%02d", $0))T18:00") }
}

func factor(_ id: Int64, _ at: String, _ name: String) -> FactorEntry {
    FactorEntry(id: id, profileID: "p", at: Build.time(at), factor: name)
}

@Suite("trigger-cooccurrence")
struct TriggerCooccurrenceTests {
    @Test("gate: 4 resolved headaches give progress, 5 give findings; an active one does not count")
    func gate() throws {
        let factors = [factor(1, "2026-03-01", "stress_high")]
        var headaches = marchHeadaches([2, 4, 6, 8])
        headaches.append(Build.headache("active", "2026-03-09T10:00"))
        let below = try Build.run(TriggerCooccurrence.self, ProfileData(profile: Build.profile(), headaches: headaches, factors: factors),
                                  asOf: Build.endOf("2026-03-31"))
        #expect(below.insights.map(\.kind) == [.progress])
        #expect(below.insights[0].text.text == "Keep logging — patterns will appear after a few more entries")
        #expect(below.insights[0].evidence["gates"] == .list([.object(["name": .text("resolved headaches"), "have": .integer(4), "need": .integer(5)])]))
        headaches = marchHeadaches([2, 4, 6, 8, 10])
        let open = try Build.run(TriggerCooccurrence.self, ProfileData(profile: Build.profile(), headaches: headaches, factors: factors),
                                 asOf: Build.endOf("2026-03-31"))
        #expect(!open.insights.contains { $0.kind == .progress })
    }

    /// Ten headaches (days 2, 4, ... 20), skipped meals the day before 7 of them, coffee every
    /// day, poor sleep before 3.
    func diary() -> ProfileData {
        let headaches = marchHeadaches([2, 4, 6, 8, 10, 12, 14, 16, 18, 20])
        var factors: [FactorEntry] = []
        var id: Int64 = 0
        for day in 1...31 {
            id += 1
            factors.append(factor(id, "2026-03-\(String(format: "%02d", day))T08:00", "caffeine"))
        }
        for day in [1, 3, 5, 7, 9, 11, 13, 24] {
            id += 1
            factors.append(factor(id, "2026-03-\(String(format: "%02d", day))T20:00", "skipped_meal"))
        }
        let sleep = (1...31).map { day -> SleepNight in
            let poor = [1, 3, 5].contains(day)
            return SleepNight(id: Int64(day), profileID: "p", nightOf: Build.day("2026-03-\(String(format: "%02d", day))"),
                              durationMinutes: poor ? 300 : 450, quality: poor ? 2 : 4)
        }
        return ProfileData(profile: Build.profile(), headaches: headaches, sleep: sleep, factors: factors)
    }

    @Test("frequency wording, ranked, labelled by the cut-offs; a daily coffee is left out")
    func ranked() throws {
        let report = try Build.run(TriggerCooccurrence.self, diary(), asOf: Build.endOf("2026-03-31"))
        #expect(report.insights.map(\.text.text) == [
            "Frequently present: you had a headache within 24 hours of a skipped meal in 7 of your last 10 episodes.",
            "Sometimes present: you had a headache within 24 hours of poor sleep in 3 of your last 10 episodes.",
        ])
        let meal = report.insights[0]
        #expect(meal.evidence["episodes_with"] == .integer(7) && meal.evidence["episodes"] == .integer(10))
        #expect(meal.evidence["baseline_days"] == .integer(21))
        #expect(meal.evidence["fisher_p"] != nil && meal.evidence["odds_ratio"] != nil)
    }

    @Test("without the baseline filter the daily coffee is Frequently present, and the run is non-default")
    func noBaseline() throws {
        let report = try Build.run(TriggerCooccurrence.self, diary(), asOf: Build.endOf("2026-03-31"), set: ["baseline_filter": "false"])
        #expect(report.insights.first?.text.text == "Frequently present: you had a headache within 24 hours of caffeine in 10 of your last 10 episodes.")
        #expect(report.insights.allSatisfy { $0.nonDefault })
    }

    @Test("the window includes both ends: a factor exactly 24 hours before onset counts, 24 hours and a minute does not")
    func windowEnds() {
        let zone = Build.berlin
        let onset = Build.time("2026-03-10T14:00").epochSeconds
        #expect(DiaryWindows.entry(Build.time("2026-03-09T14:00"), within: 24, before: onset, zone: zone))
        #expect(!DiaryWindows.entry(Build.time("2026-03-09T13:59"), within: 24, before: onset, zone: zone))
        #expect(DiaryWindows.entry(Build.time("2026-03-10T14:00"), within: 24, before: onset, zone: zone))
        #expect(!DiaryWindows.entry(Build.time("2026-03-10T14:01"), within: 24, before: onset, zone: zone))
        // A date alone covers its whole local day: the 9th overlaps the window, the 8th does not.
        #expect(DiaryWindows.entry(Build.time("2026-03-09"), within: 24, before: onset, zone: zone))
        #expect(!DiaryWindows.entry(Build.time("2026-03-08"), within: 24, before: onset, zone: zone))
    }

    @Test("the entry index finds exactly the first entry the window rule finds by scanning, across a daylight-saving change")
    func entryIndexAgreesWithScan() {
        let zone = Build.berlin
        // A fixed pseudo-random mix of timed and date-only entries around the March change.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(bound))
        }
        for _ in 0..<40 {
            var times: [EventTime] = []
            for _ in 0..<(1 + next(30)) {
                let day = CalendarDay(iso: "2026-03-20")!.adding(days: next(20))
                if next(4) == 0 {
                    times.append(Build.time(day.description))
                } else {
                    let minute = next(24 * 60)
                    times.append(Build.time(day.description + "T" + String(format: "%02d:%02d", minute / 60, minute % 60)))
                }
            }
            times.sort { $0.epochSeconds < $1.epochSeconds }
            let index = EntryIndex(times, zone: zone)
            for _ in 0..<50 {
                let end = Build.time("2026-03-20T00:00").epochSeconds + next(22 * 86_400)
                let hours = Double([1, 6, 24, 48, 72][next(5)])
                let scanned = times.firstIndex { DiaryWindows.entry($0, within: hours, before: end, zone: zone) }
                #expect(index.first(within: hours, before: end) == scanned)
                #expect(index.any(within: hours, before: end) == (scanned != nil))
            }
            // The merge over many instants at once (in no order, some twice, shifted back by a
            // lag) answers as the search does for each.
            let ends = (0..<60).map { _ in Build.time("2026-03-20T00:00").epochSeconds + next(22 * 86_400) }
            let hours = Double([1, 6, 24, 48, 72][next(5)])
            let shift = [0, 3_600, 86_400][next(3)]
            let merged = index.any(within: hours, before: InstantQueries(ends + ends.prefix(5)), shift: shift)
            #expect(merged == (ends + ends.prefix(5)).map { index.any(within: hours, before: $0 - shift) })
        }
    }

    @Test("labels at and either side of the cut-offs", arguments: [
        (0.6, "Frequently present"), (0.59, "Sometimes present"), (0.3, "Sometimes present"), (0.29, "Occasionally present"),
    ])
    func labels(share: Double, label: String) {
        let module = TriggerCooccurrence(parameters: ParameterValues(specs: TriggerCooccurrence.parameters))
        #expect(module.label(share) == label)
    }
}

@Suite("sleep-correlation")
struct SleepCorrelationTests {
    /// `short` short nights (300 min) and `long` long nights (480 min) from March 1st, headaches
    /// the day after the first `afterShort` short nights and the first `afterLong` long ones.
    func data(short: Int, long: Int, afterShort: Int, afterLong: Int, quality: Bool = false) -> ProfileData {
        var nights: [SleepNight] = []
        var headacheDays: [Int] = []
        for index in 0..<(short + long) {
            let isShort = index < short
            nights.append(SleepNight(id: Int64(index + 1), profileID: "p", nightOf: Build.day("2026-03-01").adding(days: index),
                                     durationMinutes: isShort ? 300 : 480, quality: quality ? (isShort ? 2 : 4) : nil))
            if (isShort && index < afterShort) || (!isShort && index - short < afterLong) { headacheDays.append(index + 2) }
        }
        let headaches = headacheDays.map { day -> Headache in
            let date = Build.day("2026-03-01").adding(days: day - 1).description
            return Build.headache("h\(day)", date + "T10:00", resolved: date + "T12:00")
        }
        return ProfileData(profile: Build.profile(), headaches: headaches, sleep: nights)
    }

    @Test("each group needs 5 nights: 4 short nights give progress, 5 give the comparison")
    func gate() throws {
        let below = try Build.run(SleepCorrelation.self, data(short: 4, long: 10, afterShort: 3, afterLong: 2), asOf: Build.endOf("2026-04-30"))
        #expect(below.insights.map(\.kind) == [.progress])
        let open = try Build.run(SleepCorrelation.self, data(short: 5, long: 10, afterShort: 3, afterLong: 2), asOf: Build.endOf("2026-04-30"))
        #expect(open.insights.map(\.text.text) == [
            "Headaches started on 3 of the 5 days after nights under 6 hours, and on 2 of the 10 days after longer nights.",
        ])
        let evidence = open.insights[0].evidence
        #expect(evidence["exposed_rate"] == .number(0.6) && evidence["other_rate"] == .number(0.2))
        #expect(evidence["fisher_p"] != nil && evidence["rate_difference_ci95"] != nil)
    }

    @Test("the longer group at 4 nights also closes the gate")
    func otherGroup() throws {
        let report = try Build.run(SleepCorrelation.self, data(short: 6, long: 4, afterShort: 3, afterLong: 1), asOf: Build.endOf("2026-04-30"))
        #expect(report.insights.map(\.kind) == [.progress])
    }

    @Test("with quality ratings, a second comparison of low against higher-rated nights")
    func quality() throws {
        let report = try Build.run(SleepCorrelation.self, data(short: 5, long: 5, afterShort: 2, afterLong: 1, quality: true),
                                   asOf: Build.endOf("2026-04-30"))
        #expect(report.insights.map(\.subject) == ["sleep_duration", "sleep_quality"])
        #expect(report.insights[1].text.text == "Headaches started on 2 of the 5 days after nights you rated 2 or lower, and on 1 of the 5 days after better-rated nights.")
    }

    @Test("a night is not counted before the day after it has begun")
    func asOf() throws {
        // Ten nights from March 1st; as of the end of March 5th, nights of the 1st to 4th are known.
        let report = try Build.run(SleepCorrelation.self, data(short: 5, long: 5, afterShort: 1, afterLong: 1), asOf: Build.endOf("2026-03-05"))
        #expect(report.insights[0].evidence["gates"] == .list([
            .object(["name": .text("nights under 6 hours"), "have": .integer(4), "need": .integer(5)]),
            .object(["name": .text("nights of 6 hours or more"), "have": .integer(0), "need": .integer(5)]),
        ]))
    }
}

@Suite("weather-correlation")
struct WeatherCorrelationTests {
    /// Hourly weather through March 2026 with a 10 hPa fall over the 24 hours before 14:00 on
    /// the given days, and headaches at 14:00 on `headacheDays`.
    func data(headacheDays: [Int], dropDays: [Int]) -> ProfileData {
        var weather: [WeatherObservation] = []
        let start = Build.berlin.startOfDay(Build.day("2026-03-01")) - 2 * 86_400
        for hour in 0..<(34 * 24) {
            let epoch = start + hour * 3600
            var pressure = 1015.0
            for day in dropDays {
                let onset = Build.time("2026-03-\(String(format: "%02d", day))T14:00").epochSeconds
                if epoch > onset - 24 * 3600 && epoch <= onset + 3600 {
                    pressure -= 10 * min(1, Double(epoch - (onset - 24 * 3600)) / (24 * 3600))
                }
            }
            weather.append(WeatherObservation(id: Int64(hour), profileID: "p", observedAtEpoch: epoch, humidityPercent: 60,
                                              pressureHPa: pressure))
        }
        return ProfileData(profile: Build.profile(), headaches: marchHeadaches(headacheDays), weather: weather,
                           factors: [factor(1, "2026-03-01", "caffeine"), factor(2, "2026-03-31", "caffeine")])
    }

    @Test("version 2: 9 resolved headaches give progress, 10 give findings")
    func gateV2() throws {
        let nine = try Build.run(WeatherCorrelation.self, data(headacheDays: Array(1...9), dropDays: [2, 4]), asOf: Build.endOf("2026-03-31"))
        #expect(nine.insights.map(\.kind) == [.progress])
        let ten = try Build.run(WeatherCorrelation.self, data(headacheDays: Array(1...10), dropDays: [2, 4]), asOf: Build.endOf("2026-03-31"))
        #expect(ten.insights.map(\.subject) == ["pressure_drop"])
        #expect(ten.insights[0].text.text == "A pressure drop of 5 hPa or more over the previous 24 hours came before 2 of your 10 headaches, and before 0 of 21 headache-free days.")
        #expect(ten.insights[0].evidence["spearman_rho"] != nil && ten.insights[0].evidence["fisher_p"] != nil)
    }

    @Test("version 1 keeps the old 3-log gate: 2 give progress, 3 give findings")
    func gateV1() throws {
        let two = try Build.run(WeatherCorrelationV1.self, data(headacheDays: [2, 4], dropDays: [2]), asOf: Build.endOf("2026-03-31"))
        #expect(two.insights.map(\.kind) == [.progress])
        let three = try Build.run(WeatherCorrelationV1.self, data(headacheDays: [2, 4, 6], dropDays: [2]), asOf: Build.endOf("2026-03-31"))
        #expect(three.insights.map(\.kind) == [.finding])
        #expect(three.insights[0].version == 1)
    }

    @Test("the drop threshold is inclusive at 5 hPa and a parameter")
    func threshold() throws {
        let data = data(headacheDays: Array(1...10), dropDays: [2])
        let strict = try Build.run(WeatherCorrelation.self, data, asOf: Build.endOf("2026-03-31"), set: ["pressure_drop_hpa": "10"])
        #expect(strict.insights.first?.evidence["headaches_with"] == .integer(1))
        let tooStrict = try Build.run(WeatherCorrelation.self, data, asOf: Build.endOf("2026-03-31"), set: ["pressure_drop_hpa": "10.5"])
        #expect(tooStrict.insights.isEmpty)
    }
}

@Suite("Engine and registry")
struct EngineTests {
    @Test("several versions of one module are registered; lookup by id gives the latest")
    func registry() throws {
        let registry = CairnModules.ModuleHost.registry()
        #expect(registry.all.map(\.key).contains("weather-correlation@1"))
        #expect(try registry.lookup("weather-correlation").version == 4)
        #expect(try registry.lookup("weather-correlation@1").version == 1)
        #expect(try registry.lookup("trigger-cooccurrence").version == 4)
        #expect(throws: ModuleRegistry.LookupError.self) { try registry.lookup("weather-correlation@5") }
        #expect(try registry.lookup("marker-trends").version == 4)
        // Eleven modules (the seven first, streaks-frequency, calendar-patterns,
        // medication-effectiveness and visit-statistics), twenty-eight versions.
        #expect(registry.latest.count == 11)
        #expect(registry.all.count == 28)
        #expect(try registry.lookup("medication-effectiveness").version == 2)
    }

    @Test("a draft is withheld when its catalog entry is unknown or not its module's, never shown")
    func withheld() throws {
        struct Careless: AnalysisModule {
            static let id = "careless"
            static let version = 1
            static let summary = "A module that asks for copy it does not own."
            static let parameters: [ParameterSpec] = []
            init(parameters: ParameterValues) {}
            func evaluate(_ input: ProfileData, asOf: Int, stats: CairnStats.Stats) throws -> [InsightDraft] {
                [InsightDraft(kind: .finding, subject: "x", message: CopyMessage("careless.causes")),
                 InsightDraft(kind: .alert, subject: "y", message: CopyMessage("red-flags.urgent")),
                 InsightDraft(kind: .progress, subject: "z", message: CopyMessage("progress-message"))]
            }
        }
        let report = try Build.run(Careless.self, ProfileData(profile: Build.profile()), asOf: 0)
        #expect(report.insights.map(\.subject) == ["z"])
        #expect(report.withheld.map(\.subject) == ["x", "y"])
        #expect(report.withheld.map(\.copyID) == ["careless.causes", "red-flags.urgent"])
        #expect(report.withheld.allSatisfy { $0.violations.map(\.rule) == ["CopyCatalog"] })
    }
}
