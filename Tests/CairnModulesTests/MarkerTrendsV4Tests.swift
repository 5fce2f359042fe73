import CairnAnalysis
import CairnCore
import CairnModules
import Testing
@testable import MarkerTrends

/// marker-trends@4: the seed's watch rule and implausible readings left out. Expected values by
/// hand from the marker library (LDL: typical range up to 100 mg/dL, plausible 10 to 500).
@Suite("marker-trends@4")
struct MarkerTrendsV4Tests {
    static func texts(_ report: InsightReport) -> [String] { report.insights.map(\.text.text) }

    @Test("an implausible latest reading is not called out of range; the plausible one before it is judged")
    func implausibleLeftOut() throws {
        let asOf = Build.endOf("2026-06-30")
        // 600 mg/dL is past LDL's plausible 500: version 3 calls it above the typical range.
        let implausibleOnly = ProfileData(profile: Build.profile(), readings: Build.readings("ldl", [90, 95, 600]))
        #expect(Self.texts(try Build.run(MarkerTrendsV3.self, implausibleOnly, asOf: asOf)).contains("Your LDL Cholesterol is currently above the typical range."))
        #expect(try Build.run(MarkerTrendsV4.self, implausibleOnly, asOf: asOf).insights.isEmpty)
        // 130 is plausible and above 100: judged as the latest, with the left-out reading counted.
        let withHigh = ProfileData(profile: Build.profile(), readings: Build.readings("ldl", [90, 95, 130, 600]))
        let report = try Build.run(MarkerTrendsV4.self, withHigh, asOf: asOf)
        let finding = try #require(report.insights.first { $0.text.text == "Your LDL Cholesterol is currently above the typical range." })
        #expect(finding.evidence["latest_value"] == .number(130))
        #expect(finding.evidence["implausible_left_out"] == .integer(1))
        // 500 itself is plausible (the bound is inside).
        let atBound = ProfileData(profile: Build.profile(), readings: Build.readings("ldl", [90, 500]))
        #expect(Self.texts(try Build.run(MarkerTrendsV4.self, atBound, asOf: asOf)) == ["Your LDL Cholesterol is currently above the typical range."])
    }

    @Test("watch is within 10% of a boundary's own value", arguments: [
        // Vitamin D, 30-100 ng/mL: watch 30 to 33 and 90 to 100.
        (33.0, MarkerTrends.Status.watch), (33.1, .normal), (35.0, .normal), (89.9, .normal), (90.0, .watch), (100.0, .watch),
        (100.1, .outOfRange), (29.9, .outOfRange),
    ])
    func watchRule(value: Double, expected: MarkerTrends.Status) {
        #expect(MarkerTrends.status(value, low: 30, high: 100, watchFraction: 0.1) == expected)
    }
}
