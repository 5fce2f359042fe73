import ArgumentParser
import CairnNotebook
import CairnREPL
import Foundation

extension Cairn {
    /// `cairn run NOTEBOOK [--update]`: executes a notebook and prints each block's output.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a notebook and print each block's output; --update records the outputs in the file.")

        @Argument(help: "A notebook (Markdown with ```cairn blocks).")
        var notebook: String

        @Flag(help: "Rewrite the recorded output blocks in place (atomically).")
        var update = false

        @Flag(help: "Exit with status 1 when the copy guard withheld any insight.")
        var strict = false

        @Option(name: .customLong("allow-write"), help: "A folder the notebook may also write into (repeatable).")
        var allowWrite: [String] = []

        func run() throws {
            let (recorded, rerun, withheld) = try NotebookFiles.execute(notebook, allowWrite: allowWrite)
            for case .code(let source, let output) in rerun.cells {
                Standard.output(source.split(separator: "\n").map { "cairn> \($0)" }.joined(separator: "\n") + "\n" + output)
            }
            if update && recorded != rerun {
                do {
                    try Data(rerun.render().utf8).write(to: URL(fileURLWithPath: notebook), options: .atomic)
                } catch {
                    throw CairnFailure("\(notebook): cannot be written (\(error.localizedDescription))")
                }
            }
            if strict && withheld > 0 {
                Standard.error("\(notebook): the copy guard withheld \(withheld) insight(s)\n")
                throw ExitCode(Status.partial)
            }
        }
    }

    /// `cairn check NOTEBOOK...`: re-runs notebooks and fails with a diff when an output changed.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-run notebooks and compare each block's output with the recorded one.",
            discussion: """
                Exit status: 0 every output matches, 1 an output changed (a unified diff shows how) or \
                the copy guard withheld an insight (check is always strict), 2 a notebook cannot be read. \
                Recorded outputs are re-checked by the copy guard before they are printed.
                """)

        @Argument(help: "Notebooks to check.")
        var notebooks: [String]

        @Flag(help: "Accepted for symmetry with run; check always fails when an insight was withheld.")
        var strict = false

        @Option(name: .customLong("allow-write"), help: "A folder notebooks may also write into (repeatable).")
        var allowWrite: [String] = []

        func run() throws {
            let copyGuard = try CopyGuardLoading.copyGuard()
            var changed = 0
            for notebook in notebooks {
                let (recorded, rerun, withheld) = try NotebookFiles.execute(notebook, allowWrite: allowWrite)
                let diff = NotebookRunner().check(recorded: recorded, rerun: rerun, name: notebook)
                if diff.isEmpty && withheld == 0 {
                    Standard.output("ok       \(notebook)\n")
                } else if diff.isEmpty {
                    changed += 1
                    Standard.output("withheld \(notebook): the copy guard withheld \(withheld) insight(s)\n")
                } else {
                    changed += 1
                    // The recorded side comes from the file, not from Cairn: check it again.
                    Standard.output("changed  \(notebook)\n" + copyGuard.maskedLines(diff))
                }
            }
            if changed > 0 { throw ExitCode(Status.partial) }
        }
    }
}

enum NotebookFiles {
    /// The notebook as recorded and as it runs now, in a session rooted at its folder.
    static func execute(_ path: String, allowWrite: [String]) throws -> (recorded: Notebook, rerun: Notebook, withheld: Int) {
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
        session.columns = 100
        // A notebook reads and writes inside its folder, and opens the one dataset it names.
        session.confinement = NotebookConfinement(root: folder, allowWrite: allowWrite)
        session.scenarioDirectory = ScenarioFiles.directory
        do {
            let rerun = try NotebookRunner().run(recorded, with: session, splitter: StatementReader.commands(in:))
            return (recorded, rerun, session.withheldCount)
        } catch let failure as NotebookRunner.Failure {
            throw CairnFailure("\(path): \(failure)")
        }
    }
}
