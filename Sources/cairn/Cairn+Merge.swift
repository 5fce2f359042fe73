import ArgumentParser
import CairnAnalysis
import CairnCore
import CairnEvaluation
import Foundation

extension Cairn {
    /// `cairn merge SHARD...`: the shards of one sharded run, as that run would print unsharded.
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Join the shard files of a sharded insights, replay or evaluate run into its unsharded output.",
            discussion: """
                Each shard file comes from `cairn insights|replay|evaluate ... --shard K/N --out FILE`. The \
                shards must be of the same run (the same dataset and options) and together hold \
                shares 1 to N exactly once; the output is then byte for byte what the run gives \
                without --shard. Files are read one profile at a time.
                """)

        @Argument(help: "Shard files, in any order.")
        var shards: [String]

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        struct IndexOnly: Decodable, Indexed { let index: Int }

        /// Records of every shard in profile order (a k-way merge: each shard is in order),
        /// checking that each profile of the run appears exactly once.
        static func inOrder<Record: Decodable & Indexed>(_ readers: [ShardFile.Reader<Record>], total: Int,
                                                         _ body: (Record) throws -> Void) throws(ShardFile.Problem) {
            var heads: [Record?] = []
            for reader in readers { heads.append(try reader.next()) }
            var expected = 0
            while let (position, next) = heads.enumerated().compactMap({ item in item.element.map { (item.offset, $0) } })
                .min(by: { $0.1.index < $1.1.index }) {
                guard next.index == expected else {
                    throw ShardFile.Problem(file: readers[position].path, line: nil,
                                            problem: next.index < expected ? "repeats profile \(next.index + 1)"
                                                : "profile \(expected + 1) of \(total) is in no shard; a shard was cut short, run it again")
                }
                do { try body(next) } catch {
                    throw ShardFile.Problem(file: readers[position].path, line: nil, problem: "could not be merged (\(error))")
                }
                expected += 1
                heads[position] = try readers[position].next()
            }
            guard expected == total else {
                throw ShardFile.Problem(file: readers[0].path, line: nil,
                                        problem: "the shards hold \(expected) of \(total) profiles; a shard was cut short, run it again")
            }
        }

        func run() throws {
            var readers: [ShardFile.Reader<ProfileOutput>] = []
            do {
                for path in shards { readers.append(try ShardFile.Reader(path)) }
            } catch {
                throw CairnFailure(error)
            }
            let first = readers[0].header
            var seen: [Int: String] = [:]
            for reader in readers {
                let header = reader.header
                guard header.command == first.command, header.run == first.run, header.shard.count == first.shard.count,
                      header.total == first.total else {
                    throw CairnFailure(ShardFile.Problem(
                        file: reader.path, line: 1,
                        problem: "is a shard of another run (\(header.command) \(header.run), \(header.shard.count) shares) than "
                            + "\(readers[0].path) (\(first.command) \(first.run), \(first.shard.count) shares)"))
                }
                if let other = seen[header.shard.index] {
                    throw CairnFailure(ShardFile.Problem(file: reader.path, line: 1,
                                                         problem: "holds share \(header.shard) as \(other) does; give each share once"))
                }
                seen[header.shard.index] = reader.path
            }
            let missing = (1...first.shard.count).filter { seen[$0] == nil }
            guard missing.isEmpty else {
                throw CairnFailure("shares \(missing.map { "\($0)/\(first.shard.count)" }.joined(separator: ", ")) are missing; "
                                      + "run them with --shard and pass every file")
            }
            if first.command == "evaluate" {
                try mergeEvaluation(first)
                return
            }
            let layout: OutputAssembler.Layout
            switch first.command {
            case "insights": layout = InsightReport.layout(fixed: first.fixed, closing: first.closing)
            case "replay": layout = CairnAnalysis.Replay.Result.layout
            default: throw CairnFailure(ShardFile.Problem(file: readers[0].path, line: 1, problem: "is of an unknown command \(first.command)"))
            }
            // A first pass checks every record, so that nothing is printed from shards that do not join.
            do {
                var indexes: [ShardFile.Reader<IndexOnly>] = []
                for path in shards { indexes.append(try ShardFile.Reader(path)) }
                try Merge.inOrder(indexes, total: first.total) { _ in }
            } catch {
                throw CairnFailure(error)
            }
            let output = try BufferedOutput(path: nil)
            var assembler = OutputAssembler(format: format == .json ? .json : .text, layout: layout, write: output.write)
            do {
                try Merge.inOrder(readers, total: first.total) { assembler.add($0) }
            } catch {
                throw CairnFailure(error)
            }
            assembler.finish()
            try output.close()
        }

        /// An evaluation's report, counted from every shard's per-profile outcomes.
        func mergeEvaluation(_ header: ShardFile.Header) throws {
            var readers: [ShardFile.Reader<ThresholdEvaluation.ProfileOutcomes>] = []
            let rows: [ThresholdEvaluation.Row]
            do {
                for path in shards { readers.append(try ShardFile.Reader(path)) }
                rows = try EvaluationShard.rows(header: header, file: shards[0]) { add in
                    try Merge.inOrder(readers, total: header.total) { add($0) }
                }
            } catch let problem as ShardFile.Problem {
                throw CairnFailure(problem)
            }
            Standard.output(format == .json ? JSONText.encode(rows) : ThresholdEvaluation.text(rows))
        }
    }
}

extension ThresholdEvaluation.ProfileOutcomes: Indexed {}

/// A shard record's place in the run.
protocol Indexed { var index: Int { get } }
extension ProfileOutput: Indexed {}
