import CairnAnalysis
import CairnCore
import Testing
@testable import RedFlags

@Suite("red-flags")
struct RedFlagsTests {
    func run(_ headaches: [Headache], asOf: String) throws -> InsightReport {
        try Build.run(RedFlags.self, ProfileData(profile: Build.profile(), headaches: headaches), asOf: Build.endOf(asOf))
    }

    @Test("instantaneous and severity 5: the urgent text while active, nothing once resolved")
    func urgent() throws {
        let headache = Build.headache("h1", "2026-05-01T09:00", resolved: "2026-05-03T09:00", severity: 5, speed: .instantaneous)
        let active = try run([headache], asOf: "2026-05-02")
        #expect(active.insights.map(\.text.text) == [Seed.urgentBanner])
        #expect(active.insights[0].kind == .alert)
        #expect(try run([headache], asOf: "2026-05-03").insights.isEmpty)
    }

    @Test("severity at and either side of 4", arguments: [(3, Seed.advisoryNotice), (5, Seed.urgentBanner)])
    func severityBoundary(severity: Int, text: String) throws {
        let headache = Build.headache("h1", "2026-05-01T09:00", severity: severity, speed: .instantaneous)
        #expect(try run([headache], asOf: "2026-05-01").insights.map(\.text.text) == [text])
    }

    @Test("the urgent threshold is a parameter: severity 4 exactly is urgent")
    func exactlyFour() throws {
        let data = ProfileData(profile: Build.profile(),
                               headaches: [Build.headache("h1", "2026-05-01T09:00", severity: 3, speed: .instantaneous)])
        let report = try Build.run(RedFlags.self, data, asOf: Build.endOf("2026-05-01"), set: ["urgent_severity": "3"])
        #expect(report.insights.map(\.text.text) == [Seed.urgentBanner])
    }

    @Test("the advisory shows on the day it was logged only")
    func advisoryDay() throws {
        let headache = Build.headache("h1", "2026-05-01T09:00", severity: 3, speed: .instantaneous)
        #expect(try run([headache], asOf: "2026-05-01").insights.count == 1)
        #expect(try run([headache], asOf: "2026-05-02").insights.isEmpty)
    }

    @Test("not sure (empty), gradual and moderate onset trigger nothing, whatever the severity")
    func noTrigger() throws {
        for speed in [nil, Headache.OnsetSpeed.gradual, .moderate] {
            #expect(try run([Build.headache("h1", "2026-05-01T09:00", severity: 5, speed: speed)], asOf: "2026-05-01").insights.isEmpty)
        }
    }

    @Test("aura with visual disturbance: an alert whose copy passes every rule, marked for review")
    func aura() throws {
        let both = Build.headache("h1", "2026-05-01T09:00", speed: nil, aura: true, visual: true)
        let report = try run([both], asOf: "2026-05-01")
        #expect(report.insights.map(\.text.text) == [Seed.auraAlert])
        #expect(report.insights[0].text.approvedID == nil)
        #expect(report.insights[0].evidence["copy_status"] == .text("awaiting clinical review"))
        #expect(try run([Build.headache("h2", "2026-05-01T09:00", aura: true, visual: false)], asOf: "2026-05-01").insights.isEmpty)
        #expect(try run([Build.headache("h3", "2026-05-01T09:00", aura: false, visual: true)], asOf: "2026-05-01").insights.isEmpty)
    }

    @Test("approved texts are admitted as approved copy")
    func approved() throws {
        let report = try run([Build.headache("h1", "2026-05-01T09:00", severity: 5, speed: .instantaneous)], asOf: "2026-05-01")
        #expect(report.insights[0].text.approvedID == "red-flags.urgent")
    }
}
