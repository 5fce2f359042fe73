/// A command that could not run: one line for the person, who can correct it and go on.
public struct SessionError: Error, CustomStringConvertible, Sendable {
    public let message: String
    /// What the command printed before it failed (`.read` of a file whose fifth command fails
    /// has printed the first four outputs).
    public let partialOutput: String

    public init(_ message: String, partialOutput: String = "") {
        self.message = message
        self.partialOutput = partialOutput
    }

    public var description: String { message }
}
