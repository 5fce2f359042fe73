/// A command that could not run: one line for the person, who can correct it and go on.
public struct SessionError: Error, CustomStringConvertible, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
