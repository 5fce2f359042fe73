import CairnNotebook

/// A notebook's blocks run in a session like typed commands; `.quit` is ignored there.
extension Session: CommandExecutor {
    public func run(_ command: String) throws -> String {
        try execute(command).output
    }
}
