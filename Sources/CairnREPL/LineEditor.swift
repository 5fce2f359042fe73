import CReadline
import CSQLite
import Foundation
import CairnCore

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
        session.isCancelled = { Interrupts.isSet }
        session.streamsRows = { print($0, terminator: "") }
        session.interruptsConnection = { [session] database in
            Interrupts.watch((database ?? session.dataset?.database)?.interruptHandle)
        }
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
            Interrupts.editing = true
            let primary = prompt()
            Interrupts.primaryPrompt = primary
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
            Interrupts.editing = false
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
        Interrupts.editing = false
    }

    /// Runs the commands a line completed; true when one asked to leave.
    private func run(_ commands: [String]) -> Bool {
        for command in commands {
            Interrupts.watch(session.dataset?.database.interruptHandle)
            // A Ctrl-C belongs to the command it interrupted: cleared after each one, as sqlite3 does.
            defer { Interrupts.watch(nil); Interrupts.clear() }
            if Interrupts.takeResized() { session.columns = LineEditor.terminalWidth() }
            do {
                let outcome = try session.execute(command)
                print(outcome.output, terminator: "")
                if outcome.quit { return true }
            } catch {
                // A message may quote the data: its control characters are shown escaped.
                // A command that says what Ctrl-C left undone (".save": nothing was saved) says so.
                let message = Interrupts.isSet && !error.message.hasPrefix("cancelled") ? "cancelled" : TerminalText.escaped(error.message)
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

extension Error {
    /// One line for the person.
    var message: String {
        if let session = self as? SessionError { return session.message }
        return String(describing: self)
    }
}
