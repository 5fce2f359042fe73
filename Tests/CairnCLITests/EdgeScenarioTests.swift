import Foundation
import Testing

/// The edge-case dataset (Datasets/scenarios/edges/README.md): each boundary of the seeds'
/// gates and rules through `cairn insights`, expected outcomes from the seeds.
@Suite("Edge scenarios at every boundary")
struct EdgeScenarioTests {
    static let edges = WorkbenchTests.root.appendingPathComponent("Datasets/scenarios/edges").path

    /// The catalog ids (or "progress:SUBJECT") a module shows for a profile as of a date.
    func shown(_ profile: String, _ asOf: String, _ module: String) throws -> [String] {
        let result = try CLI.run(["insights", EdgeScenarioTests.edges, "--profile", profile, "--as-of", asOf, "--module", module,
                                  "--format", "json", "--strict"])
        #expect(result.status == 0, "\(profile): \(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let insights = try #require(json["insights"] as? [[String: Any]])
        return insights.map { insight in
            insight["kind"] as? String == "progress" ? "progress:" + (insight["subject"] as? String ?? "") : insight["copy_id"] as? String ?? ""
        }
    }

    @Test("medication overuse at 9 and 10 days, across a month end, a leap day, daylight saving and local months",
          arguments: [
            ("acute-9-days", "2024-05-31", [String]()), ("acute-10-days", "2024-05-31", ["medication-overuse.warning"]),
            ("acute-month-end", "2024-01-31", []), ("acute-month-end", "2024-02-29", []),
            ("acute-leap-day", "2024-02-28", []), ("acute-leap-day", "2024-02-29", ["medication-overuse.warning"]),
            ("acute-dst", "2024-03-31", ["medication-overuse.warning"]), ("acute-dst", "2024-04-01", []),
            ("acute-local-month", "2024-05-31", ["medication-overuse.warning"]), ("acute-preventive", "2024-05-31", []),
          ])
    func overuse(profile: String, asOf: String, expected: [String]) throws {
        #expect(try shown(profile, asOf, "medication-overuse") == expected, "\(profile) as of \(asOf)")
    }

    @Test("red flags: each combination of onset speed, severity, aura and visual disturbance", arguments: [
        ("flag-sudden-5", ["red-flags.urgent"]), ("flag-sudden-3", ["red-flags.advisory"]), ("flag-sudden-1", ["red-flags.advisory"]),
        ("flag-gradual-5", []), ("flag-moderate-5", []), ("flag-not-sure-5", []),
        ("flag-aura-visual", ["red-flags.aura-visual"]), ("flag-aura-only", []), ("flag-visual-only", []),
    ])
    func redFlags(profile: String, expected: [String]) throws {
        #expect(try shown(profile, "2024-05-01", "red-flags") == expected, "\(profile)")
        #expect(try shown(profile, "2024-05-01", "red-flags@1") == expected, "\(profile) at version 1")
    }

    @Test("gates: one below and at each", arguments: [
        ("gate-4-headaches", "trigger-cooccurrence", "progress:resolved headaches"),
        ("gate-5-headaches", "trigger-cooccurrence", "progress:no clear pattern"),
        ("gate-9-with-weather", "weather-correlation", "progress:resolved headaches with weather"),
        ("gate-10-with-weather", "weather-correlation", "progress:no clear pattern"),
        ("sleep-4-short-nights", "sleep-correlation", "progress:nights under 6 hours"),
        ("sleep-5-short-nights", "sleep-correlation", "progress:no clear pattern"),
    ])
    func gates(profile: String, module: String, expected: String) throws {
        #expect(try shown(profile, "2024-05-31", module) == [expected], "\(profile)")
    }

    @Test("marker status at and either side of each range boundary", arguments: [
        ("marker-ldl-99.9", false), ("marker-ldl-100", false), ("marker-ldl-100.1", true),
        ("marker-hdl-39.9", true), ("marker-hdl-40", false), ("marker-hdl-40.1", false),
        ("marker-sodium-134.9", true), ("marker-sodium-135", false), ("marker-sodium-145", false), ("marker-sodium-145.1", true),
    ])
    func markerStatus(profile: String, outOfRange: Bool) throws {
        #expect(try shown(profile, "2024-05-31", "marker-trends") == (outOfRange ? ["marker-trends.out-of-range"] : []), "\(profile)")
    }

    @Test("a reading is judged on the scale of the unit the lab reported; version 1 flags the converted value",
          arguments: [
            ("lab-unit-fasting-glucose-5.5", false, true), ("lab-unit-fasting-glucose-5.6", true, true),
            ("lab-unit-ldl-2.6", false, true), ("lab-unit-ldl-2.7", true, true),
            ("lab-unit-a1c-38", false, true), ("lab-unit-a1c-39", true, true),
          ])
    func labUnits(profile: String, outOfRange: Bool, versionOneFlags: Bool) throws {
        #expect(try shown(profile, "2024-05-31", "marker-trends") == (outOfRange ? ["marker-trends.out-of-range"] : []), "\(profile)")
        #expect(try shown(profile, "2024-05-31", "marker-trends@1") == (versionOneFlags ? ["marker-trends.out-of-range"] : []),
                "\(profile) at version 1")
    }
}
