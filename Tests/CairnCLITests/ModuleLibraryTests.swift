import CairnModuleKit
import Foundation
import Testing

/// Modules loaded at run time: the example in Plugins/Examples built as its own package and
/// loaded by `--module-path`, `$CAIRN_MODULE_PATH` and `.load`, then run in insights, replay,
/// evaluate and a notebook; and libraries Cairn must refuse, each with one line.
///
/// Expected values are from the demo's headaches.csv by hand (Python, zoneinfo Europe/Berlin):
/// Lena's headaches that began 2026-08-03..2026-09-01 and had ended: 6, 3,539 minutes; of
/// 2026-08-26..09-01: h036 (484) and h037 (893), 1,377 minutes; of 2026-08-27..09-02: h037
/// only; by 2026-03-12 the third headache (h003) had ended: 1,463 + 760 + 1,263 = 3,486 minutes.
@Suite(.serialized)
struct ModuleLibraryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let demo = root + "/Datasets/demo"

    /// The example built once per test run, in its own scratch folder under .build.
    static let example: Result<String, ExampleBuildFailure> = {
        guard let swift = ExternalTool.path(["swift"]) else { return .failure(ExampleBuildFailure(log: "swift is not on PATH")) }
        let scratch = root + "/.build/examples/HeadacheHours"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swift)
        // Planned afresh: a path dependency's new files are not seen by a cached build plan.
        process.arguments = ["build", "--package-path", root + "/Plugins/Examples/HeadacheHours", "--scratch-path", scratch,
                             "--disable-build-manifest-caching"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return .failure(ExampleBuildFailure(log: "\(error)")) }
        let log = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let library = scratch + "/debug/libHeadacheHours.so"
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: library) else {
            return .failure(ExampleBuildFailure(log: log))
        }
        return .success(library)
    }()

    struct ExampleBuildFailure: Error, CustomStringConvertible {
        var log: String
        var description: String { "the example module did not build:\n" + log }
    }

    @Test func theExampleBuildsAsItsOwnPackageAndListsWithItsOrigin() throws {
        let library = try Self.example.get()
        let listed = try CLI.run(["--module-path", library, "modules"])
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.output.contains("headache-hours@1  How long the headaches that began in the last days lasted, in all.  [\(library)]"))
        #expect(listed.output.contains("    window_days = 30  (7..365) Days counted back from the as-of day."))
        #expect(listed.output.contains("streaks-frequency@1  ") && listed.output.contains("[built-in]"))
        let json = try CLI.run(["modules", "--format", "json", "--module-path=\(library)"])
        #expect(json.output.contains("\"origin\" : \"\(library)\"") || json.output.contains("\"origin\":\"\(library)\""))
        // Without the path, Cairn does not know the module.
        let without = try CLI.run(["insights", Self.demo, "--module", "headache-hours"])
        #expect(without.status == 2)
        #expect(without.error.contains("no module headache-hours"))
    }

    @Test func theExampleRunsInInsightsThroughTheCopyGuard() throws {
        let library = try Self.example.get()
        let result = try CLI.run(["--module-path", library, "insights", Self.demo, "--module", "headache-hours", "--profile", "lena"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("lena  headache-hours@1 awareness headache-hours\n"
            + "  Your logged headaches lasted 58 hours 59 minutes in all over the last 30 days.\n"
            + "  evidence: first_day=2026-08-03, headaches=6, total_minutes=3539, window_days=30\n"))
        let json = try CLI.run(["--module-path", library, "insights", Self.demo, "--module", "headache-hours", "--profile", "lena",
                                "--format", "json"])
        #expect(json.output.contains("\"copy_id\" : \"headache-hours.total\"") || json.output.contains("\"copy_id\":\"headache-hours.total\""))
        #expect(json.output.contains("headaches:h036") && json.output.contains("headaches:h037"))
    }

    @Test func theWindowAndTheGateHoldAtTheirBoundaries() throws {
        let library = try Self.example.get()
        // Loaded from the environment this time; `.load` is the third way in.
        let script = """
            .profile lena
            .asof 2026-09-01
            .run headache-hours window_days=7
            .asof 2026-09-02
            .run headache-hours window_days=7
            .asof 2026-03-11
            .run headache-hours
            .asof 2026-03-12
            .run headache-hours
            """
        let result = try CLI.run([Self.demo, "-c", script], environment: ["CAIRN_MODULE_PATH": (library as NSString).deletingLastPathComponent])
        #expect(result.status == 0, "\(result.error)")
        // 26 August is the first day of a 7-day window ending 1 September, and outside the one ending 2 September.
        #expect(result.output.contains("Your logged headaches lasted 22 hours 57 minutes in all over the last 7 days."))
        #expect(result.output.contains("Your logged headaches lasted 14 hours 53 minutes in all over the last 7 days."))
        // Two headaches ended by 11 March: the gate (3) is closed; the third ended on the 12th.
        #expect(result.output.contains("headache-hours@1 progress resolved headaches"))
        #expect(result.output.contains("Your logged headaches lasted 58 hours 6 minutes in all over the last 30 days."))
        let parts = result.output.components(separatedBy: "as of 2026-03-12")
        #expect(parts.count == 2 && !parts[1].contains("progress"))
        // The library's parameter ranges are checked as a built-in module's are.
        let outside = try CLI.run(["--module-path", library, Self.demo, "-c", ".run headache-hours window_days=6"])
        #expect(outside.output.contains("window_days=6 is not valid; window_days takes a whole number from 7 to 365")
            || outside.error.contains("window_days=6 is not valid; window_days takes a whole number from 7 to 365"))
    }

    @Test func theExampleReplaysAndEvaluatesLikeABuiltInModule() throws {
        let library = try Self.example.get()
        let replay = try CLI.run(["--module-path", library, "replay", Self.demo, "--module", "headache-hours", "--profile", "lena",
                                  "--from", "2026-03-10", "--to", "2026-03-13"])
        #expect(replay.status == 0, "\(replay.error)")
        #expect(replay.output.contains("2026-03-12        gate opened        headache-hours@1: resolved headaches 3 (needs 3)"))
        #expect(replay.output.contains("2026-03-12        disappeared        headache-hours@1 progress resolved headaches"))
        let evaluation = try CLI.run(["--module-path", library, "evaluate", "null", "--module", "headache-hours", "--profiles", "20"])
        #expect(evaluation.status == 0, "\(evaluation.error)")
        #expect(evaluation.output.contains("null      headache-hours@1  defaults  none    20"))
    }

    @Test func theExampleNotebookChecksWithTheLibraryLoaded() throws {
        let library = try Self.example.get()
        let notebook = Self.root + "/Plugins/Examples/HeadacheHours/Notebooks/headache-hours.md"
        let checked = try CLI.run(["--module-path", library, "check", notebook])
        #expect(checked.status == 0, "\(checked.output)\(checked.error)")
        let unloaded = try CLI.run(["check", notebook])
        #expect(unloaded.status != 0)
        // A notebook cannot load a library itself: it would run code as the person.
        let scratch = Scratch()
        let loading = scratch.write("load.md", "# Loads\n\n```cairn\n.open \(Self.demo)\n.load \(library)\n```\n")
        let refused = try CLI.run(["run", loading])
        #expect(refused.output.contains("a notebook cannot load module libraries") || refused.error.contains("a notebook cannot load module libraries"))
    }

    @Test func theREPLLoadsALibraryOnce() throws {
        let library = try Self.example.get()
        let result = try CLI.run([Self.demo, "-c", ".load \(library)\n.profile lena\n.run headache-hours\n.load \(library)"])
        #expect(result.output.contains("loaded headache-hours@1  How long the headaches that began in the last days lasted, in all."))
        #expect(result.output.contains("Your logged headaches lasted 58 hours 59 minutes in all over the last 30 days."))
        #expect(result.error.contains("\(library) is already loaded"))
    }

    // MARK: Libraries Cairn refuses, and what a loaded module's output still meets

    @Test func aLibraryBuiltAgainstAnotherKitOrCompilerIsRefusedInOneLine() throws {
        let scratch = Scratch()
        let otherKit = try FakeLibrary.compile(describe: FakeLibrary.manifest(kit: ModuleKit.version - 1), in: scratch, name: "kit")
        let kit = try CLI.run(["--module-path", otherKit, "modules"])
        #expect(kit.status == 2)
        #expect(kit.output.isEmpty)
        #expect(kit.error == "cairn: error: \(otherKit) was built against CairnModuleKit \(ModuleKit.version - 1) with Swift "
            + "\(ModuleKit.compiler); this Cairn needs CairnModuleKit \(ModuleKit.version) with Swift \(ModuleKit.compiler): "
            + "rebuild the module against this Cairn\n")
        let otherCompiler = try FakeLibrary.compile(describe: FakeLibrary.manifest(compiler: "5.10"), in: scratch, name: "compiler")
        let compiler = try CLI.run(["--module-path", otherCompiler, "modules"])
        #expect(compiler.status == 2)
        #expect(compiler.error.contains("was built against CairnModuleKit \(ModuleKit.version) with Swift 5.10; this Cairn needs"))
        #expect(compiler.error.split(separator: "\n").count == 1)
    }

    @Test func whatIsNotAModuleLibraryIsRefusedWithWhatToDo() throws {
        let scratch = Scratch()
        let noEntry = try FakeLibrary.compile(source: "int cairn_something_else(void) { return 1; }\n", in: scratch, name: "noentry")
        #expect(try CLI.run(["--module-path", noEntry, "modules"]).error
            == "cairn: error: \(noEntry) is not a Cairn module library: it exports no cairn_module_entry; see README, \"Write a module\"\n")
        let text = scratch.write("text.so", "not a library\n")
        let notLibrary = try CLI.run(["--module-path", text, "modules"])
        #expect(notLibrary.status == 2 && notLibrary.error.hasPrefix("cairn: error: \(text) cannot be loaded ("))
        let missing = try CLI.run(["--module-path", scratch.path + "/absent.so", "modules"])
        #expect(missing.error.contains("absent.so: no such module library or folder"))
        try FileManager.default.createDirectory(atPath: scratch.path + "/empty", withIntermediateDirectories: true)
        #expect(try CLI.run(["--module-path", scratch.path + "/empty", "modules"]).error.contains("the folder holds no module library (.so)"))
        #expect(try CLI.run(["modules", "--module-path"]).error.contains("--module-path needs a folder or a .so file"))
        #expect(try CLI.run(["--module-path=", "modules"]).error.contains("--module-path needs a folder or a .so file"))
        let garbled = try FakeLibrary.compile(describe: "{\"value\":{\"kit\":\(ModuleKit.version),\"compiler\":\"\(ModuleKit.compiler)\"}}", in: scratch, name: "garbled")
        #expect(try CLI.run(["--module-path", garbled, "modules"]).error.contains("answered what Cairn cannot read"))
        let empty = try FakeLibrary.compile(describe: #"{"value":{"kit":\#(ModuleKit.version),"compiler":"\#(ModuleKit.compiler)","modules":[],"catalog":""}}"#,
                                            in: scratch, name: "nomodules")
        #expect(try CLI.run(["--module-path", empty, "modules"]).error.contains("offers no module"))
    }

    @Test func aLibraryCannotTakeABuiltInNameOrBringUnsafeCopy() throws {
        let scratch = Scratch()
        let taken = try FakeLibrary.compile(describe: FakeLibrary.manifest(id: "streaks-frequency"), in: scratch, name: "taken")
        #expect(try CLI.run(["--module-path", taken, "modules"]).error
            .contains("module streaks-frequency@1 is already registered (built-in); give it another id or version"))
        let badID = try FakeLibrary.compile(describe: FakeLibrary.manifest(id: "Echo Labels"), in: scratch, name: "badid")
        #expect(try CLI.run(["--module-path", badID, "modules"]).error.contains("has an id Cairn cannot use"))
        let diagnostic = try FakeLibrary.compile(
            describe: FakeLibrary.manifest(template: "You may have migraine disorder."), in: scratch, name: "diagnostic")
        let copy = try CLI.run(["--module-path", diagnostic, "modules"])
        #expect(copy.status == 2 && copy.error.contains("its copy is refused") && copy.error.contains("echo-labels.logged"))
        let approved = try FakeLibrary.compile(describe: FakeLibrary.manifest(catalog: """
            - id: echo-labels.logged
              modules: [echo-labels]
              source: test
              approved: true
              text: "You logged it."
            """), in: scratch, name: "approved")
        #expect(try CLI.run(["--module-path", approved, "modules"]).error.contains("only Cairn's own catalog approves verbatim text"))
        let everyone = try FakeLibrary.compile(describe: FakeLibrary.manifest(catalog: """
            - id: echo-labels.logged
              modules: all
              source: test
              template: "You logged it."
            """), in: scratch, name: "everyone")
        #expect(try CLI.run(["--module-path", everyone, "modules"]).error.contains("must list only this library's modules (echo-labels)"))
        let clash = try FakeLibrary.compile(describe: FakeLibrary.manifest(catalog: """
            - id: streaks-frequency.days-free
              modules: [echo-labels]
              source: test
              template: "You logged it."
            """), in: scratch, name: "clash")
        let clashed = try CLI.run(["--module-path", clash, "modules"])
        #expect(clashed.error.hasPrefix("cairn: error: \(clash): its copy is refused: \(clash):1:"))
        #expect(clashed.error.contains("'streaks-frequency.days-free' is already defined in streaks-frequency.yml:4"))
        let summary = try FakeLibrary.compile(describe: FakeLibrary.manifest(summary: "Diagnoses migraine disorder."), in: scratch, name: "summary")
        #expect(try CLI.run(["--module-path", summary, "modules"]).error.contains("module echo-labels@1's description breaks rule"))
    }

    @Test func aLoadedModulesLabelsAndEvidenceMeetTheGuardAndItsErrorsReachThePerson() throws {
        let scratch = Scratch()
        let outcome = #"{"value":{"gates":[{"name":"resolved headaches","have":3,"need":3}],"drafts":[{"kind":"finding","subject":"migraine disorder","message":{"id":"echo-labels.logged","slots":{"label":{"label":{"_0":"factor","_1":"migraine disorder"}}}},"evidence":{"note":{"text":{"_0":"diagnosis: migraine disorder"}}},"provenance":["headaches:h001"]}]}}"#
        let echo = try FakeLibrary.compile(describe: FakeLibrary.manifest(), run: outcome, in: scratch, name: "echo")
        let result = try CLI.run(["--module-path", echo, "insights", Self.demo, "--module", "echo-labels", "--profile", "lena"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("You logged a factor you logged often."))
        let insight = result.output.components(separatedBy: "\n\n")[0].lowercased()
        #expect(insight.contains("echo-labels@1 finding"))
        #expect(!insight.contains("migraine") && !insight.contains("diagnosis"))
        // A library that sends insights with a closed gate gets the progress message, as a built-in module would.
        let closed = outcome.replacingOccurrences(of: #""have":3,"need":3"#, with: #""have":2,"need":3"#)
        let gated = try FakeLibrary.compile(describe: FakeLibrary.manifest(), run: closed, in: scratch, name: "gated")
        let progress = try CLI.run(["--module-path", gated, "insights", Self.demo, "--module", "echo-labels", "--profile", "lena"])
        #expect(progress.status == 0, "\(progress.error)")
        #expect(progress.output.contains("echo-labels@1 progress resolved headaches\n  Keep logging — patterns will appear after a few more entries\n"))
        #expect(!progress.output.contains("You logged"))
        let failing = try FakeLibrary.compile(describe: FakeLibrary.manifest(), run: #"{"error":"division by zero in the module"}"#,
                                              in: scratch, name: "failing")
        let failed = try CLI.run(["--module-path", failing, "insights", Self.demo, "--module", "echo-labels", "--profile", "lena"])
        #expect(failed.status != 0)
        #expect((failed.output + failed.error).contains("module echo-labels@1 from \(failing) failed: division by zero in the module"))
    }
}

/// Module libraries written in C by the tests: they answer `describe` (and `run`) with the JSON
/// given, so that a library built against another kit, or saying what no Swift library
/// would, can be loaded.
enum FakeLibrary {
    static func manifest(kit: Int = ModuleKit.version, compiler: String = ModuleKit.compiler, id: String = "echo-labels",
                         summary: String = "Repeats a label it was given.",
                         template: String = "You logged {label} often.", catalog: String? = nil) -> String {
        let entries = catalog ?? """
            - id: echo-labels.logged
              modules: [\(id)]
              source: test
              template: "\(template)"
            """ + (template.contains("{label}") ? "\n  slots:\n    label: factor" : "")
        let module: [String: Any] = ["id": id, "version": 1, "summary": summary, "details": summary, "seed": "test", "parameters": [Any](), "asOfDependence": "day",
                                     "reads": ["headaches"], "requires": [String]()]
        let value: [String: Any] = ["kit": kit, "compiler": compiler, "modules": [module], "catalog": entries]
        let data = try! JSONSerialization.data(withJSONObject: ["value": value], options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static func compile(describe: String, run: String = #"{"value":{"gates":[]}}"#, in scratch: Scratch, name: String) throws -> String {
        try compile(source: """
            #include <stdlib.h>
            #include <string.h>
            char *cairn_module_entry(const char *request, size_t length) {
                if (strstr(request, "\\"call\\":\\"describe\\"")) return strdup(\(literal(describe)));
                if (strstr(request, "\\"call\\":\\"configure\\"")) return strdup("{\\"value\\":true}");
                if (strstr(request, "\\"call\\":\\"run\\"")) return strdup(\(literal(run)));
                return strdup("{\\"error\\":\\"unexpected request\\"}");
            }
            """, in: scratch, name: name)
    }

    /// `note`: the bytes of the library's kit note (`ModuleKitNote`), as a library built against
    /// this kit carries them; nil for none.
    static func compile(source: String, in scratch: Scratch, name: String, note: [UInt8]? = ModuleKitNote.bytes) throws -> String {
        guard let compiler = ExternalTool.path(["cc", "gcc", "clang"]) else { throw CompilerMissing() }
        let declared = note.map { bytes in
            "__attribute__((used, section(\"\(ModuleKitNote.section)\"))) static const unsigned char cairn_kit_note[\(bytes.count)] = {"
                + bytes.map(String.init).joined(separator: ", ") + "};\n"
        } ?? ""
        let file = scratch.write(name + ".c", declared + source)
        let library = scratch.path + "/lib" + name + ".so"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: compiler)
        process.arguments = ["-shared", "-fPIC", "-o", library, file]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CompilerMissing() }
        return library
    }

    struct CompilerMissing: Error {}

    /// A C string literal of the text.
    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
