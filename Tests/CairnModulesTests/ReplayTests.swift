import CairnAnalysis
import CairnCore
import CairnModules
import CairnStore
import Foundation
import Testing
@testable import MedicationOveruse

/// Replay of the demo dataset's headache diary, day by day over six months. The expected days
/// are worked out here from the rows themselves, independently of the modules.
@Suite("Replay of the demo headache diary")
struct ReplayTests {
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Datasets/demo").path

    /// The diary and its replay, made once for the whole suite.
    static let shared: (lena: ProfileData, result: Replay.Result) = {
        do {
            let all = try ProfileSource(try Dataset.open(ReplayTests.demo, now: 1_795_348_800)).loadAll()
            let lena = all.first { $0.profile.id == "lena" }!
            let registry = ModuleHost.registry()
            // Version 1 of the pattern modules: these tests follow the seed's gates, step by step.
            let runs = try ["trigger-cooccurrence@1", "sleep-correlation@1", "weather-correlation@2", "medication-overuse"].map {
                let descriptor = try registry.lookup($0)
                return ModuleRun(descriptor: descriptor, parameters: ParameterValues(specs: descriptor.parameters))
            }
            let result = try Replay(engine: ModuleHost.engine()).run(runs, on: lena, days: Replay.days(from: CalendarDay(iso: "2026-03-01")!,
                                                                           to: CalendarDay(iso: "2026-08-31")!, step: .day))
            return (lena, result)
        } catch {
            fatalError("the demo replay failed: \(error)")
        }
    }()

    var lena: ProfileData { ReplayTests.shared.lena }
    var result: Replay.Result { ReplayTests.shared.result }

    /// The local day on which the n-th headache was resolved.
    func dayOfResolution(_ n: Int) -> String {
        let days = lena.headaches.compactMap { $0.resolved }.map(\.epochSeconds).sorted()
        return lena.zone.day(ofEpoch: days[n - 1]).description
    }

    func opened(_ module: String, _ gate: String) -> String? {
        result.gates.first { $0.module == module && $0.gate == gate }?.step
    }

    @Test("the general gate opens on the day of the fifth resolved headache, the weather gate on the tenth")
    func headacheGates() {
        #expect(opened("trigger-cooccurrence", "resolved headaches") == dayOfResolution(5))
        #expect(opened("weather-correlation", "resolved headaches") == dayOfResolution(10))
        // Progress until then, findings from then on.
        let trigger = result.events.filter { $0.module == "trigger-cooccurrence" && $0.kind == "progress" }
        #expect(trigger.first { $0.change == .disappeared }?.step == dayOfResolution(5))
    }

    @Test("the sleep gates open the day after the fifth night in each group, once a headache is logged at all")
    func sleepGates() {
        let short = lena.sleep.filter { $0.durationMinutes < 360 }.map(\.nightOf)
        let long = lena.sleep.filter { $0.durationMinutes >= 360 }.map(\.nightOf)
        // The module is silent until the diary holds a headache, and the replay starts on 1 March.
        let speaks = max(lena.headaches[0].onset.day, CalendarDay(iso: "2026-03-01")!)
        #expect(opened("sleep-correlation", "nights under 6 hours") == max(short[4].adding(days: 1), speaks).description)
        #expect(opened("sleep-correlation", "nights of 6 hours or more") == max(long[4].adding(days: 1), speaks).description)
    }

    @Test("the overuse warning appears on the tenth acute day of May and disappears with June")
    func overuse() {
        let mayDays = Set(lena.medications.filter { MedicationOveruse.isAcute($0) && $0.takenAt.day.monthText == "2026-05" }
            .map(\.takenAt.day)).sorted()
        let all = result.events.filter { $0.module == "medication-overuse" }
        // In between, each further acute day is a change of evidence only (the text stays).
        let changes = all.filter { $0.change == .changed }
        #expect(changes.allSatisfy { $0.previousText == nil }, "\(changes)")
        for change in changes {
            let counted = mayDays.filter { $0.description <= change.step }.count
            #expect(change.evidence["acute_days"] == Replay.EvidenceChange(old: String(counted - 1), new: String(counted)), "\(change)")
        }
        #expect(changes.count == mayDays.count - 10)
        let events = all.filter { $0.change != .changed }
        #expect(events.map(\.change) == [.appeared, .disappeared])
        #expect(events.first?.step == mayDays[9].description)
        #expect(events.last?.step == "2026-06-01")
    }

    @Test("replay is incremental: modules run again only when data or their period changed")
    func incremental() throws {
        // Over August the diary continues daily, so most days re-run; over a stretch with no
        // rows at all (after the diary ends), nothing runs again but the first step.
        let registry = ModuleHost.registry()
        // Version 2: its output depends on nothing but the rows (version 3 counts months to the as-of day).
        let descriptor = try registry.lookup("marker-trends@2")
        let run = ModuleRun(descriptor: descriptor, parameters: ParameterValues(specs: descriptor.parameters))
        let quiet = try Replay(engine: ModuleHost.engine()).run([run], on: lena, days: Replay.days(from: CalendarDay(iso: "2026-09-10")!,
                                                                      to: CalendarDay(iso: "2026-10-10")!, step: .day))
        #expect(quiet.steps == 31)
        #expect(quiet.evaluations == 1)
    }

    @Test("steps: weeks of seven days and month ends, always ending on the last day")
    func steps() {
        let from = CalendarDay(iso: "2026-01-15")!, to = CalendarDay(iso: "2026-03-10")!
        #expect(Replay.days(from: from, to: to, step: .week).map(\.description).prefix(3) == ["2026-01-15", "2026-01-22", "2026-01-29"])
        #expect(Replay.days(from: from, to: to, step: .week).last?.description == "2026-03-10")
        #expect(Replay.days(from: from, to: to, step: .month).map(\.description) == ["2026-01-31", "2026-02-28", "2026-03-10"])
        #expect(Replay.days(from: from, to: from, step: .day).count == 1)
    }

    @Test("one identity for replay, .compare and diff: a finding and an awareness on one subject are two insights; a change of kind is the same one")
    func identity() {
        typealias Item = InsightIdentity.Item
        let keys = InsightIdentity.keys([
            Item(scope: "p|m@1", subject: "ldl", isProgress: false),   // a status awareness
            Item(scope: "p|m@1", subject: "ldl", isProgress: false),   // a trend finding on the same marker
            Item(scope: "p|m@1", subject: "ldl", isProgress: true),
            Item(scope: "p|m@1", subject: "hdl", isProgress: false),
            Item(scope: "q|m@1", subject: "ldl", isProgress: false),
        ])
        #expect(keys == ["p|m@1|ldl|insight|0", "p|m@1|ldl|insight|1", "p|m@1|ldl|progress|0", "p|m@1|hdl|insight|0", "q|m@1|ldl|insight|0"])
        #expect(Set(keys).count == keys.count)
        // The same listing with the first insight's kind changed gives the same keys: a change, not a new insight.
        #expect(InsightIdentity.keys([Item(scope: "p|m@1", subject: "ldl", isProgress: false)]) == ["p|m@1|ldl|insight|0"])
    }
}
