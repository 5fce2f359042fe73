import CairnCore
import ArgumentParser
import CairnAnalysis
import CairnModules
import Foundation

extension Cairn {
    /// `cairn modules`: the registered modules, rendered from their descriptors.
    struct Modules: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the analysis modules with where they come from and their parameters.",
            discussion: "Modules loaded with --module-path or $CAIRN_MODULE_PATH are listed with the library they came from.")

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        @Flag(help: "The README's module table (Markdown), from the modules' descriptors.")
        var markdown = false

        func run() throws {
            let registry = ModuleHost.registry()
            let descriptors = registry.all
            if markdown {
                Standard.output(registry.markdownTable())
                return
            }
            if format == .json {
                struct Entry: Encodable { var id: String, version: Int, summary: String, origin: String, parameters: [ParameterSpec] }
                Standard.output(JSONText.encode(descriptors.map {
                    Entry(id: $0.id, version: $0.version, summary: $0.summary, origin: $0.origin.description, parameters: $0.parameters)
                }))
                return
            }
            Standard.output(registry.text())
        }
    }
}
