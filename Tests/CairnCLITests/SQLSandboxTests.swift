import CairnStore
import Foundation
import Testing

/// SQL typed into the REPL or a notebook reads and does nothing else; a dataset that carries
/// its own code is refused. Each attack is refused with one line and the files are unchanged.
@Suite("SQL sandbox")
struct SQLSandboxTests {
    let scratch = Scratch()

    func dataset() throws -> String {
        let path = scratch.path + "/d.sqlite"
        let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path
        let result = try CLI.run(["import", demo, "--into", path, "--now", "2026-11-22"])
        #expect(result.status == 0, "\(result.error)")
        return path
    }

    func digest(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test("each attack is refused with one line, and nothing is written", arguments: [
        ("SELECT fts3_tokenizer('simple');", "not authorized to use function: fts3_tokenizer"),
        ("SELECT fts3_tokenizer('simple', x'4141414141414141');", "not authorized to use function: fts3_tokenizer"),
        ("ATTACH '__SCRATCH__/side.db' AS side;", "refused: SQL here may only read the dataset"),
        ("PRAGMA user_version = 7;", "refused: SQL here may only read the dataset"),
        ("PRAGMA writable_schema = ON;", "refused: SQL here may only read the dataset"),
        ("VACUUM INTO '__SCRATCH__/copy.db';", "refused: this statement would change the dataset"),
        ("SELECT load_extension('__SCRATCH__/evil.so');", "not authorized to use function: load_extension"),
        ("DELETE FROM headaches;", "refused: this statement would change the dataset"),
        ("CREATE TEMP VIEW v AS SELECT 1", "refused: this statement would change the dataset"),
    ])
    func attacks(sql: String, message: String) throws {
        let path = try dataset()
        let before = digest(path)
        let command = sql.replacingOccurrences(of: "__SCRATCH__", with: scratch.path)
        let result = try CLI.run([path, "-c", command])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("Error: ") && result.error.contains(message), "\(result.error)")
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(digest(path) == before)
        for side in ["side.db", "copy.db"] { #expect(!FileManager.default.fileExists(atPath: scratch.path + "/" + side)) }
        // Ordinary reads still work, functions and recursive CTEs included.
        let read = try CLI.run([path, "-c", "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3) SELECT sum(n), round(avg(severity), 1) FROM c, headaches;"])
        #expect(read.status == 0, "\(read.error)")
    }

    @Test("a dataset with a trigger, a view or a foreign table is refused on open, in one line, unchanged")
    func foreignSchema() throws {
        let path = try dataset()
        for (name, ddl) in [("trigger", "CREATE TRIGGER wipe AFTER INSERT ON headaches BEGIN DELETE FROM headaches; END;"),
                            ("view", "CREATE VIEW everything AS SELECT * FROM headaches;"),
                            ("table", "CREATE TABLE extra(x);")] {
            let copy = scratch.path + "/\(name).sqlite"
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            try SQLiteDatabase(path: copy, mode: .readWrite).execute(ddl)
            let before = digest(copy)
            let opened = try CLI.run([copy, "-c", "SELECT count(*) FROM headaches;"])
            #expect(opened.status == 2)
            #expect(opened.error.contains("refused: it holds \(name)"), "\(opened.error)")
            #expect(opened.error.split(separator: "\n").count == 1)
            let insights = try CLI.run(["insights", copy])
            #expect(insights.status == 2)
            #expect(digest(copy) == before)
        }
    }
}
