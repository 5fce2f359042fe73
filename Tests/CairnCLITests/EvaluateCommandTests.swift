import Foundation
import Testing

/// `cairn synth SCENARIO` and `cairn evaluate` through the binary: determinism across runs and
/// workers, located errors for a broken scenario, and the evaluation's shape.
@Suite("Synthetic scenarios and evaluation")
struct EvaluateCommandTests {
    let scratch = Scratch()

    func files(_ directory: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            out[name] = FileManager.default.contents(atPath: directory + "/" + name)
        }
        return out
    }

    @Test("synth writes the same bytes for the same arguments, on one worker or two")
    func synthDeterministic() throws {
        let a = scratch.path + "/a", b = scratch.path + "/b", c = scratch.path + "/c"
        #expect(try CLI.run(["synth", "factor-effect", "--profiles", "12", "--days", "40", "--seed", "3", "--out", a, "--jobs", "1"]).status == 0)
        #expect(try CLI.run(["synth", "factor-effect", "--profiles", "12", "--days", "40", "--seed", "3", "--out", b, "--jobs", "2"]).status == 0)
        #expect(try CLI.run(["synth", "factor-effect", "--profiles", "12", "--days", "40", "--seed", "4", "--out", c]).status == 0)
        let first = try files(a)
        #expect(first.keys.sorted() == ["factors.csv", "headaches.csv", "profiles.csv", "readings.csv", "sleep.csv", "weather.csv"])
        #expect(first == (try files(b)))
        #expect(first["headaches.csv"] != (try files(c))["headaches.csv"])
        // 12 profiles, 40 nights each; the dataset opens and imports every row.
        let profiles = String(decoding: first["profiles.csv"]!, as: UTF8.self).split(separator: "\n")
        #expect(profiles.count == 13)
        #expect(String(decoding: first["sleep.csv"]!, as: UTF8.self).split(separator: "\n").count == 1 + 12 * 40)
        let summary = try CLI.run(["summary", a, "--format", "json"])
        #expect(summary.status == 0, "\(summary.error)")
    }

    @Test("a broken scenario is refused with its file, line and key; an unknown one lists the known ones")
    func brokenScenario() throws {
        let path = scratch.write("broken.yml", "description: test\nprofiles: 10\nfactors:\n  caffeine: 1.5\n")
        let result = try CLI.run(["synth", path, "--out", scratch.path + "/x"])
        #expect(result.status == 2)
        #expect(result.error == "cairn: error: broken.yml:4: key 'factors': the prevalence of caffeine must be a number from 0 to 1\n")
        let typo = scratch.write("typo.yml", "description: test\nlogging:\n  free_day: 0.5\n")
        #expect(try CLI.run(["synth", typo, "--out", scratch.path + "/y"]).error
                .hasPrefix("cairn: error: typo.yml:3: key 'free_day': is not a scenario key under logging; allowed:"))
        let unknown = try CLI.run(["evaluate", "no-such-scenario", "--module", "trigger-cooccurrence"])
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("no scenario no-such-scenario; scenarios: after-onset-logging, drift, entry-dropping, factor-effect,"))
    }

    @Test("evaluate gives the same bytes on one worker or two, one row per module setting and effect size")
    func evaluateDeterministic() throws {
        let arguments = ["evaluate", "factor-effect", "--module", "trigger-cooccurrence@2", "--profiles", "9",
                         "--set", "trigger-cooccurrence.min_headaches=5,10", "--format", "json"]
        let one = try CLI.run(arguments + ["--jobs", "1"])
        let two = try CLI.run(arguments + ["--jobs", "2"])
        #expect(one.status == 0, "\(one.error)")
        #expect(one.output == two.output)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(one.output.utf8)) as? [[String: Any]])
        // Two settings, three effect sizes (three profiles each).
        #expect(rows.count == 6)
        #expect(Set(rows.compactMap { $0["setting"] as? String }) == ["min_headaches=5", "min_headaches=10"])
        #expect(rows.map { $0["effect"] as? String } == ["OR=1.5", "OR=2", "OR=3", "OR=1.5", "OR=2", "OR=3"])
        #expect(rows.allSatisfy { ($0["profiles"] as? Int) == 3 && $0["false_finding_ci95"] is [Double] })
        // The oracle's rates beside Cairn's, and the gap between the detection rates.
        for row in rows {
            let detection = try #require(row["detection_rate"] as? Double), oracle = try #require(row["oracle_detection_rate"] as? Double)
            #expect(row["oracle_false_finding_rate"] is Double && row["oracle_detection_ci95"] is [Double])
            #expect(abs((row["detection_gap"] as? Double ?? .nan) - (detection - oracle)) < 1e-12)
        }
        #expect(try CLI.run(["evaluate", "null"]).status == 2)
    }
}

