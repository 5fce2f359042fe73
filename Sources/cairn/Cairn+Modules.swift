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
            let descriptors = BuiltinModules.registry().all
            if format == .json {
                struct Entry: Encodable { var id: String, version: Int, summary: String, parameters: [ParameterSpec] }
                Standard.output(JSONText.encode(descriptors.map {
                    Entry(id: $0.id, version: $0.version, summary: $0.summary, parameters: $0.parameters)
                }))
                return
            }
            var lines: [String] = []
            for descriptor in descriptors {
                lines.append("\(descriptor.key)  \(descriptor.summary)")
                for parameter in descriptor.parameters {
                    let range = parameter.kind == .boolean ? "true/false"
                        : "\(ParameterText.number(parameter.minimum))..\(ParameterText.number(parameter.maximum))"
                    let value = parameter.kind == .boolean ? (parameter.defaultValue != 0 ? "true" : "false")
                        : ParameterText.number(parameter.defaultValue)
                    lines.append("    \(parameter.name) = \(value)  (\(range)) \(parameter.summary)")
                }
            }
            Standard.output(lines.joined(separator: "\n") + "\n")
        }
    }
}

enum ParameterText {
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
