import CairnModuleKit
import Foundation
import Testing

/// Issue 22, point 12: the smaller attacks, each refused in one line.
@Suite("Smaller attacks")
struct SmallerAttacksTests {
    let scratch = Scratch()
    var demo: String { WorkbenchTests.root.appendingPathComponent("Datasets/demo").path }

    @Test("BEGIN and SAVEPOINT are refused (an open transaction blocked imports); dbstat and sqlite_dbpage are not readable")
    func transactionsAndPages() throws {
        for statement in ["BEGIN;", "BEGIN IMMEDIATE;", "SAVEPOINT s;", "SELECT * FROM dbstat;"] {
            let result = try CLI.run([demo, "-c", statement])
            #expect(result.status == 1, "\(statement)")
            #expect(result.error.hasPrefix("Error: refused: SQL here may only read the dataset with ordinary functions"), "\(statement): \(result.error)")
            #expect(result.error.split(separator: "\n").count == 1)
        }
    }

    @Test("a second import with rejects keeps the first rejects file and names the new one")
    func rejectsKept() throws {
        let dataset = scratch.path + "/data.sqlite"
        let bad = scratch.write("in/readings.csv", "profile_id,marker,value,date\np,hdl,high,2026-01-01\n")
        #expect(try CLI.run(["import", bad, "--into", dataset, "--now", "2026-11-22"]).status == 1)
        let first = try String(contentsOfFile: scratch.path + "/data.rejects.csv", encoding: .utf8)
        let second = try CLI.run(["import", bad, "--into", dataset, "--now", "2026-11-22", "--format", "json"])
        #expect(second.status == 1)
        #expect(second.output.contains("\"rejects_file\" : \"\(scratch.path)/data.2.rejects.csv\"")
                || second.output.contains("\"rejects_file\":\"\(scratch.path)/data.2.rejects.csv\""), "\(second.output)")
        #expect(try String(contentsOfFile: scratch.path + "/data.rejects.csv", encoding: .utf8) == first)
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/data.2.rejects.csv"))
    }

    @Test("a bundle header asking for scrypt's largest allowed cost is refused at once, before any work")
    func kdfMaximum() throws {
        let dataset = scratch.path + "/d.sqlite"
        let good = scratch.write("in/readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\n")
        #expect(try CLI.run(["import", good, "--into", dataset, "--now", "2026-11-22"]).status == 0)
        let bundle = scratch.path + "/d.bundle"
        #expect(try CLI.run(["export", dataset, "--encrypt", "--out", bundle, "--passphrase-fd", "0"], input: "pass\n").status == 0)
        var bytes = try #require(FileManager.default.contents(atPath: bundle))
        bytes[9] = 20; bytes[10] = 16; bytes[11] = 4
        let costly = scratch.path + "/costly.bundle"
        try bytes.write(to: URL(fileURLWithPath: costly))
        let started = Date()
        let result = try CLI.run(["import", costly, "--into", scratch.path + "/r.sqlite", "--passphrase-fd", "0"], input: "pass\n")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(result.status == 2)
        #expect(result.error == "cairn: error: \(costly) has key-derivation parameters out of range; the bundle was changed; nothing was written\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/r.sqlite"))
    }

    @Test("a module folder other users may write is refused before any library in it is opened")
    func writableModuleFolder() throws {
        let folder = scratch.path + "/modules"
        scratch.write("modules/libEvil.so", "not even a library")
        chmod(folder, 0o777)
        let result = try CLI.run(["--module-path", folder, "modules"])
        #expect(result.status == 2)
        #expect(result.error.contains("refused: \(folder) may be written by other users, who could put code there that runs as you; "
                                      + "`chmod go-w \(folder)` and load it again"), "\(result.error)")
        #expect(result.error.split(separator: "\n").count == 1)
        // A library file others may write, in a folder only its owner may: refused by its own name.
        let own = scratch.path + "/own"
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let library = try FakeLibrary.compile(describe: FakeLibrary.manifest(), in: scratch, name: "shared")
        try FileManager.default.moveItem(atPath: library, toPath: own + "/libshared.so")
        chmod(own + "/libshared.so", 0o666)
        let file = try CLI.run(["--module-path", own + "/libshared.so", "modules"])
        #expect(file.status == 2)
        #expect(file.error == "cairn: error: refused: \(own)/libshared.so may be written by other users, who could put code there that "
                + "runs as you; `chmod go-w \(own)/libshared.so` and load it again\n", "\(file.error)")
        chmod(own + "/libshared.so", 0o644)
        #expect(try CLI.run(["--module-path", own + "/libshared.so", "modules"]).status == 0)
    }

    @Test("a library's initialisers never run before its kit is checked: no kit note, or another kit's, is refused from the file alone")
    func initialisersRunOnlyAfterTheKitCheck() throws {
        // The note this Cairn carries names its own kit and compiler.
        #expect(ModuleKitNote.kit(of: ModuleKitNote.bytes) == ModuleKit.version)
        #expect(ModuleKitNote.compiler(of: ModuleKitNote.bytes) == ModuleKit.compiler)
        let marker = scratch.path + "/initialiser-ran.txt"
        let source = """
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            __attribute__((constructor)) static void ran(void) {
                FILE *file = fopen("\(marker)", "a");
                if (file) { fputs("ran\\n", file); fclose(file); }
            }
            char *cairn_module_entry(const char *request, size_t length) {
                if (strstr(request, "\\"call\\":\\"describe\\"")) return strdup(\(FakeLibrary.literal(FakeLibrary.manifest())));
                return strdup("{\\"error\\":\\"unexpected request\\"}");
            }
            """
        var olderKit = ModuleKitNote.bytes
        olderKit[8] -= 1
        var otherSwift = ModuleKitNote.bytes
        otherSwift[9] = 5
        otherSwift[10] = 9
        let refusals: [(note: [UInt8]?, name: String, message: (String) -> String)] = [
            (nil, "nonote", { "\($0) carries no CairnModuleKit version note (section cairn_module_kit), so it was not opened "
                + "and none of its code ran: rebuild it against this Cairn's CairnModuleKit" }),
            (olderKit, "olderkit", { "\($0) was built against CairnModuleKit \(ModuleKit.version - 1) with Swift \(ModuleKit.compiler); "
                + "this Cairn needs CairnModuleKit \(ModuleKit.version) with Swift \(ModuleKit.compiler): rebuild the module against this Cairn" }),
            (otherSwift, "otherswift", { "\($0) was built against CairnModuleKit \(ModuleKit.version) with Swift 5.9; "
                + "this Cairn needs CairnModuleKit \(ModuleKit.version) with Swift \(ModuleKit.compiler): rebuild the module against this Cairn" }),
        ]
        for refusal in refusals {
            let library = try FakeLibrary.compile(source: source, in: scratch, name: refusal.name, note: refusal.note)
            for arguments in [["--module-path", library, "modules"], [demo, "-c", ".load \(library)"]] {
                let result = try CLI.run(arguments)
                #expect(result.status == (arguments[0] == demo ? 1 : 2), "\(refusal.name)")
                let prefix = arguments[0] == demo ? "Error: " : "cairn: error: "
                #expect(result.error == prefix + refusal.message(library) + "\n", "\(refusal.name): \(result.error)")
                #expect(!FileManager.default.fileExists(atPath: marker), "\(refusal.name): the library's initialiser ran")
            }
        }
        // With this kit's note it loads, and only then does its initialiser run.
        let library = try FakeLibrary.compile(source: source, in: scratch, name: "thiskit")
        let loaded = try CLI.run(["--module-path", library, "modules"])
        #expect(loaded.status == 0, "\(loaded.error)")
        #expect(loaded.output.contains("echo-labels@1"))
        #expect(String(decoding: FileManager.default.contents(atPath: marker) ?? Data(), as: UTF8.self) == "ran\n")
    }
}

