import CairnCore

/// A number, count, text or list in an insight's evidence.
public indirect enum Evidence: Sendable, Equatable, Encodable {
    case number(Double)
    case integer(Int)
    case text(String)
    case flag(Bool)
    case list([Evidence])
    case object([String: Evidence])

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let value):
            // JSON has no NaN or infinity; an undefined statistic is null.
            if value.isFinite { try container.encode(value) } else { try container.encodeNil() }
        case .integer(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        case .flag(let value): try container.encode(value)
        case .list(let values): try container.encode(values)
        case .object(let values): try container.encode(values)
        }
    }

    /// The value as a number, when it is one (a count or a finite number).
    public var number: Double? {
        switch self {
        case .number(let value): return value.isFinite ? value : nil
        case .integer(let value): return Double(value)
        default: return nil
        }
    }

    /// Compact text for people: numbers to six significant digits.
    public var text: String {
        switch self {
        case .number(let value): return value.isFinite ? NumberText.format(value, significantDigits: 6) : "undefined"
        case .integer(let value): return String(value)
        case .text(let value): return value
        case .flag(let value): return value ? "true" : "false"
        case .list(let values): return "[" + values.map(\.text).joined(separator: ", ") + "]"
        case .object(let values):
            return "{" + values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.text)" }.joined(separator: ", ") + "}"
        }
    }
}
