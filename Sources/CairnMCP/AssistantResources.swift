import CairnCore
import CairnModuleKit
import CairnREPL
import Foundation
import MCP

/// What an assistant may read besides the tools: the data contract (from the code that imports
/// it, so it never drifts), the module table, and each module's description. Fixed URIs only:
/// no resource names a file.
enum AssistantResources {
    static let contractURI = "cairn://contract"
    static let modulesURI = "cairn://modules"
    static let modulePrefix = "cairn://modules/"

    static func list(_ desk: AssistantDesk) -> [Resource] {
        let modules = desk.reading { session in session.assistantModules }
        return [
            Resource(name: "data-contract", uri: contractURI, title: "Data contract",
                     description: "The dataset's tables, their columns, each column's kind and whether it is required.", mimeType: "application/json"),
            Resource(name: "modules", uri: modulesURI, title: "Module table",
                     description: "Every analysis module: id, version, summary, parameters and the tables it reads.", mimeType: "application/json"),
        ] + modules.map { module in
            Resource(name: module.key, uri: modulePrefix + module.key, title: module.key, description: module.summary, mimeType: "text/markdown")
        }
    }

    static func read(_ uri: String, _ desk: AssistantDesk) throws(AssistantError) -> ReadResource.Result {
        let modules = desk.reading { session in session.assistantModules }
        if uri == contractURI {
            return .init(contents: [.text(AssistantTools.canonical(contract), uri: uri, mimeType: "application/json")])
        }
        if uri == modulesURI {
            let table = Value.array(modules.map { module in
                .object(["module": .string(module.id), "version": .int(module.version), "summary": .string(module.summary),
                         "origin": .string(module.origin.description),
                         "reads": .array(module.reads.map(\.rawValue).sorted().map { .string($0) }),
                         "requires": .array(module.requires.map(\.rawValue).sorted().map { .string($0) }),
                         "parameters": .array(module.parameters.map(parameter))])
            })
            return .init(contents: [.text(AssistantTools.canonical(table), uri: uri, mimeType: "application/json")])
        }
        if uri.hasPrefix(modulePrefix), let module = modules.first(where: { modulePrefix + $0.key == uri }) {
            var text = "# \(module.key)\n\n\(module.summary)\n"
            if !module.details.isEmpty { text += "\n\(module.details)\n" }
            if !module.parameters.isEmpty {
                text += "\n## Parameters\n\n" + module.parameters.map { spec in
                    "- `\(spec.name)` (\(spec.kind.rawValue), default \(NumberText.format(spec.defaultValue))): \(spec.summary)\n"
                }.joined()
            }
            text += "\nReads: " + module.reads.map(\.rawValue).sorted().joined(separator: ", ") + ".\n"
            return .init(contents: [.text(text, uri: uri, mimeType: "text/markdown")])
        }
        throw .badArguments("no resource \(uri); resources/list names them")
    }

    static func parameter(_ spec: ParameterSpec) -> Value {
        var object: [String: Value] = ["name": .string(spec.name), "kind": .string(spec.kind.rawValue),
                                       "default": .double(spec.defaultValue), "summary": .string(spec.summary)]
        if spec.kind != .boolean { object["minimum"] = .double(spec.minimum); object["maximum"] = .double(spec.maximum) }
        return .object(object)
    }

    /// The contract's tables and columns, as the importer checks them.
    static var contract: Value {
        .object([
            "contract_version": .int(ContractTable.contractVersion),
            "tables": .array(ContractTable.allCases.map { table in
                .object(["table": .string(table.rawValue), "file": .string(table.fileName),
                         "columns": .array(table.columns.map { column in
                             .object(["name": .string(column.name), "kind": .string(kind(column.kind)), "required": .bool(column.isRequired)])
                         })])
            }),
        ])
    }

    static func kind(_ kind: ContractColumn.Kind) -> String {
        switch kind {
        case .text: "text"
        case .number: "number"
        case .integer(let range): "integer \(range.lowerBound)-\(range.upperBound)"
        case .boolean: "boolean"
        case .date: "date YYYY-MM-DD"
        case .dateTime: "date-time ISO 8601"
        case .dateOrDateTime: "date or date-time"
        case .list: "list separated by |"
        case .choice(let choices): "one of " + choices.joined(separator: ", ")
        case .severity: "severity 1-5"
        case .timeZone: "IANA time zone"
        case .token: "token"
        }
    }
}
