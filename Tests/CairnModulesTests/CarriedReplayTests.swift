import CairnAnalysis
import CairnCore
import CairnModuleKit
import CairnModules
import CairnStats
import CairnStore
import CairnSynth
import Foundation
import Testing

/// Modules that carry state between replay steps (`CarryingModule`) must say, at every step,
/// exactly what a fresh run says. Checked two ways: module by module at every step of a replay
/// (the end of each day and every instant a row became visible), drafts against a fresh run's;
/// and whole replays with carrying on and off, event for event. Over the edge-case dataset, the
/// demo diary, scenario populations (bursts of logging, logging after onset, gaps, stopping) and
/// randomised diaries with headaches resolved days later or never, date-only entries, late
/// nights, entries logged later, nights recorded twice and zones with daylight saving.
@Suite("Replay with carried state")
struct CarriedReplayTests {
    /// Every module version that carries state, with parameter sets that move its windows.
    static let carrying: [(module: String, overrides: [String: String])] = [
        ("trigger-cooccurrence@3", [:]),
        ("trigger-cooccurrence@3", ["lag_sweep": "2", "stratum_days": "7", "window_hours": "30", "mid_p": "false"]),
        ("trigger-cooccurrence@4", [:]),
        ("weather-correlation@4", [:]),
        ("weather-correlation@4", ["stratum_days": "10", "window_hours": "6", "mid_p": "false", "min_headaches": "3"]),
        ("sleep-correlation@3", [:]),
        ("sleep-correlation@3", ["min_nights": "2", "min_headaches": "1", "duration_first": "false", "mid_p": "true", "low_quality": "3"]),
    ]

    static func run(_ module: String, _ overrides: [String: String] = [:]) throws -> ModuleRun {
        let descriptor = try ModuleHost.registry().lookup(module)
        return ModuleRun(descriptor: descriptor, parameters: try ParameterValues(specs: descriptor.parameters, module: descriptor.id,
                                                                                 overrides: overrides))
    }

    static func same(_ a: [InsightDraft]?, _ b: [InsightDraft]?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.count == b.count && zip(a, b).allSatisfy {
            $0.kind == $1.kind && $0.subject == $1.subject && $0.message == $1.message && $0.evidence == $1.evidence
                && $0.provenance == $1.provenance
        }
    }

    /// The moments of a replay over the profile's whole data: each day's end and every instant
    /// a diary row became visible (hourly weather left out, to keep a debug build quick).
    static func moments(_ data: ProfileData) -> [Replay.Moment] {
        Replay.moments(for: data, from: nil, to: nil, step: .day, atEvents: true, tables: [.headaches, .factors, .sleep, .medications]) ?? []
    }

    /// At every moment, the carried run's gates and drafts against a fresh run's; returns how
    /// many steps had drafts (so a test can tell it checked something).
    @discardableResult
    static func checkSteps(_ data: ProfileData, _ run: ModuleRun, every: Int = 1) throws -> Int {
        let module = try run.descriptor.instantiate(run.parameters)
        let carrier = try #require(module as? any CarryingModule, "\(run.descriptor.key) carries state")
        let stats = Stats()
        var carry: AnyObject?
        var drafted = 0
        for (index, moment) in moments(data).enumerated() {
            let visible = data.asOf(moment.instant)
            if run.descriptor.requires.contains(where: { visible.isEmpty($0) }) { continue }
            let carried = try carrier.run(visible, asOf: moment.instant, stats: stats, anyCarry: &carry)
            guard index % every == 0 else { continue }
            let fresh = try module.run(visible, asOf: moment.instant, stats: stats)
            #expect(carried.gates == fresh.gates, "\(data.profile.id) \(run.descriptor.key) at \(moment.label)")
            #expect(same(carried.drafts, fresh.drafts), "\(data.profile.id) \(run.descriptor.key) \(run.parameters.nonDefault) at \(moment.label)")
            if fresh.drafts != nil { drafted += 1 }
        }
        return drafted
    }

    /// Whole replays with carrying on equal those with it off: every carrying module at its
    /// defaults together, and each other parameter set alone.
    static func checkReplay(_ data: ProfileData, _ runs: [ModuleRun]) throws {
        try checkOneReplay(data, runs.filter { $0.parameters.nonDefault.isEmpty })
        for run in runs where !run.parameters.nonDefault.isEmpty { try checkOneReplay(data, [run]) }
    }

