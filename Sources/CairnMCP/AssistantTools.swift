import CairnREPL
import Foundation
import MCP

/// The tools an assistant may call: each reads the one open dataset, none writes, none names a
/// file, none loads a module. Every result is one JSON object with up to two parts:
/// - `cairn`: what Cairn says, every text of it through the copy guard (the REPL's JSON output:
///   the summary, marker board, insights with evidence and provenance, replay, gates);
/// - `data`: the dataset's own values and words (ids, labels, notes, SQL rows), as fields,
///   never inside one of Cairn's sentences.
enum AssistantTools {
    static let all: [Tool] = [
        Tool(name: "list_profiles", title: "List profiles",
             description: "The dataset's profiles: Cairn's table of them (ids shown through the copy guard, time zones, row counts), and in data the ids to pass to the other tools.",
             inputSchema: schema([:]), annotations: readOnly),
        Tool(name: "profile_summary", title: "Profile summary and marker board",
             description: "One profile's rows per table with their first and last days, and its marker board: each marker's latest value, status, trend arrow and summary as of a day.",
             inputSchema: schema(["profile": profileProperty, "as_of": asOfProperty]), annotations: readOnly),
        Tool(name: "run_module", title: "Run an analysis module",
             description: "Runs one analysis module as of a day and returns its insights, each with its evidence, the dataset rows behind it (provenance), and the approved notices. The cairn://modules resource lists the modules and their parameters.",
             inputSchema: schema(["module": moduleProperty, "version": versionProperty, "parameters": parametersProperty,
                                  "profile": profileProperty, "as_of": asOfProperty], required: ["module"]),
             annotations: readOnly),
        Tool(name: "replay_module", title: "Replay a module over a date range",
             description: "When a module's insights appear, change and disappear, and when its gates open, stepping from one day to another.",
             inputSchema: schema(["module": moduleProperty, "version": versionProperty, "from": dayProperty("First day, YYYY-MM-DD."),
                                  "to": dayProperty("Last day, YYYY-MM-DD."),
                                  "step": .object(["type": "string", "enum": ["hour", "day", "week", "month"], "description": "Step between moments (day by default)."]),
                                  "profile": profileProperty], required: ["module", "from", "to"]),
             annotations: readOnly),
        Tool(name: "search", title: "Search markers and visits",
             description: "Finds markers by name, alias or LOINC code, and visits by text and filters (all filters must hold). Matches are the dataset's own words, returned as data.",
             inputSchema: schema(["text": .object(["type": "string", "description": "Words to find."]),
                                  "type": .object(["type": "string", "enum": ["marker", "visit"], "description": "Only markers or only visits."]),
                                  "condition": .object(["type": "string"]), "doctor": .object(["type": "string"]),
                                  "tag": .object(["type": "string"]), "visit_type": .object(["type": "string"]),
                                  "from": dayProperty("Visits on or after this day."), "to": dayProperty("Visits on or before this day."),
                                  "sort": .object(["type": "string", "enum": ["date", "oldest", "condition", "frequency"]]),
                                  "profile": profileProperty]),
             annotations: readOnly),
        Tool(name: "query_sql", title: "Read-only SQL",
             description: "One read-only SQLite statement over the dataset's tables (the cairn://contract resource lists them), under the REPL's SQL sandbox and time budget. Results are cut at a number of rows and bytes, and say so.",
             inputSchema: schema(["sql": .object(["type": "string", "description": "One SELECT (or WITH ... SELECT) statement."])], required: ["sql"]),
             annotations: readOnly),
        Tool(name: "explain_gate", title: "Explain a module's gates",
             description: "What data a module still needs before it says more than a progress message: each gate's count and the count it needs, and the tables it needs that hold no rows.",
             inputSchema: schema(["module": moduleProperty, "version": versionProperty, "profile": profileProperty, "as_of": asOfProperty],
                                 required: ["module"]),
             annotations: readOnly),
    ]

    static let readOnly = Tool.Annotations(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)

