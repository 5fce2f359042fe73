import Foundation
import Testing

/// Built-in modules register themselves: every Plugins/ folder is a target (Package.swift), and
/// every public AnalysisModule type in one is listed at build time (BuildTools/ModuleRegistrar).
/// The README's module table is the descriptors' own Markdown.
struct ModuleRegistrationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func everyModuleIdInAPluginsFolderIsRegistered() throws {
        let listed = try CLI.run(["modules", "--format", "json"], environment: ["CAIRN_MODULE_PATH": ""])
        let registered = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        let keys = Set(registered.map { "\($0["id"]!)@\($0["version"]!)" })
        let plugins = Self.root + "/Plugins"
        let folders = try FileManager.default.contentsOfDirectory(atPath: plugins).filter { $0 != "Examples" }
        var declared: Set<String> = []
        for folder in folders {
            for file in try FileManager.default.contentsOfDirectory(atPath: plugins + "/" + folder) where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: plugins + "/" + folder + "/" + file, encoding: .utf8)
                // Each module type states its id and version on lines of their own.
                let ids = text.matches(of: /static let id = "([a-z-]+)"/).map { String($0.1) }
                let versions = text.matches(of: /public static let version = (\d+)/).map { String($0.1) }
                if ids.count == versions.count {
                    declared.formUnion(zip(ids, versions).map { "\($0)@\($1)" })
                } else if let id = ids.first {
                    declared.formUnion(versions.map { "\(id)@\($0)" })
                }
            }
        }
        #expect(declared.count == 28)
        #expect(keys == declared)
    }

    @Test func theRegistrarListsPublicModuleTypesInNameOrder() throws {
        let registrar = (CLI.binary as NSString).deletingLastPathComponent + "/ModuleRegistrar"
        let scratch = Scratch()
        let first = scratch.write("Zeta/Zeta.swift", """
            public struct Zeta: AnalysisModule {
            }
            struct Hidden: AnalysisModule {}
            // public struct Commented: AnalysisModule
            """)
        let second = scratch.write("Alpha/Alpha.swift", "  public struct Beta : AnalysisModule, Sendable {}\npublic struct Alpha: AnalysisModuleLike {}\n")
        let output = scratch.path + "/Registered.swift"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: registrar)
        process.arguments = [output, "--target", "Zeta", first, "--target", "Alpha", second]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == """
            // Written at build time by BuildTools/ModuleRegistrar from the Plugins/ targets; not in git.
            import CairnModuleKit
            import Alpha
            import Zeta

            extension BuiltinModules {
                /// Every public AnalysisModule type declared in a Plugins/ target.
                static let declared: [any AnalysisModule.Type] = [
                    Beta.self,
                    Zeta.self,
                ]
            }

            """)
    }

    @Test func theREADMEModuleTableIsTheDescriptorsOwn() throws {
        let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- The module table is written by scripts/module-table"))
        let tableStart = try #require(readme.range(of: "-->\n", range: begin.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "<!-- End of the module table. -->"))
        let table = String(readme[tableStart.upperBound..<end.lowerBound])
        let generated = try CLI.run(["modules", "--markdown"], environment: ["CAIRN_MODULE_PATH": ""])
        #expect(table == generated.output, "README.md's module table is stale: run scripts/module-table")
        #expect(generated.output.contains("| trigger-cooccurrence@3 | every resolved headache against the same local clock time"))
        #expect(generated.output.contains("| **trigger-cooccurrence@4** (default) | as @3, with its findings ranked as the seed ranks suspected triggers"))
        #expect(generated.output.contains("| trigger-cooccurrence@2 | a factor (or poor sleep) shown only when"))
        #expect(generated.output.contains("| streaks-frequency@1 | the headache-free streak"))
    }
}
