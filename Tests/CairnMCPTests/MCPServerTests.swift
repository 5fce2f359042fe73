import CairnCore
import CairnModules
import Foundation
import MCP
import Testing

/// `cairn mcp` driven by the MCP SDK's client over pipes, as an assistant's client drives it.
/// Expected counts are from the demo CSVs (Python's csv module: lena has 38 headaches; maya 23
/// visits; 80 visits in all; six profiles), not from Cairn's output.
@Suite("cairn mcp through a real MCP client", .serialized)
struct MCPServerTests {
    static let tools = ["explain_gate", "list_profiles", "profile_summary", "query_sql", "replay_module", "run_module", "search"]
    /// Each latest built-in module, by id (the cairn://modules resource lists them with versions).
    static let modules = ["calendar-patterns", "marker-trends", "medication-effectiveness", "medication-overuse", "red-flags",
                          "sleep-correlation", "streaks-frequency", "trigger-cooccurrence", "visit-history", "visit-statistics",
                          "weather-correlation"]

    @Test("initialise: the SDK's protocol version, Cairn's name, every tool with an object schema, and read-only hints")
    func initialise() async throws {
        let served = try await ServedDataset(ServedDataset.demo)
        #expect(served.initialized.protocolVersion == Version.latest)
        #expect(served.initialized.serverInfo.name == "cairn")
        #expect(served.initialized.capabilities.tools != nil && served.initialized.capabilities.prompts != nil)
        let tools = try await served.client.listTools().tools
        #expect(tools.map(\.name).sorted() == MCPServerTests.tools)
        for tool in tools {
            #expect(tool.inputSchema.objectValue?["type"] == .string("object"), "\(tool.name)")
            #expect(tool.annotations.readOnlyHint == true && tool.annotations.destructiveHint == false, "\(tool.name)")
            #expect(GuardCheck.unsafe([tool.description ?? ""]).isEmpty, "\(tool.name)'s description")
        }
        #expect(await served.close() == 0)
    }

    @Test("the check the results go through fails a verdict, as `cairn lint-copy` does")
    func checkHasTeeth() {
        #expect(!GuardCheck.unsafe(["You have migraine.", "This pattern suggests diabetes."]).isEmpty)
        #expect(GuardCheck.unsafe(["You logged 12 headaches in March."]).isEmpty)
    }

