import CairnCopy
import CairnCore

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
    /// The person's own words a slot held, by slot, when the engine keeps them out of the text
    /// (`InsightEngine.labelsAsData`); empty otherwise, and then not written.
    public var labels: [String: String] = [:]

    enum CodingKeys: String, CodingKey {
        case module, version, profile, kind, subject, text, evidence, provenance
        case asOf = "as_of"
        case nonDefault = "non_default"
        case copyWarnings = "copy_warnings"
        case copyID = "copy_id"
        case labels
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
        if !labels.isEmpty { try container.encode(labels, forKey: .labels) }
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
