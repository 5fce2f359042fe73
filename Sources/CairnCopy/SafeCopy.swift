/// User-facing text that has passed the copy guard. Only `CopyGuard` can make one, so a value of
/// this type is proof that the text was checked for the module that shows it.
public struct SafeCopy: Sendable, Hashable, CustomStringConvertible, Encodable {
    public let text: String
    /// The approved verbatim text this is, if it was admitted as one.
    public let approvedID: String?

    init(text: String, approvedID: String?) {
        self.text = text
        self.approvedID = approvedID
    }

    public var description: String { text }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
