import Foundation

/// Something that runs one command and returns its output: the REPL's session.
public protocol CommandExecutor: AnyObject {
    func run(_ command: String) throws -> String
    /// The pictures drawn since the last call, as titles and SVG text.
    func takeFigures() -> [(title: String, svg: String)]
}

/// Runs a notebook's blocks in order and compares or records their outputs.
public struct NotebookRunner {
    /// A notebook that cannot run at all.
    public struct Failure: Error, CustomStringConvertible {
        public let block: Int
        public let command: String
        public let message: String
        public var description: String { "block \(block), `\(command)`: \(message)" }
    }

    /// A block whose commands failed when none was expected to, or the reverse.
    public struct BlockFailure: Sendable, Equatable, CustomStringConvertible {
        public let block: Int
        public let message: String
        public var description: String { "block \(block): \(message)" }
    }

    /// A notebook as it runs now, the pictures it drew (path beside the notebook to SVG text),
    /// and its blocks that failed.
    public struct Result {
        public var notebook: Notebook
        public var figures: [String: String]
        public var failures: [BlockFailure]
    }

    /// The folder pictures go in, beside the notebook: `NAME.figures`.
    let figureFolder: String

    public init(figureFolder: String) {
        self.figureFolder = figureFolder
    }

    /// The notebook with every output replaced by what the commands print now. The first block
    /// must open the dataset (`.open`); the as-of rule is `latest` unless a block sets it, which
    /// the dataset alone decides: nothing depends on the day it is run.
    /// Thrown by `run` when `isCancelled` turns true (Ctrl-C): the notebook is left unfinished.
    public struct Cancelled: Error, CustomStringConvertible {
        public var description: String { "cancelled" }
    }

    public func run(_ notebook: Notebook, with executor: CommandExecutor, splitter: (String) -> [String],
                    isCancelled: () -> Bool = { false }) throws -> Result {
        guard let first = notebook.sources.first else {
            throw Failure(block: 1, command: "", message: "the notebook has no cairn block")
        }
        guard splitter(first).first?.hasPrefix(".open ") == true else {
            throw Failure(block: 1, command: first.split(separator: "\n").first.map(String.init) ?? "",
                          message: "the first block must open the notebook's dataset first: .open DATASET")
        }
        var result = Result(notebook: notebook, figures: [:], failures: [])
        var blockNumber = 0
        for (index, cell) in notebook.cells.enumerated() {
            guard case .code(var block) = cell else { continue }
            blockNumber += 1
            var output = ""
            var failed: [String] = []
            var figures: [Notebook.Figure] = []
            for command in splitter(block.source) {
                if isCancelled() { throw Cancelled() }
                do {
                    output += try executor.run(command)
                } catch {
                    output += "Error: \(error)\n"
                    failed.append("`\(command.split(separator: "\n").first ?? "")` failed: \(error)")
                }
                if isCancelled() { throw Cancelled() }
                for drawn in executor.takeFigures() {
                    let path = "\(figureFolder)/figure-\(blockNumber)-\(figures.count + 1).svg"
                    figures.append(Notebook.Figure(title: drawn.title, path: path))
                    result.figures[path] = drawn.svg
                }
            }
            if let failure = failed.first, !block.expectsError {
                result.failures.append(BlockFailure(block: blockNumber, message: failure
                    + "; mark the block ```cairn error if the error is what it shows"))
            } else if failed.isEmpty && block.expectsError {
                result.failures.append(BlockFailure(block: blockNumber, message: "marked error, but every command succeeded"))
            }
            block.output = block.masked(output)
            block.figures = figures
            result.notebook.cells[index] = .code(block)
        }
        return result
    }

    /// Each block whose output or pictures changed: its number, and a unified diff.
    public struct Change: Sendable {
        public let block: Int
        public let cellIndex: Int
        public let diff: String
    }

    /// The blocks of `rerun` that differ from `recorded` (outputs compared after the block's
    /// masks; pictures against the files `recordedFigure` reads).
    public func changes(recorded: Notebook, rerun: Result, name: String, recordedFigure: (String) -> String?) -> [Change] {
        var changes: [Change] = []
        var number = 0
        for (index, (old, new)) in zip(recorded.cells, rerun.notebook.cells).enumerated() {
            guard case .code(let before) = old, case .code(let after) = new else { continue }
            number += 1
            var diff = ""
            let recordedOutput = after.masked(before.output)
            if recordedOutput != after.output {
                diff += UnifiedDiff.lines(recordedOutput, after.output)
            }
            let oldPaths = before.figures.map(\.path)
            let newPaths = after.figures.map(\.path)
            if oldPaths != newPaths {
                diff += "-pictures: " + (oldPaths.isEmpty ? "none" : oldPaths.joined(separator: ", ")) + "\n"
                diff += "+pictures: " + (newPaths.isEmpty ? "none" : newPaths.joined(separator: ", ")) + "\n"
            }
            for path in newPaths where oldPaths.contains(path) {
                let drawn = rerun.figures[path] ?? ""
                switch recordedFigure(path) {
                case nil: diff += "+picture \(path): missing beside the notebook (`cairn run --update` writes it)\n"
                case let file? where file != drawn:
                    diff += "~picture \(path): changed (\(file.utf8.count) bytes recorded, \(drawn.utf8.count) now)\n"
                default: break
                }
            }
            if !diff.isEmpty {
                let header = "--- \(name) block \(number) (recorded)\n+++ \(name) block \(number) (now)\n"
                    + "@@ \(after.source.split(separator: "\n").first ?? "") @@\n"
                changes.append(Change(block: number, cellIndex: index, diff: header + diff))
            }
        }
        return changes
    }
}
