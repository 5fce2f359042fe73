import CReadline
import CSQLite
import Foundation
import Synchronization

/// Ctrl-C as the sqlite3 shell takes it: the SIGINT handler sets an atomic flag and interrupts
/// the database, nothing else (no readline, no prompt, no plain globals). Long commands check
/// the flag between steps (`Session.isCancelled`); the main loop clears it after each command,
/// so a Ctrl-C never lingers to cancel the next one. While a line is being edited, readline
/// calls back on the main thread after the signal (`rl_signal_event_hook`), and the line is
/// abandoned there.
enum Interrupts {
    private static let seen = Atomic<Int32>(0)
    private static let resizedFlag = Atomic<Int32>(0)
    /// The connection a running command reads through, interrupted by Ctrl-C.
    nonisolated(unsafe) private static let database = Atomic<OpaquePointer?>(nil)

    /// Main-thread state: whether readline is reading a line, and its prompt.
    nonisolated(unsafe) static var editing = false
    nonisolated(unsafe) static var primaryPrompt = ""
    nonisolated(unsafe) private static var lineCancelled = false

    /// Whether Ctrl-C was pressed since the last `clear()`.
    static var isSet: Bool { seen.load(ordering: .acquiring) != 0 }

    static func clear() { seen.store(0, ordering: .releasing) }

    /// The connection Ctrl-C interrupts from now on (nil: none).
    static func watch(_ connection: OpaquePointer?) { database.store(connection, ordering: .releasing) }

    /// Whether Ctrl-C abandoned the statement being typed since the last call.
    static func takeLineCancelled() -> Bool {
        defer { lineCancelled = false }
        return lineCancelled
    }

    /// Whether the terminal was resized since the last call (SIGWINCH).
    static func takeResized() -> Bool {
        resizedFlag.exchange(0, ordering: .acquiringAndReleasing) != 0
    }

    static func install() {
        // Globals are made on first use, which a signal handler must not be the one to do.
        _ = isSet
        _ = takeResized()
        watch(nil)
        // A parent may have left them blocked (a test runner's threads do): a person's Ctrl-C
        // and resize must reach the shell.
        var wanted = sigset_t()
        sigemptyset(&wanted)
        sigaddset(&wanted, SIGINT)
        sigaddset(&wanted, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
        // Without SA_RESTART, so that readline's read() returns and calls the event hook.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            Interrupts.seen.store(1, ordering: .releasing)
            if let connection = Interrupts.database.load(ordering: .acquiring) { sqlite3_interrupt(connection) }
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        var resize = sigaction()
        resize.__sigaction_handler.sa_handler = { _ in Interrupts.resizedFlag.store(1, ordering: .releasing) }
        sigemptyset(&resize.sa_mask)
        resize.sa_flags = SA_RESTART
        sigaction(SIGWINCH, &resize, nil)
        cairn_rl_set_signal_hook { Interrupts.afterSignal() }
        cairn_rl_set_getc { Interrupts.afterSignal() }
    }

    /// Called by readline on the main thread after a signal interrupted its read: a Ctrl-C
    /// abandons the line being typed and shows a fresh prompt.
    static func afterSignal() -> Int32 {
        guard editing, isSet else { return 0 }
        clear()
        lineCancelled = true
        primaryPrompt.withCString { cairn_rl_cancel_line($0) }
        return 0
    }
}
