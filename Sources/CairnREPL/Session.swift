import CairnAnalysis
import CairnCopy
import CairnCore
import CairnModules
import CairnStore
import Foundation

/// One working session: an open dataset, a chosen profile and as-of date, an output format, and
/// the commands run so far. The interactive REPL, `-c`, piped input and notebooks all execute
/// their commands here, so they behave the same. A command that fails leaves the session as it
/// was and reports one line.
public final class Session {
    public enum Format: String, Sendable { case text, json }

    public internal(set) var datasetPath: String?
    var dataset: Dataset?
    /// The open dataset read one profile at a time (made on first use).
    var sourceCache: ProfileSource?
    public internal(set) var profileID: String?
    /// Which instant profiles are evaluated at (`.asof`): each one's own latest day by default.
    public internal(set) var asOfRule: AsOfRule = .profileLatest
    /// How module output is written (`.format`): text or JSON.
    public var format: Format = .text
    /// How query results are written (`.mode`, `.headers`, `.width`).
    public var table = TableRenderer.Options()
    /// Rows a grid shows to a person before it leaves the middle out (`.maxrows`; 0: all).
    public var maxRows = 40
    /// Whether output is read by a person at a terminal: grids are cut to `columns` and
    /// `maxRows` and count their rows. Piped output and notebooks get every row.
    public var isForReading = false
    /// Whether the evidence lines of `.run` and `.replay` listings are wrapped at `columns` (in
    /// notebooks). Copy stays one line per text there, since the copy guard reads recorded
    /// output back line by line; only a person at a terminal (`isForReading`) gets every line
    /// wrapped between words. Piped output keeps one line per text for scripts.
    public var wrapsEvidence = false
    /// `.timer on`: each command's time after its output.
    public var timer = false
    /// `.output` or `.once`: where output goes instead of the screen.
    var outputFile: OutputFile?
    /// How deep `.read` files are nested (a file that reads itself stops at 16).
    var readDepth = 0
    /// Folders a notebook's command reaches its files through (see `readableSource`), open
    /// until the command, with any `.read` it runs, ends.
    var heldFolders: [FolderDescriptor] = []
    /// Where relative paths are resolved (a notebook's folder).
    public let baseDirectory: String
    /// The present for a directory of CSVs opened for analysis (`--now`, `.open DIR --now DATE`):
    /// readings after it are refused as future. Nil refuses none, so that output never
    /// depends on the day it runs.
    public var now: Int?
    /// The present for `.import` into a .sqlite dataset, which records when it happened.
    let importClock: () -> Int
    private(set) var registry = ModuleHost.registry()
    /// Makes the engine, and with it the copy guard, on first use: opening a dataset and SQL
    /// need neither, and loading the guard is most of Cairn's start-up time.
    let makeEngine: () throws -> InsightEngine
    private var loadedEngine: InsightEngine?
    /// Files this session has read (`.import`): never written over by `.save` or `.snapshot`.
    var inputs: Set<String> = []
    /// Asked before a command overwrites an existing file (set on a terminal); false keeps it.
    public var confirmOverwrite: ((String) -> Bool)?
    /// Set for notebooks: the paths they may read and write.
    public var confinement: NotebookConfinement?
    /// Set by `cairn check`: files the notebook's commands write go to stand-ins there instead.
    public var writesAside: WriteAside?
    /// Where `.evaluate` finds scenarios given by name (Datasets/scenarios beside the demo).
    public var scenarioDirectory: String?
    /// The insights of the last `.run`, for `.provenance N`.
    var lastListing: [Insight] = []
    /// Insights the copy guard withheld in this session, for `--strict` runs and `check`.
    public internal(set) var withheldCount = 0
    /// A command as typed, for `.save`; an `.open` that opened a dataset keeps its path and `--now`.
    struct TranscriptEntry {
        var command: String
        var opened: (path: String, now: Int?)?
        /// What a command that writes outside the session printed (or its error), so that
        /// `.save` records it without running it again.
        var outcome: Result<String, SessionError>?
    }

    /// Set while `.save` re-runs the session: what each command that writes (`.export`,
    /// `.snapshot`, `.output`, `.once`, `.import` into a .sqlite dataset) printed the
    /// first time, in order, given back instead of running it again. One inside a `.read` file
    /// is passed over, printing nothing.
    var replayedOutcomes: [String: [Result<String, SessionError>]]?

