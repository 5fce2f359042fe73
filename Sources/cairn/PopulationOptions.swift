import ArgumentParser
import CairnAnalysis
import CairnCore
import Foundation

/// The options of every command that runs over a population: workers, and a share of the
/// profiles for one machine of many.
struct PopulationOptions: ParsableArguments {
    @Option(help: "Workers evaluating profiles in parallel (default: every core). Output is the same for any number.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Only share K of N of the profiles (by a stable hash of the profile id), written as a shard file for `cairn merge`.",
                               valueName: "K/N"))
    var shard: ShardSpec?

    @Option(name: .customLong("out"), help: "With --shard: the shard file to write (default: standard output).")
    var shardOut: String?

    @OptionGroup var now: NowOption

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if shardOut != nil && shard == nil { throw ValidationError("--out names a shard file; give --shard K/N too") }
    }
}

extension ShardSpec: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}
