import Foundation
import Testing

/// Runs over a population through the binary: the same bytes on any number of workers, shards
/// merged into exactly the unsharded output, and merges that cannot be right refused.
@Suite("Population runs: workers, shards and merge")
struct PopulationCommandTests {
    let scratch = Scratch()

    /// A small population of the scale scenario (shared hourly weather, medications), imported.
    func population(profiles: Int = 24, days: Int = 90) throws -> String {
        let directory = scratch.path + "/population"
        let made = try CLI.run(["synth", "population", "--profiles", String(profiles), "--days", String(days), "--out", directory])
        #expect(made.status == 0, "\(made.error)")
        let database = scratch.path + "/population.sqlite"
        let imported = try CLI.run(["import", directory, "--into", database, "--now", "2026-01-01"])
        #expect(imported.status == 0, "\(imported.error)")
        return database
    }

    @Test("insights and replay give the same bytes on one, two and five workers")
    func workersDoNotChangeOutput() throws {
        let database = try population()
        for command in [["insights", database], ["insights", database, "--format", "json"],
                        ["replay", database, "--step", "week"], ["replay", database, "--step", "week", "--format", "json"]] {
            let one = try CLI.run(command + ["--jobs", "1"])
            #expect(one.status == 0, "\(one.error)")
            #expect(!one.output.isEmpty)
            for jobs in ["2", "5"] {
                let many = try CLI.run(command + ["--jobs", jobs])
                #expect(many.output == one.output, "\(command) on \(jobs) workers")
            }
        }
    }

    @Test("shards merged in any order are byte for byte the unsharded output, text and JSON")
    func shardsMergeExactly() throws {
        let database = try population()
        for command in [["insights", database], ["replay", database, "--step", "month"]] {
            let whole = try CLI.run(command), wholeJSON = try CLI.run(command + ["--format", "json"])
            var files: [String] = []
            var held = 0
            for k in 1...3 {
                let file = scratch.path + "/\(command[0])-\(k).shard"
                let shard = try CLI.run(command + ["--shard", "\(k)/3", "--out", file])
                #expect(shard.status == 0, "\(shard.error)")
                held += try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").count - 1
                files.append(file)
            }
            #expect(held == 24, "every profile in exactly one shard")
            let merged = try CLI.run(["merge"] + files.reversed())
            #expect(merged.status == 0, "\(merged.error)")
            #expect(merged.output == whole.output)
            let mergedJSON = try CLI.run(["merge", "--format", "json"] + files)
            #expect(mergedJSON.output == wholeJSON.output)
        }
    }

    @Test("shards computed from copies of the dataset at different paths (other machines) merge into the unsharded output")
    func shardsFromCopies() throws {
        let database = try population()
        let copy = scratch.path + "/elsewhere/copy.sqlite"
        try FileManager.default.createDirectory(atPath: scratch.path + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: database, toPath: copy)
        let first = scratch.path + "/copy-1", second = scratch.path + "/copy-2"
        #expect(try CLI.run(["insights", database, "--shard", "1/2", "--out", first]).status == 0)
        #expect(try CLI.run(["insights", copy, "--shard", "2/2", "--out", second]).status == 0)
        let merged = try CLI.run(["merge", first, second])
        #expect(merged.status == 0, "\(merged.error)")
        #expect(merged.output == (try CLI.run(["insights", database])).output)
    }

    @Test("evaluate in shards, merged in any order, is byte for byte the unsharded report, text and JSON, on any number of workers")
    func evaluateShardsMergeExactly() throws {
        let command = ["evaluate", "null", "factor-effect", "--module", "trigger-cooccurrence", "--module", "sleep-correlation@1",
                       "--profiles", "16", "--seeds", "2"]
        let whole = try CLI.run(command + ["--jobs", "1"]), wholeJSON = try CLI.run(command + ["--format", "json"])
        #expect(whole.status == 0 && wholeJSON.status == 0, "\(whole.error)")
        var files: [String] = []
        var held = 0
        for k in 1...3 {
            let file = scratch.path + "/evaluate-\(k).shard"
            let shard = try CLI.run(command + ["--shard", "\(k)/3", "--out", file, "--jobs", k == 2 ? "1" : "2"])
            #expect(shard.status == 0, "\(shard.error)")
            held += try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").count - 1
            files.append(file)
        }
        #expect(held == 2 * 16 * 2, "every profile of each scenario and seed in exactly one shard")
        let merged = try CLI.run(["merge"] + files.reversed())
        #expect(merged.status == 0, "\(merged.error)")
        #expect(merged.output == whole.output)
        #expect(try CLI.run(["merge", "--format", "json"] + [files[1], files[0], files[2]]).output == wholeJSON.output)
        // Shards of another setting are another run.
        let other = scratch.path + "/evaluate-other.shard"
        #expect(try CLI.run(command + ["--set", "trigger-cooccurrence.alpha=0.1", "--shard", "1/3", "--out", other]).status == 0)
        let mixed = try CLI.run(["merge", other, files[1], files[2]])
        #expect(mixed.status != 0 && mixed.output.isEmpty)
    }

