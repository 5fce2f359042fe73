import CairnAnalysis
import CairnCore
import CairnModules
import CairnStore
import Foundation
import Testing
@testable import MarkerTrends

/// marker-trends@3: data that is not an adult's lab draw. Expected values are worked out by hand
/// from the rules (ages from birth dates, 18 calendar months, one value per local day).
@Suite("marker-trends@3")
struct MarkerTrendsV3Tests {
    static func person(born: String?) -> Profile {
        Profile(id: "p", timeZone: Build.berlin, birthDate: born.map { Build.day($0) })
    }

    static func texts(_ report: InsightReport) -> [String] { report.insights.map(\.text.text) }

    @Test("under 18 on the as-of day: no adult-range status, one awareness insight; from the 18th birthday, judged",
          arguments: [("2008-06-15", "2026-06-14", true), ("2008-06-15", "2026-06-15", false),
                      ("2008-02-29", "2026-02-28", true), ("2008-02-29", "2026-03-01", false), ("2015-01-01", "2025-12-31", true)])
    func adultAge(born: String, asOf: String, child: Bool) throws {
        let data = ProfileData(profile: Self.person(born: born), readings: Build.readings("ldl", [150, 160], from: "2025-11-01"))
        let report = try Build.run(MarkerTrendsV3.self, data, asOf: Build.endOf(asOf))
        if child {
            #expect(Self.texts(report) == ["Readings of people under 18 are not compared with adult ranges."])
            #expect(report.insights[0].kind == .awareness)
            #expect(report.insights[0].evidence["markers_not_judged"] == .list([.text("ldl")]))
        } else {
            #expect(Self.texts(report) == ["Your LDL Cholesterol is currently above the typical range."])
        }
    }

    @Test("without a birth date a person is judged as an adult; without readings the module says nothing")
    func noBirthDateNoReadings() throws {
        let data = ProfileData(profile: Self.person(born: nil), readings: Build.readings("ldl", [150], from: "2026-01-01"))
        #expect(Self.texts(try Build.run(MarkerTrendsV3.self, data, asOf: Build.endOf("2026-02-01")))
                == ["Your LDL Cholesterol is currently above the typical range."])
        let none = ProfileData(profile: Self.person(born: "2015-01-01"))
        #expect(try Build.run(MarkerTrendsV3.self, none, asOf: Build.endOf("2026-02-01")).insights.isEmpty)
    }

    @Test("a latest reading 18 months old is current; a day older, the copy names its month and no trend is prompted")
    func stale() throws {
        // LDL rising 130 → 160 → 190 a month apart: a trend the noise test accepts (+46%, far past
        // LDL's reference change value), the last reading on 2024-05-24.
        let readings = Build.readings("ldl", [130, 160, 190], from: "2024-03-25", everyDays: 30)
        #expect(readings.last?.date.day == Build.day("2024-05-24"))
        let data = ProfileData(profile: Self.person(born: "1970-01-01"), readings: readings)
        let current = try Build.run(MarkerTrendsV3.self, data, asOf: Build.endOf("2025-11-24"))
        #expect(Self.texts(current) == ["Your LDL Cholesterol is currently above the typical range.",
                                        "Consider asking your doctor about your LDL Cholesterol — it has been trending up over your last 3 readings."])
        #expect(current.insights[0].evidence["months_since_latest"] == .integer(18))
        let old = try Build.run(MarkerTrendsV3.self, data, asOf: Build.endOf("2025-11-25"))
        #expect(Self.texts(old) == ["Your last LDL Cholesterol reading, from 2024-05, was above the typical range."])
        let shorter = try Build.run(MarkerTrendsV3.self, data, asOf: Build.endOf("2025-11-24"), set: ["stale_months": "12"])
        #expect(Self.texts(shorter) == ["Your last LDL Cholesterol reading, from 2024-05, was above the typical range."])
    }

    @Test("heart-rate samples minutes apart are one day: no trend, judged on the day's resting value")
    func minutesApart() throws {
        // 70 → 110 bpm in 16 minutes: version 2 sees three rising readings and a latest of 110.
        let samples = [70.0, 80, 90, 100, 110].enumerated().map { index, value in
            Reading(id: Int64(index + 1), profileID: "p", markerID: "heart-rate", value: value, unit: "bpm",
                    date: Build.time(String(format: "2026-03-02T09:%02d", index * 4)))
        }
        let data = ProfileData(profile: Self.person(born: "1980-01-01"), readings: samples)
        let v2 = try Build.run(MarkerTrendsV2.self, data, asOf: Build.endOf("2026-03-02"))
        #expect(Self.texts(v2).contains("Your Heart Rate is currently above the typical range."))
        // Version 3: one day, its resting value the 10th percentile of five samples (the lowest,
        // 70): inside 60-100, one value, no trend, nothing to say.
        #expect(try Build.run(MarkerTrendsV3.self, data, asOf: Build.endOf("2026-03-02")).insights.isEmpty)
    }

    @Test("a series over days: one value per day (resting heart rate, summed steps), a trend counted in days")
    func overDays() throws {
        // Three days, each with a morning low and an afternoon high: resting values 50, 70, 98.
        var samples: [Reading] = []
        for (day, (low, high)) in [(1, (50.0, 120.0)), (2, (70, 125)), (3, (98, 130))] {
            for (hour, value) in [(7, low), (16, high)] {
                samples.append(Reading(id: Int64(samples.count + 1), profileID: "p", markerID: "heart-rate", value: value, unit: "bpm",
                                       date: Build.time(String(format: "2026-03-%02dT%02d:00", day, hour))))
            }
        }
        let data = ProfileData(profile: Self.person(born: "1980-01-01"), readings: samples)
        let report = try Build.run(MarkerTrendsV3.self, data, asOf: Build.endOf("2026-03-03"))
        // 50 → 98 is +96%, far past heart rate's reference change value: up, and toward the upper bound.
        #expect(Self.texts(report) == ["Consider asking your doctor about your Heart Rate — it has been trending up over your last 3 days of readings."])
        #expect(report.insights[0].evidence["last_values"] == .list([.number(50), .number(70), .number(98)]))
        #expect(report.insights[0].evidence["daily_summary"] == .text("resting"))
        #expect(MarkerKind.DailySummary.sum.summarize([120, 300, 80]) == 500)
        #expect(MarkerKind.DailySummary.resting.summarize(Array(stride(from: 1.0, through: 20, by: 1))) == 2)
        #expect(MarkerKind.DailySummary.mean.summarize([1, 2, 6]) == 3)
    }
}

