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

/// What the copy guard checks in a result: `cairn lint-copy`'s test (an error-level violation
/// fails), with `--module` for the strings of an object that names its module (an insight).
enum GuardCheck {
    /// Cairn's own vocabulary for analysts (module ids, kinds, change names), not copy.
    static let vocabulary: Set<String> = ["module", "kind", "change", "level", "rule", "copy_id"]

    /// A text of Cairn's part, with the module it is the copy of (nil: none known).
    struct Copy {
        var text: String
        var module: String?
    }

    /// Every string of a value, bar its vocabulary keys.
    static func copy(_ value: Any, key: String? = nil, module: String? = nil) -> [Copy] {
        switch value {
        case let text as String: return vocabulary.contains(key ?? "") ? [] : [Copy(text: text, module: module)]
        case let list as [Any]: return list.flatMap { copy($0, key: key, module: module) }
        case let object as [String: Any]:
            let named = object["module"] as? String ?? module
            return object.flatMap { copy($0.value, key: $0.key, module: named) }
        default: return []
        }
    }

    /// Every string anywhere in a value.
    static func strings(_ value: Any) -> [String] {
        switch value {
        case let text as String: return [text]
        case let list as [Any]: return list.flatMap(strings)
        case let object as [String: Any]: return object.values.flatMap(strings)
        default: return []
        }
    }

    /// Whether `cairn lint-copy [--module M]` would fail the text.
    static func fails(_ copy: Copy) -> Bool {
        ServedDataset.copyGuard.lint(copy.text, module: copy.module).contains { $0.level == .error }
    }

    /// The texts (copy of no module) that `cairn lint-copy` would fail.
    static func unsafe(_ texts: [String]) -> [String] {
        texts.filter { fails(Copy(text: $0, module: nil)) }
    }

    /// Records a failure for each text in Cairn's part of `result` that `cairn lint-copy` fails.
    static func expectGuarded(_ result: [String: Any], _ what: String) {
        let bad = copy(result["cairn"] ?? [String: Any]()).filter(fails).map(\.text)
        #expect(bad.isEmpty, "\(what): unguarded copy \(bad.prefix(3))")
    }
}
