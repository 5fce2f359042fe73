import MCP

/// Why a call from an assistant was refused or stopped, in one line that says what to ask
/// instead. Bad arguments are the caller's to fix (JSON-RPC "invalid params"); anything the
/// dataset or a budget stopped is a server error with the same one line.
public enum AssistantError: Error, CustomStringConvertible, Sendable {
    /// A tool, prompt or resource that does not exist, or an argument it does not take.
    case badArguments(String)
    /// The call ran and was refused or stopped (read-only SQL, a time or size budget, no such profile).
    case refused(String)

    public var description: String {
        switch self {
        case .badArguments(let message), .refused(let message): message
        }
    }

    /// The error as the protocol carries it.
    var protocolError: MCPError {
        switch self {
        case .badArguments(let message): .invalidParams(message)
        // -32000..-32099 are server errors in JSON-RPC; the SDK reads -32000 and -32001 as its own
        // connection and transport errors, so a refusal takes -32010.
        case .refused(let message): .serverError(code: -32010, message: message)
        }
    }
}
