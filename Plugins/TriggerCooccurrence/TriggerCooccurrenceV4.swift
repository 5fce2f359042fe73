import CairnModuleKit
import CairnCore
import CairnStats

/// trigger-cooccurrence@4, the default: version 3's findings in the seed's order. Aurae ranks
/// the top suspected triggers "by co-occurrence frequency" (seed 002, 5.5), and its labels say
/// how often ("Frequently present" from 60%); version 3 listed its findings by q-value, so a
/// "Sometimes present" factor could come above a "Frequently present" one. Here findings are
/// ordered by the share of compared headaches the factor came before, highest first; equal
/// shares by q-value, then by name. Which factors are findings, their texts and evidence are
/// version 3's: the test decides whether a factor is shown, the share where it stands.
///
/// Cost: as version 3, plus sorting its findings.
public struct TriggerCooccurrenceV4: AnalysisModule, CarryingModule {
    public static let id = "trigger-cooccurrence"
    public static let version = 4
    public static let reads = TriggerCooccurrenceV3.reads
    public static let requires = TriggerCooccurrenceV3.requires
    public static let asOfDependence = TriggerCooccurrenceV3.asOfDependence
    public static let summary = "Factors that came before headaches more often than at the same clock time on other days (case-crossover, exact mid-p, Benjamini-Hochberg), after a check of logging habits; ranked by how often they came before."
    public static let details = """
        as @3, with its findings ranked as the seed ranks suspected triggers, by co-occurrence \
        frequency: the share of compared headaches the factor came before, highest first (equal \
        shares by q-value); version 3 listed them by q-value, so a factor "Sometimes present" could \
        stand above one "Frequently present"
        """
    public static let seed = "Aurae 5.5"
    public static let parameters = TriggerCooccurrenceV3.parameters

    let tested: TriggerCooccurrenceV3

    public init(parameters: ParameterValues) {
        tested = TriggerCooccurrenceV3(parameters: parameters)
    }

    public func gates(_ input: ProfileData) -> [Gate] { tested.gates(input) }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        TriggerCooccurrenceV4.ranked(try tested.evaluate(input, asOf: asOf, stats: stats))
    }

    /// Version 3's carried run, ranked.
    public func run(_ input: ProfileData, asOf: Int, stats: Stats, carry: inout TriggerCarry?) throws -> (gates: [Gate], drafts: [InsightDraft]?) {
        let (gates, drafts) = try tested.run(input, asOf: asOf, stats: stats, carry: &carry)
        return (gates, drafts.map(TriggerCooccurrenceV4.ranked))
    }

    /// Findings by co-occurrence frequency (`share` in evidence), highest first; equal shares
    /// by `q_bh`, then subject. Anything else (a progress message) is left as it is.
    static func ranked(_ drafts: [InsightDraft]) -> [InsightDraft] {
        guard drafts.allSatisfy({ $0.kind == .finding }) else { return drafts }
        func number(_ draft: InsightDraft, _ key: String, _ fallback: Double) -> Double {
            if case .number(let value) = draft.evidence[key] { return value }
            return fallback
        }
        return drafts.sorted { a, b in
            let (shareA, shareB) = (number(a, "share", 0), number(b, "share", 0))
            if shareA != shareB { return shareA > shareB }
            let (qA, qB) = (number(a, "q_bh", 1), number(b, "q_bh", 1))
            if qA != qB { return qA < qB }
            return a.subject < b.subject
        }
    }
}
