import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs `cairn` on a pseudo-terminal, as a person at a terminal would: keystrokes go in through
/// the master side, the screen's bytes come out of it. `setsid --ctty` makes the terminal the
/// process's controlling terminal, so Ctrl-C raises SIGINT as it does for a person.
final class PseudoTerminal {
    let master: Int32
    let process = Process()
    private(set) var screen = ""

    init(arguments: [String], environment: [String: String]) throws {
        // posix_openpt/unlockpt/ptsname are not in Swift's Glibc module; on Linux they are
        // /dev/ptmx and two ioctls (TIOCSPTLCK to unlock, TIOCGPTN for the number).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw POSIXError(.ENXIO)
        }
        let slavePath = "/dev/pts/\(number)"
        var size = winsize(ws_row: 40, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slave = FileHandle(forUpdatingAtPath: slavePath)!
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["--ctty", "--wait", CLI.binary] + arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = slave
        process.standardOutput = slave
        process.standardError = slave
        try process.run()
        try slave.close()
        let flags = fcntl(master, F_GETFL)
        _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }

    /// Sets the terminal's size, as a person dragging the window does: the kernel sends
    /// SIGWINCH to the foreground process.
    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    func type(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    /// Reads until the screen (since `from`) contains the text, or the timeout passes.
    @discardableResult
    func waitFor(_ text: String, after from: String.Index? = nil, timeout: TimeInterval = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            drain()
            let start = from ?? screen.startIndex
            if screen[start...].contains(text) { return true }
            usleep(10_000)
        }
        return false
    }

    /// Waits for the text, then for the prompt after it: readline owns the terminal again only
    /// at the prompt, and a key typed before it (Ctrl-D above all) reaches the line discipline.
    @discardableResult
    func waitForPrompt(after text: String, from mark: String.Index, prompt: String = "cairn> ") -> Bool {
        guard waitFor(text, after: mark), let found = screen.range(of: text, range: mark..<end) else { return false }
        return waitFor(prompt, after: found.upperBound)
    }

    var end: String.Index { screen.endIndex }

    func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return }
            screen += String(decoding: buffer[0..<count], as: UTF8.self)
        }
    }

    /// Waits for the process to end; its exit status, or nil when it did not end in time.
    func exitStatus(timeout: TimeInterval = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            drain()
            usleep(10_000)
        }
        return process.isRunning ? nil : process.terminationStatus
    }
}
