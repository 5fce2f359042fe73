import CairnCore
import MCP

/// A tool call's arguments, read by name and type: anything the tool's schema does not name, or
/// a value of the wrong type, refuses the call with one line naming the argument.
struct ToolArguments {
    let tool: String
    let values: [String: Value]

    init(tool: String, values: [String: Value]?, allowed: [String]) throws(AssistantError) {
        self.tool = tool
        self.values = values ?? [:]
        if let unknown = self.values.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw .badArguments("\(tool) takes no argument \(unknown); it takes " + (allowed.isEmpty ? "none" : allowed.joined(separator: ", ")))
        }
    }

    func string(_ name: String) throws(AssistantError) -> String? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw .badArguments("\(tool): \(name) must be a string") }
        return text
    }

    func required(_ name: String) throws(AssistantError) -> String {
        guard let text = try string(name), !text.isEmpty else { throw .badArguments("\(tool) needs \(name)") }
        return text
    }

    func integer(_ name: String) throws(AssistantError) -> Int? {
        guard let value = values[name], !value.isNull else { return nil }
        if let number = value.intValue { return number }
        if let number = value.doubleValue, number.rounded() == number, abs(number) < 1e9 { return Int(number) }
        throw .badArguments("\(tool): \(name) must be a whole number")
    }

    /// A calendar day, `YYYY-MM-DD`.
    func day(_ name: String) throws(AssistantError) -> String? {
        guard let text = try string(name) else { return nil }
        guard CalendarDay(iso: text) != nil else { throw .badArguments("\(tool): \(name) must be a date, YYYY-MM-DD") }
        return text
    }

    /// A module's parameters: names with numbers or true/false, as `PARAM=VALUE` words.
    func parameters(_ name: String) throws(AssistantError) -> [String] {
        guard let value = values[name], !value.isNull else { return [] }
        guard let object = value.objectValue else {
            throw .badArguments("\(tool): \(name) must be an object of parameter names to numbers or true/false")
        }
        var words: [String] = []
        for key in object.keys.sorted() {
            guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }), !key.isEmpty else {
                throw .badArguments("\(tool): \(name) has a parameter name that is not letters, digits, - or _")
            }
            switch object[key]! {
            case .int(let number): words.append("\(key)=\(number)")
            case .double(let number): words.append("\(key)=\(number)")
            case .bool(let flag): words.append("\(key)=\(flag)")
            default: throw .badArguments("\(tool): parameter \(key) must be a number or true/false")
            }
        }
        return words
    }

    /// A module as `ID` or `ID@VERSION`, from `module` and `version`.
    func module() throws(AssistantError) -> String {
        let id = try required("module")
        guard id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw .badArguments("\(tool): module must be a module id such as marker-trends (the cairn://modules resource lists them)")
        }
        guard let version = try integer("version") else { return id }
        guard version > 0 else { throw .badArguments("\(tool): version must be 1 or more") }
        return "\(id)@\(version)"
    }
}
