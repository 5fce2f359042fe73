import CairnModuleKit
import CairnCore
import CairnStats

/// Aurae's medication effectiveness (seed 002, 5.3: each medicine logged with an effectiveness
/// rating 1–5; 5.5: "what worked, and how quickly?"), as the person's own ratings counted in
/// Migraine Buddy's three levels: helpful (4–5), somewhat (3), not helpful (1–2).
///
/// Each medicine with at least `min_ratings` ratings gets one awareness insight: its counts, in
/// the person's words for the medicine (a name that breaks a copy rule is replaced by a neutral
/// reference). Medicines are never compared or ranked (that would be a claim about them), and
/// nothing is advised. How quickly: the median minutes from a headache's onset to the medicine,
/// for entries linked to a headache, in evidence.
///
/// Cost: O(m log m) in medication entries.
public struct MedicationEffectiveness: AnalysisModule {
    public static let id = "medication-effectiveness"
    public static let version = 1
    public static let reads: Set<ContractTable> = [.medications, .headaches]
    public static let requires: Set<ContractTable> = [.medications]
    public static let asOfDependence = AsOfDependence.none
    public static let summary = "How the person rated each medicine they logged (helpful, somewhat, not helpful), counted per medicine; never compared or advised."
    public static let details = """
        each medicine's own ratings (1–5) counted as helpful (4–5), somewhat (3) and not helpful \
        (1–2), from 3 ratings, in the person's spelling (an unsafe name replaced); medicines never \
        compared or advised; median minutes from onset to the medicine in evidence
        """
    public static let seed = "Aurae 5.3, 5.5"
    public static let parameters: [ParameterSpec] = [
        .integer("min_ratings", default: 3, range: 2...50, "Ratings of one medicine before its counts are shown."),
    ]

    let minRatings: Int

    public init(parameters: ParameterValues) {
        minRatings = parameters.integer("min_ratings")
    }

    init(minRatings: Int) {
        self.minRatings = minRatings
    }

    /// Entries of one medicine, by its name folded (case, spaces): "Ibuprofen " is "ibuprofen".
    static func key(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    static func rated(_ input: ProfileData) -> [String: [Medication]] {
        var byName: [String: [Medication]] = [:]
        for medication in input.medications where medication.effectiveness != nil {
            byName[key(medication.name), default: []].append(medication)
        }
        return byName
    }

    public func gates(_ input: ProfileData) -> [Gate] {
        [Gate(name: "ratings of one medicine", have: MedicationEffectiveness.rated(input).values.map(\.count).max() ?? 0, need: minRatings)]
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        var onsets: [String: Int] = [:]
        // Minutes after onset need its clock time: a day-level diary's headaches have none.
        for headache in input.headaches where headache.onset.hasTime { onsets[headache.id] = headache.onset.epochSeconds }
        var drafts: [InsightDraft] = []
        for (name, entries) in MedicationEffectiveness.rated(input).sorted(by: { $0.key < $1.key }) where entries.count >= minRatings {
            let ratings = entries.compactMap(\.effectiveness)
            let helpful = ratings.filter { $0 >= 4 }.count, somewhat = ratings.filter { $0 == 3 }.count
            let notHelpful = ratings.filter { $0 <= 2 }.count
            let minutes = entries.compactMap { entry -> Double? in
                guard let id = entry.headacheID, let onset = onsets[id], entry.takenAt.epochSeconds >= onset else { return nil }
                return Double(entry.takenAt.epochSeconds - onset) / 60
            }
            var evidence: [String: Evidence] = [
                "ratings": .integer(ratings.count), "helpful": .integer(helpful), "somewhat": .integer(somewhat),
                "not_helpful": .integer(notHelpful), "rating_counts": .list((1...5).map { level in .integer(ratings.filter { $0 == level }.count) }),
                "min_ratings": .integer(minRatings),
            ]
            if !minutes.isEmpty, let summary = try? stats.describe(minutes) {
                evidence["median_minutes_after_onset"] = .number(summary.median)
                evidence["timed_entries"] = .integer(minutes.count)
            }
            // The person's own spelling of the medicine: the one they used most.
            let shown = Spellings.mostUsed(entries.map(\.name)) ?? name
            drafts.append(InsightDraft(kind: .awareness, subject: name, message: CopyMessage("medication-effectiveness.ratings", [
                "medication": .label(.medication, shown), "rated": .count(ratings.count), "helpful": .count(helpful),
                "somewhat": .count(somewhat), "not": .count(notHelpful),
            ]), evidence: evidence, provenance: entries.map { "medications:\($0.id)" }))
        }
        return drafts
    }
}
