import CairnAnalysis
import CairnCore
import Testing
@testable import MarkerTrends

/// The seed 001 InsightsEngine cases: every flag condition, every trend case, higher- and
/// lower-is-better, identical readings, one reading, none, and boundary values.
@Suite("marker-trends")
struct MarkerTrendsTests {
    @Test("status at and either side of each boundary and of the watch band", arguments: [
        // LDL range: high 100 only. Watch band: within 10 of 100.
        (89.9, MarkerTrends.Status.normal), (90.0, .watch), (100.0, .watch), (100.1, .outOfRange),
    ])
    func ldlStatus(value: Double, status: MarkerTrends.Status) {
        #expect(MarkerTrends.status(value, low: nil, high: 100, watchFraction: 0.1) == status)
    }

    @Test("status against a low boundary", arguments: [
        (39.9, MarkerTrends.Status.outOfRange), (40.0, .watch), (44.0, .watch), (44.1, .normal),
    ])
    func hdlStatus(value: Double, status: MarkerTrends.Status) {
        #expect(MarkerTrends.status(value, low: 40, high: nil, watchFraction: 0.1) == status)
    }

    @Test("trends: strictly rising, strictly falling, mixed, flat, too few", arguments: [
        ([1.0, 2, 3], MarkerTrends.Trend.up), ([3.0, 2, 1], .down), ([1.0, 3, 2], .none), ([2.0, 2, 2], .none),
        ([1.0, 2, 2], .none), ([1.0, 2], .none), ([5.0], .none), ([], .none), ([9.0, 1, 2, 3], .up),
    ])
    func trends(values: [Double], trend: MarkerTrends.Trend) {
        #expect(MarkerTrends.trend(values, length: 3) == trend)
    }

    @Test("concerning: down for higher-is-better, up for lower-is-better, toward the nearer boundary otherwise")
    func concerning() {
        #expect(MarkerTrends.isConcerning(.down, direction: .higherIsBetter, latest: 50, low: 40, high: nil))
        #expect(!MarkerTrends.isConcerning(.up, direction: .higherIsBetter, latest: 50, low: 40, high: nil))
        #expect(MarkerTrends.isConcerning(.up, direction: .lowerIsBetter, latest: 90, low: nil, high: 100))
        #expect(!MarkerTrends.isConcerning(.down, direction: .lowerIsBetter, latest: 90, low: nil, high: 100))
        #expect(MarkerTrends.isConcerning(.up, direction: .withinRange, latest: 3.5, low: 0.4, high: 4))
        #expect(!MarkerTrends.isConcerning(.up, direction: .withinRange, latest: 1, low: 0.4, high: 4))
        #expect(!MarkerTrends.isConcerning(.none, direction: .lowerIsBetter, latest: 300, low: nil, high: 100))
    }

    func insights(_ readings: [Reading], overrides: [String: ReferenceOverride] = [:]) throws -> [String] {
        let data = ProfileData(profile: Build.profile(), overrides: overrides, readings: readings)
        return try Build.run(MarkerTrends.self, data, asOf: Build.endOf("2027-01-01")).insights.map(\.text.text)
    }

    @Test("LDL rising into range: one trend suggestion in the seed's wording, nothing else")
    func ldlRising() throws {
        #expect(try insights(Build.readings("ldl", [80, 85, 92])) == [
            "Consider asking your doctor about your LDL Cholesterol — it has been trending up over your last 3 readings.",
        ])
    }

    @Test("out of range and trending the wrong way: both; HDL falling below range")
    func both() throws {
        #expect(try insights(Build.readings("hdl", [48, 44, 38])) == [
            "Your HDL Cholesterol is currently below the typical range.",
            "Consider asking your doctor about your HDL Cholesterol — it has been trending down over your last 3 readings.",
        ])
    }

    @Test("higher-is-better rising and lower-is-better falling are not flagged; nothing at all when nothing is flagged")
    func goodTrends() throws {
        #expect(try insights(Build.readings("hdl", [48, 52, 60])).isEmpty)
        #expect(try insights(Build.readings("ldl", [95, 90, 80])).isEmpty)
        #expect(try insights(Build.readings("ldl", [80, 80, 80])).isEmpty)
        #expect(try insights([]).isEmpty)
    }

    @Test("one reading out of range is flagged; its trend is none")
    func single() throws {
        let data = ProfileData(profile: Build.profile(), readings: Build.readings("ldl", [130]))
        let report = try Build.run(MarkerTrends.self, data, asOf: Build.endOf("2027-01-01"))
        #expect(report.insights.map(\.text.text) == ["Your LDL Cholesterol is currently above the typical range."])
        #expect(report.insights[0].evidence["trend"] == .text("none"))
        #expect(report.insights[0].evidence["slope_per_year"] == nil)
    }

    @Test("a person's own range replaces the library's, for old readings too")
    func override() throws {
        let tsh = ReferenceOverride(profileID: "p", markerID: "tsh", low: 0.5, high: 3.0)
        #expect(try insights(Build.readings("tsh", [2.0, 3.4, 3.2]), overrides: ["tsh": tsh]) == [
            "Your TSH is currently above your target range.",
        ])
        #expect(try insights(Build.readings("tsh", [2.0, 3.4, 3.2])).isEmpty)
    }

    @Test("custom markers get no visit-prep flags")
    func custom() throws {
        var library = MarkerLibrary.builtIn
        try library.add(MarkerDefinition(id: "ketones", displayName: "Ketones", category: "Custom", unit: "mmol/L",
                                          referenceHigh: 0.5, direction: .lowerIsBetter, isCustom: true))
        let data = ProfileData(profile: Build.profile(), markers: library, readings: Build.readings("ketones", [1, 2, 3]))
        #expect(try Build.run(MarkerTrends.self, data, asOf: Build.endOf("2027-01-01")).insights.isEmpty)
    }

    @Test("nothing after as-of is visible: the trend is read from readings up to that day")
    func asOf() throws {
        let data = ProfileData(profile: Build.profile(), readings: Build.readings("ldl", [80, 85, 92, 70]))
        // Readings on 2026-01-01, 01-31, 03-02, 04-01: as of 03-02 the last three rise.
        let before = try Build.run(MarkerTrends.self, data, asOf: Build.endOf("2026-03-02"))
        #expect(before.insights.count == 1)
        let after = try Build.run(MarkerTrends.self, data, asOf: Build.endOf("2026-04-01"))
        #expect(after.insights.isEmpty)
    }

    @Test("evidence carries the slope per year with its 95% interval over all readings")
    func slope() throws {
        let data = ProfileData(profile: Build.profile(), readings: Build.readings("ldl", [100, 110, 120, 130], everyDays: 365))
        let insight = try #require(try Build.run(MarkerTrends.self, data, asOf: Build.endOf("2030-01-01")).insights.first)
        guard case .number(let slope)? = insight.evidence["slope_per_year"] else {
            Issue.record("no slope")
            return
        }
        #expect(abs(slope - 10 * 365.25 / 365) < 0.05)
        #expect(insight.nonDefault == false)
    }
}
