import CairnModuleKit
import CairnCore
import CairnStats

/// trigger-cooccurrence@2, the default: a factor is shown only when it came before the latest
/// episodes clearly more often than on comparable headache-free days.
///
/// - Referent days (`ReferentDays`): inside the diary's span, no headache begun or running,
///   from `match_days` before the first counted episode to the as-of day, measured at the
///   episodes' median wall-clock time. Habits that change over months are compared with the
///   same months.
/// - Only windows with diary activity count, on both sides: an episode or referent day with no
///   factor entry at all in its window says nothing about any factor (people who log mostly
///   after headaches would otherwise make every factor look common before them). Poor sleep
///   counts where the night before was logged.
/// - Each factor is tested with a one-sided Fisher exact test (more common before headaches,
///   the direction the copy states), and the p-values of every factor tested are adjusted with
///   Holm's method; a finding needs an adjusted p at most `alpha`. The label comes from the
///   comparison: the ratio of the two shares (Frequently from `frequent_ratio`, Sometimes from
///   `sometimes_ratio`, else Occasionally). Copy states the base rate.
/// - Otherwise one `progress` insight, "No clear pattern yet", with every count in evidence.
///
/// Cost per profile: O(n log n + (e + d) log(e + d) + f (e + d) + n) for e episodes, d referent
/// days, f factors and n entries: the instants sorted once per side, then one merge per factor
/// over its own entries (`EntryIndex.any(within:before:shift:)`), no binary search per instant.
public struct TriggerCooccurrenceV2: AnalysisModule {
    public static let id = "trigger-cooccurrence"
    public static let version = 2
    public static let reads: Set<ContractTable> = [.headaches, .factors, .sleep, .medications]
    public static let requires: Set<ContractTable> = [.headaches]
    public static let summary = "Factors that came before the latest headaches clearly more often than on comparable headache-free days (one-sided Fisher, Holm across factors)."
    public static let details = """
        a factor (or poor sleep) shown only when it came in the 24 h before the last 20 headaches \
        clearly more often than on comparable headache-free days: days inside the diary with \
        something logged, no headache begun or running, from 28 days before the first compared \
        headache, at the headaches' median wall-clock time; one-sided Fisher exact test per factor, \
        Holm across every factor tested (alpha 0.05); the label from the ratio of the two shares \
        (Frequently from 3x, Sometimes from 1.5x); copy states the base rate ("and on 2 of every 10 \
        comparable headache-free days"); otherwise one `progress` insight, "No clear pattern yet", \
        with every count and p-value in evidence
        """
    public static let seed = "Aurae 5.5"
    public static let parameters: [ParameterSpec] = [
        .integer("min_headaches", default: 5, range: 1...100, "Resolved headaches needed before any pattern is shown (Aurae 5.5)."),
        .integer("episodes", default: 20, range: 5...500, "How many of the latest resolved episodes are compared."),
        .number("window_hours", default: 24, range: 1...168, "Hours before onset (or the reference time) in which a factor counts."),
        .integer("match_days", default: 28, range: 0...365, "Headache-free days from this many days before the first compared episode."),
        .number("alpha", default: 0.05, range: 0.001...0.5, "Family-wise error rate across the factors tested (Holm)."),
        .number("frequent_ratio", default: 3, range: 1...100, "Share before headaches over share on free days from which a factor is 'Frequently present'."),
        .number("sometimes_ratio", default: 1.5, range: 1...100, "Ratio from which it is 'Sometimes present' (below: 'Occasionally')."),
        .number("poor_sleep_hours", default: 6, range: 1...12, "A night shorter than this is poor sleep."),
        .integer("poor_sleep_quality", default: 2, range: 1...5, "A night rated this or lower is poor sleep."),
    ]

    let minHeadaches: Int, episodes: Int, windowHours: Double, matchDays: Int, alpha: Double
    let frequentRatio: Double, sometimesRatio: Double, poorSleepHours: Double, poorSleepQuality: Int

