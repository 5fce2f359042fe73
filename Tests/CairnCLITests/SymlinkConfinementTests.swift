import Foundation
import Testing

/// Issue 22, item 1: a notebook's folder holding symbolic links (absolute, relative, chained)
/// must not carry any write, read or prune out of it; a symlinked `NAME.figures` is refused.
@Suite("Notebook confinement through links")
struct SymlinkConfinementTests {
    let scratch = Scratch()
    let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path

    /// `book/abs -> outside` (absolute), `book/rel -> ../outside` (relative), `book/chain -> abs`
    /// (a link to a link), and `book/last -> outside/victim.txt` (the last part a link).
    func linkedBook() throws -> (book: String, outside: String) {
        let outside = scratch.path + "/outside"
        scratch.write("outside/victim.txt", "keep me\n")
        scratch.write("outside/secret.csv", "name,value\nsecret-token,42\n")
        let book = scratch.path + "/book"
        try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: book + "/abs", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: book + "/rel", withDestinationPath: "../outside")
        try FileManager.default.createSymbolicLink(atPath: book + "/chain", withDestinationPath: "abs")
        try FileManager.default.createSymbolicLink(atPath: book + "/last", withDestinationPath: outside + "/victim.txt")
        return (book, outside)
    }

    @Test("every write, read and redirect through a link in the folder is refused in one line; nothing outside changes")
    func linksRefused() throws {
        let (book, outside) = try linkedBook()
        let before = try FileManager.default.contentsOfDirectory(atPath: outside).sorted()
        let commands = [
            ".output abs/new.txt", ".once rel/new.txt", ".output chain/deeper/new.txt", ".output last",
            ".export json abs/x.json", ".export csv rel/backup", ".save chain/saved.md", ".snapshot rel/snap.json",
            ".chart ldl --svg abs/ldl.svg", ".snapshot last", ".import rel/secret.csv stolen", ".read chain/secret.csv",
        ]
        let notebook = scratch.write("book/notebook.md", """
            ```cairn
            .open \(demo)
            .profile maya
            .asof 2026-09-21
            ```
            ```output
            ```

            """ + commands.map { "```cairn error\n\($0)\n```\n```output\n```\n\n" }.joined())
        let result = try CLI.run(["run", notebook])
        #expect(result.status == 0, "\(result.error)")
        let refusals = result.output.split(separator: "\n").filter { $0.contains("is a symbolic link; a notebook reads and writes only") }
        #expect(refusals.count == commands.count, "\(result.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).sorted() == before)
        #expect(String(decoding: FileManager.default.contents(atPath: outside + "/victim.txt") ?? Data(), as: UTF8.self) == "keep me\n")
        #expect(!result.output.contains("secret-token"))
        // The same writes to real folders inside the book are allowed.
        try FileManager.default.createDirectory(atPath: book + "/real", withIntermediateDirectories: true)
        let inside = scratch.write("book/inside.md", """
            ```cairn
            .open \(demo)
            .output real/new.txt
            .tables
            .output
            .snapshot real/snap.json
            ```
            ```output
            ```

            """)
        let allowed = try CLI.run(["run", inside])
        #expect(allowed.status == 0, "\(allowed.output)\(allowed.error)")
        #expect(FileManager.default.fileExists(atPath: book + "/real/new.txt"))
        #expect(FileManager.default.fileExists(atPath: book + "/real/snap.json"))
    }

    @Test("a NAME.figures that is a symbolic link is refused: no picture written and nothing pruned through it")
    func figuresLink() throws {
        let (book, outside) = try linkedBook()
        scratch.write("outside/figure-9-9.svg", "<svg>unrelated</svg>")
        try FileManager.default.createSymbolicLink(atPath: book + "/charts.figures", withDestinationPath: outside)
        let notebook = scratch.write("book/charts.md", """
            ```cairn
            .open \(demo)
            .profile maya
            .asof 2026-09-21
            .chart ldl
            ```
            ```output
            ```

            """)
        let before = try FileManager.default.contentsOfDirectory(atPath: outside).sorted()
        let result = try CLI.run(["run", notebook, "--update"])
        #expect(result.status == 2)
        #expect(result.error == "cairn: error: \(book)/charts.figures: is a symbolic link; a notebook reads and writes only real files and folders inside its own folder\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).sorted() == before)
        #expect(FileManager.default.fileExists(atPath: outside + "/figure-9-9.svg"))
        // With a real folder the pictures are written there.
        try FileManager.default.removeItem(atPath: book + "/charts.figures")
        let written = try CLI.run(["run", notebook, "--update"])
        #expect(written.status == 0, "\(written.error)")
        #expect(FileManager.default.fileExists(atPath: book + "/charts.figures/figure-1-1.svg"))
    }

    @Test("a pipe shipped in the notebook's folder is refused in one line for .output, .once, .read and .import; check ends")
    func pipesRefused() throws {
        let book = scratch.path + "/piped"
        try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
        #expect(mkfifo(book + "/out.txt", 0o600) == 0)
        let commands = [".output out.txt", ".once out.txt", ".read out.txt", ".import out.txt t", ".snapshot out.txt"]
        let notebook = scratch.write("piped/notebook.md", """
            ```cairn
            .open \(demo)
            ```
            ```output
            ```

            """ + commands.map { "```cairn error\n\($0)\n```\n```output\n```\n\n" }.joined())
        let started = Date()
        let result = try CLI.run(["run", notebook])
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(result.status == 0, "\(result.error)")
        let refusals = result.output.split(separator: "\n").filter { $0.contains("out.txt: is a pipe, socket or device; a notebook reads and writes only regular files") }
        #expect(refusals.count == commands.count, "\(result.output)")
        // A pipe named as the dataset is not a SQLite database: refused, not read.
        #expect(mkfifo(book + "/d.sqlite", 0o600) == 0)
        let opening = scratch.write("piped/opening.md", "```cairn\n.open d.sqlite\n```\n```output\n```\n")
        let opened = try CLI.run(["check", opening])
        #expect(opened.status == 1 && opened.output.contains("not a SQLite database"), "\(opened.output)")
        let summary = try CLI.run(["summary", book + "/d.sqlite"])
        #expect(summary.status == 2 && summary.error.contains("not a SQLite database"), "\(summary.error)")
    }
}

