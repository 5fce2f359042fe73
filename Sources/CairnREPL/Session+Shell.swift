import CairnCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The shell's settings, named and behaving as the sqlite3 shell's: `.mode`, `.headers`,
/// `.width`, `.timer`, `.output`, `.once`, `.read`; and `.maxrows`, as DuckDB's shell has it.
extension Session {
    /// `.mode [MODE]`: shows or sets how query results are written.
    func setMode(_ name: String?) throws -> String {
        guard let name else { return "current output mode: \(table.mode.rawValue)\n" }
        guard let mode = OutputMode(name: name) else {
            throw SessionError("no mode \(name)" + Suggestions.didYouMean(name, among: OutputMode.allCases.map(\.rawValue) + ["tabs"])
                               + "; modes: " + OutputMode.allCases.map(\.rawValue).joined(separator: ", "))
        }
        table.mode = mode
        return ""
    }

    /// `.headers on|off`.
    func setHeaders(_ word: String) throws -> String {
        table.headers = try Session.onOff(word, command: "headers")
        return ""
    }

    /// `.timer on|off`.
    func setTimer(_ word: String) throws -> String {
        timer = try Session.onOff(word, command: "timer")
        return ""
    }

    /// `.width [N...]`: each column's width in the grid modes (0: automatic, negative:
    /// right-aligned); none: every column automatic.
    func setWidths(_ words: [String]) throws -> String {
        table.widths = try words.map { word in
            guard let width = Int(word), (-10_000...10_000).contains(width) else { throw SessionError("\(word) is not a width; give whole numbers, e.g. .width 12 -8 0") }
            return width
        }
        return ""
    }

    /// `.maxrows [N]`: how many rows a grid shows (0: all); none: shows the setting.
    func setMaxRows(_ word: String?) throws -> String {
        guard let word else { return "maxrows: \(maxRows == 0 ? "all" : String(maxRows))\n" }
        guard let count = Int(word), count >= 0 else { throw SessionError("\(word) is not a row count; give a whole number (0: all rows)") }
        maxRows = count
        return ""
    }

    /// `.output [FILE]` and `.once FILE`: what commands print goes to FILE (emptied first)
    /// until `.output` alone, or for the next command only.
    func redirect(to path: String?, once: Bool) throws -> String {
        outputFile = nil
        guard let path else { return "" }
        let target = try writableTarget(path)
        do {
            outputFile = try OutputFile(opening: target, shown: path, once: once, followingLinks: confinement == nil)
        } catch {
            throw SessionError.fileWrite(error.description)
        }
        return ""
    }

    /// `.read FILE`: runs the commands in a file, as if typed, stopping at the first error
    /// with its line.
    func read(_ path: String) throws -> String {
        let resolved = try readableSource(path)
        guard let data = FileManager.default.contents(atPath: resolved), let text = String(data: data, encoding: .utf8) else {
            throw SessionError("\(path): no such file, or it is not UTF-8 text")
        }
        readDepth += 1
        defer { readDepth -= 1 }
        guard readDepth <= 16 else { throw SessionError("\(path): .read nested more than 16 deep (does a file read itself?)") }
        var output = ""
        for (line, command) in StatementReader.numberedCommands(in: text) {
            do {
                let outcome = try execute(command, recorded: false)
                output += outcome.output
                if outcome.quit { break }
            } catch {
                throw SessionError("\(path):\(line): \(error.message)", partialOutput: output)
            }
        }
        return output
    }

    static func onOff(_ word: String, command: String) throws -> Bool {
        switch word.lowercased() {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default: throw SessionError("\(word) is not on or off; usage: .\(command) on|off")
        }
    }
}

/// Where `.output` or `.once` sends what commands print: one descriptor, opened (emptied, 0600)
/// when the command is given, so a full or vanished target is one error line, never a crash.
struct OutputFile {
    let handle: FileHandle
    let shown: String
    /// For the next command only (`.once`).
    let once: Bool

    /// In a notebook the last part is never followed (`followingLinks` false).
    init(opening path: String, shown: String, once: Bool, followingLinks: Bool) throws(FileAccessError) {
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
        let descriptor = Glibc.open(path, flags, 0o600)
        guard descriptor >= 0 else { throw FileAccessError(path: shown, errno: errno, doing: "write") }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        self.shown = shown
        self.once = once
    }

    func append(_ text: String) throws(SessionError) {
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw SessionError.fileWrite(FileAccessError(path: shown, failure: error, doing: "write any more").description
                                         + "; .output alone returns to the screen")
        }
    }
}

/// `.timer on`: the time a command took, as the sqlite3 shell prints it.
struct CommandTimer {
    private let start: timespec
    private let usage: rusage

    init() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        start = now
        var used = rusage()
        getrusage(RUSAGE_SELF.rawValue, &used)
        usage = used
    }

    var line: String {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        var used = rusage()
        getrusage(RUSAGE_SELF.rawValue, &used)
        let real = Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
        func seconds(_ after: timeval, _ before: timeval) -> Double {
            Double(after.tv_sec - before.tv_sec) + Double(after.tv_usec - before.tv_usec) / 1e6
        }
        return String(format: "Run Time: real %.3f user %.6f sys %.6f\n", real,
                      seconds(used.ru_utime, usage.ru_utime), seconds(used.ru_stime, usage.ru_stime))
    }
}