    static func checkOneReplay(_ data: ProfileData, _ runs: [ModuleRun]) throws {
        let engine = try ModuleHost.engine()
        let moments = moments(data)
        let on = try Replay(engine: engine).run(runs, on: data, moments: moments)
        let off = try Replay(engine: engine, carriesState: false).run(runs, on: data, moments: moments)
        #expect(on.events == off.events, "\(data.profile.id)")
        #expect(on.gates == off.gates, "\(data.profile.id)")
        #expect(on.withheld.map(\.line) == off.withheld.map(\.line), "\(data.profile.id)")
        #expect(on.evaluations == off.evaluations)
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func dataset(_ path: String) throws -> [ProfileData] {
        try ProfileSource(try Dataset.open(root.appendingPathComponent(path).path, now: 1_900_000_000)).loadAll()
    }

    @Test("the edge-case dataset and the demo diary: every step as a fresh run, and the same replay")
    func edgesAndDemo() throws {
        var drafted = 0
        for data in try CarriedReplayTests.dataset("Datasets/scenarios/edges") + CarriedReplayTests.dataset("Datasets/demo") {
            for (module, overrides) in CarriedReplayTests.carrying {
                drafted += try CarriedReplayTests.checkSteps(data, CarriedReplayTests.run(module, overrides), every: 3)
            }
            try CarriedReplayTests.checkReplay(data, CarriedReplayTests.carrying.map { try CarriedReplayTests.run($0.module, $0.overrides) })
        }
        #expect(drafted > 100)
    }

    @Test("scenario populations: logging bursts, logging after onset, gaps, stopping, planted effects",
          arguments: ["logging-burst", "after-onset-logging", "post-headache-logging", "stop-logging", "weather-effect"])
    func scenarios(_ name: String) throws {
        let scenario = try Scenario.load(CarriedReplayTests.root.appendingPathComponent("Datasets/scenarios/\(name).yml").path)
        let population = ScenarioPopulation(scenario: scenario, seed: 7)
        var drafted = 0
        for index in 0..<1 {
            let synthetic = population.profile(index)
            var data = ProfileData(profile: synthetic.profile, readings: synthetic.readings, headaches: synthetic.headaches,
                                   sleep: synthetic.sleep, weather: synthetic.weather, factors: synthetic.factors)
            // Three months keep a debug build quick; the late-resolution and DST cases are in the random diaries.
            data = data.asOf(data.zone.startOfDay(scenario.start.adding(days: 90)))
            for (module, overrides) in CarriedReplayTests.carrying {
                drafted += try CarriedReplayTests.checkSteps(data, CarriedReplayTests.run(module, overrides), every: 3)
            }
            try CarriedReplayTests.checkReplay(data, CarriedReplayTests.carrying.map { try CarriedReplayTests.run($0.module, $0.overrides) })
        }
        #expect(drafted > 0)
    }

    @Test("randomised diaries: late resolutions, date-only rows, late nights, later logging, repeated nights, DST zones",
          arguments: 0..<4)
    func randomised(_ seed: UInt64) throws {
        let data = RandomDiary(seed: seed).data
        var drafted = 0
        for (module, overrides) in CarriedReplayTests.carrying {
            drafted += try CarriedReplayTests.checkSteps(data, CarriedReplayTests.run(module, overrides), every: 2)
        }
        try CarriedReplayTests.checkReplay(data, CarriedReplayTests.carrying.map { try CarriedReplayTests.run($0.module, $0.overrides) })
        #expect(drafted > 0)
    }

    @Test("a carry given another profile's data or an earlier cut starts afresh and still answers as a fresh run")
    func foreignCarry() throws {
        let a = RandomDiary(seed: 11).data, b = RandomDiary(seed: 12).data
        let run = try CarriedReplayTests.run("trigger-cooccurrence@4")
        let module = try run.descriptor.instantiate(run.parameters)
        let carrier = try #require(module as? any CarryingModule)
        var carry: AnyObject?
        let stats = Stats()
        let late = a.zone.startOfDay(CalendarDay(iso: "2026-05-20")!), early = a.zone.startOfDay(CalendarDay(iso: "2026-04-02")!)
        for (data, instant) in [(a, late), (b, late), (b, early), (a, early), (a, late)] {
            let visible = data.asOf(instant)
            let carried = try carrier.run(visible, asOf: instant, stats: stats, anyCarry: &carry)
            let fresh = try module.run(visible, asOf: instant, stats: stats)
            #expect(CarriedReplayTests.same(carried.drafts, fresh.drafts))
        }
    }
}

/// A diary drawn at random (a fixed seed): headaches in runs and gaps, some resolved days later
/// and some never, some dated by day alone; factor entries in bursts and gaps, some date-only,
/// some near midnight, some logged hours later; nights recorded twice; hourly weather with holes;
/// a zone with daylight saving (or a half-hour one).
struct RandomDiary {
    let data: ProfileData

