import CairnCopy
import CairnCore

/// What a module found, before the copy guard has seen it. Its words are a catalog message
/// (an entry id and typed slot values), never free text.
public struct InsightDraft: Sendable {
    public var kind: InsightKind
    /// What it is about: a marker id, a factor, a month, a headache id...
    public var subject: String
    public var message: CopyMessage
    public var evidence: [String: Evidence]
    /// The rows that produced it, as "table:id".
    public var provenance: [String]

    public init(kind: InsightKind, subject: String, message: CopyMessage, evidence: [String: Evidence] = [:],
                provenance: [String] = []) {
        self.kind = kind
        self.subject = subject
        self.message = message
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
    /// Warning-level copy rules the text met (reported; only errors withhold).
    public let copyWarnings: [CopyViolation]
    /// The catalog entry the text was rendered from.
    public let copyID: String

    enum CodingKeys: String, CodingKey {
        case module, version, profile, kind, subject, text, evidence, provenance
        case asOf = "as_of"
        case nonDefault = "non_default"
        case copyWarnings = "copy_warnings"
        case copyID = "copy_id"
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(module, forKey: .module)
        try container.encode(version, forKey: .version)
        try container.encode(profile, forKey: .profile)
        try container.encode(asOf, forKey: .asOf)
        try container.encode(kind, forKey: .kind)
        try container.encode(subject, forKey: .subject)
        try container.encode(text, forKey: .text)
        try container.encode(copyID, forKey: .copyID)
        try container.encode(evidence, forKey: .evidence)
        try container.encode(provenance, forKey: .provenance)
        try container.encode(nonDefault, forKey: .nonDefault)
        if !copyWarnings.isEmpty { try container.encode(copyWarnings, forKey: .copyWarnings) }
    }
}

/// An insight the copy guard blocked: never shown, reported to the analyst with the catalog
/// entry, the rules broken and where (the matched words masked).
public struct WithheldInsight: Sendable, Encodable {
    public let module: String
    public let version: Int
    public let profile: String
    public let asOf: String
    public let kind: InsightKind
    public let subject: String
    /// The catalog entry the text came from.
    public let copyID: String
    public let violations: [CopyViolation]

    enum CodingKeys: String, CodingKey {
        case module, version, profile, kind, subject, violations
        case asOf = "as_of"
        case copyID = "copy_id"
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
