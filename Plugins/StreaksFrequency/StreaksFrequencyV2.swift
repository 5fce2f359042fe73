import CairnModuleKit
import CairnCore
import CairnStats

/// streaks-frequency@2, the default: the headache-free streak from the first log. Aurae's streak
/// is a home-screen numeral, not an Insights pattern (seed 002, 6.4: shown "when the user has been
/// headache-free for 1 or more days", "Headache-free today" at 0, empty only while a headache is
/// active or with no logs recorded), so the 5-resolved-log minimum of 5.5 ("General frequency
/// insights") does not hold it back. Version 1 put the streak behind that gate with the rest.
///
/// Here the streak is version 1's, shown whatever the diary holds; the frequency insights keep
/// the gate, and below it the module says what the engine says below any gate (the progress
/// message, with the gate's count in evidence). At and above the gate the output is version 1's.
/// The gate is therefore the module's own, not the engine's: `gates` is empty, so replay lists
/// the progress insight's disappearance where it listed the gate's opening.
///
/// Cost: as version 1.
public struct StreaksFrequencyV2: AnalysisModule {
    public static let id = "streaks-frequency"
    public static let version = 2
    public static let reads = StreaksFrequency.reads
    public static let requires = StreaksFrequency.requires
    public static let asOfDependence = StreaksFrequency.asOfDependence
    public static let summary = "Headache-free streak from the first log (hidden while a headache is active); headache days in the last 30 and a change in frequency only beyond chance, after 5 resolved headaches."
    public static let details = """
        as @1, with the streak shown from the first resolved headache as the seed's home screen \
        shows it ("1 day free", "Headache-free today"), not held behind the 5-headache gate; the \
        frequency insights keep the gate, and below it the progress message (version 1 held the \
        streak back too)
        """
    public static let seed = "Aurae 5.5, 6.4, D-29"
    public static let parameters = StreaksFrequency.parameters

    let frequency: StreaksFrequency
    let minHeadaches: Int

    public init(parameters: ParameterValues) {
        frequency = StreaksFrequency(parameters: parameters)
        minHeadaches = parameters.integer("min_headaches")
    }

    /// None for the engine: the module applies its gate to the frequency insights alone.
    public func gates(_ input: ProfileData) -> [Gate] { [] }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        let gate = Gate(name: "resolved headaches", have: input.resolvedHeadacheCount, need: minHeadaches)
        let all = try frequency.evaluate(input, asOf: asOf, stats: stats)
        if gate.isOpen { return all }
        // Below the gate: the streak, then the progress message exactly as the engine words it.
        return all.filter { $0.subject == "streak" } + [InsightDraft(
            kind: .progress, subject: gate.name, message: CopyMessage("progress-message"),
            evidence: ["gates": .list([.object(["name": .text(gate.name), "have": .integer(gate.have),
                                                "need": .integer(gate.need)])])])]
    }
}
