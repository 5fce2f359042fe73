import CairnAnalysis
import CairnCore
import CairnModules
import CairnStore
import Foundation
import Testing

/// Reading a dataset one profile at a time: shared rows read once and never copied per
/// profile, only the tables asked for, and the default as-of day found without loading anyone.
@Suite("Profiles read one at a time")
struct ProfileSourceTests {
    /// Three profiles; weather shared by everyone (empty profile_id) and one profile with its own.
    static func dataset() throws -> Dataset {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-source-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let files = [
            "profiles.csv": "profile_id,time_zone\na,Europe/Berlin\nb,Asia/Tokyo\nc,America/New_York\n",
            "weather.csv": "profile_id,observed_at,pressure_hpa\n,2026-03-01T00:00:00Z,1013\n,2026-03-01T06:00:00Z,1010\n"
                + ",2026-03-02T00:00:00Z,1004\nc,2026-03-01T03:00:00Z,999\n",
            "headaches.csv": "profile_id,headache_id,onset_at,resolved_at,severity\na,h1,2026-03-01T10:00,2026-03-01T12:00,3\n"
                + "b,h1,2026-03-03T23:30,,5\n",
            "factors.csv": "profile_id,at,factor\na,2026-03-01T08:00,caffeine\nc,2026-03-04,alcohol\n",
            "sleep.csv": "profile_id,night_of,duration_min\na,2026-03-05,420\n",
        ]
        for (name, text) in files { try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8) }
        return try Dataset.open(directory, now: 1_900_000_000)
    }

    @Test("shared weather is one array for every profile without its own; a profile with its own gets both, in time order")
    func sharedWeatherNotCopied() throws {
        let source = try ProfileSource(try ProfileSourceTests.dataset())
        #expect(source.profileIDs == ["a", "b", "c"])
        #expect(source.sharedWeather.count == 3)
        let a = try #require(try source.load("a")), b = try #require(try source.load("b"))
        let storage = { (data: ProfileData) in data.weather.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        #expect(storage(a) == storage(b))
        #expect(storage(a) == source.sharedWeather.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) })
        // Cut at an instant after every observation, the array is still the shared one.
        #expect(storage(a.asOf(1_900_000_000)) == storage(a))
        let c = try #require(try source.load("c"))
        #expect(c.weather.map(\.pressureHPa) == [1013, 999, 1010, 1004])
        #expect(try source.load("nobody") == nil)
    }

    @Test("only the tables asked for are read")
    func onlyTablesAsked() throws {
        let source = try ProfileSource(try ProfileSourceTests.dataset())
        let headachesOnly = try #require(try source.load("a", tables: [.headaches]))
        #expect(headachesOnly.headaches.count == 1)
        #expect(headachesOnly.factors.isEmpty && headachesOnly.sleep.isEmpty && headachesOnly.weather.isEmpty)
        let all = try #require(try source.load("a"))
        #expect(all.factors.count == 1 && all.sleep.count == 1 && all.weather.count == 3)
    }

    @Test("the default as-of day through the indexes equals the one from every profile's rows")
    func latestEventDay() throws {
        let source = try ProfileSource(try ProfileSourceTests.dataset())
        // The latest event: a's night of 2026-03-05, known from the start of that day in Berlin.
        #expect(try source.latestEventDay() == CalendarDay(iso: "2026-03-05"))
        #expect(try source.latestEventDay() == ProfileData.latestEventDay(try source.loadAll()))
        let demo = try ProfileSource(try Dataset.open(ReplayTests.demo, now: 1_795_348_800))
        #expect(try demo.latestEventDay() == ProfileData.latestEventDay(try demo.loadAll()))
    }

    /// Four people whose records end on different days: a's sleep on 2026-03-05 (the dataset's
    /// latest), b's headache at 23:30 on 2026-03-03 in Tokyo with a visit planned for April, c's
    /// date-only factor on 2026-03-04 and a visit on 2026-03-05, d with no dated row at all.
    static func staggered() throws -> ProfileSource {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-asof-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let files = [
            "profiles.csv": "profile_id,time_zone\na,Europe/Berlin\nb,Asia/Tokyo\nc,America/New_York\nd,UTC\n",
            "headaches.csv": "profile_id,headache_id,onset_at,resolved_at,severity\nb,h1,2026-03-03T23:30,,5\n",
            "factors.csv": "profile_id,at,factor\na,2026-03-01T08:00,caffeine\nc,2026-03-04,alcohol\n",
            "sleep.csv": "profile_id,night_of,duration_min\na,2026-03-05,420\n",
            "visits.csv": "profile_id,date,visit_type\nb,2026-04-10,physical\nc,2026-03-05,dental\n",
        ]
        for (name, text) in files { try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8) }
        return try ProfileSource(try Dataset.open(directory, now: 1_900_000_000))
    }

    @Test("as of latest: each profile's own latest day, visits counted up to the dataset's latest day, none: the dataset's")
    func ownLatestDay() throws {
        let source = try ProfileSourceTests.staggered()
        #expect(try source.latestEventDay() == CalendarDay(iso: "2026-03-05"))
        let days = try source.profileIDs.map { try source.latestEventDay(of: $0) }
        #expect(days == [CalendarDay(iso: "2026-03-05"), CalendarDay(iso: "2026-03-03"), CalendarDay(iso: "2026-03-05"), nil])
        let d = try #require(try source.load("d"))
        #expect(try AsOfRule.profileLatest.day(for: d.profile, in: source) == CalendarDay(iso: "2026-03-05"))
        // b at the end of 2026-03-03 in Tokyo (+09:00): 2026-03-03T14:59:59Z.
        let b = try #require(try source.load("b"))
        #expect(try AsOfRule.profileLatest.instant(for: b.profile, in: source) == 1_772_549_999)
        #expect(try AsOfRule.datasetLatest.instant(for: b.profile, in: source) == 1_772_722_799)
        #expect(try AsOfRule.day(CalendarDay(iso: "2026-03-03")!).instant(for: b.profile, in: source) == 1_772_549_999)
        #expect(try AsOfRule.instant(5).instant(for: b.profile, in: source) == 5)
    }

    @Test("as-of words: latest, dataset-latest, a date, a date-time with offset; anything else says what to type")
    func asOfWords() throws {
        #expect(try AsOfRule(parsing: "latest") == .profileLatest)
        #expect(try AsOfRule(parsing: "dataset-latest") == .datasetLatest)
        #expect(try AsOfRule(parsing: "2026-03-03") == .day(CalendarDay(iso: "2026-03-03")!))
        #expect(try AsOfRule(parsing: "2026-03-03T14:59:59Z") == .instant(1_772_549_999))
        #expect(try AsOfRule(parsing: "2026-03-03T23:59:59+09:00") == .instant(1_772_549_999))
        for rule in [AsOfRule.profileLatest, .datasetLatest, .day(CalendarDay(iso: "2026-03-03")!), .instant(1_772_549_999)] {
            #expect(try AsOfRule(parsing: rule.description) == rule)
        }
        for bad in ["2026-03-03T10:00", "Latest", "yesterday", "2026-02-30"] {
            #expect(throws: AsOfRuleError.self) { try AsOfRule(parsing: bad) }
        }
    }

    @Test("replay re-runs a module only when a table it reads changed or its period did, and finds the same events")
    func replayReusesUnreadTables() throws {
        let registry = ModuleHost.registry()
        let descriptor = try registry.lookup("red-flags")
        let run = ModuleRun(descriptor: descriptor, parameters: ParameterValues(specs: descriptor.parameters))
        let lena = ReplayTests.shared.lena
        let days = Replay.days(from: CalendarDay(iso: "2026-03-01")!, to: CalendarDay(iso: "2026-05-31")!, step: .day)
        let replay = Replay(engine: try ModuleHost.engine())
        let result = try replay.run([run], on: lena, days: days)
        // Red flags depend on the as-of day (the advisory notice is for the day a headache was
        // logged): evaluated at every daily step.
        #expect(descriptor.asOfDependence == .day)
        #expect(result.evaluations == days.count)
        // Marker trends (version 2) read readings only, with no as-of period: lena logs
        // medications, sleep and factors every day but no reading, so it is evaluated once.
        let trends = try registry.lookup("marker-trends@2")
        let trendRun = ModuleRun(descriptor: trends, parameters: ParameterValues(specs: trends.parameters))
        #expect(try replay.run([trendRun], on: lena, days: days).evaluations == 1)
        // The same events as evaluating every day afresh: a change is a new text or new evidence.
        var previous: [String: String] = [:]
        var expectedEvents: [String] = []
        for day in days {
            let instant = lena.zone.startOfDay(day.adding(days: 1)) - 1
            let report = try replay.engine.run([run], on: lena, asOf: instant)
            let now = Dictionary(report.insights.map { insight in
                (insight.subject, insight.text.text + " " + insight.evidence.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.text)" }.joined(separator: ","))
            }, uniquingKeysWith: { a, _ in a })
            for (subject, text) in now.sorted(by: { $0.key < $1.key }) where previous[subject] != text {
                expectedEvents.append("\(day) \(previous[subject] == nil ? "appeared" : "changed") \(subject)")
            }
            for subject in previous.keys.sorted() where now[subject] == nil { expectedEvents.append("\(day) disappeared \(subject)") }
            previous = now
        }
        #expect(result.events.map { "\($0.step) \($0.change.rawValue) \($0.subject)" } == expectedEvents)
    }
}
