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

    @Test(".profile alone shows the choice, --all clears it; a profile chosen under a fixed .asof date is told so (issue 25)")
    func profileChoice() throws {
        let result = try CLI.run([demo, "-c", ".profile; .profile lena; .profile; .asof 2026-05-31; .profile maya; .asof latest; .profile tobi; .profile --all; .profile"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == """
            Commands work on every profile (.profile P chooses one).
            Commands work on lena (.profile --all for every profile).
            As of 2026-05-31, set with .asof (.asof latest for this profile's own latest day).
            Commands now work on every profile.
            Commands work on every profile (.profile P chooses one).

            """)
    }

    @Test(".profile -- P chooses a profile as written, so one whose id is --all can be chosen; a second word without -- is refused")
    func profileNamedLikeTheFlag() throws {
        let copy = scratch.path + "/flag-named"
        try FileManager.default.copyItem(atPath: demo, toPath: copy)
        for name in ["profiles.csv", "readings.csv", "visits.csv"] {
            let url = URL(fileURLWithPath: copy + "/" + name)
            let text = try String(contentsOf: url, encoding: .utf8)
            let renamed = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("tobi,") ? "--all," + $0.dropFirst(5) : String($0) }.joined(separator: "\n")
            try renamed.write(to: url, atomically: true, encoding: .utf8)
        }
        let chosen = try CLI.run([copy, "-c", ".profile -- --all; .profile; .profile --all; .profile"])
        #expect(chosen.status == 0, "\(chosen.error)")
        #expect(chosen.output == """
            Commands work on --all (.profile --all for every profile).
            Commands now work on every profile.
            Commands work on every profile (.profile P chooses one).

            """)
        let twoWords = try CLI.run([copy, "-c", ".profile lena maya"])
        #expect(twoWords.status == 1)
        #expect(twoWords.error.contains(".profile takes one profile; .profile -- PROFILE chooses a profile whose id starts with --"), "\(twoWords.error)")
    }

    @Test(".save, .snapshot and .output never write over a file of an open CSV-folder dataset (issue 25: .save replaced readings.csv with Markdown)")
    func folderDatasetFilesKept() throws {
        let copy = scratch.path + "/demo"
        try FileManager.default.copyItem(atPath: demo, toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy + "/readings.csv"))
        for command in [".save \(copy)/readings.csv", ".snapshot \(copy)/readings.csv", ".save \(copy)/new.md", ".once \(copy)/headaches.csv"] {
            let result = try CLI.run([copy, "-c", ".profile lena; " + command], input: "y\n")
            #expect(result.status == 1, "\(command)")
            #expect(result.error.contains("is inside the open dataset's folder; writing there could replace its data"), "\(command): \(result.error)")
        }
        // Through a link to the folder too (an outside tester's case): a new file is refused as well.
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/link", withDestinationPath: copy)
        let linked = try CLI.run([copy, "-c", ".profile lena; .save \(scratch.path)/link/visits-new.md"])
        #expect(linked.status == 1 && linked.error.contains("is inside the open dataset's folder"), "\(linked.error)")
        #expect(!FileManager.default.fileExists(atPath: copy + "/visits-new.md"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy + "/readings.csv")) == before)
        #expect(!FileManager.default.fileExists(atPath: copy + "/new.md"))
        // Beside the folder is fine.
        #expect(try CLI.run([copy, "-c", ".profile lena; .save \(scratch.path)/review.md"]).status == 0)
    }

    @Test("piped commands run the same way, without prompt or colour")
    func piped() throws {
        let result = try CLI.run([demo], input: ".format json\nSELECT count(*) AS n FROM headaches;\n")
        #expect(result.status == 0)
        #expect(result.output == "[{\"n\":38}]\n")
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
        #expect(result.output.contains("-lena  medication-overuse@2 awareness 2026-05"))
        #expect(result.output.contains("+No insights."))
        // --update records the new output; check passes again.
        #expect(try CLI.run(["run", copy, "--update"]).status == 0)
        #expect(try CLI.run(["check", copy]).status == 0)
    }

    @Test(".save records the commands as typed, each .asof where it was typed, at the notebook width; check accepts it")
    func save() throws {
        let notebook = scratch.path + "/saved.md"
        let result = try CLI.run([demo, "-c", ".profile lena; .asof 2026-05-31; .run medication-overuse; .asof 2026-06-30; "
                                  + ".run medication-overuse; .nonsense; SELECT count(*) AS nights FROM sleep; .save \(notebook)"])
        #expect(result.status == 1, "the .nonsense fails the -c run")
        let again = try CLI.run([demo, "-c", ".profile lena; .asof 2026-05-31; .run medication-overuse; .asof 2026-06-30; "
                                 + ".run medication-overuse; SELECT count(*) AS nights FROM sleep; .save \(notebook)"])
        #expect(again.status == 0, "\(again.error)")
        let text = try String(contentsOfFile: notebook, encoding: .utf8)
        #expect(text.hasPrefix("<!-- cairn: width=100 -->\n"))
        let sources = text.components(separatedBy: "```cairn\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        let opened = String(sources.first?.dropFirst(".open ".count) ?? "")
        #expect(!opened.hasPrefix("/"), "the dataset's path is relative to the notebook")
        #expect(URL(fileURLWithPath: opened, relativeTo: URL(fileURLWithPath: scratch.path + "/")).absoluteURL.standardized.path
                == URL(fileURLWithPath: demo).standardized.path)
        #expect(sources.dropFirst() == [".profile lena", ".asof 2026-05-31", ".run medication-overuse", ".asof 2026-06-30",
                            ".run medication-overuse", "SELECT count(*) AS nights FROM sleep;"], "\(sources)")
        // May is an overuse month (14 acute days, seed 002); June is not: the outputs say so.
        #expect(text.contains("acute_days=14"))
        #expect(try CLI.run(["check", notebook]).status == 0)
    }

    func notebook(_ name: String, _ blocks: String) -> String {
        scratch.write(name, "<!-- cairn: width=100 -->\n# Test\n\n```cairn\n.open \(demo)\n```\n```output\n```\n\n" + blocks)
    }

    @Test("a failing command makes run and check exit 1 unless its block expects an error")
    func failingBlocks() throws {
        let failing = notebook("failing.md", "```cairn\n.profile nobody\n```\n")
        #expect(try CLI.run(["run", failing, "--update"]).status == 1)
        let checked = try CLI.run(["check", failing])
        #expect(checked.status == 1)
        #expect(checked.error.contains("block 2: `.profile nobody` failed: no profile nobody"), "\(checked.error)")
        let expected = notebook("expected.md", "```cairn error\n.profile nobody\n```\n")
        #expect(try CLI.run(["run", expected, "--update"]).status == 0)
        #expect(try CLI.run(["check", expected]).status == 0)
        let wrong = notebook("wrong.md", "```cairn error\n.profile lena\n```\n")
        let result = try CLI.run(["check", wrong])
        #expect(result.status == 1 && result.error.contains("marked error, but every command succeeded"), "\(result.error)")
        let unknown = notebook("unknown.md", "```cairn errors\n.profile lena\n```\n")
        let refused = try CLI.run(["check", unknown])
        #expect(refused.status == 2 && refused.error.contains(":10: unknown block option errors"), "\(refused.error)")
    }

    @Test("a block's mask replaces volatile text before it is recorded and compared")
    func masks() throws {
        let masked = notebook("masked.md", "```cairn mask=\"\\d{4}-\\d{2}-\\d{2}\"\n.mode list\nSELECT date('2026-01-01', '+' || (abs(random()) % 100) || ' days') AS day;\n```\n")
        #expect(try CLI.run(["run", masked, "--update"]).status == 0)
        let text = try String(contentsOfFile: masked, encoding: .utf8)
        #expect(text.contains("```output\nday\n[masked]\n```"), "\(text)")
        #expect(try CLI.run(["check", masked]).status == 0)
        #expect(try CLI.run(["check", masked]).status == 0)
    }

    @Test("check --review accepts or rejects each changed block; a chart is an SVG beside the notebook")
    func reviewAndPictures() throws {
        let path = notebook("review.md", "```cairn\n.profile maya\n.asof 2026-09-21\n.chart ldl hdl\n```\n\n"
                            + "```cairn\n.mode list\nSELECT 2 AS two;\n```\n\n```cairn\nSELECT 3 AS three;\n```\n")
        #expect(try CLI.run(["run", path, "--update"]).status == 0)
        let recorded = try String(contentsOfFile: path, encoding: .utf8)
        #expect(recorded.contains("```\n\n![LDL Cholesterol, HDL Cholesterol — maya, as of 2026-09-21](review.figures/figure-2-1.svg)\n"), "\(recorded)")
        let svg = try String(contentsOfFile: scratch.path + "/review.figures/figure-2-1.svg", encoding: .utf8)
        #expect(svg.hasPrefix("<svg ") && svg.contains("LDL Cholesterol (mg/dL)") && svg.contains("HDL Cholesterol (mg/dL)"))
        #expect(try CLI.run(["check", path]).status == 0)
        // Two outputs go stale: review rejects the first and accepts the second.
        try recorded.replacingOccurrences(of: "two\n2\n", with: "stale\n").replacingOccurrences(of: "three\n3\n", with: "old\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let partly = try CLI.run(["check", path, "--review"], input: "n\ny\n")
        #expect(partly.status == 1 && partly.output.contains("1 block(s) accepted, 1 rejected"), "\(partly.output)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("```output\nstale\n```") && text.contains("```output\nthree\n3\n```"), "\(text)")
        let accepted = try CLI.run(["check", path, "--review"], input: "y\n")
        #expect(accepted.status == 0, "\(accepted.output)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == recorded)
        try "<svg/>".write(toFile: scratch.path + "/review.figures/figure-2-1.svg", atomically: true, encoding: .utf8)
        let changed = try CLI.run(["check", path])
        #expect(changed.status == 1 && changed.output.contains("~picture review.figures/figure-2-1.svg: changed"), "\(changed.output)")
    }

    @Test("a picture moved to another block leaves no stale file behind")
    func stalePictures() throws {
        let chart = "```cairn\n.profile maya\n.asof 2026-09-21\n.chart ldl\n```\n"
        let path = notebook("moved.md", chart)
        #expect(try CLI.run(["run", path, "--update"]).status == 0)
        let folder = scratch.path + "/moved.figures"
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["figure-2-1.svg"])
        // A block before it: the picture is now block 3's.
        _ = notebook("moved.md", "```cairn\n.profiles\n```\n\n" + chart)
        #expect(try CLI.run(["run", path, "--update"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["figure-3-1.svg"])
        #expect(try CLI.run(["check", path]).status == 0)
        // No picture left: no folder.
        _ = notebook("moved.md", "```cairn\n.profiles\n```\n")
        #expect(try CLI.run(["run", path, "--update"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test("a notebook whose first block does not open its dataset is refused")
    func unpinned() throws {
        let notebook = scratch.write("bad.md", "# No pin\n\n```cairn\n.profiles\n```\n")
        let result = try CLI.run(["check", notebook])
        #expect(result.status == 2)
        #expect(result.error.contains("the first block must open the notebook's dataset first"))
    }

    @Test("replay in JSON lists events with their keys; diff of two snapshots exits 1 on differences")
    func replayAndDiff() throws {
        let replay = try CLI.run(["replay", demo, "--profile", "lena", "--module", "medication-overuse", "--from", "2026-05-01",
                                  "--to", "2026-06-05", "--format", "json"])
        #expect(replay.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(replay.output.utf8)) as? [String: Any])
        let events = try #require(json["events"] as? [[String: Any]])
        #expect(events.map { $0["change"] as? String }.filter { $0 != "changed" } == ["appeared", "disappeared"])
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

@Suite("Dot-commands")
struct DotCommandTests {
    let scratch = Scratch()
    var demo: String { WorkbenchTests.root.appendingPathComponent("Datasets/demo").path }

    func run(_ commands: String, on dataset: String? = nil) throws -> CLI.Result {
        try CLI.run([dataset ?? demo, "-c", commands])
    }

    @Test(".help lists every command; .help PREFIX narrows it; a wrong argument count prints the usage")
    func help() throws {
        let all = try run(".help")
        for name in ["open", "import", "tables", "schema", "profiles", "profile", "asof", "modules", "run", "replay", "compare",
                     "snapshot", "chart", "describe", "fit", "cor", "lint", "save", "format", "help", "quit", "read", "mode",
                     "headers", "width", "maxrows", "timer", "output", "once", "markers", "provenance", "open-row", "export", "search", "visits"] {
            #expect(all.output.contains(".\(name) "), "\(name)")
        }
        // .profiles, .profile and .provenance.
        func commands(_ text: String) -> [String] { text.split(separator: "\n").filter { $0.hasPrefix(".") }.map(String.init) }
        #expect(commands(try run(".help pro").output).count == 3)
        #expect(commands(try run(".help prof").output).count == 2)
        // Laid out as sqlite3's .help: 80 columns, descriptions from column 25, a long synopsis on its own line.
        let lines = all.output.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        #expect(lines.contains("                        List tables with their row counts") == false)
        #expect(lines.contains(".tables                 List tables with their row counts"))
        let replay = try #require(lines.firstIndex { $0.hasPrefix(".replay ") })
        #expect(lines[replay + 1].hasPrefix(String(repeating: " ", count: 24) + "When insights appear"))
        let usage = try run(".compare weather-correlation@1")
        #expect(usage.status == 1 && usage.error == "Error: .compare needs ID@A ID@B; usage: .compare ID@A ID@B\n")
        let different = try run(".profile lena; .compare weather-correlation@1 sleep-correlation@1")
        #expect(different.status == 1 && different.output.isEmpty)
        #expect(different.error.hasPrefix("Error: .compare sets two versions of one module side by side"), "\(different.error)")
    }

    @Test(".tables and .schema show the contract tables")
    func tables() throws {
        let tables = try run(".tables").output
        #expect(tables.contains("readings              244"))
        #expect(tables.contains("weather              4440"))
        #expect(try run(".schema sleep").output.hasPrefix("CREATE TABLE sleep(id INTEGER PRIMARY KEY, profile_id TEXT NOT NULL"))
    }

    @Test(".import loads any CSV as a temporary table to explore, and a contract CSV into the dataset")
    func importFiles() throws {
        let csv = scratch.write("pollen.csv", "day,grains\n2026-04-01,120\n2026-04-02,80\n2026-04-03\n")
        let plain = try run(".import \(csv) pollen; SELECT sum(grains) AS total FROM pollen")
        #expect(plain.status == 0)
        #expect(plain.output.contains("Loaded 2 rows of \(csv) into temporary table pollen (not saved to the dataset). Skipped 1 ragged row (lines 4)."))
        #expect(plain.output.contains("200"))
        #expect(try run(".import \(csv)").error.contains("is not a contract table; give a table name"))
        let target = scratch.path + "/copy.sqlite"
        #expect(try CLI.run(["import", demo, "--into", target, "--now", "2026-11-22"]).status == 0)
        let readings = scratch.write("new/readings.csv", "profile_id,marker,value,date\nmaya,ldl,150,2026-10-01\n")
        let contract = try run(".import \(readings); SELECT count(*) AS n FROM readings", on: target)
        #expect(contract.output.contains("Imported 1 of 1 rows"))
        #expect(contract.output.contains("245"))
    }

    @Test(".describe, .fit and .cor compute over a query's columns")
    func statistics() throws {
        let describe = try run(".describe SELECT duration_min FROM sleep WHERE profile_id = 'lena'").output
        #expect(describe.contains("duration_min  184"))
        let fit = try run(".fit SELECT id, value FROM readings WHERE profile_id = 'maya' AND marker = 'ldl'").output
        #expect(fit.contains("slope 95% interval") && fit.contains("R²"))
        let cor = try run(".cor SELECT duration_min, quality FROM sleep").output
        #expect(cor.contains("pearson") && cor.contains("spearman"))
        #expect(try run(".fit SELECT 1").status == 1)
    }

    @Test(".chart draws the readings over time with the band and out-of-range points")
    func chart() throws {
        let chart = try run(".profile maya; .chart ldl").output
        #expect(chart.hasPrefix("LDL Cholesterol (mg/dL), maya\n"))
        #expect(chart.contains("●") && chart.contains("✕") && chart.contains("░"))
        #expect(chart.contains("░ range …–100"))
        #expect(try run(".chart ldl").error.contains("choose a profile first"))
        #expect(try run(".profile maya; .chart cholestrol").error.contains("no marker cholestrol"))
    }

    @Test(".chart MODULE:KEY --step day evaluates each day: Lena's acute days from her tenth in May to the month's end")
    func evidenceChartByDay() throws {
        // Lena's acute days in May 2026 (the medications CSV, by hand): 9, 10, 15, 16, 17, 18,
        // 21, 22, 25, 26, 28, 29, 30, 31. The tenth is the 26th (the warning's threshold); the
        // count is 14 on the 31st, and in June the month starts again, with no insight.
        let svg = scratch.path + "/acute.svg"
        let byDay = try run(".profile lena; .asof 2026-06-30; .chart medication-overuse:acute_days --step day --svg \(svg)")
        #expect(byDay.status == 0)
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.components(separatedBy: "<circle").count - 1 == 6)
        // Week by week (the default) at most one week's end falls in those six days.
        let byWeek = try run(".profile lena; .asof 2026-06-30; .chart medication-overuse:acute_days --svg \(svg)")
        #expect(byWeek.status == 0)
        #expect(try String(contentsOfFile: svg, encoding: .utf8).components(separatedBy: "<circle").count - 1 <= 1)
        #expect(try run(".profile lena; .chart medication-overuse:acute_days --step hour").error
            .contains("--step takes day, week, month"))
    }

    @Test(".compare shows two versions side by side; .snapshot writes what cairn diff reads")
    func compareAndSnapshot() throws {
        let compare = try run(".profile lena; .asof 2026-03-31; .compare weather-correlation@1 weather-correlation@2").output
        #expect(compare.hasPrefix("lena: weather-correlation@1 | weather-correlation@2\n"))
        #expect(compare.contains("≠"))
        let snapshot = scratch.path + "/snap.json"
        #expect(try run(".profile lena; .asof 2026-05-31; .snapshot \(snapshot)").output.hasPrefix("Wrote "))
        #expect(try CLI.run(["diff", snapshot, snapshot]).status == 0)
    }

    @Test(".lint and .format json")
    func lintAndFormat() throws {
        #expect(try run(".lint Poor sleep causes headaches").output.contains("CausalClaims"))
        #expect(try run(".lint Poor sleep came first").output == "Clean.\n")
        #expect(try run(".format json; .profile lena; .asof 2026-05-31; .run medication-overuse").output.contains("\"acute_days\" : 14"))
        #expect(try run(".format yaml").status == 1)
    }

    @Test(".save does not run an export, .output or .snapshot again: it records what each printed (issue 22)")
    func saveKeepsSideEffectsOnce() throws {
        let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path
        let folder = scratch.path + "/save-once"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let export = folder + "/copy.json"
        let result = try CLI.run([demo, "--now", "2026-11-22", "-c",
                                  ".export json \(export); .output \(folder)/out.txt; SELECT 1 AS one; .output; "
                                  + ".snapshot \(folder)/snap.json; SELECT 2 AS two; .save \(folder)/saved.md"])
        #expect(result.status == 0, "\(result.error)")
        let exported = FileManager.default.contents(atPath: export)
        #expect(exported != nil)
        let text = try String(contentsOfFile: folder + "/saved.md", encoding: .utf8)
        // The export ran once: the notebook shows what it printed then, not "exists".
        #expect(text.contains("Exported") && !text.contains("exists"), "\(text)")
        #expect(!text.contains("```cairn error"), "\(text)")
        #expect(FileManager.default.contents(atPath: export) == exported)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["copy.json", "out.txt", "saved.md", "snap.json"])
    }
}
