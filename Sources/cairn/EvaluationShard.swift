import CairnAnalysis
import CairnCore
import CairnEvaluation
import CairnSynth
import Foundation

/// What `cairn merge` needs from an evaluation's shards to print the report: the scenarios
/// (names), the seeds and the module settings, in the run's order.
enum EvaluationShard {
    static func fixed(scenarios: [Scenario], seeds: Int, variants: [ThresholdEvaluation.Variant]) -> [String: String] {
        ["scenarios": JSONText.encode(scenarios.map(\.name)), "seeds": String(seeds),
         "variants": JSONText.encode(variants.map { [$0.run.descriptor.key, $0.setting] })]
    }

    /// The report from an evaluation's shard records, which `records` hands to its argument in
    /// run order.
    static func rows(header: ShardFile.Header, file: String,
                     records: ((ThresholdEvaluation.ProfileOutcomes) -> Void) throws -> Void) throws -> [ThresholdEvaluation.Row] {
        guard let scenarios = header.fixed["scenarios"].flatMap({ try? JSONDecoder().decode([String].self, from: Data($0.utf8)) }),
              let variants = header.fixed["variants"].flatMap({ try? JSONDecoder().decode([[String]].self, from: Data($0.utf8)) }),
              variants.allSatisfy({ $0.count == 2 }), let seeds = header.fixed["seeds"].flatMap(Int.init) else {
            throw CairnFailure(ShardFile.Problem(file: file, line: 1, problem: "is an evaluation shard without its scenarios and modules"))
        }
        var outcomes = [[[ThresholdEvaluation.Outcome]]](repeating: [[ThresholdEvaluation.Outcome]](repeating: [], count: variants.count),
                                                         count: scenarios.count)
        try records { record in
            for (variant, outcome) in record.outcomes.enumerated() where record.scenario < scenarios.count && variant < variants.count {
                outcomes[record.scenario][variant].append(outcome)
            }
        }
        return ThresholdEvaluation.rows(outcomes, scenarios: scenarios, seeds: seeds, variants: variants.map { ($0[0], $0[1]) })
    }
}
