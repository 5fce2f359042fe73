import CairnCopy
import CairnCore

/// What a module found, before the copy guard has seen its text.
public struct InsightDraft: Sendable {
    public var kind: InsightKind
    /// What it is about: a marker id, a factor, a month, a headache id...
    public var subject: String
    public var text: String
    public var evidence: [String: Evidence]
    /// The rows that produced it, as "table:id".
    public var provenance: [String]

    public init(kind: InsightKind, subject: String, text: String, evidence: [String: Evidence] = [:],
                provenance: [String] = []) {
        self.kind = kind
        self.subject = subject
        self.text = text
        self.evidence = evidence
        self.provenance = provenance
    }
}

public enum InsightKind: String, Sendable, Encodable, CaseIterable {
    case finding, progress, awareness, alert
}

/// An insight that passed the copy guard.
public struct Insight: Sendable, Encodable {
    public let module: String
    public let version: Int
    public let profile: String
    /// The as-of instant, in the profile's zone.
    public let asOf: String
    public let kind: InsightKind
    public let subject: String
    public let text: SafeCopy
    public let evidence: [String: Evidence]
    public let provenance: [String]
    /// Whether any parameter was set to something other than its default.
    public let nonDefault: Bool

    enum CodingKeys: String, CodingKey {
        case module, version, profile, kind, subject, text, evidence, provenance
        case asOf = "as_of"
        case nonDefault = "non_default"
    }
}

/// An insight the copy guard blocked: never shown, reported to the analyst with the rules broken.
public struct WithheldInsight: Sendable, Encodable {
    public let module: String
    public let version: Int
    public let profile: String
    public let asOf: String
    public let kind: InsightKind
    public let subject: String
    public let violations: [CopyViolation]

    enum CodingKeys: String, CodingKey {
        case module, version, profile, kind, subject, violations
        case asOf = "as_of"
    }
}

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
