import ArgumentParser
import CairnNotebook

extension Cairn {
    /// `cairn diff OLD.json NEW.json`: what changed between two insight snapshots.
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two insight snapshots (the JSON of `cairn insights --format json`).",
            discussion: "Exit status: 0 no differences, 1 differences, 2 misuse or an unreadable snapshot.")

        @Argument(help: "The earlier snapshot.")
        var old: String

        @Argument(help: "The later snapshot.")
        var new: String

        @Option(help: "Relative tolerance for evidence numbers (default 1e-9).")
        var tolerance: Double = 1e-9

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        func validate() throws {
            guard tolerance >= 0, tolerance.isFinite else { throw ValidationError("--tolerance must be 0 or more") }
        }

        func run() throws {
            let diff: SnapshotDiff
            do {
                diff = SnapshotDiff(old: try Snapshot.load(old), new: try Snapshot.load(new), tolerance: tolerance)
            } catch {
                throw CairnFailure(error)
            }
            Standard.output(format == .json ? diff.json() : diff.text())
            if !diff.isEmpty { throw ExitCode(Status.partial) }
        }
    }
}
