import Foundation
import Testing

@Suite("cairn insights, modules and lint-copy")
struct InsightsCommandTests {
    var demo: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Datasets/demo").path
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try CLI.run(arguments)
        #expect(result.status == 0, "\(result.error)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    }

    @Test("the bundled catalog passes its rules whole: cairn lint-copy --catalog (the guard lints each template on first use)")
    func bundledCatalog() throws {
        let result = try CLI.run(["lint-copy", "--catalog"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.hasPrefix("The catalog's ") && result.output.hasSuffix(" entries pass the rules of their modules.\n"))
    }

    @Test("lint-copy --lines names each case's own line, though the copy holds a line separator or CRLF ends")
    func lintLinesPlaces() throws {
        let input = "Logged 3 times.\u{2028}The worst is behind you.\r\nLogged 4 times.\r\nYou have migraine.\n"
        let result = try CLI.run(["lint-copy", "--lines", "--rules-only"], input: input)
        #expect(result.status == 1)
        let places = result.output.split(separator: "\n").map { $0.split(separator: ":").prefix(3).joined(separator: ":") }
        // Line 1 holds the forecast after its separator ("worst", column 21); line 3 the condition.
        #expect(places.contains("<stdin>:1:21"), "\(result.output)")
        #expect(places.contains("<stdin>:3:1"), "\(result.output)")
        #expect(!places.contains { $0.hasPrefix("<stdin>:2:") }, "\(result.output)")
    }

    @Test("every demo profile gets findings, nothing is withheld, and every printed text passes lint-copy")
    func demoFindings() throws {
        let report = try json(["insights", demo, "--format", "json"])
        let insights = try #require(report["insights"] as? [[String: Any]])
        #expect((report["withheld"] as? [Any])?.isEmpty == true)
        let profiles = Set(insights.compactMap { $0["kind"] as? String == "finding" ? $0["profile"] as? String : nil })
        #expect(profiles == ["ade", "ife", "lena", "maya", "ngozi", "tobi"])
        for insight in insights {
            #expect(Set(insight.keys).isSuperset(of: ["module", "version", "profile", "as_of", "kind", "subject", "text",
                                                      "evidence", "non_default"]))
        }
        let texts = Set(insights.compactMap { $0["text"] as? String }).sorted().joined(separator: "\n")
        let file = NSTemporaryDirectory() + "cairn-texts-" + UUID().uuidString
        try Data(texts.utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        // Approved texts pass only for their own modules, so check each insight with its module.
        for insight in insights {
            let module = insight["module"] as! String
            let single = file + "-one"
            try Data((insight["text"] as! String).utf8).write(to: URL(fileURLWithPath: single))
            #expect(try CLI.run(["lint-copy", single, "--module", module]).status == 0, "\(insight["text"]!)")
            try? FileManager.default.removeItem(atPath: single)
        }
    }

    @Test("the headache diary: the overuse warning in May, sudden-onset alerts on their days")
    func diary() throws {
        let may = try json(["insights", demo, "--profile", "lena", "--module", "medication-overuse", "--as-of", "2026-05-31", "--format", "json"])
        let warning = try #require((may["insights"] as? [[String: Any]])?.first)
        #expect((warning["text"] as? String)?.hasPrefix("You've logged acute medication for headache relief") == true)
        #expect((warning["evidence"] as? [String: Any])?["acute_days"] as? Int == 14)
        let june = try json(["insights", demo, "--profile", "lena", "--module", "medication-overuse", "--as-of", "2026-06-01", "--format", "json"])
        #expect((june["insights"] as? [Any])?.isEmpty == true)
    }

    @Test("without --as-of the output is the same run after run, and equals --as-of latest")
    func deterministic() throws {
        let first = try CLI.run(["insights", demo])
        #expect(first.status == 0)
        #expect(try CLI.run(["insights", demo]).output == first.output)
        #expect(try CLI.run(["insights", demo, "--as-of", "latest"]).output == first.output)
        // The dataset's latest event: ife's, on 2026-11-18.
        #expect(try CLI.run(["insights", demo, "--as-of", "dataset-latest"]).output
                == CLI.run(["insights", demo, "--as-of", "2026-11-18"]).output)
    }

    @Test("each profile is evaluated at the end of its own latest day, shown above its insights")
    func ownLatestDay() throws {
        // Lena's last row in the demo CSVs: weather at 2026-08-31T22:00:00Z, 00:00 on 2026-09-01 in Berlin.
        let lena = try CLI.run(["insights", demo, "--profile", "lena"])
        #expect(lena.output == (try CLI.run(["insights", demo, "--profile", "lena", "--as-of", "2026-09-01"])).output)
        #expect(lena.output.hasPrefix("lena  as of 2026-09-01T23:59:59+02:00\n"))
        // Ade's readings end in February; her dental visit on 2026-09-10 (before the dataset's last day) counts.
        let all = try CLI.run(["insights", demo]).output
        #expect(all.contains("ade  as of 2026-09-10T23:59:59+10:00\n"))
        #expect(all.contains("lena  as of 2026-09-01T23:59:59+02:00\n"))
        let json = try json(["insights", demo, "--profile", "lena", "--format", "json"])
        let asOfs = Set(((json["insights"] as? [[String: Any]]) ?? []).compactMap { $0["as_of"] as? String })
        #expect(asOfs == ["2026-09-01T23:59:59+02:00"])
    }

    @Test("--set marks output non-default; bad settings and modules are misuse (exit 2)")
    func settings() throws {
        let report = try json(["insights", demo, "--profile", "lena", "--module", "medication-overuse", "--as-of", "2026-03-31",
                               "--set", "medication-overuse.threshold_days=5", "--format", "json"])
        let insight = try #require((report["insights"] as? [[String: Any]])?.first)
        #expect(insight["non_default"] as? Bool == true)
        #expect(try CLI.run(["insights", demo, "--module", "medication-overuse", "--set", "medication-overuse.threshold_days=0"]).status == 2)
        #expect(try CLI.run(["insights", demo, "--module", "nonsense"]).status == 2)
        #expect(try CLI.run(["insights", demo, "--as-of", "yesterday"]).status == 2)
        #expect(try CLI.run(["insights", demo, "--profile", "nobody"]).status == 2)
    }

    @Test("weather-correlation@1 and @2 can run side by side")
    func versions() throws {
        let report = try json(["insights", demo, "--profile", "lena", "--module", "weather-correlation@1", "--module",
                               "weather-correlation@2", "--as-of", "2026-03-20", "--format", "json"])
        let insights = report["insights"] as? [[String: Any]] ?? []
        // In March's first weeks lena has more than 3 but fewer than 10 resolved headaches: the
        // old gate is open, the new one shows progress.
        #expect(!insights.contains { $0["version"] as? Int == 1 && $0["kind"] as? String == "progress" })
        let progress = try #require(insights.first { $0["version"] as? Int == 2 })
        #expect(progress["kind"] as? String == "progress")
        let gates = (progress["evidence"] as? [String: Any])?["gates"] as? [[String: Any]]
        let have = try #require(gates?.first?["have"] as? Int)
        #expect(have >= 3 && have < 10)
    }

    @Test("modules lists every registered version with parameters, defaults and ranges")
    func modules() throws {
        let result = try CLI.run(["modules", "--format", "json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        let keys = list.map { "\($0["id"]!)@\($0["version"]!)" }
        #expect(keys.contains("weather-correlation@1") && keys.contains("weather-correlation@2") && keys.contains("red-flags@1"))
        let moh = try #require(list.first { $0["id"] as? String == "medication-overuse" })
        let parameter = try #require((moh["parameters"] as? [[String: Any]])?.first)
        #expect(parameter["name"] as? String == "threshold_days" && parameter["default"] as? Double == 10)
        #expect(parameter["minimum"] as? Double == 1 && parameter["maximum"] as? Double == 31)
        #expect(try CLI.run(["modules"]).output.contains("threshold_days = 10  (1..31)"))
    }
}