extension SmallerAttacksTests {
    @Test("a field past 1 MiB rejects its row with the reason; the good rows are imported")
    func hugeField() throws {
        let huge = String(repeating: "x", count: (1 << 20) + 10)
        let file = scratch.write("in/readings.csv", "profile_id,marker,value,date,note\np,hdl,50,2026-01-01,fine\np,hdl,51,2026-01-02,\(huge)\np,ldl,90,2026-01-03,\n")
        let result = try CLI.run(["import", file, "--into", scratch.path + "/d.sqlite", "--now", "2026-11-22"])
        #expect(result.status == 1, "\(result.error)")
        #expect(result.output.contains("the field holds 1,048,586 bytes; a value holds at most 1,048,576 (1 MiB)"), "\(result.output)")
        let count = try CLI.run([scratch.path + "/d.sqlite", "-c", ".mode list; .headers off; SELECT count(*) FROM readings;"])
        #expect(count.output == "2\n")
    }

    @Test("no try! in Cairn's own code (item 7: a try! on the output file crashed on a full disk)")
    func noForcedTries() throws {
        let sources = WorkbenchTests.root.appendingPathComponent("Sources").path
        let files = (FileManager.default.enumerator(atPath: sources)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        var found: [String] = []
        for file in files {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("try!") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                found.append("\(file):\(number + 1)")
            }
        }
        #expect(found.isEmpty, "\(found)")
    }
}

