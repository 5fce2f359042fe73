/// The one table of dot-commands, as the SQLite shell keeps one: each row carries what the
/// command does, and `.help`, the usage line for a wrong argument count and tab completion are
/// all rendered from it.
public struct CommandHelp: Sendable {
    public let name: String
    public let arguments: String
    public let summary: String
    /// Fewest and most arguments (nil: no upper bound).
    public let minimum: Int
    public let maximum: Int?
    /// Whether the command ends the session.
    var quits = false
    /// What the command does, given the session and how it was called: adding a command is
    /// adding a row.
    let run: @Sendable (Session, Invocation) throws -> String

    /// `.name ARGUMENTS`, as the usage line and error messages show it.
    public var synopsis: String { ".\(name)" + (arguments.isEmpty ? "" : " \(arguments)") }
    public var usage: String { "Usage: " + synopsis }

    public static let all: [CommandHelp] = [
        CommandHelp(name: "open", arguments: "DATASET [--now DATE]", summary: "Open a dataset (.sqlite or a directory of contract CSVs; --now: a directory's readings after DATE refused as future)", minimum: 1, maximum: 3,
                    run: { session, call in try session.open(call.arguments) }),
        CommandHelp(name: "import", arguments: "FILE [TABLE]", summary: "Import a contract CSV, or any CSV as TABLE for exploration", minimum: 1, maximum: 2,
                    run: { session, call in try session.importFile(call.arguments[0], table: call.arguments.count > 1 ? call.arguments[1] : nil) }),
        CommandHelp(name: "tables", arguments: "", summary: "List tables with their row counts", minimum: 0, maximum: 0,
                    run: { session, call in try session.tables() }),
        CommandHelp(name: "schema", arguments: "[TABLE]", summary: "Show CREATE statements", minimum: 0, maximum: 1,
                    run: { session, call in try session.schema(call.arguments.first) }),
        CommandHelp(name: "profiles", arguments: "", summary: "List profiles with their time zones", minimum: 0, maximum: 0,
                    run: { session, call in try session.profilesList() }),
        CommandHelp(name: "profile", arguments: "[PROFILE|--all|-- PROFILE]", summary: "Show the profile commands work on, choose one (after -- as written, even --all), or --all for every profile", minimum: 0, maximum: 2,
                    run: { session, call in try session.chooseProfile(arguments: call.arguments) }),
        CommandHelp(name: "asof", arguments: "[latest|dataset-latest|DATE]", summary: "Show or set the as-of rule: each profile's own latest day (latest, the default), the dataset's, or a date", minimum: 0, maximum: 1,
                    run: { session, call in try session.setAsOf(call.arguments.first) }),
        CommandHelp(name: "modules", arguments: "", summary: "List analysis modules, where each comes from, and their parameters", minimum: 0, maximum: 0,
                    run: { session, call in session.modules() }),
        CommandHelp(name: "load", arguments: "PATH", summary: "Load a module library (.so) or a folder of them, built against this Cairn's CairnModuleKit", minimum: 1, maximum: 1,
                    run: { session, call in try session.loadModules(call.arguments[0]) }),
        CommandHelp(name: "run", arguments: "ID[@V] [PARAM=VALUE]...", summary: "Run a module as of the as-of date", minimum: 1, maximum: nil,
                    run: { session, call in try session.runModule(call.arguments) }),
        CommandHelp(name: "replay", arguments: "[ID[@V]...] [FROM TO] [hour|day|week|month] [--at-events] [--evidence]", summary: "When insights appear, change their words and disappear, and gates open (every module by default); --evidence adds changes of evidence alone", minimum: 0, maximum: nil,
                    run: { session, call in try session.replay(call.arguments) }),
        CommandHelp(name: "evaluate", arguments: "SCENARIO... ID[@V]... [ID.PARAM=V1,V2] [profiles=N] [days=D] [seeds=K] [seed=S]", summary: "False-finding and detection rates on synthetic populations", minimum: 2, maximum: nil,
                    run: { session, call in try session.evaluate(call.arguments) }),
        CommandHelp(name: "compare", arguments: "ID@A ID@B", summary: "Run two versions of a module side by side", minimum: 2, maximum: 2,
                    run: { session, call in try session.compare(call.arguments[0], call.arguments[1]) }),
        CommandHelp(name: "snapshot", arguments: "FILE", summary: "Write every module's insights as JSON (a snapshot)", minimum: 1, maximum: 1,
                    run: { session, call in try session.snapshot(call.arguments[0]) }),
        CommandHelp(name: "provenance", arguments: "[N]", summary: "Number the insights of the last .run; with N, show the rows behind the Nth", minimum: 0, maximum: 1,
                    run: { session, call in try session.provenance(call.arguments) }),
        CommandHelp(name: "open-row", arguments: "TABLE:ID...", summary: "Show dataset rows as provenance names them (readings:12)", minimum: 1, maximum: nil,
                    run: { session, call in try session.openRows(call.arguments) }),
        CommandHelp(name: "export", arguments: "json|csv|fhir PATH", summary: "Write the dataset as JSON (restored exactly by cairn import), contract CSV files or FHIR R4 Bundles, to a new path", minimum: 2, maximum: 2,
                    run: { session, call in try session.export(call.arguments) }),
        CommandHelp(name: "search", arguments: "[TEXT] [--type marker|visit] [--condition C] [--doctor D] [--tag T] [--visit-type V] [--from DAY] [--to DAY] [--sort ORDER]", summary: "Find markers by name, alias or LOINC code, and visits by text and filters", minimum: 1, maximum: nil,
                    run: { session, call in try session.search(call.arguments) }),
        CommandHelp(name: "visits", arguments: "", summary: "The chosen profile's visits, newest first, and how many each year", minimum: 0, maximum: 0,
                    run: { session, call in try session.visitsList() }),
        CommandHelp(name: "calendar", arguments: "[MONTH [MONTH]]", summary: "The chosen profile's headache days month by month, each marked by the most severe that began that day (default: the as-of month and the two before)", minimum: 0, maximum: 2,
                    run: { session, call in try session.calendar(call.arguments) }),
        CommandHelp(name: "markers", arguments: "", summary: "Every marker's latest value, status (normal, watch, out of range), trend arrow and summary", minimum: 0, maximum: 0,
                    run: { session, call in try session.markers() }),
        CommandHelp(name: "chart", arguments: "NAME… [--step day|week|month] [--svg FILE]", summary: "Chart markers, or a module's evidence as MODULE:KEY week by week or at --step, over time (SVG in notebooks and with --svg)", minimum: 1, maximum: nil,
                    run: { session, call in try session.chart(call.arguments) }),
        CommandHelp(name: "describe", arguments: "SQL", summary: "Summary statistics of each numeric column", minimum: 1, maximum: nil,
                    run: { session, call in try session.describe(call.rest) }),
        CommandHelp(name: "fit", arguments: "SQL", summary: "Least-squares line of y (2nd column) on x (1st)", minimum: 1, maximum: nil,
                    run: { session, call in try session.fit(call.rest) }),
        CommandHelp(name: "cor", arguments: "SQL", summary: "Pearson and Spearman correlation of two columns", minimum: 1, maximum: nil,
                    run: { session, call in try session.correlate(call.rest) }),
        CommandHelp(name: "lint", arguments: "TEXT", summary: "Check text against the copy rules", minimum: 1, maximum: nil,
                    run: { session, call in try session.lint(call.rest) }),
        CommandHelp(name: "save", arguments: "NOTEBOOK", summary: "Save this session's commands and outputs as a notebook", minimum: 1, maximum: 1,
                    run: { session, call in try session.save(call.arguments[0]) }),
        CommandHelp(name: "read", arguments: "FILE", summary: "Run the commands in FILE", minimum: 1, maximum: 1,
                    run: { session, call in try session.read(call.arguments[0]) }),
        CommandHelp(name: "mode", arguments: "[column|box|table|markdown|csv|tsv|list|json|jsonl|line]", summary: "Show or set how query results are written", minimum: 0, maximum: 1,
                    run: { session, call in try session.setMode(call.arguments.first) }),
        CommandHelp(name: "headers", arguments: "on|off", summary: "Column names in column, csv, tsv and list modes", minimum: 1, maximum: 1,
                    run: { session, call in try session.setHeaders(call.arguments[0]) }),
        CommandHelp(name: "width", arguments: "[N...]", summary: "Column widths in the grid modes (0: automatic, negative: right-aligned)", minimum: 0, maximum: nil,
                    run: { session, call in try session.setWidths(call.arguments) }),
        CommandHelp(name: "maxrows", arguments: "[N]", summary: "Rows a grid shows on the screen before leaving the middle out (0: all)", minimum: 0, maximum: 1,
                    run: { session, call in try session.setMaxRows(call.arguments.first) }),
        CommandHelp(name: "timer", arguments: "on|off", summary: "Print how long each command took", minimum: 1, maximum: 1,
                    run: { session, call in try session.setTimer(call.arguments[0]) }),
        CommandHelp(name: "output", arguments: "[FILE]", summary: "Send output to FILE; none: back to the screen", minimum: 0, maximum: 1,
                    run: { session, call in try session.redirect(to: call.arguments.first, once: false) }),
        CommandHelp(name: "once", arguments: "FILE", summary: "Send the next command's output to FILE", minimum: 1, maximum: 1,
                    run: { session, call in try session.redirect(to: call.arguments[0], once: true) }),
        CommandHelp(name: "format", arguments: "text|json", summary: "Module output as text or JSON (query results follow)", minimum: 1, maximum: 1,
                    run: { session, call in try session.setFormat(call.arguments[0]) }),
        CommandHelp(name: "help", arguments: "[COMMAND]", summary: "Show help", minimum: 0, maximum: 1,
                    run: { session, call in try CommandHelp.helpText(call.arguments.first) }),
        CommandHelp(name: "quit", arguments: "", summary: "Leave Cairn (also .exit or Ctrl-D)", minimum: 0, maximum: 0, quits: true,
                    run: { session, call in "" }),
    ]

