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

        func run() throws {
            let (recorded, rerun) = try NotebookFiles.execute(notebook)
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
        }
    }

    /// `cairn check NOTEBOOK...`: re-runs notebooks and fails with a diff when an output changed.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-run notebooks and compare each block's output with the recorded one.",
            discussion: "Exit status: 0 every output matches, 1 an output changed (a unified diff shows how), 2 a notebook cannot be read.")

        @Argument(help: "Notebooks to check.")
        var notebooks: [String]

        func run() throws {
            var changed = 0
            for notebook in notebooks {
                let (recorded, rerun) = try NotebookFiles.execute(notebook)
                let diff = NotebookRunner().check(recorded: recorded, rerun: rerun, name: notebook)
                if diff.isEmpty {
                    Standard.output("ok       \(notebook)\n")
                } else {
                    changed += 1
                    Standard.output("changed  \(notebook)\n" + diff)
                }
            }
            if changed > 0 { throw ExitCode(Status.partial) }
        }
    }
}

enum NotebookFiles {
    /// The notebook as recorded and as it runs now, in a session rooted at its folder.
    static func execute(_ path: String) throws -> (recorded: Notebook, rerun: Notebook) {
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
        let session = Session(baseDirectory: folder, now: Clock.now())
        session.columns = 100
        do {
            let rerun = try NotebookRunner().run(recorded, with: session, splitter: CommandLineSplitter.split)
            return (recorded, rerun)
        } catch let failure as NotebookRunner.Failure {
            throw CairnFailure("\(path): \(failure)")
        }
    }
}
