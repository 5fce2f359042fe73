import Foundation

/// Something that runs one command and returns its output: the REPL's session.
public protocol CommandExecutor: AnyObject {
    func run(_ command: String) throws -> String
}

/// Runs a notebook's blocks in order and compares or records their outputs.
public struct NotebookRunner {
    public struct Failure: Error, CustomStringConvertible {
        public let block: Int
        public let command: String
        public let message: String
        public var description: String { "block \(block), `\(command)`: \(message)" }
    }

    public init() {}

    /// The notebook with every output replaced by what the commands print now. The first block
    /// must pin the dataset (`.open`) and the as-of rule (`.asof` with a date, a date-time, or
    /// `latest` or `dataset-latest`, which the dataset alone decides): never the day it is run.
    public func run(_ notebook: Notebook, with executor: CommandExecutor, splitter: (String) -> [String]) throws -> Notebook {
        guard let first = notebook.sources.first else {
            throw Failure(block: 1, command: "", message: "the notebook has no cairn block")
        }
        let pins = splitter(first)
        guard pins.contains(where: { $0.hasPrefix(".open ") }), pins.contains(where: { $0.range(of: #"^\.asof (\d{4}-\d{2}-\d{2}\S*|latest|dataset-latest)$"#, options: .regularExpression) != nil }) else {
            throw Failure(block: 1, command: first,
                          message: "the first block must pin the dataset and as-of: .open DATASET and .asof YYYY-MM-DD (or latest)")
        }
        var result = notebook
        var blockNumber = 0
        for (index, cell) in notebook.cells.enumerated() {
            guard case .code(let source, _) = cell else { continue }
            blockNumber += 1
            var output = ""
            for command in splitter(source) {
                do {
                    output += try executor.run(command)
                } catch {
                    output += "Error: \(error)\n"
                }
            }
            result.cells[index] = .code(source: source, output: output)
        }
        return result
    }

    /// Unified diffs of every block whose output changed; empty when none did.
    public func check(recorded: Notebook, rerun: Notebook, name: String) -> String {
        var report = ""
        var block = 0
        for (old, new) in zip(recorded.cells, rerun.cells) {
            guard case .code(let source, let before) = old, case .code(_, let after) = new else { continue }
            block += 1
            if before != after {
                report += "--- \(name) block \(block) (recorded)\n+++ \(name) block \(block) (now)\n"
                report += "@@ \(source.split(separator: "\n").first ?? "") @@\n"
                report += UnifiedDiff.lines(before, after)
            }
        }
        return report
    }
}
