import CairnStore
import Foundation
import Testing

/// Issue 22, items 2, 3, 7 and 12: commands killed at seeded random moments, run side by side,
/// or run out of disk leave every dataset openable by Cairn with its old content, and every
/// failed write is one line. The seed is fixed, so a failure replays; the whole suite keeps
/// under a minute.
@Suite("Fault injection", .serialized)
struct FaultInjectionTests {
    let scratch = Scratch()

    /// A fixed-seed generator (PCG's multiplier), so the moments of every kill replay.
    struct Moments {
        var state: UInt64
        mutating func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
    }

    func bytes(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }

    func names(in folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    /// A readings file of `rows` rows made by `cairn synth`.
    func bigReadings(_ rows: Int) throws -> String {
        let big = scratch.path + "/big/readings.csv"
        if !FileManager.default.fileExists(atPath: big) {
            try FileManager.default.createDirectory(atPath: scratch.path + "/big", withIntermediateDirectories: true)
            #expect(try CLI.run(["synth", "readings", "--rows", String(rows), "--out", big]).status == 0)
        }
        return big
    }

    /// Starts `cairn ARGS` in the background.
    func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits until `condition` holds or the process ends (at most 30 s).
    func wait(for process: Process, until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(30)
        while !condition() && process.isRunning && Date() < deadline { usleep(1_000) }
    }

    /// Whether the rollback journal beside `path` starts with SQLite's magic number (written
    /// once the journal is synced, just before the dataset's pages are overwritten).
    func journalHasHeader(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path + "-journal") else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4)) == Data([0xD9, 0xD5, 0x05, 0xF9])
    }

    /// Whether SQLite finds the journal beside `path` hot (a read-only connection then fails with
    /// SQLITE_READONLY_ROLLBACK), asked of a copy so that the original is left as it is.
    func journalIsHot(_ path: String) -> Bool {
        guard FileManager.default.fileExists(atPath: path + "-journal") else { return false }
        let folder = scratch.path + "/probe-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: path, toPath: folder + "/d.sqlite")
            try FileManager.default.copyItem(atPath: path + "-journal", toPath: folder + "/d.sqlite-journal")
            let database = try SQLiteDatabase(path: folder + "/d.sqlite", mode: .readOnly)
            _ = try database.scalarInt("SELECT count(*) FROM sqlite_schema")
            return false
        } catch let error as SQLiteError {
            return error.code == 776
        } catch {
            return false
        }
    }

    @Test("imports into an existing dataset killed at random moments: a read command rolls the journal back and the file is byte-identical")
    func killedImportsRecover() throws {
        // A dataset large enough that a second import changes its pages (and so journals them).
        let target = scratch.path + "/data.sqlite"
        let big = try bigReadings(40_000)
        #expect(try CLI.run(["import", big, "--into", target, "--now", "2026-11-22"]).status == 0)
        let first = scratch.write("first/readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\np,ldl,90,2026-01-01\n")
        let before = bytes(target)
        var moments = Moments(state: 22)
        var hot = 0
        for round in 0..<5 {
            // The moment: a seeded few milliseconds after SQLite's commit has synced the journal
            // header (its magic number written), while it writes the dataset's pages.
            let delay = moments.next(0...4)
            let process = try start(["import", big, "--into", target, "--now", "2026-11-22"])
            wait(for: process) { journalHasHeader(target) }
            usleep(useconds_t(delay * 1000))
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            let wasHot = journalIsHot(target)
            if wasHot { hot += 1 }
            // A read command: before issue 22 it failed with "attempt to write a readonly database".
            let read = try CLI.run(["summary", target, "--format", "json"])
            #expect(read.status == 0, "round \(round), kill at \(delay) ms: \(read.error)")
            // Compared as one Bool: a failed expectation on two large Data values diffs them byte by byte, for minutes.
            let same = bytes(target) == before
            if !same && !wasHot {
                // The commit may end before the kill lands (or the import before the kill is
                // sent): then every new row is there, never a part of them.
                let count = try CLI.run([target, "-c", ".mode list; .headers off; SELECT count(*) FROM readings;"])
                #expect(count.output == "80000\n", "round \(round), kill at \(delay) ms: neither the old content nor the whole import")
                try before.write(to: URL(fileURLWithPath: target))
                continue
            }
            #expect(same, "round \(round), kill at \(delay) ms: the dataset changed (\(bytes(target).count) bytes, was \(before.count))")
            if wasHot { #expect(!FileManager.default.fileExists(atPath: target + "-journal"), "round \(round): the journal was not rolled back") }
        }
        #expect(hot > 0, "no kill left a hot journal; the test did not test recovery")
        // The next import runs: no lock or staging file of the killed ones is in its way.
        #expect(try CLI.run(["import", first, "--into", target, "--now", "2026-11-22"]).status == 0)
        #expect(names(in: scratch.path).filter { $0.hasPrefix(".data.sqlite") }.isEmpty, "\(names(in: scratch.path))")
    }

    @Test("two imports into the same dataset: the second is refused in one line while the first runs; no row is lost")
    func concurrentImports() throws {
        let target = scratch.path + "/new.sqlite"
        let big = try bigReadings(60_000)
        let small = scratch.write("small/readings.csv", "profile_id,marker,value,date\nq,hdl,51,2026-01-02\n")
        let output = Pipe()
        let first = Process()
        first.executableURL = URL(fileURLWithPath: CLI.binary)
        first.arguments = ["import", big, "--into", target, "--now", "2026-11-22", "--format", "json"]
        first.standardOutput = output
        first.standardError = FileHandle.nullDevice
        try first.run()
        wait(for: first) { names(in: scratch.path).contains { $0.hasPrefix(".new.sqlite.importing-") } }
        #expect(first.isRunning, "the first import finished before the second started; use a larger file")
        let second = try CLI.run(["import", small, "--into", target, "--now", "2026-11-22"])
        #expect(second.status == 2)
        #expect(second.error == "cairn: error: another import into \(target) is running; wait for it to finish, then run this one again\n")
        let report = output.fileHandleForReading.readDataToEndOfFile()
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        let imported = (try JSONSerialization.jsonObject(with: report) as? [String: Any])?["imported"] as? Int
        let count = try CLI.run([target, "-c", "SELECT count(*) AS n FROM readings;"])
        #expect(imported != nil && count.output.hasSuffix(" \(imported ?? -1)\n") || count.output.hasSuffix("\n\(imported ?? -1)\n"),
                "\(count.output) vs \(String(describing: imported))")
        // Now the second runs and adds its row to what the first imported.
        #expect(try CLI.run(["import", small, "--into", target, "--now", "2026-11-22"]).status == 0)
        let after = try CLI.run([target, "-c", ".mode list; .headers off; SELECT count(*) FROM readings;"])
        #expect(after.output == "\((imported ?? 0) + 1)\n")
        #expect(names(in: scratch.path).filter { $0.hasPrefix(".new.sqlite") }.isEmpty, "\(names(in: scratch.path))")
    }

    @Test("imports started together into one new dataset, seeded: each either imports all its rows or is refused; the rows add up")
    func racingImports() throws {
        var moments = Moments(state: 1_122)
        for round in 0..<3 {
            let target = scratch.path + "/race-\(round).sqlite"
            var files: [(path: String, rows: Int)] = []
            for index in 0..<3 {
                let rows = moments.next(1...40)
                let text = "profile_id,marker,value,date\n" + (0..<rows).map { "p\(index),hdl,\(40 + $0 % 50),2026-01-\(String(format: "%02d", 1 + $0 % 28))\n" }.joined()
                files.append((scratch.write("race-\(round)/\(index)/readings.csv", text), rows))
            }
            let processes = try files.map { file -> Process in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: CLI.binary)
                process.arguments = ["import", file.path, "--into", target, "--now", "2026-11-22"]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                return process
            }
            for process in processes { try process.run() }
            for process in processes { process.waitUntilExit() }
            let statuses = processes.map(\.terminationStatus)
            #expect(statuses.allSatisfy { $0 == 0 || $0 == 2 } && statuses.contains(0), "round \(round): \(statuses)")
            let expected = zip(files, statuses).filter { $0.1 == 0 }.reduce(0) { $0 + $1.0.rows }
            let count = try CLI.run([target, "-c", ".mode list; .headers off; SELECT count(*) FROM readings;"])
            #expect(count.output == "\(expected)\n", "round \(round): statuses \(statuses)")
        }
    }

    @Test("exports and notebook updates killed at random moments leave no half file and no staging file after the next run")
    func killedExportsAndNotebooks() throws {
        let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path
        let dataset = scratch.path + "/demo.sqlite"
        #expect(try CLI.run(["import", demo, "--into", dataset, "--now", "2026-11-22"]).status == 0)
        var moments = Moments(state: 7)
        for round in 0..<3 {
            let out = scratch.path + "/export-\(round).json"
            let process = try start(["export", dataset, "--to", "json", "--out", out])
            usleep(useconds_t(moments.next(5...60) * 1000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // Either the whole export is there or nothing is; the next export clears what a killed one left.
            if FileManager.default.fileExists(atPath: out) {
                #expect(bytes(out).last == UInt8(ascii: "\n"))
            } else {
                #expect(try CLI.run(["export", dataset, "--to", "json", "--out", out]).status == 0)
            }
            #expect(names(in: scratch.path).filter { $0.contains(".exporting-") }.isEmpty, "\(names(in: scratch.path))")
        }
        let notebook = scratch.write("book/review.md", """
            ```cairn
            .open ../demo.sqlite
            .profile maya
            .asof 2026-09-21
            .markers
            .chart ldl
            ```
            ```output
            ```

            """)
        let old = bytes(notebook)
        for _ in 0..<3 {
            let process = try start(["run", notebook, "--update"])
            usleep(useconds_t(moments.next(50...900) * 1000))
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            let now = bytes(notebook)
            let whole = now == old || String(decoding: now, as: UTF8.self).contains("figure-1-1.svg")
            #expect(whole, "a half-written notebook")
            #expect(names(in: scratch.path + "/book").allSatisfy { !$0.hasSuffix(".tmp") && !$0.contains(".md.") },
                    "\(names(in: scratch.path + "/book"))")
        }
        #expect(try CLI.run(["check", notebook]).status != 2)
    }

    @Test("a full disk (a 1 MiB tmpfs, as root): import, export, .output and standard output fail in one line; the dataset keeps its content",
          .enabled(if: getuid() == 0, "mounting a small tmpfs needs root (CI runs as root)"))
    func fullDisk() throws {
        let disk = scratch.path + "/full"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=1m", "tmpfs", disk]
        mount.standardError = FileHandle.nullDevice
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else {
            print("Fault injection: full disk skipped: this machine refuses to mount a tmpfs")
            return
        }
        defer {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = [disk]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        let target = disk + "/data.sqlite"
        let first = scratch.write("first/readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\n")
        #expect(try CLI.run(["import", first, "--into", target, "--now", "2026-11-22"]).status == 0)
        let before = bytes(target)
        let big = try bigReadings(40_000)
        let import_ = try CLI.run(["import", big, "--into", target, "--now", "2026-11-22"])
        #expect(import_.status == 2, "\(import_.output)")
        #expect(import_.error.split(separator: "\n").count == 1 && import_.error.contains("full"), "\(import_.error)")
        let same = bytes(target) == before
        #expect(same, "the dataset changed on a full disk")
        #expect(try CLI.run(["summary", target]).status == 0)

        // The rest of the disk filled, so that every later write fails.
        if let filler = FileHandle(forWritingAtPath: disk + "/filler") ?? {
            FileManager.default.createFile(atPath: disk + "/filler", contents: nil)
            return FileHandle(forWritingAtPath: disk + "/filler")
        }() {
            let block = Data(count: 16_384)
            while (try? filler.write(contentsOf: block)) != nil {}
            try? filler.close()
        }
        let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path
        let export = try CLI.run(["export", demo, "--to", "json", "--out", disk + "/demo.json", "--now", "2026-11-22"])
        #expect(export.status == 2)
        #expect(export.error == "cairn: error: \(disk)/demo.json: cannot be written (No space left on device); "
                + "free some space and run it again; nothing was written\n", "\(export.error)")
        #expect(names(in: disk).filter { !["data.sqlite", "filler"].contains($0) }.isEmpty, "\(names(in: disk))")

        let output = try CLI.run([demo, "-c", ".output \(disk)/out.txt; SELECT a.* FROM readings a, readings b LIMIT 200000;"])
        #expect(output.status == 2)
        #expect(output.error == "Error: \(disk)/out.txt: cannot write any more (No space left on device); free some space and run it again; "
                + ".output alone returns to the screen\n", "\(output.error)")
        try? FileManager.default.removeItem(atPath: disk + "/out.txt")

        // `cairn merge` onto the full disk: one line, status 2, no crash (it stopped with a precondition).
        let shards = [1, 2].map { scratch.path + "/insights-\($0).shard" }
        for (index, shard) in shards.enumerated() {
            #expect(try CLI.run(["insights", demo, "--shard", "\(index + 1)/2", "--out", shard]).status == 0)
        }
        let fullMessage = "cairn: error: standard output: cannot be written (No space left on device); free some space and run it again\n"
        let merged = try runRedirected(["merge", shards[0], shards[1], "--format", "json"], to: disk + "/merged.json")
        #expect(merged.status == 2, "\(merged.error)")
        #expect(merged.error == fullMessage)

        // Standard output onto the full disk: one line, status 2, no crash.
        let printed = try runRedirected([demo, "-c", "SELECT a.* FROM readings a, readings b LIMIT 200000;"], to: disk + "/stdout.txt")
        #expect(printed.status == 2, "\(printed.error)")
        #expect(printed.error == fullMessage)
    }

    @Test("standard output and .output that cannot be written (a file-size limit, as a full disk): one line naming it, status 2, never a silent exit 0")
    func unwritableOutput() throws {
        let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path
        let dataset = scratch.path + "/unwritable.sqlite"
        #expect(try CLI.run(["import", demo, "--into", dataset, "--now", "2026-11-22"]).status == 0)
        let shards = [1, 2].map { scratch.path + "/unwritable-\($0).shard" }
        for (index, shard) in shards.enumerated() {
            #expect(try CLI.run(["insights", dataset, "--shard", "\(index + 1)/2", "--out", shard]).status == 0)
        }
        let commands = [["merge", shards[0], shards[1]], ["merge", shards[0], shards[1], "--format", "json"],
                        ["summary", dataset], ["modules"], [dataset, "-c", "SELECT 1 AS one;"]]
        // Every write past 0 bytes fails with EFBIG, as on a full disk (SIGXFSZ ignored).
        let limited = "trap '' XFSZ; ulimit -f 0; "
        let tooLarge = "cairn: error: standard output: cannot be written (File too large); a limit on file size stops it growing: "
            + "free some space or lift the limit (ulimit -f), and run it again\n"
        for arguments in commands {
            let run = try runRedirected(arguments, to: scratch.path + "/stdout.txt", prefix: limited)
            #expect(run.status == 2 && run.error == tooLarge, "\(arguments): \(run.status) \(run.error)")
        }
        let output = try runRedirected([dataset, "-c", ".output \(scratch.path)/out.txt; SELECT 'x' AS one; .output"],
                                       to: "/dev/null", prefix: limited)
        #expect(output.status == 2)
        #expect(output.error == "Error: \(scratch.path)/out.txt: cannot write any more (File too large); a limit on file size stops it "
                + "growing: free some space or lift the limit (ulimit -f), and run it again; .output alone returns to the screen\n",
                "\(output.error)")
        // A real full device, where the machine has one (on some virtual machines /dev/full is
        // missing, and a regular file made in its place takes every write).
        var status = stat()
        guard stat("/dev/full", &status) == 0, status.st_mode & S_IFMT == S_IFCHR else {
            print("Fault injection: /dev/full is not a character device on this machine; checked with a file-size limit only")
            return
        }
        let noSpace = "cairn: error: standard output: cannot be written (No space left on device); free some space and run it again\n"
        for arguments in commands {
            let run = try runRedirected(arguments, to: "/dev/full")
            #expect(run.status == 2 && run.error == noSpace, "\(arguments): \(run.status) \(run.error)")
        }
        // .output onto a full device under -c: one line naming it, status 2, and the commands after it do not run.
        let full = try CLI.run([dataset, "-c", ".output /dev/full; SELECT 'x' AS one; .output; SELECT 'after' AS shown;"])
        #expect(full.status == 2, "\(full.error)")
        #expect(full.error == "Error: /dev/full: cannot write any more (No space left on device); free some space and run it again; "
                + ".output alone returns to the screen\n", "\(full.error)")
        #expect(!full.output.contains("after"))
        let once = try CLI.run([dataset, "-c", ".once /dev/full; SELECT 'x' AS one;"])
        #expect(once.status == 2 && once.error.hasPrefix("Error: /dev/full: cannot write any more (No space left on device)"), "\(once.error)")
    }

    @Test("every file writer under a file-size limit (as a full disk): one line with the system's reason, status 2 (in -c too), no half file")
    func everyWriterOnAFullDisk() throws {
        let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path
        let dataset = scratch.path + "/writers.sqlite"
        #expect(try CLI.run(["import", demo, "--into", dataset, "--now", "2026-11-22"]).status == 0)
        let folder = scratch.path + "/writers"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let notebook = scratch.write("writers/nb.md", "```cairn\n.open ../writers.sqlite\n.profiles\n```\n")
        let cases: [(arguments: [String], status: Int32)] = [
            (["export", dataset, "--to", "json", "--out", folder + "/x.json"], 2),
            (["export", dataset, "--to", "csv", "--out", folder + "/backup"], 2),
            (["report", dataset, "--profile", "lena", "--from", "2026-05-01", "--to", "2026-06-30", "--out", folder + "/r.html"], 2),
            (["render", notebook, "--html", "--out", folder + "/nb.html"], 2),
            (["insights", dataset, "--shard", "1/2", "--out", folder + "/shard"], 2),
            (["synth", "readings", "--rows", "50000", "--out", folder + "/synth/readings.csv"], 2),
            (["synth", "demo", "--out", folder + "/demo"], 2),
            ([dataset, "-c", ".snapshot \(folder)/s.json"], 2),
            ([dataset, "-c", ".profile maya; .chart ldl --svg \(folder)/c.svg"], 2),
            ([dataset, "-c", ".export json \(folder)/repl.json"], 2),
        ]
        for (arguments, status) in cases {
            let run = try runRedirected(arguments, to: "/dev/null", prefix: "trap '' XFSZ; ulimit -f 1; ")
            #expect(run.status == status, "\(arguments): \(run.status) \(run.error)")
            #expect(run.error.split(separator: "\n").count == 1 && run.error.contains("File too large")
                    && !run.error.contains("NSCocoaErrorDomain") && !run.error.contains("Error Domain"), "\(arguments): \(run.error)")
        }
        // Nothing half-written is left: no file, and no staging file.
        let left = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
            .filter { !["nb.md", "synth", "demo"].contains($0) }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("an import into an existing dataset that may grow no larger (a file-size limit, as a full disk): one plain line, the dataset byte-identical")
    func fileSizeLimit() throws {
        let target = scratch.path + "/limited.sqlite"
        let first = scratch.write("limited/readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\n")
        #expect(try CLI.run(["import", first, "--into", target, "--now", "2026-11-22"]).status == 0)
        let before = bytes(target)
        let big = try bigReadings(40_000)
        // SIGXFSZ ignored, so that a write past the limit fails with EFBIG as on a full disk.
        let limitKiB = before.count / 1024 + 64
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "trap '' XFSZ; ulimit -f \(limitKiB); exec \"$0\" \"$@\"", CLI.binary,
                           "import", big, "--into", target, "--now", "2026-11-22"]
        let errors = Pipe()
        shell.standardError = errors
        shell.standardOutput = FileHandle.nullDevice
        try shell.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 2, "\(message)")
        #expect(message.split(separator: "\n").count == 1 && !message.contains("SQLite error")
                && message.contains("run the import again") && message.contains("nothing was changed"), "\(message)")
        // The next command rolls back whatever journal the failed commit left.
        #expect(try CLI.run(["summary", target]).status == 0)
        let same = bytes(target) == before
        #expect(same, "the dataset changed")
    }

    @Test("Ctrl-C or SIGTERM during an import into a new dataset, or an encrypted export, leaves no staging file")
    func signalledCommandsLeaveNoStaging() throws {
        let big = try bigReadings(60_000)
        for signal in [SIGINT, SIGTERM] {
            let target = scratch.path + "/signalled-\(signal).sqlite"
            let process = try start(["import", big, "--into", target, "--now", "2026-11-22"])
            wait(for: process) { names(in: scratch.path).contains { $0.hasPrefix(".signalled-\(signal).sqlite.importing-") } }
            #expect(process.isRunning, "the import finished before the signal; use a larger file")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
            #expect(names(in: scratch.path).filter { $0.hasPrefix(".signalled-") && !$0.hasSuffix(".lock") }.isEmpty,
                    "\(names(in: scratch.path))")
            #expect(!FileManager.default.fileExists(atPath: target))
        }
        // An encrypted export, signalled the moment its staging file appears.
        let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path
        let dataset = scratch.path + "/sealed-source.sqlite"
        #expect(try CLI.run(["import", demo, "--into", dataset, "--now", "2026-11-22"]).status == 0)
        let folder = scratch.path + "/sealed"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let passphrase = scratch.write("passphrase.txt", "correct horse battery staple\n")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "exec \"$0\" \"$@\" 3<\"\(passphrase)\"", CLI.binary, "export", dataset, "--encrypt",
                           "--out", folder + "/out.bundle", "--passphrase-fd", "3"]
        shell.standardOutput = FileHandle.nullDevice
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        wait(for: shell) { !names(in: folder).isEmpty }
        kill(shell.processIdentifier, SIGINT)
        shell.waitUntilExit()
        #expect(names(in: folder).allSatisfy { $0 == "out.bundle" }, "\(names(in: folder))")
        // kill -9 the moment the first file appears, then export again: only the bundle is left
        // (Foundation's createFile made a `.dat.nosync...` helper first, which nothing removed).
        for round in 0..<3 {
            let killed = scratch.path + "/killed-\(round)"
            try FileManager.default.createDirectory(atPath: killed, withIntermediateDirectories: true)
            let arguments = ["-c", "exec \"$0\" \"$@\" 3<\"\(passphrase)\"", CLI.binary, "export", dataset, "--encrypt",
                             "--out", killed + "/out.bundle", "--passphrase-fd", "3"]
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            wait(for: process) { !names(in: killed).isEmpty }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let again = Process()
            again.executableURL = URL(fileURLWithPath: "/bin/sh")
            again.arguments = arguments
            again.standardOutput = FileHandle.nullDevice
            again.standardError = FileHandle.nullDevice
            try again.run()
            again.waitUntilExit()
            #expect(names(in: killed) == ["out.bundle"], "round \(round): \(names(in: killed))")
        }
        // A staging file a killed export left (its process gone) is removed by the next export.
        let stale = folder + "/.again.bundle.sealing-999999999-1"
        FileManager.default.createFile(atPath: stale, contents: Data("half".utf8))
        let again = try CLI.run(["export", dataset, "--encrypt", "--out", folder + "/again.bundle", "--passphrase-fd", "0"],
                                input: "correct horse battery staple\n")
        #expect(again.status == 0, "\(again.error)")
        #expect(!FileManager.default.fileExists(atPath: stale))
    }

    @Test("a 64 MiB field: its row is rejected by file, line and column without being read into memory; the other rows are imported")
    func hugeField() throws {
        let path = scratch.path + "/huge/readings.csv"
        try FileManager.default.createDirectory(atPath: scratch.path + "/huge", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data("profile_id,marker,value,unit,date,note\np,ldl,101,mg/dL,2020-01-01,before\np,ldl,102,mg/dL,2020-01-02,".utf8))
        let block = Data(repeating: UInt8(ascii: "A"), count: 1 << 20)
        for _ in 0..<64 { try handle.write(contentsOf: block) }
        try handle.write(contentsOf: Data("\np,ldl,103,mg/dL,2020-01-03,after\n".utf8))
        try handle.close()
        let target = scratch.path + "/huge.sqlite"
        let run = try CLI.run(["import", path, "--into", target, "--now", "2026-11-22", "--format", "json"])
        try? FileManager.default.removeItem(atPath: path)
        #expect(run.status == 1, "\(run.error)")
        #expect(run.output.contains("longer than 16 MiB") && run.output.contains("\"line\" : 3") || run.output.contains("\"line\": 3"),
                "\(run.output.prefix(2000))")
        #expect(!run.output.contains("AAAAAAAAAAAAAAAA") && !run.error.contains("AAAAAAAAAAAAAAAA"))
        let count = try CLI.run([target, "-c", ".mode list; .headers off; SELECT group_concat(value) FROM readings;"])
        #expect(count.output == "101.0,103.0\n" || count.output == "101,103\n", "\(count.output)")
        let text = try CLI.run(["import", scratch.write("huge2/readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\n"),
                                "--into", scratch.path + "/huge2.sqlite", "--now", "2026-11-22"])
        #expect(text.status == 0)
        let rejects = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []
        let rejectsFile = rejects.first { $0.hasPrefix("huge.") && $0.hasSuffix("rejects.csv") }
        let rejected = rejectsFile.flatMap { FileManager.default.contents(atPath: scratch.path + "/" + $0) } ?? Data()
        #expect(rejected.count < 4096, "the rejects file holds \(rejected.count) bytes")
        #expect(String(decoding: rejected, as: UTF8.self).contains(",3,6,note,field_too_long,"), "\(String(decoding: rejected, as: UTF8.self))")
    }

    @Test("a whole-file write onto a character device (a full device, a null device) writes into it and never replaces it; onto a pipe or a folder it is refused",
          .enabled(if: getuid() == 0, "making device nodes (mknod) needs root (CI runs as root)"))
    func devicesAreNeverReplaced() throws {
        let folder = scratch.path + "/devices"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Nodes of their own, so that the machine's /dev/full is never at stake: 1,7 is full, 1,3 null
        // (Linux's dev_t for small numbers: major << 8 | minor).
        let full = folder + "/full.html", null = folder + "/null.svg", pipe = folder + "/pipe.json"
        #expect(mknod(full, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0)
        #expect(mknod(null, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
        #expect(mkfifo(pipe, 0o600) == 0)
        func isDevice(_ path: String) -> Bool {
            var status = stat()
            return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR
        }
        let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path
        let snapshot = try CLI.run([demo, "-c", ".snapshot \(full)"])
        #expect(snapshot.status == 2)
        #expect(snapshot.error == "Error: \(full): cannot write (No space left on device); free some space and run it again; nothing was written\n",
                "\(snapshot.error)")
        let report = try CLI.run(["report", demo, "--profile", "lena", "--from", "2026-05-01", "--to", "2026-06-30", "--out", full])
        #expect(report.status == 2 && report.error.split(separator: "\n").count == 1 && report.error.contains("No space left on device"),
                "\(report.error)")
        // Streamed writers: a shard and synthetic readings onto the full device fail in one line, the device kept.
        for arguments in [["insights", demo, "--shard", "1/2", "--out", full], ["synth", "readings", "--rows", "10", "--out", full]] {
            let run = try CLI.run(arguments)
            #expect(run.status == 2 && run.error.split(separator: "\n").count == 1 && run.error.contains("No space left on device"),
                    "\(arguments): \(run.status) \(run.error)")
            #expect(isDevice(full), "\(arguments) replaced the device")
        }
        // A rejects file onto the null device is written into it; onto the full one the import fails in one line.
        let bad = scratch.write("devices-in/readings.csv", "profile_id,marker,value,date\np,hdl,high,2026-01-01\np,hdl,50,2026-01-02\n")
        let rejected = try CLI.run(["import", bad, "--into", scratch.path + "/devices-null.sqlite", "--now", "2026-11-22", "--rejects", null])
        #expect(rejected.status == 1, "\(rejected.error)")
        let refused = try CLI.run(["import", bad, "--into", scratch.path + "/devices-full.sqlite", "--now", "2026-11-22", "--rejects", full])
        #expect(refused.status == 2 && refused.error.split(separator: "\n").count == 1 && refused.error.contains("No space left on device"),
                "\(refused.status) \(refused.error)")
        #expect(isDevice(full) && isDevice(null), "a rejects file replaced a device")
        let chart = try CLI.run([demo, "-c", ".profile maya; .chart ldl --svg \(null)"])
        #expect(chart.status == 0, "\(chart.error)")
        #expect(isDevice(full) && isDevice(null), "a device was replaced by a regular file")
        let piped = try CLI.run([demo, "-c", ".snapshot \(pipe)"])
        #expect(piped.status == 2)
        #expect(piped.error == "Error: \(pipe): is not a regular file (a pipe, socket or block device); give the name of a file; nothing was written\n",
                "\(piped.error)")
        let onFolder = try CLI.run([demo, "-c", ".snapshot \(folder)"])
        #expect(onFolder.status == 2 && onFolder.error.contains("is a folder; give the name of a file"), "\(onFolder.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["full.html", "null.svg", "pipe.json"])
    }

    /// Runs `cairn ARGS` with its standard output sent to `file` (opened by the shell, as
    /// `cairn ... > file` does); its status and standard error.
    func runRedirected(_ arguments: [String], to file: String, prefix: String = "") throws -> (status: Int32, error: String) {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", prefix + "out=\"$1\"; shift; exec \"$@\" > \"$out\"", "sh", file, CLI.binary] + arguments
        let errors = Pipe()
        shell.standardError = errors
        try shell.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        return (shell.terminationStatus, message)
    }
}
