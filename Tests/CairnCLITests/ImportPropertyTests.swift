import Foundation
import PropertyBased
import Testing

/// Issue 22, item 2: property-based checks (swift-property-based) that an import which fails or
/// is interrupted, wherever it stops, leaves the dataset as Cairn opens it with its old content
/// byte for byte, or, only when it ran to its end, with exactly the new rows added. The failures
/// are made deterministically: a quote never closed at a generated row (the file is refused
/// whole after the rows before it were stored in the transaction), a file-size limit that a
/// write reaches (as a full disk: SIGXFSZ ignored, so the write fails with EFBIG), and kill -9,
/// SIGINT (Ctrl-C) or SIGTERM after a generated delay. A failing case prints its seed (`.fixedSeed`) to replay it.
@Suite("Failed imports keep the dataset", .serialized)
struct ImportPropertyTests {
    let scratch = Scratch()

    /// A dataset of 40 known readings, and its bytes.
    func base() throws -> (path: String, bytes: Data) {
        let path = scratch.path + "/base.sqlite"
        if !FileManager.default.fileExists(atPath: path) {
            let source = scratch.write("base/readings.csv", readings(40, start: 0))
            #expect(try CLI.run(["import", source, "--into", path, "--now", "2026-11-22"]).status == 0)
        }
        return (path, FileManager.default.contents(atPath: path) ?? Data())
    }

    /// `count` contract readings, each value and day following from its row number.
    func readings(_ count: Int, start: Int) -> String {
        "profile_id,marker,value,date\n" + (start..<start + count).map { row in
            "p\(row % 7),hdl,\(30 + row % 61),20\(10 + row / 336 % 15)-\(String(format: "%02d", 1 + row / 28 % 12))-\(String(format: "%02d", 1 + row % 28))\n"
        }.joined()
    }

    /// A fresh copy of the base dataset for one case.
    func copyOfBase(_ name: String) throws -> String {
        let (base, _) = try base()
        let copy = scratch.path + "/\(name).sqlite"
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: base, toPath: copy)
        return copy
    }

    /// The number of readings Cairn reads from the dataset, or nil when it cannot open it.
    func readingCount(_ dataset: String) throws -> Int? {
        let result = try CLI.run([dataset, "-c", ".mode list; .headers off; SELECT count(*) FROM readings;"])
        return result.status == 0 ? Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) : nil
    }

    /// Runs `cairn ARGS` under `sh -c PREFIX`; its status and standard error.
    func shell(_ prefix: String, _ arguments: [String]) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", prefix + "exec \"$@\"", "sh", CLI.binary] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    @Test("a quote never closed at any row refuses the file whole; the dataset is byte-identical and opens")
    func unclosedQuoteAtAnyRow() async throws {
        let before = try base().bytes
        await propertyCheck(count: 8, input: Gen.int(in: 0...4_000)) { row in
            let dataset = try copyOfBase("quote")
            let text = readings(row, start: 100) + "p1,hdl,\"50,2026-02-01\n" + readings(20, start: 9_000)
            let file = scratch.write("quote/readings.csv", text)
            let result = try CLI.run(["import", file, "--into", dataset, "--now", "2026-11-22"])
            #expect(result.status == 2, "row \(row): \(result.status) \(result.error)")
            #expect(result.error.split(separator: "\n").count == 1, "row \(row): \(result.error)")
            #expect(try readingCount(dataset) == 40, "row \(row)")
            let same = FileManager.default.contents(atPath: dataset) == before
            #expect(same, "row \(row): the dataset changed")
        }
    }

    @Test("an import that reaches a file-size limit (as a full disk) fails in one line and changes nothing, or imports every row")
    func fileSizeLimitAnywhere() async throws {
        let before = try base().bytes
        await propertyCheck(count: 8, input: Gen.int(in: 200...12_000), Gen.int(in: 0...384)) { rows, headroom in
            let dataset = try copyOfBase("limited")
            let file = scratch.write("limited/readings.csv", readings(rows, start: 1_000))
            let limit = before.count / 1024 + headroom
            let result = try shell("trap '' XFSZ; ulimit -f \(limit); ", ["import", file, "--into", dataset, "--now", "2026-11-22"])
            #expect(result.status == 0 || result.status == 2, "\(rows) rows, \(limit) KiB: \(result.status) \(result.error)")
            // A read command first: it rolls back whatever journal the failed commit left.
            let count = try readingCount(dataset)
            if result.status == 0 {
                #expect(count == 40 + rows, "\(rows) rows, \(limit) KiB")
            } else {
                #expect(result.error.split(separator: "\n").count == 1 && !result.error.contains("SQLite error"), "\(result.error)")
                #expect(count == 40, "\(rows) rows, \(limit) KiB")
                let same = FileManager.default.contents(atPath: dataset) == before
                #expect(same, "\(rows) rows, \(limit) KiB: the dataset changed")
            }
            #expect(try CLI.run(["summary", dataset]).status == 0)
        }
    }

    @Test("an import ended by kill -9, Ctrl-C (SIGINT) or SIGTERM at any moment leaves the old content byte for byte, or all of the new rows")
    func killedAnywhere() async throws {
        let before = try base().bytes
        let signals = [SIGKILL, SIGINT, SIGTERM]
        await propertyCheck(count: 9, input: Gen.int(in: 2_000...12_000), Gen.int(in: 0...600), Gen.int(in: 0...2)) { rows, delay, which in
            let signal = signals[which]
            let dataset = try copyOfBase("killed")
            let file = scratch.write("killed/readings.csv", readings(rows, start: 20_000))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = ["import", file, "--into", dataset, "--now", "2026-11-22"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(delay * 1_000))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let count = try readingCount(dataset)
            #expect(count == 40 || count == 40 + rows, "\(rows) rows, signal \(signal) at \(delay) ms: \(String(describing: count)) readings")
            if count == 40 {
                let same = FileManager.default.contents(atPath: dataset) == before
                #expect(same, "\(rows) rows, signal \(signal) at \(delay) ms: the dataset changed")
            }
            #expect(try CLI.run(["summary", dataset]).status == 0)
            // The next import into it runs: no lock or staging file is in its way.
            let next = scratch.write("killed-next/readings.csv", readings(3, start: 50_000))
            #expect(try CLI.run(["import", next, "--into", dataset, "--now", "2026-11-22"]).status == 0)
        }
    }
}