    init(seed: UInt64) {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }
        func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        let zones = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kathmandu", "America/Los_Angeles", "UTC"]
        let zone = ProfileTimeZone(identifier: zones[Int(seed) % zones.count])!
        let id = "random-\(seed)"
        let start = CalendarDay(iso: "2026-02-20")!
        func time(_ day: CalendarDay, _ minute: Int) -> EventTime {
            let text = "\(day)T" + String(format: "%02d:%02d", minute / 60, minute % 60)
            return EventTime(text: text, in: zone)!
        }
        func dateOnly(_ day: CalendarDay) -> EventTime { EventTime(text: day.description, in: zone)! }
        func at(_ epoch: Int) -> EventTime {
            EventTime(text: ISODateTimeText.format(epochSeconds: epoch, offsetSeconds: zone.offset(atEpoch: epoch)), in: zone)!
        }
        let factors = ["alcohol", "caffeine", "stress_high", "chocolate", "skipped_meal", "screen_time_high"]
        var headaches: [Headache] = [], entries: [FactorEntry] = [], nights: [SleepNight] = [], weather: [WeatherObservation] = []
        var logging = 1.0
        for offset in 0..<80 {
            let day = start.adding(days: offset)
            // Logging moods: gaps with nothing, ordinary days, bursts.
            if uniform() < 0.08 { logging = [0.0, 0.5, 1.0, 2.5][below(4)] }
            let headacheToday = uniform() < (logging > 2 ? 0.3 : 0.15)
            if headacheToday {
                let onsetMinute = uniform() < 0.2 ? 23 * 60 + below(60) : below(24 * 60)
                let onset = uniform() < 0.06 ? dateOnly(day) : time(day, onsetMinute)
                let roll = uniform()
                let resolved: EventTime? = roll < 0.65 ? at(onset.epochSeconds + 3600 * (1 + below(10)))
                    : roll < 0.9 ? time(day.adding(days: 1 + below(4)), below(24 * 60)) : nil
                headaches.append(Headache(id: "h\(offset)", profileID: id, onset: onset, resolved: resolved, severity: [1, 3, 5][below(3)]))
            }
            for factor in factors {
                let rate = (factor == "caffeine" ? 0.85 : 0.2) * logging
                var count = rate > 1 ? 1 + below(3) : (uniform() < rate ? 1 : 0)
                if headacheToday && factor == "alcohol" && uniform() < 0.5 { count += 1 }
                for _ in 0..<count {
                    let when = uniform() < 0.2 ? dateOnly(day) : time(day, uniform() < 0.15 ? 23 * 60 + 30 + below(30) : below(24 * 60))
                    let loggedAt = uniform() < 0.1 ? at(when.epochSeconds + 3600 * (1 + below(30))) : nil
                    entries.append(FactorEntry(id: Int64(entries.count + 1), profileID: id, at: when, factor: factor, loggedAt: loggedAt))
                }
            }
            if uniform() < 0.85 {
                for _ in 0..<(uniform() < 0.05 ? 2 : 1) {
                    nights.append(SleepNight(id: Int64(nights.count + 1), profileID: id, nightOf: day, durationMinutes: Double(240 + below(360)),
                                             quality: uniform() < 0.7 ? 1 + below(5) : nil))
                }
            }
            let midnight = zone.startOfDay(day)
            for hour in 0..<24 where uniform() > 0.05 {
                weather.append(WeatherObservation(id: Int64(weather.count + 1), profileID: id, observedAtEpoch: midnight + hour * 3600 + below(600),
                                                  humidityPercent: 40 + uniform() * 50, pressureHPa: 995 + uniform() * 30))
            }
        }
        data = ProfileData(profile: Profile(id: id, timeZone: zone), headaches: headaches, sleep: nights, weather: weather, factors: entries)
    }
}
