/// One place where text breaks a copy rule.
public struct CopyViolation: Sendable, Equatable, Encodable {
    /// The rule file's name without extension, e.g. "Diagnosis".
    public let rule: String
    public let message: String
    /// The text that matched, as it appears in the original.
    public let match: String
    /// 1-based line and column (in characters) of the match in the original text.
    public let line: Int
    public let column: Int
    public let level: String
}

/// Why text was withheld: every rule it broke.
public struct CopyRejection: Error, Sendable, Equatable {
    public let text: String
    public let module: String?
    public let violations: [CopyViolation]
}