    /// Whether a command writes outside the session: a file or the dataset. (`.load` is run
    /// again: a notebook refuses it, and the saved block says so.)
    func writesOutside(_ command: String) -> Bool {
        guard command.hasPrefix(".") else { return false }
        let words = CommandLineSplitter.words(String(command.dropFirst()))
        switch words.first {
        case "export", "snapshot", "output", "once", "save": return true
        // A contract CSV into a .sqlite dataset is stored in it; with a TABLE, only a temporary table.
        case "import": return words.count == 2 && dataset?.isDirectory == false
        default: return false
        }
    }

    /// The commands typed, for `.save`.
    private(set) var transcript: [TranscriptEntry] = []
    /// `.chart` in a notebook draws SVG pictures, kept here until the notebook takes them.
    public var collectsFigures = false
    var drawnFigures: [(title: String, svg: String)] = []
    /// Terminal width for charts.
    public var columns = 80
    /// Asked between the steps of long commands; true stops them (Ctrl-C in the REPL).
    public var isCancelled: () -> Bool = { false }
    /// The time and memory one SQL statement may take (more at a terminal).
    public var queryBudget = QueryBudget.unattended
    /// Tells the REPL's Ctrl-C which connection to interrupt while a command writes through
    /// its own (`.import` into a .sqlite dataset); nil returns it to the dataset's.
    var interruptsConnection: (SQLiteDatabase?) -> Void = { _ in }
    /// Where SQL rows are streamed as they come in the row-at-a-time modes (standard output for
    /// `-c`, piped input and the terminal); nil collects them into the command's output
    /// (notebooks, whose output is recorded and compared).
    public var streamsRows: ((String) throws -> Void)?
    /// Set on the session `.save` re-runs: Ctrl-C interrupts its connection, not the REPL's.
    var followsInterrupts = false

    public init(baseDirectory: String = FileManager.default.currentDirectoryPath, now: Int? = nil,
                importClock: @escaping () -> Int, engine: @escaping () throws -> InsightEngine) {
        self.baseDirectory = baseDirectory
        self.now = now
        self.importClock = importClock
        self.makeEngine = engine
    }

    /// The engine and its copy guard; a guard that cannot load fails the command that needed it.
    var engine: InsightEngine {
        get throws {
            if let loadedEngine { return loadedEngine }
            let made = try makeEngine()
            loadedEngine = made
            return made
        }
    }

    /// Takes in modules loaded since the session began: their registry entries, and a guard that
    /// knows their copy.
    func refreshModules() {
        registry = ModuleHost.registry()
        loadedEngine = nil
    }

    /// How many profiles the open dataset has (for the banner; needs no copy guard).
    public func profileCount() -> Int {
        (try? source().count) ?? 0
    }

    /// What a command printed, and whether it asked to end the session.
    public struct Outcome: Sendable {
        public var output: String
        public var quit = false
    }

