import ArgumentParser
import CairnCore
import CairnNotebook
import CairnREPL
import Foundation

extension Cairn {
    /// `cairn run NOTEBOOK [--update]`: executes a notebook and prints each block's output.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a notebook and print each block's output; --update records the outputs and pictures in place.",
            discussion: """
                Exit status: 0 every block ran as its notebook expects, 1 a command failed in a block \
                not marked ```cairn error (or a block so marked did not fail), or --strict and the copy \
                guard withheld an insight, 2 the notebook cannot be read.
                """)

        @Argument(help: "A notebook (Markdown with ```cairn blocks).")
        var notebook: String

        @Flag(help: "Rewrite the recorded output blocks and pictures in place (atomically).")
        var update = false

        @Flag(help: "Exit with status 1 when the copy guard withheld any insight.")
        var strict = false

        @Option(name: .customLong("allow-write"), help: "A folder the notebook may also write into (repeatable).")
        var allowWrite: [String] = []

        func run() throws {
            let run = try NotebookFiles.execute(notebook, allowWrite: allowWrite)
            for block in run.result.notebook.blocks {
                Standard.output(TerminalText.escaped(block.source.split(separator: "\n").map { "cairn> \($0)" }.joined(separator: "\n")
                                                     + "\n" + block.output))
            }
            if update && (run.recorded != run.result.notebook || !run.changes.isEmpty) {
                try NotebookFiles.write(run.result.notebook, figures: run.result.figures, to: notebook)
            }
            var failed = false
            for failure in run.result.failures {
                Standard.error("\(notebook): \(failure)\n")
                failed = true
            }
            if strict && run.withheld > 0 {
                Standard.error("\(notebook): the copy guard withheld \(run.withheld) insight(s)\n")
                failed = true
            }
            if failed { throw ExitCode(Status.partial) }
        }
    }

    /// `cairn check NOTEBOOK...`: re-runs notebooks and fails with a diff when an output changed.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-run notebooks and compare each block's output and pictures with the recorded ones.",
            discussion: """
                Exit status: 0 every output matches, 1 an output or picture changed (a unified diff \
                shows how), a command failed in a block not marked ```cairn error, or the copy guard \
                withheld an insight (check is always strict), 2 a notebook cannot be read. Recorded \
                outputs are re-checked by the copy guard before they are printed. --review shows each \
                changed block and asks whether to accept it, as `cargo insta review` does: accepted \
                blocks are written into the notebook, rejected ones keep their recorded output. \
                Commands that write files (.export, .snapshot, .output, .once, .save, .chart --svg) \
                write into a private temporary folder that check removes: it compares what they \
                print and writes nothing beside the notebook.
                """)

        @Argument(help: "Notebooks to check.")
        var notebooks: [String]

        @Flag(help: "Accepted for symmetry with run; check always fails when an insight was withheld.")
        var strict = false

        @Flag(help: "Show each changed block and accept (y), reject (n), accept all the rest (a) or stop (q).")
        var review = false

        @Option(name: .customLong("allow-write"), help: "A folder notebooks may also write into (repeatable).")
        var allowWrite: [String] = []

        func run() throws {
            let copyGuard = try CopyGuardLoading.copyGuard()
            var failed = 0
            var reviewer = review ? NotebookReview() : nil
            let aside: WriteAside
            do { aside = try WriteAside() } catch { throw CairnFailure(error.description) }
            defer { aside.remove() }
            for notebook in notebooks {
                let run = try NotebookFiles.execute(notebook, allowWrite: allowWrite, writesAside: aside)
                var remaining = run.changes
                if reviewer != nil && !remaining.isEmpty {
                    remaining = try reviewer!.review(run, path: notebook) { copyGuard.maskedLines($0) }
                }
                for failure in run.result.failures { Standard.error(TerminalText.escaped("\(notebook): \(failure)") + "\n") }
                if remaining.isEmpty && run.withheld == 0 && run.result.failures.isEmpty {
                    Standard.output("ok       \(notebook)\n")
                    continue
                }
                failed += 1
                if !remaining.isEmpty {
                    // The recorded side comes from the file, not from Cairn: check it again.
                    // Data in the diff is shown, never obeyed: control characters escaped.
                    Standard.output("changed  \(notebook)\n" + TerminalText.escaped(copyGuard.maskedLines(remaining.map(\.diff).joined())))
                } else if !run.result.failures.isEmpty {
                    Standard.output("failed   \(notebook): \(run.result.failures.count) block(s) failed\n")
                } else {
                    Standard.output("withheld \(notebook): the copy guard withheld \(run.withheld) insight(s)\n")
                }
            }
            if failed > 0 { throw ExitCode(Status.partial) }
        }
    }
}

