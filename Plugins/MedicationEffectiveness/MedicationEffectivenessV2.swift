import CairnModuleKit
import CairnCore
import CairnStats

/// medication-effectiveness@2, the default: version 1's counts under the headache modules' own
/// minimum. Aurae shows no pattern of any kind before 5 resolved logs ("General frequency
/// insights: 5 resolved logs"; 5.5 lists medication effectiveness among the patterns computed),
/// and version 1 showed a medicine's counts after 3 ratings whatever the diary held. Here the
/// diary needs 5 resolved headaches, and a medicine 5 ratings, before its counts show.
///
/// Cost: O(m log m) in medication entries, as version 1.
public struct MedicationEffectivenessV2: AnalysisModule {
    public static let id = "medication-effectiveness"
    public static let version = 2
    public static let reads: Set<ContractTable> = [.medications, .headaches]
    public static let requires: Set<ContractTable> = [.medications, .headaches]
    public static let asOfDependence = AsOfDependence.none
    public static let summary = "How the person rated each medicine they logged (helpful, somewhat, not helpful), counted per medicine once the diary holds 5 resolved headaches; never compared or advised."
    public static let details = """
        as @1, under the seed's minimum for any pattern: 5 resolved headaches in the diary, and 5 \
        ratings of a medicine before its counts show (version 1: 3 ratings, any diary)
        """
    public static let seed = "Aurae 5.3, 5.5, D-20"
    public static let parameters: [ParameterSpec] = [
        .integer("min_headaches", default: 5, range: 1...100, "Resolved headaches before any medicine's counts show (Aurae 5.5)."),
        .integer("min_ratings", default: 5, range: 2...50, "Ratings of one medicine before its counts are shown."),
    ]

    let minHeadaches: Int
    let counts: MedicationEffectiveness

    public init(parameters: ParameterValues) {
        minHeadaches = parameters.integer("min_headaches")
        counts = MedicationEffectiveness(minRatings: parameters.integer("min_ratings"))
    }

    public func gates(_ input: ProfileData) -> [Gate] {
        [Gate(name: "resolved headaches", have: input.resolvedHeadacheCount, need: minHeadaches)] + counts.gates(input)
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        try counts.evaluate(input, asOf: asOf, stats: stats)
    }
}
