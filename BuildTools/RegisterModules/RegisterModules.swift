import Foundation
import PackagePlugin

/// Registers the built-in modules without a list anyone edits: for the target it is applied to
/// (CairnModules), every dependency whose folder is in Plugins/ is read by ModuleRegistrar, which
/// writes one Swift file naming each public `AnalysisModule` type declared there.
@main
struct RegisterModules: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        var arguments: [String] = []
        var inputs: [URL] = []
        for case .target(let dependency) in target.dependencies {
            guard let module = dependency as? SourceModuleTarget,
                  module.directoryURL.deletingLastPathComponent().lastPathComponent == "Plugins" else { continue }
            let files = module.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path < $1.path }
            arguments += ["--target", module.name] + files.map(\.path)
            inputs += files
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("RegisteredModules.swift")
        return [.buildCommand(displayName: "Registering the modules of Plugins/", executable: try context.tool(named: "ModuleRegistrar").url,
                              arguments: [output.path] + arguments, inputFiles: inputs, outputFiles: [output])]
    }
}