    public init(parameters: ParameterValues) {
        minHeadaches = parameters.integer("min_headaches")
        episodes = parameters.integer("episodes")
        windowHours = parameters.number("window_hours")
        matchDays = parameters.integer("match_days")
        alpha = parameters.number("alpha")
        frequentRatio = parameters.number("frequent_ratio")
        sometimesRatio = parameters.number("sometimes_ratio")
        poorSleepHours = parameters.number("poor_sleep_hours")
        poorSleepQuality = parameters.integer("poor_sleep_quality")
    }

    public func gates(_ input: ProfileData) -> [Gate] {
        [Gate(name: "resolved headaches", have: input.resolvedHeadacheCount, need: minHeadaches)]
    }

    /// One factor's two-by-two table and its test.
    struct Row {
        var factor: String
        var episodesWith = 0, episodes = 0, referentWith = 0, referentDays = 0
        var provenance: [String] = []
        var p = 1.0
        var share: Double { episodes == 0 ? 0 : Double(episodesWith) / Double(episodes) }
        var referentShare: Double { referentDays == 0 ? 0 : Double(referentWith) / Double(referentDays) }
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        let zone = input.zone
        let recent = input.resolvedHeadaches.lastElements(episodes)
        let referents = ReferentDays(input, episodes: recent, asOf: asOf, matchDays: matchDays).days
        let activity = EntryIndex(input.factors.map(\.at), zone: zone)
        var entries: [String: [EventTime]] = [:]
        for entry in input.factors { entries[entry.factor, default: []].append(entry.at) }

