import CairnCore

/// A module parameter: its name, default and valid range. Parameters are numbers or flags.
public struct ParameterSpec: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable { case integer, number, boolean }

    public let name: String
    public let kind: Kind
    public let defaultValue: Double
    /// Inclusive bounds; ignored for booleans.
    public let minimum: Double
    public let maximum: Double
    public let summary: String

    public static func integer(_ name: String, default value: Int, range: ClosedRange<Int>, _ summary: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .integer, defaultValue: Double(value), minimum: Double(range.lowerBound),
                      maximum: Double(range.upperBound), summary: summary)
    }

    public static func number(_ name: String, default value: Double, range: ClosedRange<Double>, _ summary: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .number, defaultValue: value, minimum: range.lowerBound, maximum: range.upperBound,
                      summary: summary)
    }

    public static func boolean(_ name: String, default value: Bool, _ summary: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .boolean, defaultValue: value ? 1 : 0, minimum: 0, maximum: 1, summary: summary)
    }

    enum CodingKeys: String, CodingKey {
        case name, kind, summary
        case defaultValue = "default"
        case minimum, maximum
    }
}

/// Parameter values for one module run: the defaults, with any overrides applied.
public struct ParameterValues: Sendable, Equatable {
    private var values: [String: Double]
    /// The names of parameters set to something other than their default.
    public private(set) var nonDefault: Set<String> = []

    public enum Problem: Error, CustomStringConvertible, Equatable {
        case unknown(name: String, module: String, known: [String])
        case invalid(name: String, value: String, spec: String)

        public var description: String {
            switch self {
            case .unknown(let name, let module, let known):
                return "\(module) has no parameter '\(name)'" + Suggestions.didYouMean(name, among: known)
                    + "; its parameters are " + known.joined(separator: ", ")
            case .invalid(let name, let value, let spec):
                return "\(name)=\(value) is not valid; \(name) takes \(spec)"
            }
        }
    }

    public init(specs: [ParameterSpec]) {
        values = Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0.defaultValue) })
    }

    /// Applies `name=value` overrides, refusing unknown names and values outside the range.
    public init(specs: [ParameterSpec], module: String, overrides: [String: String]) throws(Problem) {
        self.init(specs: specs)
        for (name, text) in overrides.sorted(by: { $0.key < $1.key }) {
            guard let spec = specs.first(where: { $0.name == name }) else {
                throw .unknown(name: name, module: module, known: specs.map(\.name))
            }
            let value: Double?
            switch spec.kind {
            case .boolean:
                value = ["true", "yes", "1"].contains(text.lowercased()) ? 1 : ["false", "no", "0"].contains(text.lowercased()) ? 0 : nil
            case .integer:
                value = Int(text).map(Double.init)
            case .number:
                value = Double(text).flatMap { $0.isFinite ? $0 : nil }
            }
            guard let value, spec.kind == .boolean || (spec.minimum...spec.maximum).contains(value) else {
                let described = spec.kind == .boolean ? "true or false"
                    : "a\(spec.kind == .integer ? " whole" : "") number from \(NumberText.format(spec.minimum)) to \(NumberText.format(spec.maximum))"
                throw .invalid(name: name, value: text, spec: described)
            }
            values[name] = value
            if value != spec.defaultValue { nonDefault.insert(name) }
        }
    }

    /// Every parameter's value, by name (what a module library is sent).
    public var all: [String: Double] { values }

    /// Values already checked against the specs (a module library receiving Cairn's).
    init(specs: [ParameterSpec], checked: [String: Double]) {
        self.init(specs: specs)
        for spec in specs {
            guard let value = checked[spec.name] else { continue }
            values[spec.name] = value
            if value != spec.defaultValue { nonDefault.insert(spec.name) }
        }
    }

    public func number(_ name: String) -> Double {
        guard let value = values[name] else { preconditionFailure("no parameter \(name)") }
        return value
    }

    public func integer(_ name: String) -> Int { Int(number(name)) }

    public func flag(_ name: String) -> Bool { number(name) != 0 }
}
