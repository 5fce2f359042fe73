@testable import CairnAnalysis
import CairnCore
import CairnModules
import CairnStore
import Foundation
import Testing

/// The listings' JSON written by `JSONWriter` is the very bytes the encoder wrote: every
/// insight, withheld insight, event and gate of the demo dataset, and a replay's shard line.
@Suite("Listing JSON without the encoder")
struct OutputJSONTests {
    static let shared: (reports: [InsightReport], replay: Replay.Result) = {
        do {
            let all = try ProfileSource(try Dataset.open(ReplayTests.demo, now: 1_795_348_800)).loadAll()
            let registry = ModuleHost.registry()
            let runs = registry.latest.map { ModuleRun(descriptor: $0, parameters: ParameterValues(specs: $0.parameters)) }
            let engine = try ModuleHost.engine()
            let reports = try all.map { try engine.run(runs, on: $0, asOf: 1_795_348_800) }
            let lena = all.first { $0.profile.id == "lena" }!
            let replay = try Replay(engine: engine).run(runs, on: lena, days: Replay.days(
                from: CalendarDay(iso: "2026-03-01")!, to: CalendarDay(iso: "2026-05-31")!, step: .day))
            return (reports, replay)
        } catch {
            fatalError("the demo run failed: \(error)")
        }
    }()

    @Test("insights and withheld insights of every module on every demo profile")
    func insights() {
        let reports = OutputJSONTests.shared.reports
        #expect(reports.map(\.insights.count).reduce(0, +) > 20)
        for report in reports {
            for insight in report.insights { #expect(insight.prettyJSON == ProfileOutput.item(insight)) }
            for withheld in report.withheld { #expect(withheld.prettyJSON == ProfileOutput.item(withheld)) }
            let output = report.output(index: 3)
            #expect(ShardFile.line(output) == OutputJSONTests.encodedLine(output))
        }
    }

    @Test("a replay's events, gates and shard line")
    func replay() {
        let result = OutputJSONTests.shared.replay
        #expect(result.events.contains { !$0.evidence.isEmpty })
        for event in result.events { #expect(event.prettyJSON == ProfileOutput.item(event)) }
        for gate in result.gates { #expect(gate.prettyJSON == ProfileOutput.item(gate)) }
        let output = result.output(index: 7)
        #expect(ShardFile.line(output) == OutputJSONTests.encodedLine(output))
    }

    @Test("a listing of items written nested is the listing of items nested after (as from a shard file)")
    func nestedItems() {
        func assembled(_ layout: OutputAssembler.Layout, _ output: ProfileOutput) -> String {
            var text = ""
            var assembler = OutputAssembler(format: .json, layout: layout) { text += $0 }
            assembler.add(output)
            assembler.finish()
            return text
        }
        for report in OutputJSONTests.shared.reports {
            let layout = InsightReport.layout(disclaimer: report.disclaimer, footer: report.footer)
            let nested = report.output(index: 0, format: .json)
            #expect(nested.itemsNested && !report.output(index: 0).itemsNested)
            #expect(assembled(layout, nested) == assembled(layout, report.output(index: 0)))
        }
        let replay = OutputJSONTests.shared.replay
        #expect(assembled(Replay.Result.layout, replay.output(index: 0, format: .json))
                    == assembled(Replay.Result.layout, replay.output(index: 0)))
    }

    @Test("only the evidence values that differ are flattened, and the changes are the same")
    func evidenceChanges() {
        let before: [String: Evidence] = ["a": .integer(1), "b": .object(["x": .number(0.0), "y": .text("t")]), "c": .list([.flag(true)]),
                                          "gone": .number(2)]
        let after: [String: Evidence] = ["a": .integer(1), "b": .object(["x": .number(-0.0), "y": .text("t")]), "c": .list([.flag(true)]),
                                         "new": .number(.nan)]
        let (old, new) = Replay.differing(before, after)
        #expect(Set(old.keys) == ["b", "gone"] && Set(new.keys) == ["b", "new"])
        let dotted: [String: Evidence] = ["a.b": .integer(1), "a": .object(["b": .integer(1)])]
        #expect(Replay.differing(dotted, dotted).old.count == 2)
    }

    /// A line as `ShardFile.line` encoded every value before.
    static func encodedLine<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(value), as: UTF8.self) + "\n"
    }
}