    @Test("every tool on the demo: values from the CSVs, copy through the guard, and the same bytes twice")
    func demoTools() async throws {
        let served = try await ServedDataset(ServedDataset.demo)
        let profiles = try await served.call("list_profiles")
        GuardCheck.expectGuarded(profiles, "list_profiles")
        let listed = (profiles["data"] as? [String: Any])?["profiles"] as? [[String: Any]] ?? []
        #expect(listed.compactMap { $0["profile_id"] as? String } == ["ade", "ife", "lena", "maya", "ngozi", "tobi"])
        let table = profiles["cairn"] as? [[String: Any]] ?? []
        #expect(table.first { $0["profile"] as? String == "lena" }?["headaches"] as? Int == 38)
        #expect(table.first { $0["profile"] as? String == "maya" }?["visits"] as? Int == 23)

        let summary = try await served.call("profile_summary", ["profile": "maya"])
        GuardCheck.expectGuarded(summary, "profile_summary")
        let cairn = try #require(summary["cairn"] as? [String: Any])
        #expect(((cairn["summary"] as? [String: Any])?["rows"] as? [String: Any])?["visits"] as? Int == 23)
        #expect(cairn["marker_board"] != nil)

        for module in MCPServerTests.modules {
            for profile in ["ade", "ife", "lena", "maya", "ngozi", "tobi"] {
                let run = try await served.call("run_module", ["module": .string(module), "profile": .string(profile)])
                GuardCheck.expectGuarded(run, "run_module \(module) on \(profile)")
                let gates = try await served.call("explain_gate", ["module": .string(module), "profile": .string(profile)])
                GuardCheck.expectGuarded(gates, "explain_gate \(module) on \(profile)")
            }
        }
        let run = try await served.call("run_module", ["module": "trigger-cooccurrence", "profile": "lena", "as_of": "2026-08-31"])
        let insights = try #require((run["cairn"] as? [String: Any])?["insights"] as? [[String: Any]])
        #expect(!insights.isEmpty)
        for insight in insights {
            #expect(insight["evidence"] != nil && insight["provenance"] != nil && insight["text"] is String)
        }

        let replay = try await served.call("replay_module", ["module": "red-flags", "profile": "lena", "from": "2026-03-01", "to": "2026-04-30", "step": "week"])
        GuardCheck.expectGuarded(replay, "replay_module")

        let markers = try await served.call("search", ["text": "good cholesterol", "type": "marker"])
        let hits = (markers["data"] as? [String: Any])?["markers"] as? [[String: Any]] ?? []
        #expect(hits.first?["marker"] as? String == "hdl")
        let visits = try await served.call("search", ["type": "visit", "profile": "maya", "from": "2000-01-01"])
        #expect(((visits["data"] as? [String: Any])?["visits"] as? [Any])?.count == 23)

        let count = try await served.call("query_sql", ["sql": "SELECT count(*) AS n FROM headaches WHERE profile_id = 'lena'"])
        #expect(((count["data"] as? [String: Any])?["rows"] as? [[Any]])?.first?.first as? Int == 38)
        let all = try await served.call("query_sql", ["sql": "SELECT count(*) FROM visits"])
        #expect(((all["data"] as? [String: Any])?["rows"] as? [[Any]])?.first?.first as? Int == 80)

        // maya logs no headaches: the headache modules' gates name the table they need.
        let gate = try await served.call("explain_gate", ["module": "trigger-cooccurrence", "profile": "maya"])
        let state = ((gate["cairn"] as? [String: Any])?["gates"] as? [[String: Any]])?.first
        #expect((state?["missing_tables"] as? [String])?.contains("headaches") == true)

        // Determinism: the same call gives the same bytes, here and in another server.
        let arguments: [String: Value] = ["module": "trigger-cooccurrence", "profile": "lena", "as_of": "2026-08-31"]
        let first = try await served.text("run_module", arguments)
        #expect(try await served.text("run_module", arguments) == first)
        #expect(await served.close() == 0)
        let again = try await ServedDataset(ServedDataset.demo)
        #expect(try await again.text("run_module", arguments) == first)
        #expect(await again.close() == 0)
    }

    @Test("every tool on the edge scenarios passes the copy guard")
    func edgeScenarios() async throws {
        let served = try await ServedDataset(ServedDataset.edges)
        let profiles = try await served.call("list_profiles")
        GuardCheck.expectGuarded(profiles, "list_profiles")
        let ids = ((profiles["data"] as? [String: Any])?["profiles"] as? [[String: Any]] ?? []).compactMap { $0["profile_id"] as? String }
        #expect(ids.count == 38, "the edges' profiles.csv has 38 rows")
        for module in MCPServerTests.modules {
            let run = try await served.call("run_module", ["module": .string(module)])
            GuardCheck.expectGuarded(run, "run_module \(module)")
            let gates = try await served.call("explain_gate", ["module": .string(module)])
            GuardCheck.expectGuarded(gates, "explain_gate \(module)")
        }
        for id in ids {
            let summary = try await served.call("profile_summary", ["profile": .string(id)])
            GuardCheck.expectGuarded(summary, "profile_summary \(id)")
        }
        let replay = try await served.call("replay_module", ["module": "medication-overuse", "from": "2024-01-01", "to": "2024-06-30", "step": "week"])
        GuardCheck.expectGuarded(replay, "replay_module")
        let search = try await served.call("search", ["text": "headache"])
        GuardCheck.expectGuarded(search, "search")
        let rows = try await served.call("query_sql", ["sql": "SELECT profile_id, count(*) FROM headaches GROUP BY 1 ORDER BY 1"])
        GuardCheck.expectGuarded(rows, "query_sql")
        for prompt in ["visit-prep-review", "headache-diary-review"] {
            for id in ["acute-10-days", "flag-sudden-5", "gate-5-headaches"] where ids.contains(id) {
                let messages = try await served.client.getPrompt(name: prompt, arguments: ["profile": id]).messages
                let texts = messages.compactMap { message -> String? in
                    if case .text(let text) = message.content { return text }
                    return nil
                }
                #expect(GuardCheck.unsafe(texts.flatMap { $0.split(separator: "\n").map(String.init) }).isEmpty, "\(prompt) for \(id)")
            }
        }
        #expect(await served.close() == 0)
    }

