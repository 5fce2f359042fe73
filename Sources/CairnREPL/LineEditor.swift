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
        while true {
            Interrupts.state = .editing
            guard let raw = readline(prompt()) else {
                print("")
                break
            }
            let line = String(cString: raw)
            free(raw)
            Interrupts.state = .running
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            add_history(trimmed)
            append_history(1, historyPath)
            history_truncate_file(historyPath, LineEditor.historyLimit)
            var quit = false
            for command in CommandLineSplitter.split(trimmed) {
                Interrupts.database = session.dataset?.database.interruptHandle
                do {
                    let outcome = try session.execute(command)
                    print(outcome.output, terminator: "")
                    if outcome.quit { quit = true; break }
                } catch {
                    let message = Interrupts.consumeCancelled() ? "cancelled" : error.message
                    print(useColour ? "\u{1B}[31mError:\u{1B}[0m \(message)" : "Error: \(message)")
                    break
                }
            }
            if quit { break }
        }
        Interrupts.state = .idle
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

    static func install() {
        signal(SIGINT) { _ in
            switch Interrupts.state {
            case .editing:
                cairn_rl_cancel_line()
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
