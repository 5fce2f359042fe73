import ArgumentParser
import CairnStore

/// `--now` for commands that read a directory of CSVs for analysis. The directory is imported
/// into memory on each run; without `--now` no reading is refused as future, so that what the
/// analysis sees never depends on the day it runs.
struct NowOption: ParsableArguments {
    @Option(name: .customLong("now"),
            help: ArgumentHelp("For a directory of CSVs: refuse readings after this instant as future, as `cairn import --now` does "
                               + "(default: none refused; a .sqlite dataset was checked when it was imported).",
                               valueName: "DATE"))
    var text: String?

    /// The instant, or nil when not given.
    var instant: Int? {
        get throws { try text.map(Clock.parse) }
    }

    func validate() throws {
        _ = try instant
    }

    /// The dataset at `path`, a CSV directory read as of `--now`; one clear failure otherwise.
    func open(_ path: String) throws -> Dataset {
        let dataset: Dataset
        do {
            dataset = try Dataset.open(path, now: try instant)
        } catch let error as DatasetError {
            throw CairnFailure(error)
        }
        try NowOption.sayNotes(of: dataset, path: path)
        return dataset
    }

    /// What a directory's data alone says is probably a slip (a reading years ahead), on
    /// standard error: the output stays the analysis's own.
    static func sayNotes(of dataset: Dataset, path: String) throws {
        guard !dataset.farAheadReadings.isEmpty else { return }
        let copyGuard = try CopyGuardLoading.copyGuard()
        for far in dataset.farAheadReadings {
            Standard.error(far.note(dataset: path) { copyGuard.safeIdentifier($0, kind: "profile") } + "\n")
        }
    }
}
