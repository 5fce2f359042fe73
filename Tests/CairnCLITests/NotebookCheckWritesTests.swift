import Foundation
import Testing

/// Issue 22: `cairn check` and `cairn render` re-run a notebook for what it prints; the notebook's
/// `.export`, `.snapshot`, `.output`, `.once` and `.chart --svg` then write into a private
/// folder that they remove, never beside the notebook (where they would replace a kept file).
@Suite("cairn check writes nothing")
struct NotebookCheckWritesTests {
    let scratch = Scratch()
    let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path

    func listing(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test("check and render compare or show what the writing commands print, write none of their files, and leave no scratch folder")
    func checkWritesNothing() throws {
        let book = scratch.path + "/book", temporary = scratch.path + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let notebook = scratch.write("book/review.md", """
            ```cairn
            .open \(demo)
            .profile maya
            .asof 2026-09-21
            .snapshot snap.json
            .output out.txt
            SELECT 1 AS one;
            .output
            .once once.txt
            SELECT 2 AS two;
            .chart ldl --svg ldl.svg
            ```
            ```output
            ```

            ```cairn
            .export json copy.json
            ```
            ```output
            ```

            """)
        let written = ["copy.json", "ldl.svg", "once.txt", "out.txt", "review.md", "snap.json"]
        let recorded = try CLI.run(["run", notebook, "--update"])
        #expect(recorded.status == 0, "\(recorded.error)")
        // The export names the file as the notebook typed it (it named /proc/self/fd/N, N differing between runs).
        #expect(recorded.output.contains("Exported \(demo) to copy.json (JSON, every table)."), "\(recorded.output)")
        #expect(listing(book) == written)
        for name in written where name != "review.md" { try FileManager.default.removeItem(atPath: book + "/" + name) }

        let environment = ["TMPDIR": temporary]
        let checked = try CLI.run(["check", notebook], environment: environment)
        #expect(checked.status == 0, "\(checked.output)\(checked.error)")
        #expect(checked.output == "ok       \(notebook)\n")
        #expect(listing(book) == ["review.md"], "check wrote beside the notebook")
        #expect(listing(temporary).isEmpty, "check left its scratch folder: \(listing(temporary))")

        // Files a person keeps there are neither replaced nor removed; an export onto an existing
        // file is refused under check as under run, so check reports the change.
        for name in ["snap.json", "out.txt", "copy.json"] { scratch.write("book/" + name, "kept\n") }
        let again = try CLI.run(["check", notebook], environment: environment)
        #expect(again.status == 1)
        #expect(again.output.contains("exists; an export is written to a new path, so nothing is overwritten"), "\(again.output)")
        for name in ["snap.json", "out.txt", "copy.json"] {
            #expect(String(decoding: FileManager.default.contents(atPath: book + "/" + name) ?? Data(), as: UTF8.self) == "kept\n", "\(name)")
        }
        #expect(listing(book) == ["copy.json", "out.txt", "review.md", "snap.json"])
        #expect(listing(temporary).isEmpty)
        // `cairn render` writes its page and nothing else.
        try FileManager.default.removeItem(atPath: book + "/copy.json")
        let page = scratch.path + "/page.html"
        let rendered = try CLI.run(["render", notebook, "--out", page], environment: environment)
        #expect(rendered.status == 0, "\(rendered.error)")
        #expect(FileManager.default.fileExists(atPath: page))
        #expect(listing(book) == ["out.txt", "review.md", "snap.json"])
        #expect(String(decoding: FileManager.default.contents(atPath: book + "/out.txt") ?? Data(), as: UTF8.self) == "kept\n")
        #expect(listing(temporary).isEmpty)
        // `cairn run` still writes where the notebook says.
        #expect(try CLI.run(["run", notebook]).status == 0)
        #expect(listing(book) == written)
        #expect(String(decoding: FileManager.default.contents(atPath: book + "/out.txt") ?? Data(), as: UTF8.self).contains("one"))
    }
}
