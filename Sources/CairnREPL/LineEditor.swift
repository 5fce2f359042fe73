import CReadline
import CSQLite
import Foundation

/// The interactive loop: GNU readline for line editing, history in a file that holds only the
/// commands typed, tab completion, Ctrl-C to abandon the line or stop a running query, Ctrl-D
/// to leave. Errors print one line and the prompt returns.
public final class LineEditor {
    let session: Session
    let historyPath: String
    let useColour: Bool
    public static let historyLimit: Int32 = 1000

    public init(session: Session, historyPath: String, useColour: Bool) {
        self.session = session
        self.historyPath = historyPath
        self.useColour = useColour
    }

    /// Where history lives: $CAIRN_HISTORY, else $XDG_STATE_HOME/cairn/history, else
    /// ~/.local/state/cairn/history, as the SQLite shell chooses its history file.
    public static func defaultHistoryPath(environment: [String: String]) -> String {
        if let explicit = environment["CAIRN_HISTORY"], !explicit.isEmpty { return explicit }
        let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSTemporaryDirectory()) + "/.local/state"
        return state + "/cairn/history"
    }

    public func run(banner: String) {
        Completion.session = session
        session.isCancelled = { Interrupts.cancelled != 0 }
        // On a terminal, overwriting a file is asked first.
        session.confirmOverwrite = { path in
            guard let raw = readline("\(path) exists; overwrite it? [y/N] ") else { return false }
            defer { free(raw) }
            return String(cString: raw).trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("y")
        }
        cairn_rl_set_completion(Completion.complete)
        cairn_rl_set_catch_signals(0)
        Interrupts.install()
        try? FileManager.default.createDirectory(atPath: (historyPath as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        // append_history writes only to a file that exists.
        if !FileManager.default.fileExists(atPath: historyPath) {
            _ = FileManager.default.createFile(atPath: historyPath, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        using_history()
        read_history(historyPath)
        print(banner, terminator: "")
        var reader = StatementReader()
        var typed: [String] = []
        while true {
            Interrupts.state = .editing
            let primary = prompt()
            Interrupts.setPrimaryPrompt(primary)
            guard let raw = readline(reader.isIncomplete ? continuationPrompt() : primary) else {
                print("")
                break
            }
            let line = String(cString: raw)
            free(raw)
            // Ctrl-C while a statement was being typed abandoned it.
            if Interrupts.takeLineCancelled() {
                reader.reset()
                typed = []
            }
            Interrupts.state = .running
            if !line.trimmingWhitespace().isEmpty { typed.append(line.trimmingWhitespace()) }
            let commands = reader.feed(line)
            if !reader.isIncomplete && !typed.isEmpty {
                // A statement typed over several lines is one entry of history.
                add_history(typed.joined(separator: " "))
                append_history(1, historyPath)
                history_truncate_file(historyPath, LineEditor.historyLimit)
                typed = []
            }
            if run(commands) { break }
        }
        Interrupts.state = .idle
    }

    /// Runs the commands a line completed; true when one asked to leave.
    private func run(_ commands: [String]) -> Bool {
        for command in commands {
            Interrupts.database = session.dataset?.database.interruptHandle
            if Interrupts.takeResized() { session.columns = LineEditor.terminalWidth() }
            do {
                let outcome = try session.execute(command)
                print(outcome.output, terminator: "")
                if outcome.quit { return true }
            } catch {
                let message = Interrupts.consumeCancelled() ? "cancelled" : error.message
                print(error.partialOutput, terminator: "")
                print(useColour ? "\u{1B}[31mError:\u{1B}[0m \(message)" : "Error: \(message)")
                return false
            }
        }
        return false
    }

    /// The terminal's width in characters (COLUMNS, else 80, when it cannot be asked).
    public static func terminalWidth() -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 { return Int(size.ws_col) }
        return Int(ProcessInfo.processInfo.environment["COLUMNS"] ?? "") ?? 80
    }

    private func continuationPrompt() -> String {
        useColour ? "\u{1B}[1m   ...>\u{1B}[0m " : "   ...> "
    }

    private func prompt() -> String {
        let profile = session.profileID.map { id in " " + ((try? session.engine.copyGuard.safeIdentifier(id, kind: "profile")) ?? "profile") } ?? ""
        return useColour ? "\u{1B}[1mcairn\(profile)>\u{1B}[0m " : "cairn\(profile)> "
    }
}

/// Ctrl-C: while editing it abandons the line; while a command runs it interrupts SQLite and
/// marks the command cancelled. The handler does only what a signal handler may.
enum Interrupts {
    enum State { case idle, editing, running }
    nonisolated(unsafe) static var state = State.idle
    nonisolated(unsafe) static var database: OpaquePointer?
    nonisolated(unsafe) static var cancelled: sig_atomic_t = 0

    nonisolated(unsafe) static var resized: sig_atomic_t = 0
    nonisolated(unsafe) static var lineCancelled: sig_atomic_t = 0
    /// The prompt Ctrl-C returns to, as a C string the signal handler can hand to readline.
    nonisolated(unsafe) static var primaryPrompt: UnsafeMutablePointer<CChar>? = strdup("")

    static func setPrimaryPrompt(_ prompt: String) {
        let old = primaryPrompt
        primaryPrompt = strdup(prompt)
        free(old)
    }

    /// Whether Ctrl-C abandoned the statement being typed since the last call.
    static func takeLineCancelled() -> Bool {
        defer { lineCancelled = 0 }
        return lineCancelled != 0
    }

    /// Whether the terminal was resized since the last call (SIGWINCH).
    static func takeResized() -> Bool {
        defer { resized = 0 }
        return resized != 0
    }

    static func install() {
        // A parent may have left them blocked (a test runner's threads do): a person's Ctrl-C
        // and resize must reach the shell.
        var wanted = sigset_t()
        sigemptyset(&wanted)
        sigaddset(&wanted, SIGINT)
        sigaddset(&wanted, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
        signal(SIGWINCH) { _ in Interrupts.resized = 1 }
        signal(SIGINT) { _ in
            switch Interrupts.state {
            case .editing:
                Interrupts.lineCancelled = 1
                cairn_rl_cancel_line(Interrupts.primaryPrompt)
            case .running:
                Interrupts.cancelled = 1
                if let database = Interrupts.database { sqlite3_interrupt(database) }
            case .idle:
                break
            }
        }
    }

    static func consumeCancelled() -> Bool {
        defer { cancelled = 0 }
        return cancelled != 0
    }
}

extension Error {
    /// One line for the person.
    var message: String {
        if let session = self as? SessionError { return session.message }
        return String(describing: self)
    }
}
