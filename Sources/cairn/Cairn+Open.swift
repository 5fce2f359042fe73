import CairnCore
import ArgumentParser
import CairnModules
import CairnREPL
import CairnStore
import Dispatch
import Foundation

extension Cairn {
    /// `cairn [DATASET] [-c "CMD; CMD"]`: the workbench. On a terminal an interactive REPL; with
    /// `-c` or piped input the same commands run without prompt or colour, stopping at the first
    /// error with exit status 1 (2 when a file the person named cannot be written).
    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "open",
            abstract: "Open a dataset (default: the bundled demo dataset) in the REPL, or run commands on it.",
            discussion: """
                Commands are the dot-commands listed by .help and read-only SQL. SQL runs to its \
                ';' across lines; a dot-command is one line, and on a line of dot-commands ';' \
                separates them. Exit status: 0 every command ran, 1 one failed, 2 the dataset \
                could not be opened or a file a command writes (.output, .once, .export, .snapshot, \
                .save, .chart --svg) could not be written: a full disk, /dev/full, a file-size limit.
                """)

        @Argument(help: "A dataset: a .sqlite file made by `cairn import`, or a directory of contract CSVs.")
        var dataset: String?

        @Option(name: .customShort("c"), help: "Commands to run instead of starting the REPL.")
        var commands: String?

        @OptionGroup var now: NowOption

        func run() throws {
            let path = dataset ?? DemoDataset.path
            // Commands that will show copy load the guard on the other core while the dataset
            // opens (about half of a first command's time otherwise).
            if let commands, Open.needsCopyGuard(commands) {
                DispatchQueue.global(qos: .userInitiated).async { _ = try? ModuleHost.copyGuard() }
            }
            let session = Session(now: try now.instant, importClock: Clock.now, engine: { try CopyGuardLoading.engine() })
            session.scenarioDirectory = ScenarioFiles.directory
            do {
                _ = try session.execute(".open \"\(path)\"")
            } catch {
                throw CairnFailure(error.description)
            }
            // The .open message goes unseen here; its notes (a reading years ahead) do not.
            Standard.error((try? session.openingNotes(path)) ?? "")
            if let commands {
                try Open.runQuietly(StatementReader.commands(in: commands), in: session)
            } else if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
                // Load the copy guard while the person reads the banner and types.
                DispatchQueue.global(qos: .userInitiated).async { _ = try? ModuleHost.copyGuard() }
                let environment = ProcessInfo.processInfo.environment
                session.columns = LineEditor.terminalWidth()
                session.isForReading = true
                session.queryBudget = .terminal
                let colour = environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
                let editor = LineEditor(session: session, historyPath: LineEditor.defaultHistoryPath(environment: environment),
                                        useColour: colour)
                let name = dataset == nil ? "the demo dataset" : path
                let profiles = session.profileCount()
                editor.run(banner: "Cairn — \(name), \(profiles) profiles. Enter .help for commands, .quit to leave.\n")
            } else {
                let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
                try Open.runQuietly(StatementReader.commands(in: input), in: session)
            }
        }

        /// Whether commands given with -c include a dot-command other than leaving (SQL and
        /// `.quit` show no copy).
        static func needsCopyGuard(_ commands: String) -> Bool {
            StatementReader.commands(in: commands).contains { command in
                let trimmed = command.drop { $0.isWhitespace }
                return trimmed.hasPrefix(".") && !["quit", "exit"].contains(String(trimmed.dropFirst().prefix { !$0.isWhitespace && $0 != ";" }))
            }
        }

        static func runQuietly(_ commands: [String], in session: Session) throws {
            // Rows of csv, list, json and the other row modes go out as they come.
            session.streamsRows = { Standard.output($0) }
            for command in commands {
                do {
                    let outcome = try session.execute(command)
                    Standard.output(outcome.output)
                    if outcome.quit { return }
                } catch {
                    Standard.output(error.partialOutput)
                    Standard.error("Error: \(error.description)\n")
                    // A file named by the person that cannot be written: 2, as a subcommand's failed write.
                    throw ExitCode(error.isFileWrite ? Status.refused : Status.partial)
                }
            }
        }
    }
}
