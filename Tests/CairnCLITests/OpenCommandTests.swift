import Foundation
import Testing

@Suite("cairn and cairn summary")
struct OpenCommandTests {
    @Test("with no arguments, cairn opens the bundled demo dataset")
    func demo() throws {
        let result = try CLI.run(["-c", ".profiles"])
        #expect(result.status == 0)
        #expect(result.output.contains("lena     Lena Hoffmann  Europe/Berlin     adult          0         38       0"))
        let summary = try CLI.run(["summary", demoPath])
        #expect(summary.output.contains("Profiles (6):"))
    }

    @Test("the summary in JSON has stable keys")
    func json() throws {
        let result = try CLI.run(["summary", "--format", "json", demoPath])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(Set(json.keys) == ["dataset", "contract_version", "profiles", "tables"])
        let profiles = try #require(json["profiles"] as? [[String: Any]])
        #expect(profiles.map { $0["profile_id"] as? String } == ["ade", "ife", "lena", "maya", "ngozi", "tobi"])
    }

    @Test("the same dataset gives byte-identical output")
    func deterministic() throws {
        #expect(try CLI.run(["summary", demoPath]).output == CLI.run(["summary", demoPath]).output)
    }

    @Test("a missing dataset is one clear line and exit 2")
    func missing() throws {
        let result = try CLI.run(["summary", "/nonexistent/data.sqlite"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("cairn: error: /nonexistent/data.sqlite: no such file or directory"))
        #expect(result.error.split(separator: "\n").count == 1)
    }

    @Test("a mistyped command gets the command it probably meant, in one line; a word far from any command is opened as a dataset as before")
    func mistypedCommand() throws {
        let result = try CLI.run(["insigths", demoPath])
        #expect(result.status == 2)
        #expect(result.error == "cairn: error: \"insigths\" is not a cairn command, and no file or folder has that name; "
                + "did you mean insights? (`cairn --help` lists the commands)\n")
        #expect(try CLI.run(["sumary", demoPath]).error.contains("did you mean summary?"))
        // No command is near "nothing-here.sqlite": the missing dataset is named as before.
        let missing = try CLI.run(["nothing-here.sqlite", "-c", ".quit"])
        #expect(missing.status == 2 && !missing.error.contains("did you mean"))
    }

    @Test("a reading more than a year after everything else its profile logged is said when a CSV folder opens, and kept (issue 25); 366 days is not, a diary after the gap is not")
    func farAheadReading() throws {
        let scratch = Scratch()
        func folder(_ name: String, readings: String, headaches: String = "p,h1,2026-05-30T08:00,,3\n") -> String {
            scratch.write("\(name)/profiles.csv", "profile_id,time_zone\np,UTC\nq,UTC\n")
            scratch.write("\(name)/headaches.csv", "profile_id,headache_id,onset_at,resolved_at,severity\n" + headaches)
            scratch.write("\(name)/readings.csv", "profile_id,marker,value,date\n" + readings)
            return scratch.path + "/" + name
        }
        // A year after 2026-05-31 is 2027-05-31: 2027-06-01 is past it, 2027-05-31 is not.
        let typo = folder("typo", readings: "p,hdl,55,2026-05-31\np,hdl,56,2027-06-01\nq,hdl,50,2026-01-01\n")
        let opened = try CLI.run(["summary", typo])
        #expect(opened.status == 0)
        #expect(opened.error == "note: \(typo): 1 reading of p dated 2027-06-01, more than a year after p's other rows (latest 2026-05-31); "
                + "kept, and 2027-06-01 is now p's latest day. Check the year, or open with --now DATE to refuse readings after DATE.\n")
        // The REPL's .open says it too, on its output.
        #expect(try CLI.run([typo, "-c", ".open \(typo)"]).output.contains("1 reading of p dated 2027-06-01"))
        let yearOn = folder("year", readings: "p,hdl,55,2026-05-31\np,hdl,56,2027-05-31\n")
        // Across no leap day, 366 days is a year and a day: said (an outside tester's case).
        let leapless = folder("leapless", readings: "p,hdl,52,2025-01-01\np,hdl,55,2026-01-02\n", headaches: "")
        #expect(try CLI.run(["summary", leapless]).error.contains("1 reading of p dated 2026-01-02"))
        #expect(try CLI.run(["summary", yearOn]).error.isEmpty)
        // A diary that goes on after the gap: a real pause, not a slip.
        let pause = folder("pause", readings: "p,hdl,55,2026-05-31\np,hdl,56,2031-01-01\n",
                           headaches: "p,h1,2026-05-30T08:00,,3\np,h2,2031-01-02T08:00,,3\n")
        #expect(try CLI.run(["summary", pause]).error.isEmpty)
        // A profile with readings alone (a lab history): the gap among its own readings.
        let lab = folder("lab", readings: "p,hdl,55,2025-06-01\np,hdl,56,2026-01-01\np,hdl,57,2036-01-01\n", headaches: "")
        #expect(try CLI.run(["summary", lab]).error.contains("1 reading of p dated 2036-01-01, more than a year after p's other rows (latest 2026-01-01)"))
        // With --now the reading is refused as future instead: no note.
        #expect(!(try CLI.run(["summary", typo, "--now", "2026-06-01"]).error.contains("note:")))
    }

    var demoPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Datasets/demo").path
    }
}
