import Foundation
import Testing

@Suite("The workbench: -c, piped input, notebooks, replay and diff")
struct WorkbenchTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    var demo: String { WorkbenchTests.root.appendingPathComponent("Datasets/demo").path }
    let scratch = Scratch()

    @Test("-c runs commands in order and stops at the first error with exit 1")
    func commands() throws {
        let result = try CLI.run([demo, "-c", ".profile lena; .asof 2026-05-31; .run medication-overuse; .nonsense; .profiles"])
        #expect(result.status == 1)
        #expect(result.output.contains("acute_days=14"))
        #expect(!result.output.contains("Lena Hoffmann"))
        #expect(result.error.hasPrefix("Error: unknown command .nonsense"))
        #expect(result.error.split(separator: "\n").count == 1)
    }

    @Test("piped commands run the same way, without prompt or colour")
    func piped() throws {
        let result = try CLI.run([demo], input: ".format json\nSELECT count(*) AS n FROM headaches;\n")
        #expect(result.status == 0)
        #expect(result.output == "[\n  {\n    \"n\" : 38\n  }\n]\n")
        #expect(!result.output.contains("cairn>") && !result.output.contains("\u{1B}["))
    }

    @Test("a statement that would write is refused and changes nothing")
    func refusedWrite() throws {
        let target = scratch.path + "/demo.sqlite"
        #expect(try CLI.run(["import", demo, "--into", target, "--now", "2026-11-22"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        let result = try CLI.run([target, "-c", "DELETE FROM readings; SELECT 1"])
        #expect(result.status == 1)
        #expect(result.error == "Error: refused: this statement would change the dataset, and SQL here is read-only; nothing was changed\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
        #expect(try CLI.run([target, "-c", "DROP TABLE readings"]).status == 1)
        #expect(try CLI.run([target, "-c", "SELECT count(*) FROM readings"]).output.contains("244"))
    }

    @Test("every notebook in Notebooks/ passes cairn check")
    func notebooks() throws {
        let folder = WorkbenchTests.root.appendingPathComponent("Notebooks").path
        let notebooks = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") }.sorted()
        #expect(notebooks.count >= 5)
        let result = try CLI.run(["check"] + notebooks.map { folder + "/" + $0 })
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.split(separator: "\n").allSatisfy { $0.hasPrefix("ok ") })
    }

    @Test("check fails with a unified diff when a module's output changes")
    func checkFails() throws {
        let original = try String(contentsOf: WorkbenchTests.root.appendingPathComponent("Notebooks/medication-overuse-month.md"), encoding: .utf8)
        // The same notebook, its first overuse run now with a threshold the month does not reach.
        let changed = original.replacingOccurrences(of: "```cairn\n.run medication-overuse\n```", with: "```cairn\n.run medication-overuse threshold_days=20\n```")
        #expect(changed != original)
        let copy = scratch.write("Notebooks/changed.md", changed)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/Datasets", withDestinationPath: WorkbenchTests.root.appendingPathComponent("Datasets").path)
        let result = try CLI.run(["check", copy])
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("changed  \(copy)\n--- \(copy) block 2 (recorded)\n+++ \(copy) block 2 (now)\n"))
        #expect(result.output.contains("-lena  medication-overuse@1 awareness 2026-05"))
        #expect(result.output.contains("+No insights."))
        // --update records the new output; check passes again.
        #expect(try CLI.run(["run", copy, "--update"]).status == 0)
        #expect(try CLI.run(["check", copy]).status == 0)
    }

    @Test(".save writes a notebook that cairn check accepts")
    func save() throws {
        let notebook = scratch.path + "/saved.md"
        let result = try CLI.run([demo, "-c", ".asof 2026-05-31; .profile lena; .run medication-overuse; SELECT count(*) FROM sleep; .save \(notebook)"])
        #expect(result.status == 0)
        let text = try String(contentsOfFile: notebook, encoding: .utf8)
        #expect(text.contains("```cairn\n.open "))
        #expect(text.contains(".asof 2026-05-31"))
        #expect(try CLI.run(["check", notebook]).status == 0)
    }

    @Test("a notebook whose first block does not pin dataset and date is refused")
    func unpinned() throws {
        let notebook = scratch.write("bad.md", "# No pin\n\n```cairn\n.profiles\n```\n")
        let result = try CLI.run(["check", notebook])
        #expect(result.status == 2)
        #expect(result.error.contains("the first block must pin the dataset and date"))
    }

    @Test("replay in JSON lists events with their keys; diff of two snapshots exits 1 on differences")
    func replayAndDiff() throws {
        let replay = try CLI.run(["replay", demo, "--profile", "lena", "--module", "medication-overuse", "--from", "2026-05-01",
                                  "--to", "2026-06-05", "--format", "json"])
        #expect(replay.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(replay.output.utf8)) as? [String: Any])
        let events = try #require(json["events"] as? [[String: Any]])
        #expect(events.map { $0["change"] as? String } == ["appeared", "disappeared"])
        #expect(Set(events[0].keys).isSuperset(of: ["step", "profile", "module", "version", "change", "kind", "subject", "text"]))
        let may = scratch.path + "/may.json", june = scratch.path + "/june.json"
        try Data(try CLI.run(["insights", demo, "--profile", "lena", "--as-of", "2026-05-31", "--format", "json"]).output.utf8).write(to: URL(fileURLWithPath: may))
        try Data(try CLI.run(["insights", demo, "--profile", "lena", "--as-of", "2026-06-30", "--format", "json"]).output.utf8).write(to: URL(fileURLWithPath: june))
        #expect(try CLI.run(["diff", may, may]).status == 0)
        let diff = try CLI.run(["diff", may, june])
        #expect(diff.status == 1)
        #expect(diff.output.contains("medication-overuse · lena\n  removed awareness 2026-05"))
        #expect(try CLI.run(["diff", may, scratch.path + "/missing.json"]).status == 2)
    }
}