/// The outside data the issue names: Synthea's children and an Apple Watch's heart rate.
@Suite("marker-trends@3 on real exports")
struct MarkerTrendsV3RealDataTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CairnStoreTests/Fixtures")

    static func imported(_ source: String, zone: String = "UTC") throws -> Dataset {
        let path = NSTemporaryDirectory() + "cairn-v3-\(UUID().uuidString).sqlite"
        let dataset = try Dataset.openOrCreate(path)
        _ = try DatasetImporter(dataset: dataset, options: ImportOptions(now: 1_795_348_800, defaultTimeZone: ProfileTimeZone(identifier: zone)))
            .run(sources: [fixtures.appendingPathComponent(source).path])
        return dataset
    }

    static func run(_ key: String, _ data: ProfileData, asOf: Int) throws -> InsightReport {
        let descriptor = try ModuleHost.registry().lookup(key)
        return try ModuleHost.engine().run([ModuleRun(descriptor: descriptor, parameters: ParameterValues(specs: descriptor.parameters))],
                                               on: data, asOf: asOf)
    }

    @Test("every Synthea patient under 18 at their last reading gets no adult-range status, only the awareness insight")
    func syntheaChildren() throws {
        let source = try ProfileSource(try Self.imported("synthea"))
        var children = 0
        for data in try source.loadAll() where !data.readings.isEmpty {
            let asOf = data.zone.startOfDay(data.readings.last!.date.day.adding(days: 1)) - 1
            let report = try Self.run("marker-trends", data, asOf: asOf)
            guard let age = data.profile.age(on: data.readings.last!.date.day), age < 18 else { continue }
            children += 1
            #expect(report.insights.map(\.copyID) == ["marker-trends.under-adult-age"], "\(data.profile.id), age \(age)")
        }
        // Born 2014, 2008, 2013, 2024, and the boy born 1973 who died in 1976 (PROVENANCE.md).
        #expect(children >= 5)
    }

    @Test("the Apple Watch heart rate: no trend from samples minutes apart, where version 2 finds one")
    func appleHeartRate() throws {
        let source = try ProfileSource(try Self.imported("apple-health/export_subset.xml"))
        let me = try #require(try source.load("me"))
        let asOf = me.zone.startOfDay(CalendarDay(iso: "2017-11-07")!) - 1
        // Version 2 reads 2,177 samples as 2,177 readings: the last three, minutes apart, "trend".
        let v2 = try Self.run("marker-trends@2", me, asOf: asOf).insights.filter { $0.subject == "heart-rate" }
        #expect(v2.map(\.copyID) == ["marker-trends.trend-prompt"])
        #expect(v2.first?.evidence["readings"] == .integer(2_177))
        // Version 3 reads one resting value per day: no trend, no status outside 60-100.
        #expect(try Self.run("marker-trends@3", me, asOf: asOf).insights.filter { $0.subject == "heart-rate" }.isEmpty)
    }
}