    @Test("bad arguments: one clear MCP error each, and the server keeps serving")
    func badArguments() async throws {
        let served = try await ServedDataset(ServedDataset.demo)
        let cases: [(String, [String: Value], String)] = [
            ("no_such_tool", [:], "no tool no_such_tool"),
            ("run_module", [:], "run_module needs module"),
            ("run_module", ["module": "../etc/passwd"], "module must be a module id"),
            ("run_module", ["module": "marker-trends", "version": "four"], "version must be a whole number"),
            ("run_module", ["module": "marker-trends", "path": "/etc"], "takes no argument path"),
            ("run_module", ["module": "marker-trends", "parameters": ["window": "wide"]], "must be a number or true/false"),
            ("replay_module", ["module": "red-flags", "from": "March", "to": "2026-04-01"], "from must be a date"),
            ("query_sql", [:], "query_sql needs sql"),
        ]
        for (tool, arguments, expected) in cases {
            let error = await served.failure(tool, arguments)
            #expect(error?.code == -32602, "\(tool) \(arguments): \(String(describing: error))")
            let message = error?.errorDescription ?? ""
            #expect(message.contains(expected), "\(tool): \(message)")
            #expect(!message.contains("\n"))
        }
        let refused: [(String, [String: Value], String)] = [
            ("run_module", ["module": "no-such-module"], "no-such-module"),
            ("run_module", ["module": "marker-trends", "profile": "nobody"], "no profile nobody"),
            ("query_sql", ["sql": "DELETE FROM headaches"], "read-only"),
            ("query_sql", ["sql": "ATTACH DATABASE '/tmp/x.sqlite' AS x"], "refused"),
            ("query_sql", ["sql": "SELECT load_extension('/tmp/x.so')"], "refused"),
        ]
        for (tool, arguments, expected) in refused {
            let error = await served.failure(tool, arguments)
            #expect(error?.code == -32010, "\(tool) \(arguments): \(String(describing: error))")
            #expect((error?.errorDescription ?? "").contains(expected), "\(tool): \(String(describing: error?.errorDescription))")
        }
        // Nothing was changed, and the server still answers.
        let count = try await served.call("query_sql", ["sql": "SELECT count(*) FROM headaches"])
        #expect(((count["data"] as? [String: Any])?["rows"] as? [[Any]])?.first?.first as? Int == 38)
        #expect(await served.close() == 0)
    }

    @Test("a runaway recursive query stops within the time budget with one error; an endless result is cut at the row cap")
    func runawaySQL() async throws {
        let served = try await ServedDataset(ServedDataset.demo, ["--time-budget", "2", "--max-rows", "100"])
        let started = Date()
        let error = await served.failure("query_sql", ["sql": "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"])
        let took = Date().timeIntervalSince(started)
        #expect(took < 8, "took \(took) s")
        let message = error?.errorDescription ?? ""
        #expect(message.contains("time budget"), "\(message)")
        #expect(!message.contains("\n"))
        let endless = try await served.call("query_sql", ["sql": "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"])
        let data = try #require(endless["data"] as? [String: Any])
        #expect((data["rows"] as? [Any])?.count == 100)
        #expect(data["truncated"] as? Bool == true)
        GuardCheck.expectGuarded(endless, "the cut result's note")
        let after = try await served.call("query_sql", ["sql": "SELECT 1 + 1"])
        #expect(((after["data"] as? [String: Any])?["rows"] as? [[Any]])?.first?.first as? Int == 2)
        #expect(await served.close() == 0)
    }

