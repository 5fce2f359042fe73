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

public enum InsightKind: String, Sendable, Codable, CaseIterable {
    case finding, progress, awareness, alert
}
