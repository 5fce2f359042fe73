import Foundation
import Testing

/// Issue 22, item 2: a dataset left with a hot journal (a writer that died mid-transaction, after
/// SQLite spilled changed pages into the file) is restored by the next read command, byte for
/// byte; where it cannot be restored (a read-only file system) the command says so in one line
/// and what to run. The hot journal is made deterministically: a Python process changes the
/// dataset with a tiny page cache, so that pages spill, and exits without committing.
@Suite("Hot journals", .serialized)
struct HotJournalTests {
    let scratch = Scratch()
    static let python = ExternalTool.path(["python3"])

    /// A dataset of one reading, its bytes, and the same file with a hot journal beside it.
    func interrupted(_ name: String) throws -> (path: String, before: Data) {
        let folder = scratch.path + "/" + name
        let readings = scratch.write(name + "-in/readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\n")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/d.sqlite"
        #expect(try CLI.run(["import", readings, "--into", path, "--now", "2026-11-22"]).status == 0)
        let before = FileManager.default.contents(atPath: path) ?? Data()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python ?? "/usr/bin/python3")
        process.arguments = ["-c", """
            import os, sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('PRAGMA cache_size=5')
            c.execute('BEGIN')
            c.execute('CREATE TABLE junk(x)')
            c.execute('WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n LIMIT 3000) INSERT INTO junk SELECT randomblob(900) FROM n')
            os._exit(0)
            """, path]
        try process.run()
        process.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: path + "-journal"), "no journal was left")
        let changed = FileManager.default.contents(atPath: path) != before
        #expect(changed, "the dataset's pages were not spilled; the test would test nothing")
        return (path, before)
    }

    @Test("a read command restores a dataset left with a hot journal, byte for byte",
          .enabled(if: python != nil, "python3 (with its sqlite3 module) makes the hot journal"))
    func restored() throws {
        let (path, before) = try interrupted("restored")
        let summary = try CLI.run(["summary", path])
        #expect(summary.status == 0, "\(summary.error)")
        #expect(summary.output.contains("readings"))
        let same = FileManager.default.contents(atPath: path) == before
        #expect(same, "the dataset is not as it was")
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
    }

    @Test("where the journal cannot be rolled back (a read-only file system), one line says what to run",
          .enabled(if: python != nil && getuid() == 0, "needs python3 for the journal and root to mount a read-only tmpfs"))
    func readOnlyFileSystem() throws {
        let (path, before) = try interrupted("readonly")
        let mounted = scratch.path + "/ro"
        try FileManager.default.createDirectory(atPath: mounted, withIntermediateDirectories: true)
        func run(_ arguments: [String]) -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return -1 }
            process.waitUntilExit()
            return process.terminationStatus
        }
        guard run(["/bin/mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", mounted]) == 0 else {
            print("Hot journals: read-only file system skipped: this machine refuses to mount a tmpfs")
            return
        }
        defer { _ = run(["/bin/umount", mounted]) }
        try FileManager.default.copyItem(atPath: path, toPath: mounted + "/d.sqlite")
        try FileManager.default.copyItem(atPath: path + "-journal", toPath: mounted + "/d.sqlite-journal")
        #expect(run(["/bin/mount", "-o", "remount,ro", mounted]) == 0)
        let dataset = mounted + "/d.sqlite"
        let expected = "cairn: error: \(dataset): an import into it was interrupted and its journal (\(dataset)-journal) could not be "
            + "rolled back here (attempt to write a readonly database); run any cairn command on it as a user who may write its "
            + "folder, which restores it as it was\n"
        for arguments in [["summary", dataset], [dataset, "-c", "SELECT count(*) FROM readings;"], ["insights", dataset]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.error == expected, "\(arguments): \(result.error)")
        }
        // Once the file system may be written, the next command restores it.
        #expect(run(["/bin/mount", "-o", "remount,rw", mounted]) == 0)
        #expect(try CLI.run(["summary", dataset]).status == 0)
        let same = FileManager.default.contents(atPath: dataset) == before
        #expect(same, "the dataset is not as it was")
    }
}
