import ArgumentParser
import CairnCore
import CairnStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The `cairn` command: a workbench for personal health data analytics.
@main
struct Cairn: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cairn",
        abstract: "A workbench for personal health data analytics.",
        discussion: """
            With no subcommand, opens a dataset (the bundled demo dataset when none is given) in \
            the REPL, or runs the commands given with -c or on standard input.

            --module-path PATH (repeatable) loads analysis modules built outside Cairn: a shared \
            library (.so) or a folder of them, built against this Cairn's CairnModuleKit. \
            $CAIRN_MODULE_PATH does the same, with paths separated by ':'.
            """,
        version: Cairn.version,
        subcommands: [Open.self, Import.self, Summary.self, Insights.self, Replay.self, Merge.self, Diff.self, Run.self, Check.self, Render.self, Modules.self, LintCopy.self, Synth.self, Evaluate.self, Export.self, Markers.self, Search.self, Report.self, MCP.self],
        defaultSubcommand: Open.self)

    /// The release: copy-safety catalog, honest default module versions, hardened SQL.
    static let version = "0.3.0"

    /// Exit statuses shared by every subcommand.
    enum Status {
        static let success: Int32 = 0
        /// Some rows were rejected, or a check found differences.
        static let partial: Int32 = 1
        /// An input was refused whole, or the command was misused.
        static let refused: Int32 = 2
    }

    static func main() {
        // Files Cairn creates hold health data: readable by their owner only.
        umask(0o077)
        // A Ctrl-C (or SIGTERM, SIGHUP) ends a subcommand without leaving its staging files;
        // the REPL replaces the Ctrl-C handler with its own, which stops the running command.
        StagingFile.installSignalCleanup()
        do {
            let arguments = try ModulePathOption.loadModules(from: Array(CommandLine.arguments.dropFirst()),
                                                             environment: ProcessInfo.processInfo.environment)
            try refuseMistypedCommand(arguments)
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let exit as ExitCode {
            Glibc.exit(exit.rawValue)
        } catch let failure as CairnFailure {
            // A message may quote the data (a rejected value): its control characters are shown
            // escaped, never sent to the terminal.
            Standard.error("cairn: error: \(TerminalText.escaped(failure.message))\n")
            Glibc.exit(Status.refused)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                Standard.output(fullMessage(for: error) + "\n")
                Glibc.exit(0)
            }
            // Argument misuse: ArgumentParser's own exit code is 64; Cairn's is 2 everywhere.
            Standard.error(TerminalText.escaped(fullMessage(for: error)) + "\n")
            Glibc.exit(code == .validationFailure ? Status.refused : code.rawValue)
        }
    }
}

extension Cairn {
    /// `cairn insigths DATA` would otherwise open "insigths" as a dataset and call DATA an
    /// unexpected argument: a first word that is neither a command nor an existing path, but
    /// close to a command's name, is refused with the command it probably meant.
    static func refuseMistypedCommand(_ arguments: [String]) throws {
        guard let first = arguments.first, !first.hasPrefix("-"), !first.contains("/"),
              !FileManager.default.fileExists(atPath: first) else { return }
        let names = configuration.subcommands.map { $0._commandName } + ["help"]
        guard !names.contains(first) else { return }
        let close = Suggestions.closest(to: first, among: names)
        guard !close.isEmpty else { return }
        throw CairnFailure("\"\(first)\" is not a cairn command, and no file or folder has that name; did you mean "
            + close.joined(separator: " or ") + "? (`cairn --help` lists the commands)")
    }
}

/// A failure with a message for the person at the terminal; exits with status 2.
struct CairnFailure: Error {
    var message: String

    init(_ error: CustomStringConvertible) {
        message = error.description
    }
}

/// Unbuffered writes to the standard streams, so output and errors interleave in order.
/// Output that cannot be written (a full disk, a closed pipe) ends Cairn with one line and
/// status 2, never a crash.
enum Standard {
    static func output(_ text: String) {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        } catch {
            failed("standard output", error)
        }
    }

    /// Messages often quote data (a rejected value, a profile id): control characters in them
    /// are shown as `\x1b`, never sent raw to the terminal.
    static func error(_ text: String) {
        _ = try? FileHandle.standardError.write(contentsOf: Data(TerminalText.escaped(text).utf8))
    }

    /// Ends Cairn after a write to `what` failed.
    static func failed(_ what: String, _ failure: Error) -> Never {
        error(FileAccessError(path: "cairn: error: \(what)", failure: failure, doing: "be written").description + "\n")
        // What the command was building under a staging name goes with it.
        StagingFile.removeRegisteredNow()
        Glibc.exit(Cairn.Status.refused)
    }
}