    public static func named(_ name: String) -> CommandHelp? {
        all.first { $0.name == name } ?? (name == "exit" ? all.first { $0.name == "quit" } : nil)
    }

    /// A dot-command as typed: its words, and the rest of the line as written (for commands that
    /// take SQL or text).
    struct Invocation {
        let arguments: [String]
        let rest: String
    }

    /// `.help [COMMAND]`.
    static func helpText(_ topic: String?) throws -> String {
        guard let topic else { return text() }
        let name = topic.hasPrefix(".") ? String(topic.dropFirst()) : topic
        let text = text(prefix: name)
        if text.isEmpty { throw SessionError("no command .\(name); enter .help for the list") }
        return text
    }

    /// Where descriptions start, and the width they wrap at, as sqlite3's `.help` lays them out:
    /// a long synopsis takes its own line and the description starts under the column.
    static let descriptionColumn = 24
    static let helpWidth = 80

    /// `.help` or `.help PREFIX`.
    public static func text(prefix: String? = nil) -> String {
        let shown = all.filter { prefix == nil || $0.name.hasPrefix(prefix!) }
        let indent = String(repeating: " ", count: descriptionColumn)
        return shown.map { command in
            let left = ".\(command.name)" + (command.arguments.isEmpty ? "" : " \(command.arguments)")
            let summary = TextWrap.wrap(command.summary, width: helpWidth - descriptionColumn)
            var lines: [String]
            if left.count + 2 <= descriptionColumn {
                lines = [left + String(repeating: " ", count: descriptionColumn - left.count) + summary[0]]
                lines += summary.dropFirst().map { indent + $0 }
            } else {
                let synopsis = TextWrap.wrap(left, width: helpWidth)
                lines = [synopsis[0]] + synopsis.dropFirst().map { "  " + $0 } + summary.map { indent + $0 }
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n") + (shown.isEmpty ? "" : "\n") + (prefix == nil ? "Anything else is read-only SQL against the dataset.\n" : "")
    }
}
