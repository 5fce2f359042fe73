import Foundation
import Testing

/// The interactive REPL, driven through a pseudo-terminal.
@Suite("REPL on a terminal", .serialized)
struct REPLTests {
    let scratch = Scratch()
    var demo: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Datasets/demo").path
    }
    var history: String { scratch.path + "/state/cairn/history" }

    func start() throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(arguments: [demo], environment: [
            "XDG_STATE_HOME": scratch.path + "/state", "HOME": scratch.path, "TERM": "xterm", "NO_COLOR": "1",
        ])
        #expect(terminal.waitFor("Enter .help for commands"), "no banner: \(terminal.screen)")
        #expect(terminal.waitFor("cairn> "))
        return terminal
    }

    @Test("overwriting a file is asked first: no keeps it, yes replaces it")
    func askBeforeOverwrite() throws {
        let target = scratch.write("keep.json", "precious\n")
        let terminal = try start()
        let mark = terminal.end
        terminal.type(".asof 2026-05-31\r")
        terminal.type(".snapshot \(target)\r")
        #expect(terminal.waitFor("exists; overwrite it? [y/N]", after: mark), "\(terminal.screen)")
        terminal.type("n\r")
        #expect(terminal.waitFor("was kept as it was; nothing was written", after: mark))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
        let second = terminal.end
        terminal.type(".snapshot \(target)\r")
        #expect(terminal.waitFor("exists; overwrite it? [y/N]", after: second))
        terminal.type("y\r")
        #expect(terminal.waitFor("insights to", after: second), "\(terminal.screen)")
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("{"))
        terminal.type(".quit\r")
        #expect(terminal.exitStatus() == 0)
    }

    @Test("a bad command prints one error line and the prompt returns; the next command works")
    func badThenGood() throws {
        let terminal = try start()
        let mark = terminal.end
        terminal.type(".nonsense\r")
        #expect(terminal.waitFor("Error: unknown command .nonsense", after: mark))
        #expect(terminal.waitFor("cairn> ", after: mark))
        terminal.type(".profiles\r")
        #expect(terminal.waitFor("Lena Hoffmann", after: mark), "\(terminal.screen)")
        terminal.type("SELECT bogus FROM nowhere;\r")
        #expect(terminal.waitFor("Error: no such table: nowhere", after: mark))
        terminal.type(".quit\r")
        #expect(terminal.exitStatus() == 0)
    }

    @Test("a statement that would write is refused; the session goes on")
    func refusedWrite() throws {
        let terminal = try start()
        let mark = terminal.end
        terminal.type("DELETE FROM readings;\r")
        #expect(terminal.waitFor("refused: this statement would change the dataset", after: mark))
        terminal.type("SELECT count(*) AS n FROM readings;\r")
        #expect(terminal.waitForPrompt(after: "244", from: mark))
        terminal.type("\u{4}")
        #expect(terminal.exitStatus() == 0)
    }

    @Test("history is kept in a file holding only commands, and Up recalls the last one")
    func historyFile() throws {
        var terminal = try start()
        terminal.type(".profile lena\r")
        terminal.type("SELECT count(*) AS nights FROM sleep;\r")
        #expect(terminal.waitFor("184"))
        terminal.type(".quit\r")
        #expect(terminal.exitStatus() == 0)
        let saved = try String(contentsOfFile: history, encoding: .utf8)
        #expect(saved.contains(".profile lena"))
        #expect(saved.contains("SELECT count(*) AS nights FROM sleep;"))
        #expect(!saved.contains("184"))

        terminal = try start()
        let mark = terminal.end
        // The last command was .quit; the one before it is the query.
        terminal.type("\u{1B}[A")
        usleep(100_000)
        terminal.type("\u{1B}[A\r")
        #expect(terminal.waitFor("nights", after: mark))
        #expect(terminal.waitFor("184", after: mark))
        terminal.type(".quit\r")
        #expect(terminal.exitStatus() == 0)
    }

    @Test("tab completes dot-commands, module ids and profile ids")
    func completion() throws {
        let terminal = try start()
        var mark = terminal.end
        terminal.type(".modu\t\r")
        #expect(terminal.waitFor("medication-overuse@1", after: mark), "\(terminal.screen)")
        mark = terminal.end
        terminal.type(".profile le\t\r")
        #expect(terminal.waitFor("cairn lena> ", after: mark), "\(terminal.screen)")
        mark = terminal.end
        terminal.type(".run medication-ov\t\r")
        #expect(terminal.waitFor("No insights.", after: mark), "\(terminal.screen)")
        terminal.type(".quit\r")
        #expect(terminal.exitStatus() == 0)
    }

    @Test("completion reads the line: tables after FROM, the named table's columns, keywords, modes, parameters, markers")
    func contextCompletion() throws {
        let terminal = try start()
        func completes(_ typed: String, to expected: String) {
            let mark = terminal.end
            terminal.type(typed + "\t")
            #expect(terminal.waitFor(expected, after: mark), "\(typed) did not complete to \(expected): \(terminal.screen[mark...])")
            // Abandon the line for the next case.
            terminal.type("\u{3}")
            #expect(terminal.waitFor("cairn", after: mark))
            usleep(100_000)
        }
        // After FROM only tables: "head" starts one table (the column headache_id is not offered there).
        completes("SELECT * FROM head", to: "SELECT * FROM headaches ")
        // The columns of the table the statement names: sleep has duration_min, readings none like it.
        completes("SELECT * FROM sleep WHERE dura", to: "WHERE duration_min ")
        let mark = terminal.end
        terminal.type("SELECT * FROM readings WHERE dura\t")
        usleep(300_000)
        terminal.drain()
        #expect(!terminal.screen[mark...].contains("duration_min"), "\(terminal.screen[mark...])")
        terminal.type("\u{3}")
        #expect(terminal.waitFor("cairn", after: mark))
        completes("SELECT * FROM sleep WHERE sleep.qual", to: "sleep.quality ")
        // Keywords in the case they are typed in, from SQLite's own list.
        completes("sel", to: "select ")
        completes("SELECT * FROM sleep ORD", to: "ORDER ")
        completes(".mode mark", to: ".mode markdown ")
        completes(".run medication-overuse thres", to: "threshold_days=")
        completes(".profile ma", to: ".profile maya ")
        completes(".chart ld", to: ".chart ldl ")
        completes(".chart sleep-corr", to: ".chart sleep-correlation:")
        terminal.type(".quit\r")
        #expect(terminal.exitStatus() == 0)
    }

    @Test("Ctrl-C abandons the line being typed and the prompt returns; Ctrl-D leaves")
    func controlC() throws {
        let terminal = try start()
        let mark = terminal.end
        terminal.type("SELECT 424242")
        #expect(terminal.waitFor("SELECT 424242", after: mark))
        terminal.type("\u{3}")
        usleep(200_000)
        terminal.type("SELECT 7 AS seven;\r")
        // "seven" is echoed as it is typed; Ctrl-D means leave only at the next prompt.
        #expect(terminal.waitForPrompt(after: "SELECT 7 AS seven;", from: mark), "\(terminal.screen[mark...])")
        let result = terminal.screen[terminal.screen.range(of: "AS seven;", range: mark..<terminal.end)!.upperBound...]
        #expect(result.contains("seven") && result.contains("7"), "\(result)")
        #expect(!terminal.screen[mark...].contains("424242\r\n-"), "the cancelled line ran: \(terminal.screen)")
        #expect(terminal.process.isRunning)
        terminal.type("\u{4}")
        #expect(terminal.exitStatus() == 0)
    }

    @Test("Ctrl-C stops a running query and .evaluate; it is cleared after the command, so the next one runs")
    func controlCStopsLongCommands() throws {
        let terminal = try start()
        let mark = terminal.end
        terminal.type("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;\r")
        usleep(700_000)
        terminal.type("\u{3}")
        #expect(terminal.waitFor("Error: cancelled", after: mark), "\(terminal.screen[mark...])")
        #expect(terminal.waitFor("cairn> ", after: mark))
        let second = terminal.end
        terminal.type(".evaluate null trigger-cooccurrence profiles=20000\r")
        usleep(1_500_000)
        terminal.type("\u{3}")
        #expect(terminal.waitFor("Error: cancelled", after: second), "\(terminal.screen[second...])")
        #expect(terminal.waitFor("cairn> ", after: second))
        // Nothing lingers: the next command runs whole.
        let third = terminal.end
        terminal.type(".profiles\r")
        #expect(terminal.waitFor("Lena Hoffmann", after: third), "\(terminal.screen[third...])")
        #expect(!terminal.screen[third...].contains("cancelled"))
        terminal.type(".quit\r")
        #expect(terminal.exitStatus() == 0)
    }

    @Test("a statement typed over several lines shows the continuation prompt and runs at its ;")
    func multiLineStatement() throws {
        let terminal = try start()
        let mark = terminal.end
        terminal.type("SELECT\r")
        #expect(terminal.waitFor("   ...> ", after: mark), "\(terminal.screen[mark...])")
        terminal.type("  count(*) AS n -- every headache\r")
        terminal.type("FROM headaches;\r")
        #expect(terminal.waitFor("38", after: mark), "\(terminal.screen[mark...])")
        #expect(terminal.waitFor("cairn> ", after: mark))
        // Ctrl-C abandons the statement being typed; the next one starts afresh.
        let second = terminal.end
        terminal.type("SELECT 'abandoned'\r")
        #expect(terminal.waitFor("   ...> ", after: second))
        usleep(200_000)
        terminal.type("\u{03}")
        #expect(terminal.waitFor("cairn> ", after: second))
        terminal.type("SELECT 5 + 5 AS ten;\r")
        #expect(terminal.waitFor("10", after: second), "\(terminal.screen[second...])")
        #expect(!terminal.screen[second...].contains("Error"))
        terminal.type(".quit\r")
        #expect(terminal.exitStatus() == 0)
    }

    @Test("results fit the terminal with a count of what is hidden, and follow a resize")
    func resizedTerminal() throws {
        let terminal = try start()
        func resultLines(after mark: String.Index) -> [Substring] {
            terminal.screen[mark...].split(whereSeparator: \.isNewline)
                .filter { $0.contains("  maya  ") || $0.contains("  ngozi  ") }
        }
        let wide = terminal.end
        terminal.type("SELECT * FROM readings;\r")
        #expect(terminal.waitFor("rows, 40 shown", after: wide), "\(terminal.screen[wide...])")
        let before = resultLines(after: wide)
        #expect(!before.isEmpty && before.allSatisfy { $0.count <= 100 }, "\(before)")
        #expect(before.contains { $0.count > 60 })
        terminal.resize(columns: 60, rows: 30)
        let narrow = terminal.end
        terminal.type("SELECT * FROM readings;\r")
        #expect(terminal.waitFor("rows, 40 shown", after: narrow), "\(terminal.screen[narrow...])")
        let after = resultLines(after: narrow)
        #expect(!after.isEmpty && after.allSatisfy { $0.count <= 60 }, "\(after)")
        #expect(terminal.screen[narrow...].contains("columns shown"))
        terminal.type(".quit\r")
        #expect(terminal.exitStatus() == 0)
    }

    @Test(".save keeps a command that failed in a block expecting its error; check passes")
    func saveAfterFailure() throws {
        let notebook = scratch.path + "/failed.md"
        let terminal = try start()
        let mark = terminal.end
        terminal.type(".profile nobody\r")
        #expect(terminal.waitFor("Error: no profile nobody", after: mark))
        terminal.type(".save \(notebook)\r")
        #expect(terminal.waitFor("(1 failed, marked error)", after: mark), "\(terminal.screen[mark...])")
        terminal.type(".quit\r")
        #expect(terminal.exitStatus() == 0)
        let text = try String(contentsOfFile: notebook, encoding: .utf8)
        #expect(text.contains("```cairn error\n.profile nobody\n```\n```output\nError: no profile nobody"), "\(text)")
        #expect(!text.contains(".profiles"), "nothing the person did not type")
        #expect(try CLI.run(["check", notebook]).status == 0)
    }

    @Test("Ctrl-C during .save stops it and writes nothing; the next command runs (issue 22)")
    func controlCStopsSave() throws {
        let folder = scratch.path + "/save-cancel"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A session that takes a few seconds to re-run.
        let script = scratch.write("save-cancel/slow.sql", String(repeating: "SELECT count(*) AS n FROM weather WHERE temperature_c > 0;\n", count: 12_000))
        let notebook = folder + "/saved.md"
        let terminal = try start()
        let mark = terminal.end
        terminal.type(".read \(script)\r")
        #expect(terminal.waitFor("cairn> ", after: mark, timeout: 120), "\(terminal.screen[mark...])")
        let saving = terminal.end
        terminal.type(".save \(notebook)\r")
        usleep(800_000)
        terminal.type("\u{3}")
        #expect(terminal.waitFor("Error: cancelled; nothing was saved", after: saving, timeout: 10), "\(terminal.screen[saving...])")
        #expect(!FileManager.default.fileExists(atPath: notebook))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["slow.sql"])
        let next = terminal.end
        terminal.type("SELECT 6*7 AS answer;\r")
        #expect(terminal.waitFor("42", after: next), "\(terminal.screen[next...])")
        terminal.type(".quit\r")
        #expect(terminal.exitStatus() == 0)
    }
}