/// Every default version change shows in `cairn diff` between snapshots of the demo taken with
/// the old defaults and with the new ones.
@Suite("Default versions on the demo")
struct DefaultVersionDiffTests {
    let scratch = Scratch()

    @Test("cairn diff lists each module whose default changed, with its version change")
    func diffOfDefaults() throws {
        let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path
        let old = try CLI.run(["insights", demo, "--as-of", "2026-08-31", "--format", "json",
                               "--module", "marker-trends@1", "--module", "trigger-cooccurrence@1", "--module", "sleep-correlation@1",
                               "--module", "weather-correlation@2", "--module", "medication-overuse@1", "--module", "red-flags@1",
                               "--module", "visit-history@1", "--module", "medication-effectiveness@1"])
        let new = try CLI.run(["insights", demo, "--as-of", "2026-08-31", "--format", "json"])
        #expect(old.status == 0 && new.status == 0)
        let diff = try CLI.run(["diff", scratch.write("old.json", old.output), scratch.write("new.json", new.output)])
        #expect(diff.status == 1)
        for change in ["marker-trends · maya", "trigger-cooccurrence · lena", "sleep-correlation · lena", "weather-correlation · lena",
                       "visit-history · maya", "medication-effectiveness · lena"] {
            #expect(diff.output.contains(change), "\(change) missing from the diff")
        }
        #expect(diff.output.contains("(@1 → @2)"))
        #expect(diff.output.contains("added progress no clear pattern"))
        #expect(!diff.output.contains("medication-overuse ·"))
    }
}

@Suite("Scenario settings")
struct ScenarioSettingTests {
    let scratch = Scratch()

    @Test("--set changes exactly the key it names, to any value, defaults included")
    func set() throws {
        // post-headache-logging logs factors on half the free days; setting it back to 1 logs
        // them every day, as the null does.
        let a = scratch.path + "/a", b = scratch.path + "/b"
        #expect(try CLI.run(["synth", "post-headache-logging", "--profiles", "3", "--days", "30", "--out", a,
                             "--set", "logging.free_days=1"]).status == 0)
        #expect(try CLI.run(["synth", "null", "--profiles", "3", "--days", "30", "--out", b]).status == 0)
        #expect(FileManager.default.contents(atPath: a + "/factors.csv") == FileManager.default.contents(atPath: b + "/factors.csv"))
        let bad = try CLI.run(["synth", "null", "--out", scratch.path + "/c", "--set", "logging.free_days=2"])
        #expect(bad.status == 2)
        #expect(bad.error == "cairn: error: --set: key 'free_days': must be a number from 0 to 1\n")
    }
}

@Suite("Small things")
struct SmallThingsTests {
    let scratch = Scratch()

    @Test("cairn --version prints the version and exits 0")
    func version() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output == "0.3.0\n")
    }

    @Test("synth readings makes the folder it writes into")
    func synthFolder() throws {
        let out = scratch.path + "/not/yet/there/readings.csv"
        #expect(try CLI.run(["synth", "readings", "--rows", "5", "--out", out]).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").count == 6)
    }
}
