import CairnAnalysis
import CairnCore
import Testing
@testable import MedicationOveruse

@Suite("medication-overuse")
struct MedicationOveruseTests {
    /// Acute entries on the first `count` days of March 2026 (one a day, 10:00 local).
    func march(_ count: Int, name: String = "Ibuprofen", acute: Bool? = true) -> [Medication] {
        (0..<count).map { Build.medication(Int64($0 + 1), "2026-03-\(String(format: "%02d", $0 + 1))T10:00", name, acute: acute) }
    }

    func run(_ medications: [Medication], asOf: String = "2026-03-31", set: [String: String] = [:]) throws -> InsightReport {
        try Build.run(MedicationOveruse.self, ProfileData(profile: Build.profile(), medications: medications),
                      asOf: Build.endOf(asOf), set: set)
    }

    @Test("9 acute days: nothing; 10: the verbatim warning")
    func threshold() throws {
        #expect(try run(march(9)).insights.isEmpty)
        let report = try run(march(10))
        #expect(report.insights.count == 1)
        #expect(report.insights[0].text.text == Seed.overuseWarning)
        #expect(report.insights[0].kind == .awareness)
        #expect(report.insights[0].evidence["acute_days"] == .integer(10))
        #expect(report.withheld.isEmpty)
    }

    @Test("the approved warning only at the 10 days it was approved for; at another threshold the real count, marked non-default")
    func approvedThreshold() throws {
        let three = try run(march(4), set: ["threshold_days": "3"])
        #expect(three.insights.map(\.text.text) == [
            "Acute medication for headache relief was logged on 4 distinct days this month, at or above the 3 days set for this run. Consider mentioning this to your healthcare provider.",
        ])
        #expect(three.insights[0].text.approvedID == nil)
        #expect(three.insights[0].nonDefault)
        #expect(try run(march(2), set: ["threshold_days": "3"]).insights.isEmpty)
        let twelve = try run(march(12), set: ["threshold_days": "12"])
        #expect(twelve.insights.map(\.text.text).first?.hasPrefix("Acute medication for headache relief was logged on 12 distinct days") == true)
        // Set explicitly to the approved 10: the approved text, verbatim.
        let ten = try run(march(10), set: ["threshold_days": "10"])
        #expect(ten.insights.map(\.text.text) == [Seed.overuseWarning])
        #expect(ten.insights[0].text.approvedID == "medication-overuse.warning")
    }

    @Test("distinct days, not entries: ten doses on nine days is nine")
    func distinctDays() throws {
        var entries = march(9)
        entries.append(Build.medication(99, "2026-03-09T20:00"))
        #expect(try run(entries).insights.isEmpty)
    }

    @Test("is_acute false never counts; empty counts unless the name is a preventive")
    func classification() throws {
        #expect(try run(march(12, name: "Propranolol", acute: false)).insights.isEmpty)
        #expect(try run(march(12, name: "Ibuprofen", acute: false)).insights.isEmpty)
        #expect(try run(march(10, name: "Naproxen 500mg", acute: nil)).insights.count == 1)
        #expect(try run(march(12, name: "Topiramate 25 mg", acute: nil)).insights.isEmpty)
        #expect(try run(march(12, name: "Magnesium", acute: nil)).insights.isEmpty)
        // A preventive named but marked acute counts: the person's classification wins.
        #expect(try run(march(10, name: "Propranolol", acute: true)).insights.count == 1)
        #expect(MedicationOveruse.isPreventive("Botox injection"))
        #expect(!MedicationOveruse.isPreventive("Magnesiumish"))
    }

    @Test("the month is the as-of month: ten days in March show in March and not in April")
    func monthEnd() throws {
        #expect(try run(march(10), asOf: "2026-03-31").insights.count == 1)
        #expect(try run(march(10), asOf: "2026-04-01").insights.isEmpty)
        // As of the tenth day, not before it.
        #expect(try run(march(10), asOf: "2026-03-09").insights.isEmpty)
        #expect(try run(march(10), asOf: "2026-03-10").insights.count == 1)
    }

    @Test("days are local: a dose at 23:30 on the last day of the month counts in that month")
    func localDays() throws {
        var entries = march(9)
        // 2026-03-31T23:30 in Berlin is already 2026-03-31T21:30Z; at UTC+2 (after the spring
        // change) the local day is still the 31st.
        entries.append(Build.medication(50, "2026-03-31T23:30"))
        #expect(try run(entries).insights.count == 1)
        // The same instant written in UTC: 21:30Z on the 31st.
        var utc = march(9)
        utc.append(Build.medication(51, "2026-03-31T21:30:00Z"))
        #expect(try run(utc).insights.count == 1)
        // 22:30Z on the 31st is April 1st in Berlin.
        var april = march(9)
        april.append(Build.medication(52, "2026-03-31T22:30:00Z"))
        #expect(try run(april).insights.isEmpty)
    }

    @Test("across the daylight-saving change: March 29 is one local day of 23 hours")
    func dst() throws {
        var entries = march(8)
        entries.append(Build.medication(60, "2026-03-29T00:30"))
        entries.append(Build.medication(61, "2026-03-29T23:30"))
        entries.append(Build.medication(62, "2026-03-30T00:10"))
        let report = try run(entries)
        #expect(report.insights.count == 1)
        #expect(report.insights[0].evidence["acute_days"] == .integer(10))
    }

    @Test("the threshold is a parameter, and a changed one is marked non-default")
    func parameter() throws {
        let report = try run(march(8), set: ["threshold_days": "8"])
        #expect(report.insights.count == 1 && report.insights[0].nonDefault)
        #expect(throws: ParameterValues.Problem.self) { try run(march(8), set: ["threshold_days": "0"]) }
        #expect(throws: ParameterValues.Problem.self) { try run(march(8), set: ["threshold": "8"]) }
    }

    @Test("evidence: earlier months and consecutive months at the threshold")
    func consecutive() throws {
        var entries: [Medication] = []
        var id: Int64 = 0
        for month in ["01", "02", "03"] {
            for day in 1...11 {
                id += 1
                entries.append(Build.medication(id, "2026-\(month)-\(String(format: "%02d", day))T09:00"))
            }
        }
        let insight = try #require(try run(entries).insights.first)
        #expect(insight.evidence["consecutive_months_at_threshold"] == .integer(3))
        #expect(insight.evidence["ichd3_three_month_pattern"] == .flag(true))
        #expect(insight.evidence["earlier_months"] == .object(["2026-01": .integer(11), "2026-02": .integer(11)]))
    }
}