    @Test("a module run past the call's time budget stops with one error, and the server keeps serving")
    func moduleBudget() async throws {
        let served = try await ServedDataset(ServedDataset.demo, ["--time-budget", "0.001"])
        let error = await served.failure("replay_module", ["module": "trigger-cooccurrence", "from": "2026-03-01", "to": "2026-08-31"])
        #expect(error?.code == -32010)
        #expect((error?.errorDescription ?? "").contains("time budget"), "\(String(describing: error?.errorDescription))")
        let stopped = await served.failure("run_module", ["module": "marker-trends"])
        #expect((stopped?.errorDescription ?? "").contains("time budget"), "\(String(describing: stopped?.errorDescription))")
        #expect(await served.close() == 0)
    }

    @Test("a closed pipe: the server ends cleanly, with status 0")
    func closedPipe() async throws {
        let served = try await ServedDataset(ServedDataset.demo)
        _ = try await served.call("list_profiles")
        #expect(await served.close() == 0)
        // A client that goes away without reading its answers.
        let gone = try await ServedDataset(ServedDataset.demo)
        try gone.output.fileHandleForReading.close()
        try gone.input.fileHandleForWriting.write(contentsOf: Data(#"{"jsonrpc":"2.0","id":99,"method":"tools/list"}"#.utf8 + [10]))
        try gone.input.fileHandleForWriting.close()
        for _ in 0..<100 where gone.process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!gone.process.isRunning)
        #expect(gone.process.terminationReason == .exit)
    }

    @Test("unsafe words in the data come back as data fields, never in Cairn's sentences")
    func unsafeLabels() async throws {
        let planted = ["diabetes", "metformin", "have migraine"]
        func carried(_ texts: [String]) -> [String] {
            texts.filter { text in
                let flat = text.lowercased().replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
                return planted.contains { flat.contains($0) }
            }
        }
        let served = try await ServedDataset(ServedDataset.unsafe, ["--profile", "sam"])
        var results: [(String, [String: Any])] = [("list_profiles", try await served.call("list_profiles")),
                                                  ("profile_summary", try await served.call("profile_summary"))]
        for module in MCPServerTests.modules {
            results.append(("run_module \(module)", try await served.call("run_module", ["module": .string(module), "as_of": "2026-03-31"])))
            results.append(("explain_gate \(module)", try await served.call("explain_gate", ["module": .string(module)])))
        }
        results.append(("replay_module", try await served.call("replay_module", ["module": "trigger-cooccurrence", "from": "2026-03-01", "to": "2026-03-31"])))
        let visits = try await served.call("search", ["text": "metformin"])
        let markers = try await served.call("search", ["text": "diabetes", "type": "marker"])
        let labels = try await served.call("query_sql", ["sql": "SELECT visit_type_label, notes FROM visits ORDER BY date"])
        results += [("search visits", visits), ("search markers", markers), ("query_sql", labels)]
        for (what, result) in results {
            GuardCheck.expectGuarded(result, what)
            #expect(carried(GuardCheck.strings(result["cairn"] ?? [String: Any]())).isEmpty, "\(what): a Cairn sentence carries the data's words")
        }
        // The data's words are there, as data fields: an insight's label beside its sentence,
        // which shows a neutral reference instead.
        func dataLabels(_ what: String) -> [String] {
            let result = results.first { $0.0 == what }?.1
            return ((result?["data"] as? [String: Any])?["labels"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        }
        #expect(dataLabels("run_module visit-history") == ["stop taking metformin"])
        #expect(dataLabels("run_module trigger-cooccurrence") == ["you_have_migraine"])
        #expect(dataLabels("replay_module").contains("you_have_migraine"))
        let history = ((results.first { $0.0 == "run_module visit-history" }?.1["cairn"] as? [String: Any])?["insights"] as? [[String: Any]]) ?? []
        #expect(history.contains { ($0["text"] as? String)?.contains("a visit type you entered") == true })
        // The board shows the custom marker as a neutral reference; data names it, and how it is shown.
        let summary = results[1].1
        let own = try #require((summary["data"] as? [String: Any])?["markers"] as? [[String: Any]])
        let custom = try #require(own.first { $0["marker"] as? String == "diabetes-score" })
        #expect(custom["custom_name"] as? String == "Diabetes score")
        let board = (((summary["cairn"] as? [String: Any])?["marker_board"] as? [String: Any])?["boards"] as? [[String: Any]])?.first
        let shown = (board?["markers"] as? [[String: Any]] ?? []).compactMap { $0["marker"] as? String }
        #expect(shown.contains(custom["shown_as"] as? String ?? "?"), "board: \(shown)")
        #expect(((summary["data"] as? [String: Any])?["profile"] as? [String: Any])?["display_name"] as? String == "Sam has diabetes")
        // The data's words are there, as data fields.
        #expect((((visits["data"] as? [String: Any])?["visits"] as? [[String: Any]])?.first?["notes"] as? String)?.contains("metformin") == true)
        #expect(((markers["data"] as? [String: Any])?["markers"] as? [[String: Any]])?.first?["name"] as? String == "Diabetes score")
        #expect(((labels["data"] as? [String: Any])?["rows"] as? [[Any]])?.first?.first as? String == "stop taking metformin")
        let names = ((results[0].1["data"] as? [String: Any])?["profiles"] as? [[String: Any]])?.first?["display_name"] as? String
        #expect(names == "Sam has diabetes")
        // The prompts too are Cairn's copy only.
        for prompt in ["visit-prep-review", "headache-diary-review"] {
            let messages = try await served.client.getPrompt(name: prompt).messages
            let texts = messages.compactMap { message -> String? in
                if case .text(let text) = message.content { return text }
                return nil
            }
            #expect(carried(texts).isEmpty, "\(prompt)")
            #expect(GuardCheck.unsafe(texts.flatMap { $0.split(separator: "\n").map(String.init) }).isEmpty, "\(prompt)")
        }
        #expect(await served.close() == 0)
    }

    @Test("resources: the contract's tables, the module table, each module's description; prompts from guarded copy")
    func resourcesAndPrompts() async throws {
        let served = try await ServedDataset(ServedDataset.demo, ["--profile", "lena"])
        let resources = try await served.client.listResources().resources
        #expect(resources.contains { $0.uri == "cairn://contract" } && resources.contains { $0.uri == "cairn://modules" })
        let contractText = try #require(try await served.client.readResource(uri: "cairn://contract").first?.text)
        let contract = try #require(try JSONSerialization.jsonObject(with: Data(contractText.utf8)) as? [String: Any])
        let tables = (contract["tables"] as? [[String: Any]] ?? []).compactMap { $0["table"] as? String }
        // The tables DATA-CONTRACT.md lists.
        for table in ["profiles", "markers", "reference_overrides", "readings", "visits", "conditions", "medication_orders",
                      "headaches", "medications", "sleep", "weather", "factors"] {
            #expect(tables.contains(table), "\(table)")
        }
        for resource in resources where resource.uri.hasPrefix("cairn://modules/") {
            let text = try #require(try await served.client.readResource(uri: resource.uri).first?.text)
            #expect(text.hasPrefix("# " + resource.name))
            // Descriptions are read by analysts: checked by the rules that bind descriptions, as
            // `cairn modules` is (they may name statistics; no diagnosis, condition or treatment).
            let lines = text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.hasPrefix("Reads:") }
            let id = String(resource.name.prefix { $0 != "@" })
            #expect(ModuleHost.descriptionProblem(module: id, texts: lines, copyGuard: ServedDataset.copyGuard) == nil, "\(resource.uri)")
        }
        do {
            _ = try await served.client.readResource(uri: "file:///etc/passwd")
            Issue.record("a file URI was read")
        } catch let error as MCPError {
            #expect(error.code == -32602)
        }
        let prompts = try await served.client.listPrompts().prompts
        #expect(prompts.map(\.name).sorted() == ["headache-diary-review", "visit-prep-review"])
        let diary = try await served.client.getPrompt(name: "headache-diary-review").messages
        guard case .text(let text)? = diary.first?.content else { Issue.record("no prompt text"); return }
        #expect(text.contains("Cairn's findings:"))
        #expect(GuardCheck.unsafe(text.split(separator: "\n").map(String.init)).isEmpty)
        #expect(await served.close() == 0)
    }
}