    @Test("a merge missing a share, holding one twice, mixing runs or with a cut shard is refused and prints nothing")
    func badMergesRefused() throws {
        let database = try population()
        var files: [String] = []
        for k in 1...2 {
            let file = scratch.path + "/s\(k)"
            #expect(try CLI.run(["insights", database, "--shard", "\(k)/2", "--out", file]).status == 0)
            files.append(file)
        }
        let missing = try CLI.run(["merge", files[0]])
        #expect(missing.status != 0)
        #expect(missing.output.isEmpty)
        #expect(missing.error.contains("2/2"))
        let twice = try CLI.run(["merge", files[0], files[0], files[1]])
        #expect(twice.status != 0)
        #expect(twice.error.contains("1/2"))
        let other = scratch.path + "/other"
        #expect(try CLI.run(["insights", database, "--shard", "2/2", "--out", other, "--as-of", "2025-12-01"]).status == 0)
        let mixed = try CLI.run(["merge", files[0], other])
        #expect(mixed.status != 0)
        #expect(mixed.error.contains("another run"))
        // Shards of another population (the same scenario, fewer days) are another run.
        let directory = scratch.path + "/population-b"
        #expect(try CLI.run(["synth", "population", "--profiles", "24", "--days", "80", "--out", directory]).status == 0)
        let otherDataset = scratch.path + "/population-b.sqlite"
        #expect(try CLI.run(["import", directory, "--into", otherDataset, "--now", "2026-01-01"]).status == 0)
        let otherData = scratch.path + "/other-data"
        #expect(try CLI.run(["insights", otherDataset, "--shard", "2/2", "--out", otherData]).status == 0)
        let mixedData = try CLI.run(["merge", files[0], otherData])
        #expect(mixedData.status != 0 && mixedData.output.isEmpty)
        #expect(mixedData.error.contains("another run"))
        // A shard whose last profile was cut off (a killed run).
        let text = try String(contentsOfFile: files[1], encoding: .utf8)
        let cut = scratch.write("cut", text.split(separator: "\n").dropLast().joined(separator: "\n") + "\n")
        let short = try CLI.run(["merge", files[0], cut])
        #expect(short.status != 0)
        #expect(short.output.isEmpty)
        #expect(short.error.contains("cut short"))
        let garbage = try CLI.run(["merge", scratch.write("garbage", "hello\n"), files[1]])
        #expect(garbage.status != 0)
        #expect(garbage.error.contains("garbage:1"))
    }

    @Test("--shard takes K/N with 1 <= K <= N; --out needs --shard")
    func shardArguments() throws {
        let database = try population(profiles: 3, days: 30)
        for bad in ["0/2", "3/2", "1/0", "a/b", "1"] {
            let result = try CLI.run(["insights", database, "--shard", bad])
            #expect(result.status != 0, "--shard \(bad)")
        }
        #expect(try CLI.run(["insights", database, "--out", scratch.path + "/x"]).status != 0)
        #expect(try CLI.run(["insights", database, "--jobs", "0"]).status != 0)
        // N = 1: one shard holding everyone merges into the whole output.
        let file = scratch.path + "/one"
        #expect(try CLI.run(["insights", database, "--shard", "1/1", "--out", file]).status == 0)
        #expect(try CLI.run(["merge", file]).output == (try CLI.run(["insights", database])).output)
    }

    @Test("a shard file goes where --out says, its folder made; never over the dataset or a scenario, never silently elsewhere")
    func shardOutput() throws {
        let database = try population(profiles: 3, days: 30)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let nested = scratch.path + "/new/folder/1.jsonl"
        let written = try CLI.run(["insights", database, "--shard", "1/1", "--out", nested])
        #expect(written.status == 0 && written.output.isEmpty)
        #expect(try String(contentsOfFile: nested, encoding: .utf8).hasPrefix("{\"cairn_shard\":1,"))
        let onDataset = try CLI.run(["replay", database, "--shard", "1/2", "--out", database])
        #expect(onDataset.status != 0 && onDataset.output.isEmpty)
        #expect(onDataset.error == "cairn: error: --out \(database) is the dataset; it would be overwritten. Choose another path\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
        let unwritable = try CLI.run(["insights", database, "--shard", "1/1", "--out", "/proc/cairn-shard"])
        #expect(unwritable.status != 0 && unwritable.output.isEmpty)
        #expect(unwritable.error.hasPrefix("cairn: error: cannot write /proc/cairn-shard: "))
        let null = try String(contentsOfFile: WorkbenchTests.root.appendingPathComponent("Datasets/scenarios/null.yml").path, encoding: .utf8)
        let scenario = scratch.write("mine.yml", null)
        let onScenario = try CLI.run(["evaluate", scenario, "--module", "trigger-cooccurrence", "--profiles", "2", "--shard", "1/2",
                                      "--out", scenario])
        #expect(onScenario.status != 0)
        #expect(try String(contentsOfFile: scenario, encoding: .utf8) == null)
    }

    @Test("one command imports a population whose medications name headaches of the same import, without a warning")
    func medicationsNameHeadachesOfTheSameImport() throws {
        let directory = scratch.path + "/population"
        #expect(try CLI.run(["synth", "population", "--profiles", "4", "--days", "60", "--out", directory]).status == 0)
        let result = try CLI.run(["import", directory, "--into", scratch.path + "/p.sqlite", "--now", "2026-01-01"])
        #expect(result.status == 0)
        #expect(!result.output.contains("unknown_headache"), "\(result.output)")
        #expect(!result.output.contains("has no headache"))
        // A medication naming a headache nobody logged still gets the warning.
        let medications = try String(contentsOfFile: directory + "/medications.csv", encoding: .utf8)
        let lines = medications.split(separator: "\n")
        #expect(lines.count > 2)
        let strayed = scratch.path + "/stray"
        try FileManager.default.createDirectory(atPath: strayed, withIntermediateDirectories: true)
        try (String(lines[0]) + "\n" + "p000001,2025-03-01T08:00:00+01:00,ibuprofen,true,no-such-headache\n")
            .write(toFile: strayed + "/medications.csv", atomically: true, encoding: .utf8)
        let stray = try CLI.run(["import", strayed, "--into", scratch.path + "/p.sqlite", "--now", "2026-01-01"])
        #expect(stray.output.contains("no-such-headache"), "\(stray.output)")
    }
}
