import CairnCore
import CairnNotebook
import Foundation

/// A notebook's blocks run in a session like typed commands; `.quit` is ignored there.
extension Session: CommandExecutor {
    public func run(_ command: String) throws -> String {
        try execute(command).output
    }

    public func takeFigures() -> [(title: String, svg: String)] {
        defer { drawnFigures = [] }
        return drawnFigures
    }
}

extension Session {
    /// `.save NOTEBOOK`: the commands typed in this session, each in its own block where it was
    /// typed, re-run in a fresh session confined to the notebook's folder at the notebook width,
    /// so that `cairn check` finds what `.save` wrote. A dataset opened from the command line
    /// comes first as `.open`, with its path as seen from the notebook; a block whose command
    /// fails is marked `error`.
    func save(_ path: String) throws -> String {
        guard let datasetPath else { throw SessionError("open a dataset first: a notebook opens its dataset") }
        let target = try writableTarget(path)
        let folder = URL(fileURLWithPath: resolve(path)).deletingLastPathComponent().path
        func opening(_ dataset: String, now: Int?) -> String {
            let relative = RelativePath.from(folder, to: resolve(dataset))
            return ".open " + CommandLineSplitter.quoted(relative)
                + (now.map { " --now " + ISODateTimeText.format(epochSeconds: $0, offsetSeconds: 0) } ?? "")
        }
        var sources: [String] = []
        if transcript.first?.opened == nil { sources.append(opening(datasetPath, now: now)) }
        for entry in transcript {
            sources.append(entry.opened.map { opening($0.path, now: $0.now) } ?? entry.command)
        }
        let draft = Notebook(cells: [.prose("<!-- cairn: width=\(Notebook.defaultWidth) -->\n# Cairn session\n\n")]
                             + sources.map { .code(Notebook.Block(source: $0)) })
        let replay = Session(baseDirectory: folder, importClock: importClock, engine: makeEngine)
        replay.columns = Notebook.defaultWidth
        replay.wrapsEvidence = true
        replay.confinement = NotebookConfinement(root: folder, allowWrite: [])
        replay.scenarioDirectory = scenarioDirectory
        replay.collectsFigures = true
        replay.isCancelled = isCancelled
        // Commands that wrote files or the dataset are not run again: their first outcome is kept.
        var outcomes: [String: [Result<String, SessionError>]] = [:]
        for entry in transcript {
            if let outcome = entry.outcome { outcomes[entry.command, default: []].append(outcome) }
        }
        replay.replayedOutcomes = outcomes
        replay.interruptsConnection = interruptsConnection
        replay.followsInterrupts = true
        defer { interruptsConnection(nil) }
        var result: NotebookRunner.Result
        do {
            result = try NotebookRunner(figureFolder: NotebookFigures.folderName(of: target))
                .run(draft, with: replay, splitter: StatementReader.commands(in:), isCancelled: isCancelled)
        } catch is NotebookRunner.Cancelled {
            throw SessionError("cancelled; nothing was saved")
        } catch {
            throw SessionError("\(path): \(error)")
        }
        // Ctrl-C after the last command: still nothing is written.
        if isCancelled() { throw SessionError("cancelled; nothing was saved") }
        // A block that failed is recorded as expecting its error, so that the notebook checks.
        let failed = Set(result.failures.map(\.block))
        var number = 0
        for index in result.notebook.cells.indices {
            guard case .code(var block) = result.notebook.cells[index] else { continue }
            number += 1
            guard failed.contains(number) else { continue }
            block.expectsError = true
            result.notebook.cells[index] = .code(block)
        }
        do {
            try NotebookFigures.write(result.figures, of: result.notebook, beside: target)
            try FolderDescriptor.open(URL(fileURLWithPath: target).deletingLastPathComponent().path)
                .writeAtomically(Data(result.notebook.render().utf8), to: URL(fileURLWithPath: target).lastPathComponent)
        } catch {
            throw SessionError.fileWrite(error.description)
        }
        return "Saved \(sources.count) commands to \(path)" + (failed.isEmpty ? "" : " (\(failed.count) failed, marked error)")
            + (result.figures.isEmpty ? "" : ", \(result.figures.count) pictures in \(NotebookFigures.folderName(of: target))") + ".\n"
    }
}

/// The pictures of a notebook, written beside it in `NAME.figures/`.
public enum NotebookFigures {
    /// The folder beside a notebook that holds its pictures: `NAME.figures`.
    public static func folderName(of notebook: String) -> String {
        ((notebook as NSString).lastPathComponent as NSString).deletingPathExtension + ".figures"
    }

    /// Writes the pictures and removes those the notebook no longer links (a picture moved to
    /// another block gets another name), and the folder when it is left empty. Every file is
    /// reached through the folder's descriptor: a `NAME.figures` that is a symbolic link is
    /// refused, so pictures are never written, nor other files pruned, outside it.
    public static func write(_ figures: [String: String], of written: Notebook, beside notebook: String) throws(FileAccessError) {
        let name = folderName(of: notebook)
        let folder = try FolderDescriptor.open(URL(fileURLWithPath: notebook).deletingLastPathComponent().path)
        if figures.isEmpty && !folder.contains(name) { return }
        let pictures = try folder.folder(name, creating: !figures.isEmpty)
        for (path, svg) in figures.sorted(by: { $0.key < $1.key }) {
            try pictures.writeAtomically(Data(svg.utf8), to: try pictureName(path, in: name))
        }
        let linked = Set(written.blocks.flatMap { $0.figures.map(\.path) })
        for file in try pictures.names() where file.hasPrefix("figure-") && file.hasSuffix(".svg") && !linked.contains(name + "/" + file) {
            try pictures.remove(file)
        }
        if try pictures.names().isEmpty {
            try folder.remove(name, folder: true)
        }
    }

    /// A recorded picture's text, or nil when it is missing, or not a picture in the notebook's
    /// own `NAME.figures` folder (a link there is not followed).
    public static func read(_ path: String, beside notebook: String) -> String? {
        let name = folderName(of: notebook)
        guard let file = try? pictureName(path, in: name),
              let folder = try? FolderDescriptor.open(URL(fileURLWithPath: notebook).deletingLastPathComponent().path),
              let pictures = try? folder.folder(name),
              let data = try? pictures.read(file) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The file name of a picture recorded as `NAME.figures/FILE`; anything else is refused.
    static func pictureName(_ path: String, in folder: String) throws(FileAccessError) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == folder, !parts[1].isEmpty, parts[1] != "..", parts[1] != "." else {
            throw FileAccessError(path: path, reason: "is not a picture in \(folder)/")
        }
        return String(parts[1])
    }
}
