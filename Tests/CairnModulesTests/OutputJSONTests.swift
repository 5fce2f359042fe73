@testable import CairnAnalysis
import CairnCore
import CairnModules
import CairnStore
import CairnSynth
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

    @Test("replay compares evidence leaves as values before text: the same leaves, and identical only bit for bit")
    func evidenceLeaves() {
        let evidence: [String: Evidence] = ["a": .integer(1), "b": .object(["x": .number(0.5), "y": .list([.text("t"), .flag(true)])]),
                                            "gates": .list([.object(["name": .text("g"), "have": .integer(2)]), .object(["v": .number(.nan)])])]
        #expect(Replay.flattenedValues(evidence).mapValues(\.text) == Replay.flattened(evidence))
        #expect(Set(Replay.flattened(evidence).keys) == ["a", "b.x", "b.y", "gates[g].have", "gates[1].v"])
        #expect(Replay.identical(.object(["x": .list([.number(1)])]), .object(["x": .list([.number(1)])])))
        #expect(!Replay.identical(.number(0.0), .number(-0.0)) && !Replay.identical(.integer(1), .number(1)))
        #expect(!Replay.identical(.object(["x": .integer(1)]), .object(["y": .integer(1)])))
    }

    @Test("a replay event names the same moved leaves whether or not unchanged subtrees are skipped")
    func changedLeavesAgreeWithFlattening() {
        // The diff as first written: flatten both evidences whole, compare every leaf.
        func reference(_ old: [String: Evidence], _ new: [String: Evidence]) -> [String: Replay.EvidenceChange] {
            let a = Replay.flattenedValues(old), b = Replay.flattenedValues(new)
            var changes: [String: Replay.EvidenceChange] = [:]
            for key in Set(a.keys).union(b.keys) {
                if let x = a[key], let y = b[key], Replay.identical(x, y) { continue }
                if a[key]?.text != b[key]?.text { changes[key] = Replay.EvidenceChange(old: a[key]?.text, new: b[key]?.text) }
            }
            return changes
        }
        var random = SeededGenerator(seed: 24)
        func leaf() -> Evidence {
            switch random.next() % 5 {
            case 0: return .integer(Int(random.next() % 4))
            case 1: return .number([0.5, 0.25, -0.0, 0.0, .nan, 1.0000001, 1.0000002][Int(random.next() % 7)])
            case 2: return .text(["a", "b"][Int(random.next() % 2)])
            case 3: return .flag(random.next() % 2 == 0)
            default: return .list([.integer(Int(random.next() % 2))])
            }
        }
        func tree(_ depth: Int) -> Evidence {
            guard depth > 0 else { return leaf() }
            switch random.next() % 4 {
            case 0: return leaf()
            case 1:
                return .list((0..<Int(random.next() % 3)).map { index -> Evidence in
                    var members = ["v": tree(depth - 1)]
                    if random.next() % 3 != 0 { members["name"] = .text(["g", "h", "\(index)"][Int(random.next() % 3)]) }
                    return .object(members)
                })
            default:
                return .object(Dictionary(uniqueKeysWithValues: ["x", "y", "z"].prefix(Int(random.next() % 4)).map { ($0, tree(depth - 1)) }))
            }
        }
        func mutated(_ value: Evidence, _ depth: Int) -> Evidence {
            guard random.next() % 3 == 0 else {
                if case .object(var members) = value, let key = members.keys.sorted().first {
                    members[key] = mutated(members[key]!, depth - 1)
                    if random.next() % 5 == 0 { members["w"] = leaf() }
                    return .object(members)
                }
                return value
            }
            return random.next() % 2 == 0 ? leaf() : tree(depth)
        }
        var moved = 0
        for _ in 0..<3_000 {
            let old = Dictionary(uniqueKeysWithValues: ["p", "q", "r"].prefix(1 + Int(random.next() % 3)).map { ($0, tree(3)) })
            var new = old.mapValues { mutated($0, 3) }
            if random.next() % 4 == 0 { new["s"] = tree(2) }
            if random.next() % 4 == 0 { new["p"] = nil }
            let expected = reference(old, new)
            moved += expected.isEmpty ? 0 : 1
            #expect(Dictionary(uniqueKeysWithValues: Replay.changedLeaves(old, new).entries.map { ($0.key, $0.change) }) == expected)
        }
        #expect(moved > 1_000)
    }

    /// A line as `ShardFile.line` encoded every value before.
    static func encodedLine<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(value), as: UTF8.self) + "\n"
    }
}
