/// A command that could not run: one line for the person, who can correct it and go on.
public struct SessionError: Error, CustomStringConvertible, Sendable {
    public let message: String
    /// What the command printed before it failed (`.read` of a file whose fifth command fails
    /// has printed the first four outputs).
    public let partialOutput: String
    /// A file the person named could not be written (a full disk, a file-size limit, a folder
    /// not writable): without a terminal Cairn then exits 2, as a subcommand whose write fails.
    public let isFileWrite: Bool

    public init(_ message: String, partialOutput: String = "", isFileWrite: Bool = false) {
        self.message = message
        self.partialOutput = partialOutput
        self.isFileWrite = isFileWrite
    }

    /// A write to a file that failed, said in one line.
    public static func fileWrite(_ message: String) -> SessionError {
        SessionError(message, isFileWrite: true)
    }

    public var description: String { message }
}
