import ArgumentParser
import CairnModules
import CairnNotebook

extension Cairn {
    /// `cairn diff OLD.json NEW.json`: what changed between two insight snapshots.
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two insight snapshots (the JSON of `cairn insights --format json`).",
            discussion: """
                Texts read from the snapshot files are checked by the copy guard again; one that \
                breaks a rule is shown as the rules and places it broke, never its words. \
                Exit status: 0 no differences, 1 differences, 2 misuse or an unreadable snapshot.
                """)

        @Argument(help: "The earlier snapshot.")
        var old: String

        @Argument(help: "The later snapshot.")
        var new: String

        @Option(help: "Relative tolerance for evidence numbers.")
        var tolerance: Double = 1e-9

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        func validate() throws {
            guard tolerance >= 0, tolerance.isFinite else { throw ValidationError("--tolerance must be 0 or more") }
        }

        func run() throws {
            let copyGuard = try CopyGuardLoading.copyGuard()
            let diff: SnapshotDiff
            do {
                diff = SnapshotDiff(old: try Snapshot.load(old), new: try Snapshot.load(new), tolerance: tolerance)
                    .checked(by: copyGuard, modules: Set(ModuleHost.registry().all.map(\.id)))
            } catch {
                throw CairnFailure(error)
            }
            Standard.output(format == .json ? diff.json() : diff.text())
            if !diff.isEmpty { throw ExitCode(Status.partial) }
        }
    }
}
