import Foundation
import Testing

/// `cairn mcp` driven by the reference Python client (PyPI's `mcp`), where it is installed:
/// Python/mcp_client_check.py initialises, lists and calls every tool on the demo, and sends bad
/// arguments and a runaway statement. CI runs from a clean clone without it; the Swift client's
/// tests (MCPServerTests) always run.
@Suite("cairn mcp through the reference Python client")
struct PythonClientTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Python/mcp_client_check.py").path

    /// Whether `python3` can import `mcp`.
    static let pythonHasMCP: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import mcp"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    @Test("initialise, every tool, bad arguments and a runaway statement",
          .enabled(if: pythonHasMCP, "python's mcp package is absent (pip install mcp); skipped"))
    func referenceClient() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", PythonClientTests.script, ServedDataset.binary, ServedDataset.demo]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("14 passed, 0 failed"), "\(text)")
    }
}