        // Units with diary activity in their window, on each side: one merge per side.
        let episodeActive = activity.any(within: windowHours, before: InstantQueries(recent.map(\.onset.epochSeconds)))
        let activeEpisodes = recent.indices.filter { episodeActive[$0] }.map { recent[$0] }
        let referentActive = activity.any(within: windowHours, before: InstantQueries(referents.map(\.reference)))
        let activeReferents = referents.indices.filter { referentActive[$0] }.map { referents[$0] }
        let episodeQueries = InstantQueries(activeEpisodes.map(\.onset.epochSeconds))
        let referentQueries = InstantQueries(activeReferents.map(\.reference))
        var rows: [Row] = []
        for factor in entries.keys.sorted() {
            let index = EntryIndex(entries[factor]!, zone: zone)
            var row = Row(factor: factor, episodes: activeEpisodes.count, referentDays: activeReferents.count)
            for (place, with) in index.any(within: windowHours, before: episodeQueries).enumerated() where with {
                row.episodesWith += 1
                row.provenance.append("headaches:\(activeEpisodes[place].id)")
            }
            row.referentWith = index.any(within: windowHours, before: referentQueries).reduce(0) { $1 ? $0 + 1 : $0 }
            rows.append(row)
        }
        if !input.sleep.isEmpty {
            // Each night's verdict in a flat table over the nights' span (the latest row of a night
            // wins), not a dictionary of copied rows.
            let firstNight = input.sleep.map(\.nightOf.daysSinceEpoch).min()!
            let lastNight = input.sleep.map(\.nightOf.daysSinceEpoch).max()!
            var verdicts = [Bool?](repeating: nil, count: lastNight - firstNight + 1)
            for night in input.sleep {
                verdicts[night.nightOf.daysSinceEpoch - firstNight] =
                    night.durationMinutes < poorSleepHours * 60 || (night.quality.map { $0 <= poorSleepQuality } ?? false)
            }
            func poor(_ day: CalendarDay) -> Bool? {
                let slot = day.adding(days: -1).daysSinceEpoch - firstNight
                return slot >= 0 && slot < verdicts.count ? verdicts[slot] : nil
            }
            var row = Row(factor: "poor_sleep")
            for headache in recent {
                guard let isPoor = poor(headache.onset.day) else { continue }
                row.episodes += 1
                if isPoor { row.episodesWith += 1; row.provenance.append("headaches:\(headache.id)") }
            }
            for referent in referents {
                guard let isPoor = poor(referent.day) else { continue }
                row.referentDays += 1
                if isPoor { row.referentWith += 1 }
            }
            if row.episodes > 0 && row.referentDays > 0 { rows.append(row) }
        }
        for index in rows.indices {
            let row = rows[index]
            rows[index].p = (try? stats.fisherExactGreater(a: row.episodesWith, b: row.episodes - row.episodesWith,
                                                            c: row.referentWith, d: row.referentDays - row.referentWith)) ?? 1
        }
        let adjusted = stats.holm(rows.map(\.p))
        var findings: [(p: Double, factor: String, draft: InsightDraft)] = []
        for (index, row) in rows.enumerated() where adjusted[index] <= alpha && row.share > row.referentShare {
            var evidence = tableEvidence(row, adjusted: adjusted[index])
            evidence["tested"] = .integer(rows.count)
            evidence["alpha"] = .number(alpha)
            evidence["correction"] = .text("holm")
            evidence["window_hours"] = .number(windowHours)
            if let ratio = try? stats.oddsRatio(a: row.episodesWith, b: row.episodes - row.episodesWith,
                                                c: row.referentWith, d: row.referentDays - row.referentWith) {
                evidence["odds_ratio"] = .number(ratio.value)
                evidence["odds_ratio_ci95"] = .list([.number(ratio.interval95.lowerBound), .number(ratio.interval95.upperBound)])
            }
            let message = CopyMessage("trigger-cooccurrence.more-often", [
                "label": .choice(label(row)), "factor": .label(.factor, row.factor), "hours": .number(windowHours),
                "with": .count(row.episodesWith), "episodes": .count(row.episodes), "base": .share(row.referentShare),
            ])
            findings.append((adjusted[index], row.factor, InsightDraft(kind: .finding, subject: row.factor, message: message,
                                                                        evidence: evidence, provenance: row.provenance)))
        }
        if !findings.isEmpty {
            return findings.sorted { ($0.p, $0.factor) < ($1.p, $1.factor) }.map(\.draft)
        }
        // Nothing logged to compare, or no headache with entries before it: nothing to count, no copy.
        guard !rows.isEmpty, !activeEpisodes.isEmpty else { return [] }
        var evidence: [String: Evidence] = [
            "episodes": .integer(activeEpisodes.count), "referent_days": .integer(activeReferents.count),
            "tested": .integer(rows.count), "alpha": .number(alpha), "correction": .text("holm"),
            "window_hours": .number(windowHours),
        ]
        evidence["factors"] = .object(Dictionary(rows.enumerated().map { index, row in
            (row.factor, Evidence.object(tableEvidence(row, adjusted: adjusted[index])))
        }, uniquingKeysWith: { first, _ in first }))
        let message = CopyMessage("trigger-cooccurrence.no-clear-pattern", [
            "episodes": .count(activeEpisodes.count), "days": .count(activeReferents.count),
        ])
        return [InsightDraft(kind: .progress, subject: "no clear pattern", message: message, evidence: evidence)]
    }

    func label(_ row: Row) -> String {
        let ratio = row.referentShare == 0 ? Double.infinity : row.share / row.referentShare
        return ratio >= frequentRatio ? "Frequently present" : ratio >= sometimesRatio ? "Sometimes present" : "Occasionally present"
    }

    func tableEvidence(_ row: Row, adjusted: Double) -> [String: Evidence] {
        [
            "episodes_with": .integer(row.episodesWith), "episodes": .integer(row.episodes), "share": .number(row.share),
            "referent_days_with": .integer(row.referentWith), "referent_days": .integer(row.referentDays),
            "referent_share": .number(row.referentShare), "p_one_sided": .number(row.p), "p_holm": .number(adjusted),
        ]
    }
}