    static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        .object(["type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }),
                 "additionalProperties": false])
    }

    static let profileProperty: Value = .object(["type": "string", "description": "A profile id from list_profiles (the server's --profile when left out)."])
    static let asOfProperty: Value = .object(["type": "string", "description": "YYYY-MM-DD, latest (each profile's own latest day, the default) or dataset-latest."])
    static let moduleProperty: Value = .object(["type": "string", "description": "A module id, e.g. marker-trends."])
    static let versionProperty: Value = .object(["type": "integer", "minimum": 1, "description": "The module's version (its default when left out)."])
    static let parametersProperty: Value = .object(["type": "object", "description": "Parameter names to numbers or true/false.",
                                                    "additionalProperties": .object(["type": ["number", "boolean"]])])
    static func dayProperty(_ description: String) -> Value {
        .object(["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "description": .string(description)])
    }

    /// What a tool found: Cairn's guarded part and the data's own part.
    struct Answer {
        var cairn: Value?
        var data: Value?
    }

    /// Runs a tool: its result, or an error with one line.
    static func call(_ name: String, _ values: [String: Value]?, on desk: AssistantDesk) throws(AssistantError) -> CallTool.Result {
        guard let tool = all.first(where: { $0.name == name }) else {
            throw .badArguments("no tool \(name); the tools are " + all.map(\.name).joined(separator: ", "))
        }
        let allowed = tool.inputSchema.objectValue?["properties"]?.objectValue?.keys.sorted() ?? []
        let arguments = try ToolArguments(tool: name, values: values, allowed: allowed)
        let deadline = desk.deadline
        var answer: Answer
        switch name {
        case "list_profiles": answer = try listProfiles(desk, deadline)
        case "profile_summary": answer = try profileSummary(arguments, desk, deadline)
        case "run_module": answer = try runModule(arguments, desk, deadline)
        case "replay_module": answer = try replayModule(arguments, desk, deadline)
        case "search": answer = try search(arguments, desk, deadline)
        case "query_sql": answer = try querySQL(arguments, desk)
        case "explain_gate": answer = try explainGate(arguments, desk)
        default: throw .badArguments("no tool \(name)")
        }
        if Date() > deadline { throw .refused("stopped: the call ran past its time budget of \(Int(desk.limits.seconds)) s") }
        var labels: [Value] = []
        if let shown = answer.cairn { answer.cairn = separatingLabels(shown, at: "cairn", into: &labels) }
        if !labels.isEmpty {
            var fields = answer.data?.objectValue ?? [:]
            fields["labels"] = .array(labels)
            answer.data = .object(fields)
        }
        var result: [String: Value] = [:]
        if let cairn = answer.cairn { result["cairn"] = cairn }
        if let data = answer.data { result["data"] = data }
        let object = Value.object(result)
        let structured: Value? = object
        return CallTool.Result(content: [.text(text: canonical(object), annotations: nil, _meta: nil)], structuredContent: structured)
    }

    /// `.profiles`, and the ids (with the names) to pass to the other tools.
    static func listProfiles(_ desk: AssistantDesk, _ deadline: Date) throws(AssistantError) -> Answer {
        let table = try json(desk.call { session throws(SessionError) in
            try session.assistant("profiles", [], profile: nil, asOf: nil, deadline: deadline)
        })
        let rows = try desk.call { session throws(SessionError) in
            try session.assistantQuery("SELECT profile_id, display_name FROM main.profiles ORDER BY profile_id", maxRows: desk.limits.rows)
        }
        return Answer(cairn: table, data: .object(["profiles": .array(rows.rows.map { row in
            .object(["profile_id": cell(row[0]), "display_name": cell(row[1])])
        })]))
    }

    /// One profile's summary and marker board, and the person's own words they show as neutral
    /// references: the profile's name, each marker as logged, a custom marker's name.
    static func profileSummary(_ arguments: ToolArguments, _ desk: AssistantDesk, _ deadline: Date) throws(AssistantError) -> Answer {
        guard let profile = desk.profile(try arguments.string("profile")) else {
            throw .badArguments("profile_summary needs profile (list_profiles names them), or start the server with --profile")
        }
        let asOf = try arguments.string("as_of")
        let summary = try desk.call { session throws(SessionError) in try session.assistantSummary(profile) }
        let board = try json(desk.call { session throws(SessionError) in
            try session.assistant("markers", [], profile: profile, asOf: asOf, deadline: deadline)
        })
        let literal = "'" + profile.replacingOccurrences(of: "'", with: "''") + "'"
        let own = try desk.call { session throws(SessionError) in
            try session.assistantQuery("SELECT profile_id, display_name FROM main.profiles WHERE profile_id = \(literal)", maxRows: 1)
        }
        let markers = try desk.call { session throws(SessionError) in
            try session.assistantQuery("""
                SELECT r.marker, MAX(m.display_name) FROM main.readings r LEFT JOIN main.markers m ON m.marker_id = r.marker
                WHERE r.profile_id = \(literal) GROUP BY r.marker ORDER BY r.marker
                """, maxRows: desk.limits.rows)
        }
        return Answer(cairn: .object(["summary": try encoded(summary), "marker_board": board]), data: .object([
            "profile": own.rows.first.map { .object(["profile_id": cell($0[0]), "display_name": cell($0[1])]) } ?? .null,
            "markers": .array(markers.rows.map { row in
                var fields: [String: Value] = ["marker": cell(row[0]), "custom_name": cell(row[1])]
                // As the board shows it (MarkerStatusBoard guards ids as marker-trends copy).
                if case .text(let id) = row[0] {
                    fields["shown_as"] = .string(desk.copyGuard.safeIdentifier(id, kind: "marker", module: "marker-trends"))
                }
                return .object(fields)
            }),
        ]))
    }

    /// `.run ID[@V] [PARAM=VALUE]...`: insights with evidence, provenance and the notices.
    static func runModule(_ arguments: ToolArguments, _ desk: AssistantDesk, _ deadline: Date) throws(AssistantError) -> Answer {
        let words = [try arguments.module()] + (try arguments.parameters("parameters"))
        let profile = desk.profile(try arguments.string("profile")), asOf = try arguments.string("as_of")
        return Answer(cairn: try json(desk.call { session throws(SessionError) in
            try session.assistant("run", words, profile: profile, asOf: asOf, deadline: deadline)
        }))
    }

    /// `.replay ID[@V] FROM TO [STEP]`.
    static func replayModule(_ arguments: ToolArguments, _ desk: AssistantDesk, _ deadline: Date) throws(AssistantError) -> Answer {
        var words = [try arguments.module(), try arguments.day("from") ?? "", try arguments.day("to") ?? ""]
        guard !words[1].isEmpty, !words[2].isEmpty else { throw .badArguments("replay_module needs from and to, YYYY-MM-DD") }
        if let step = try arguments.string("step") {
            guard ["hour", "day", "week", "month"].contains(step) else { throw .badArguments("replay_module: step must be hour, day, week or month") }
            words.append(step)
        }
        let profile = desk.profile(try arguments.string("profile"))
        return Answer(cairn: try json(desk.call { session throws(SessionError) in
            try session.assistant("replay", words, profile: profile, asOf: nil, deadline: deadline)
        }))
    }

    /// `.search`: every hit is the dataset's own words, so all of it is data.
    static func search(_ arguments: ToolArguments, _ desk: AssistantDesk, _ deadline: Date) throws(AssistantError) -> Answer {
        var words: [String] = []
        if let text = try arguments.string("text") {
            // Words only: an option's spelling in the text is searched for, not obeyed.
            words += text.split(separator: " ").map(String.init).filter { !$0.hasPrefix("--") }
        }
        for option in ["type", "condition", "doctor", "tag", "visit_type", "from", "to", "sort"] {
            if let value = try arguments.string(option) { words += ["--" + option.replacingOccurrences(of: "_", with: "-"), value] }
        }
        let profile = desk.profile(try arguments.string("profile"))
        return Answer(data: try json(desk.call { session throws(SessionError) in
            try session.assistant("search", words, profile: profile, asOf: nil, deadline: deadline)
        }))
    }

    /// Read-only SQL, its rows as data, cut at the row and byte caps (and a sentence saying so).
    static func querySQL(_ arguments: ToolArguments, _ desk: AssistantDesk) throws(AssistantError) -> Answer {
        let sql = try arguments.required("sql")
        let result = try desk.call { session throws(SessionError) in try session.assistantQuery(sql, maxRows: desk.limits.rows) }
        var rows: [Value] = [], bytes = 0, cut = result.truncated
        for row in result.rows {
            bytes += row.reduce(2) { $0 + size($1) }
            if bytes > desk.limits.bytes { cut = true; break }
            rows.append(.array(row.map(cell)))
        }
        var answer = Answer(data: .object(["columns": .array(result.columns.map { .string($0) }), "rows": .array(rows), "truncated": .bool(cut)]))
        if cut {
            answer.cairn = .object(["note": .string("The result was cut at \(rows.count) rows, the most one call returns "
                + "(\(desk.limits.rows) rows or \(desk.limits.bytes >> 10) KiB); narrow it with WHERE or LIMIT, or aggregate it.")])
        }
        return answer
    }

    /// Each gate's count against what it needs, and the tables a module needs that hold no rows.
    static func explainGate(_ arguments: ToolArguments, _ desk: AssistantDesk) throws(AssistantError) -> Answer {
        let module = try arguments.module()
        let profile = desk.profile(try arguments.string("profile")), asOf = try arguments.string("as_of")
        let states = try desk.call { session throws(SessionError) in try session.assistantGates(module, profile: profile, asOf: asOf) }
        return Answer(cairn: .object(["gates": try encoded(states)]))
    }

    /// Cairn's part without the person's own words: each insight's `labels` (what its sentence
    /// shows as a neutral reference) moved to `found`, with the path of its insight.
    static func separatingLabels(_ value: Value, at path: String, into found: inout [Value]) -> Value {
        switch value {
        case .object(var fields):
            if let labels = fields.removeValue(forKey: "labels")?.objectValue {
                for slot in labels.keys.sorted() {
                    found.append(.object(["insight": .string(path), "slot": .string(slot), "text": labels[slot]!]))
                }
            }
            for key in fields.keys.sorted() { fields[key] = separatingLabels(fields[key]!, at: path + "." + key, into: &found) }
            return .object(fields)
        case .array(let items):
            return .array(items.enumerated().map { separatingLabels($0.element, at: path + "[\($0.offset)]", into: &found) })
        default:
            return value
        }
    }

    /// The JSON a session command printed, as a value (null for nothing).
    static func json(_ text: String) throws(AssistantError) -> Value {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .null }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        } catch {
            throw .refused("Cairn's output could not be read as JSON; this is a bug in Cairn")
        }
    }

    static func encoded<T: Encodable>(_ value: T) throws(AssistantError) -> Value {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try JSONDecoder().decode(Value.self, from: encoder.encode(value))
        } catch {
            throw .refused("Cairn's output could not be encoded; this is a bug in Cairn")
        }
    }

    /// Sorted keys, no whitespace: the same call gives the same bytes.
    static func canonical(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    static func cell(_ cell: TableRenderer.Cell) -> Value {
        switch cell {
        case .null: .null
        case .integer(let number): .int(number)
        case .real(let number): number.isFinite ? .double(number) : .string(String(number))
        case .text(let text): .string(text)
        }
    }

    /// Roughly what a cell takes in JSON, for the byte cap.
    static func size(_ cell: TableRenderer.Cell) -> Int {
        switch cell {
        case .null, .integer, .real: 24
        case .text(let text): text.utf8.count + 3
        }
    }
}