/// A notebook run for `run` and `check`: as recorded, as it runs now, and what changed.
struct NotebookRun {
    let recorded: Notebook
    let result: NotebookRunner.Result
    let changes: [NotebookRunner.Change]
    let withheld: Int
}

enum NotebookFiles {
    /// The notebook as recorded and as it runs now, in a session rooted at its folder and
    /// confined to it, at the width the notebook records.
    /// `writesAside`: where `check` sends the files its commands write (nil: where they say).
    static func execute(_ path: String, allowWrite: [String], writesAside: WriteAside? = nil) throws -> NotebookRun {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw CairnFailure("\(path): no such notebook, or it is not UTF-8 text")
        }
        let recorded: Notebook
        do {
            recorded = try Notebook.parse(text)
        } catch {
            throw CairnFailure("\(path):\(error.line): \(error.message)")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let session = Session(baseDirectory: folder, importClock: Clock.now, engine: { try CopyGuardLoading.engine() })
        session.columns = recorded.width
        session.wrapsEvidence = true
        session.collectsFigures = true
        // A notebook reads and writes inside its folder, and opens the one dataset it names.
        session.confinement = NotebookConfinement(root: folder, allowWrite: allowWrite)
        session.writesAside = writesAside
        session.scenarioDirectory = ScenarioFiles.directory
        let runner = NotebookRunner(figureFolder: NotebookFigures.folderName(of: path))
        do {
            let result = try runner.run(recorded, with: session, splitter: StatementReader.commands(in:))
            let changes = runner.changes(recorded: recorded, rerun: result, name: path) { NotebookFigures.read($0, beside: path) }
            return NotebookRun(recorded: recorded, result: result, changes: changes, withheld: session.withheldCount)
        } catch let failure as NotebookRunner.Failure {
            throw CairnFailure("\(path): \(failure)")
        }
    }

    /// Writes the notebook and its pictures, atomically each.
    static func write(_ notebook: Notebook, figures: [String: String], to path: String) throws {
        do {
            try NotebookFigures.write(figures, of: notebook, beside: path)
            try AtomicFile.write(notebook.render(), to: path)
        } catch let error as FileAccessError {
            throw CairnFailure(error.description)
        } catch {
            throw CairnFailure("\(path): cannot be written (\(error.localizedDescription))")
        }
    }
}

/// `cairn check --review`: each changed block shown with its diff, accepted or rejected one by
/// one from standard input; the accepted ones written into the notebook.
struct NotebookReview {
    private var acceptAll = false
    private var stopped = false

    /// The changes left rejected.
    mutating func review(_ run: NotebookRun, path: String, mask: (String) -> String) throws -> [NotebookRunner.Change] {
        var notebook = run.recorded
        var figures: [String: String] = [:]
        var rejected: [NotebookRunner.Change] = []
        var accepted = 0
        for change in run.changes {
            var accept = acceptAll
            if !acceptAll && !stopped {
                Standard.output(TerminalText.escaped(mask(change.diff)))
                Standard.output("Accept block \(change.block) of \(path)? [y]es, [n]o, [a]ll, [q]uit: ")
                let answer = (readLine() ?? "q").trimmingCharacters(in: .whitespaces).lowercased()
                switch answer.first {
                case "y": accept = true
                case "a": accept = true; acceptAll = true
                case "n": accept = false
                default: stopped = true
                }
            }
            guard accept, case .code(let block) = run.result.notebook.cells[change.cellIndex] else {
                rejected.append(change)
                continue
            }
            notebook.cells[change.cellIndex] = .code(block)
            for figure in block.figures { figures[figure.path] = run.result.figures[figure.path] }
            accepted += 1
        }
        if accepted > 0 {
            try NotebookFiles.write(notebook, figures: figures, to: path)
            Standard.output("\(path): \(accepted) block(s) accepted, \(rejected.count) rejected\n")
        }
        return rejected
    }
}