    /// Runs one command (a dot-command or SQL). Errors leave the session unchanged.
    /// `recorded`: whether `.save` keeps it (commands run by `.read` are the `.read`'s).
    public func execute(_ line: String, recorded: Bool = true) throws(SessionError) -> Outcome {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return Outcome(output: "") }
        // As in sqlite3, the timer times SQL statements.
        // Ctrl-C stops a `.read` file, a `.save` re-run or a notebook between its commands.
        if isCancelled() { throw SessionError("cancelled") }
        if followsInterrupts, let database = dataset?.database { interruptsConnection(database) }
        if replayedOutcomes != nil, writesOutside(trimmed) {
            let recorded = replayedOutcomes?[trimmed]?.isEmpty == false ? replayedOutcomes?[trimmed]?.removeFirst() : nil
            switch recorded {
            case .success(let output)?: return Outcome(output: output)
            case .failure(let error)?: throw error
            case nil: return Outcome(output: "")
            }
        }
        let timing = timer && !trimmed.hasPrefix(".") ? CommandTimer() : nil
        let redirected = outputFile
        var outcome: Outcome
        let kept = recorded && !trimmed.hasPrefix(".save") && !trimmed.hasPrefix(".help") && !trimmed.hasPrefix(".quit")
        let openedBefore = dataset.map(ObjectIdentifier.init)
        defer { if readDepth == 0 { heldFolders = [] } }
        do {
            outcome = trimmed.hasPrefix(".") ? try dotCommand(trimmed) : Outcome(output: try sql(trimmed))
        } catch {
            let failure = error as? SessionError ?? SessionError(String(describing: error))
            // `.save` keeps a failed command too, in a block that expects its error; not one
            // the person cancelled with Ctrl-C.
            if kept && !isCancelled() {
                transcript.append(TranscriptEntry(command: trimmed, opened: nil,
                                                  outcome: writesOutside(trimmed) ? .failure(failure) : nil))
            }
            throw failure
        }
        if kept {
            // An `.open` is saved with its path as seen from the notebook.
            let opened = trimmed.hasPrefix(".open") && dataset.map(ObjectIdentifier.init) != openedBefore
            transcript.append(TranscriptEntry(command: trimmed, opened: opened ? (datasetPath ?? "", now) : nil,
                                              outcome: writesOutside(trimmed) ? .success(outcome.output) : nil))
        }
        // Output set aside by `.output` or `.once` (as it stood before this command changed it).
        if let redirected, !trimmed.hasPrefix(".output"), !trimmed.hasPrefix(".once") {
            try redirected.append(outcome.output)
            outcome.output = ""
            if redirected.once { outputFile = nil }
        }
        if let timing { outcome.output += timing.line }
        return outcome
    }

    private func dotCommand(_ line: String) throws -> Outcome {
        let words = CommandLineSplitter.words(String(line.dropFirst()))
        guard let name = words.first, let help = CommandHelp.named(name) else {
            let name = words.first ?? ""
            let hint = Suggestions.didYouMean(name, among: CommandHelp.all.map(\.name), prefix: ".")
            throw SessionError("unknown command .\(name)" + hint + (hint.isEmpty ? "; " : " ") + ".help lists them")
        }
        let arguments = Array(words.dropFirst())
        // Commands that take SQL or text keep the rest of the line as written.
        let rest = String(line.dropFirst(1 + name.count)).trimmingCharacters(in: .whitespaces)
        if arguments.count < help.minimum {
            throw SessionError(".\(help.name) needs \(help.arguments); usage: \(help.synopsis)")
        }
        if let maximum = help.maximum, arguments.count > maximum {
            throw SessionError(".\(help.name) takes " + (maximum == 0 ? "no arguments" : "at most \(maximum) (\(help.arguments))")
                               + "; usage: \(help.synopsis)")
        }
        return Outcome(output: try help.run(self, CommandHelp.Invocation(arguments: arguments, rest: rest)), quit: help.quits)
    }

    /// `.format text|json`: module output, and query results with it (JSON, or the default columns).
    func setFormat(_ name: String) throws -> String {
        guard let chosen = Format(rawValue: name) else {
            throw SessionError("\(name) is not a format; usage: " + (CommandHelp.named("format").map(\.synopsis) ?? ""))
        }
        format = chosen
        table.mode = chosen == .json ? .json : .column
        return ""
    }

    /// A path as given, or relative to the session's base directory.
    func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] { return home + path.dropFirst(1) }
        return URL(fileURLWithPath: baseDirectory).appendingPathComponent(path).standardized.path
    }

    func requireDataset() throws(SessionError) -> Dataset {
        guard let dataset else { throw SessionError("no dataset is open; use .open DATASET") }
        return dataset
    }

    /// The open dataset's profiles, read one at a time, never all at once.
    func source() throws -> ProfileSource {
        if let sourceCache { return sourceCache }
        let made = try ProfileSource(try requireDataset())
        sourceCache = made
        return made
    }

    /// Forgets what was read from the dataset (it was opened again or imported into).
    func datasetChanged() {
        sourceCache = nil
    }

    /// The profiles commands work on (the chosen one, or all), loaded and released one by one.
    /// A cancelled command (Ctrl-C, or an assistant's call past its time budget) stops between them.
    func eachSelectedProfile(_ body: (ProfileData) throws -> Void) throws {
        let source = try source()
        for id in profileID.map({ [$0] }) ?? source.profileIDs {
            if isCancelled() { throw SessionError("cancelled") }
            if let data = try source.load(id) { try body(data) }
        }
    }

    /// The as-of instant for a profile, by the session's rule.
    func asOf(for data: ProfileData) throws -> Int {
        try asOfRule.instant(for: data.profile, in: try source())
    }

    /// The chosen profile's own row (none of its events), or nil when commands work on all.
    func chosenProfile() throws -> Profile? {
        guard let profileID else { return nil }
        return try source().load(profileID, tables: [])?.profile
    }

    func moduleRun(_ word: String, overrides: [String: String] = [:]) throws -> ModuleRun {
        let descriptor: ModuleDescriptor
        do {
            descriptor = try registry.lookup(word)
        } catch {
            throw SessionError(error.description)
        }
        do {
            return ModuleRun(descriptor: descriptor, parameters: try ParameterValues(
                specs: descriptor.parameters, module: descriptor.id, overrides: overrides))
        } catch {
            throw SessionError(error.description)
        }
    }
}
