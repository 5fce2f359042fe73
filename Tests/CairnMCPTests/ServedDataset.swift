import CairnCopy
import CairnModules
import Foundation
import MCP
import SystemPackage
import Testing

/// The built `cairn mcp` process over a dataset, and the MCP SDK's own client talking to it
/// through a StdioTransport on the process's pipes: what an assistant's client does.
final class ServedDataset: @unchecked Sendable {
    /// The build products directory: the test bundle's resources sit beside the binaries.
    static let binary: String = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("cairn").path
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let demo = root.appendingPathComponent("Datasets/demo").path
    static let edges = root.appendingPathComponent("Datasets/scenarios/edges").path
    static let unsafe = Bundle.module.bundleURL.appendingPathComponent("Fixtures/unsafe").path
    static let copyGuard = try! ModuleHost.copyGuard()

    let process = Process()
    let input = Pipe(), output = Pipe(), errors = Pipe()
    let client = Client(name: "cairn-tests", version: "1")
    var initialized: Initialize.Result!

    init(_ dataset: String, _ options: [String] = []) async throws {
        process.executableURL = URL(fileURLWithPath: ServedDataset.binary)
        process.arguments = ["mcp", dataset] + options
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let transport = StdioTransport(input: FileDescriptor(rawValue: output.fileHandleForReading.fileDescriptor),
                                       output: FileDescriptor(rawValue: input.fileHandleForWriting.fileDescriptor))
        initialized = try await client.connect(transport: transport)
    }

    /// Closes the server's input, as a client that quits does, and waits for it to end.
    func close() async -> Int32? {
        await client.disconnect()
        try? input.fileHandleForWriting.close()
        for _ in 0..<100 where process.isRunning { try? await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning { process.terminate(); return nil }
        return process.terminationStatus
    }

    /// A tool's result as JSON: the object in its text content (which equals its structured content).
    func call(_ tool: String, _ arguments: [String: Value] = [:]) async throws -> [String: Any] {
        let (content, isError) = try await client.callTool(name: tool, arguments: arguments)
        #expect(isError != true, "\(tool) reported an error")
        guard case .text(let text, _, _)? = content.first else {
            Issue.record("\(tool) returned no text")
            return [:]
        }
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(tool): \(text)")
    }

    /// The raw text of a tool's result, for byte-for-byte comparison.
    func text(_ tool: String, _ arguments: [String: Value] = [:]) async throws -> String {
        let (content, _) = try await client.callTool(name: tool, arguments: arguments)
        guard case .text(let text, _, _)? = content.first else { return "" }
        return text
    }

    /// The one-line message of the error a call ends with (nil when it succeeds).
    func failure(_ tool: String, _ arguments: [String: Value] = [:]) async -> MCPError? {
        do {
            _ = try await client.callTool(name: tool, arguments: arguments)
            return nil
        } catch let error as MCPError {
            return error
        } catch {
            Issue.record("\(tool): not an MCP error: \(error)")
            return nil
        }
    }
}
