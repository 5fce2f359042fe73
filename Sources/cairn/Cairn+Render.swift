import ArgumentParser
import CairnCore
import CairnNotebook
import CairnREPL
import Foundation

extension Cairn {
    /// `cairn render NOTEBOOK --html`: the notebook, run afresh, as one self-contained page.
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a notebook and write it as one self-contained HTML page: prose, commands, result tables, insights with their evidence, pictures.",
            discussion: """
                The notebook runs as `cairn run` runs it (confined to its folder, at the width it \
                records) and is not changed, and writes nothing but the page: the files its commands \
                write (.export, .snapshot, .output, .once, .save, .chart --svg) go to a private \
                temporary folder removed at the end, as under `cairn check`. The page shows its \
                output as it runs now, and says on \
                standard error when that differs from the recorded output (`cairn check` shows how). \
                The page is written atomically to --out, else beside the notebook as NAME.html. It \
                fetches nothing: styles are in the page and pictures are inline SVG. Exit status: 0 \
                the page was written and every block ran as its notebook expects, 1 the page was \
                written but a command failed in a block not marked ```cairn error, 2 the notebook \
                cannot be read or the page cannot be written.
                """)

        enum PageFormat: String, EnumerableFlag {
            case html

            static func help(for value: PageFormat) -> ArgumentHelp? { "One self-contained HTML page (the default)." }
        }

        @Argument(help: "A notebook (Markdown with ```cairn blocks).")
        var notebook: String

        @Flag var format: PageFormat = .html

        @Option(help: "Where to write the page (default: NAME.html beside the notebook).")
        var out: String?

        @Option(name: .customLong("allow-write"), help: "A folder the notebook may also write into (repeatable).")
        var allowWrite: [String] = []

        func validate() throws {
            if let out, URL(fileURLWithPath: out).standardized.path == URL(fileURLWithPath: notebook).standardized.path {
                throw ValidationError("--out \(out) is the notebook itself; name another file")
            }
        }

        func run() throws {
            // Asked for a page, not for the notebook's exports: its writes go aside, as in check.
            let aside: WriteAside
            do { aside = try WriteAside() } catch { throw CairnFailure(error.description) }
            defer { aside.remove() }
            let run = try NotebookFiles.execute(notebook, allowWrite: allowWrite, writesAside: aside)
            let target = out ?? (notebook as NSString).deletingPathExtension + ".html"
            let page = NotebookPage(notebook: run.result.notebook, figures: run.result.figures)
            do {
                let folder = (target as NSString).deletingLastPathComponent
                if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                try AtomicFile.write(page.html(), to: target)
            } catch let error as FileAccessError {
                throw CairnFailure(error.description)
            } catch {
                throw CairnFailure("\(target): cannot be written (\(error.localizedDescription))")
            }
            let blocks = run.result.notebook.blocks.count, pictures = run.result.figures.count
            Standard.output("Wrote \(target): \(blocks) block\(blocks == 1 ? "" : "s"), \(pictures) picture\(pictures == 1 ? "" : "s").\n")
            if !run.changes.isEmpty {
                Standard.error("\(notebook): \(run.changes.count) block(s) differ from the recorded output; "
                               + "the page shows them as they run now (cairn check \(notebook) shows how)\n")
            }
            for failure in run.result.failures { Standard.error("\(notebook): \(failure)\n") }
            if !run.result.failures.isEmpty { throw ExitCode(Status.partial) }
        }
    }
}
