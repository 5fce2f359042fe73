/// One place where text breaks a copy rule. The matched words are kept masked ("d********"),
/// so a listing of violations never repeats the wording it reports.
public struct CopyViolation: Sendable, Equatable, Encodable {
    /// The rule file's name without extension, e.g. "Diagnosis".
    public let rule: String
    /// The kind of claim the matched words make.
    public let claim: CopyClaim
    /// The rule's message, with the match masked.
    public let message: String
    /// The text that matched, masked: its first character, then "*" for each letter or digit.
    public let match: String
    /// 1-based line and column (in characters) of the match in the original text.
    public let line: Int
    public let column: Int
    public let level: CopyLevel
    /// Where the match lies in the original text, in characters.
    public let offsets: Range<Int>

    enum CodingKeys: String, CodingKey { case rule, claim, message, match, line, column, level }

    /// Whether the text is blocked by this violation (only errors block).
    public var blocks: Bool { level == .error }

    /// "diagnosis" → "d********": enough to find the place, nothing to read.
    public static func mask(_ text: String) -> String {
        var out = ""
        var first = true
        for character in text {
            if character.isLetter || character.isNumber {
                out.append(first ? character : "*")
                first = false
            } else {
                out.append(character == "\n" ? " " : character)
            }
        }
        return out
    }
}

/// Why text was withheld: every rule it broke.
public struct CopyRejection: Error, Sendable, Equatable {
    public let text: String
    public let module: String?
    public let violations: [CopyViolation]
}
