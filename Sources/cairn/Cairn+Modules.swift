import CairnCore
import ArgumentParser
import CairnAnalysis
import CairnModules
import Foundation

extension Cairn {
    /// `cairn modules`: the registered modules, rendered from their descriptors.
    struct Modules: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the analysis modules with their parameters.")

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        func run() throws {
            let registry = BuiltinModules.registry()
            let descriptors = registry.all
            if format == .json {
                struct Entry: Encodable { var id: String, version: Int, summary: String, parameters: [ParameterSpec] }
                Standard.output(JSONText.encode(descriptors.map {
                    Entry(id: $0.id, version: $0.version, summary: $0.summary, parameters: $0.parameters)
                }))
                return
            }
            Standard.output(registry.text())
        }
    }
}
