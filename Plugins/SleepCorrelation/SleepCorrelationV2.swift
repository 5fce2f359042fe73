import CairnModuleKit
import CairnCore
import CairnStats

/// sleep-correlation@2, the default: headaches on the day after short (or low-rated) nights
/// against other nights, shown only when clearly more often.
///
/// - Gates: `min_headaches` resolved headaches (a person with no headaches gets no finding) and
///   `min_nights` in each duration group (Aurae 5.5: 5 per comparison group). The quality
///   comparison has its own groups and is made only when each has `min_nights`.
/// - Nights count only when the next day lies inside the diary's span and is over by the as-of
///   instant: a day outside the diary, or not yet finished, says nothing about headaches.
/// - One-sided Fisher exact test per comparison (more headaches after short or low-rated
///   nights, the direction the copy states), Holm across the comparisons made; a finding needs
///   an adjusted p at most `alpha`. Otherwise one `progress` insight, "No clear pattern yet".
///
/// Cost: O(n) in nights plus O(h) in headaches.
public struct SleepCorrelationV2: AnalysisModule {
    public static let id = "sleep-correlation"
    public static let version = 2
    public static let reads: Set<ContractTable> = [.headaches, .sleep, .factors, .medications]
    public static let requires: Set<ContractTable> = [.headaches, .sleep]
    public static let summary = "Headaches on the day after short or low-rated nights, shown only when clearly more often than after other nights (one-sided Fisher, Holm)."
    public static let details = """
        headaches on the day after short (or low-rated) nights against other nights, shown only when \
        more often by a one-sided Fisher test, Holm across the duration and quality comparisons; \
        gates: 5 resolved headaches and 5 nights per duration group (the quality comparison is made \
        when its groups have 5); nights count only when the next day is inside the diary and over
        """
    public static let seed = "Aurae 5.5, D-20"
    public static let parameters: [ParameterSpec] = [
        .number("short_night_hours", default: 6, range: 1...12, "Nights under this many hours are short."),
        .integer("low_quality", default: 2, range: 1...4, "Nights rated this or lower are low quality."),
        .integer("min_nights", default: 5, range: 1...100, "Nights each compared group needs (Aurae 5.5)."),
        .integer("min_headaches", default: 5, range: 1...100, "Resolved headaches needed before any comparison is shown."),
        .number("alpha", default: 0.05, range: 0.001...0.5, "Family-wise error rate across the comparisons (Holm)."),
    ]

    let shortHours: Double, lowQuality: Int, minNights: Int, minHeadaches: Int, alpha: Double

    public init(parameters: ParameterValues) {
        shortHours = parameters.number("short_night_hours")
        lowQuality = parameters.integer("low_quality")
        minNights = parameters.integer("min_nights")
        minHeadaches = parameters.integer("min_headaches")
        alpha = parameters.number("alpha")
    }

    struct Groups {
        var short: [SleepNight] = [], long: [SleepNight] = [], low: [SleepNight] = [], high: [SleepNight] = []
    }

    /// Nights whose next day is inside the diary and over by the as-of instant.
    func groups(_ input: ProfileData, asOf: Int?) -> Groups {
        var groups = Groups()
        guard let span = DiaryWindows.diarySpan(input) else { return groups }
        for night in input.sleep {
            let next = night.nightOf.adding(days: 1)
            guard span.contains(next) else { continue }
            if let asOf, input.zone.startOfDay(next.adding(days: 1)) - 1 > asOf { continue }
            if night.durationMinutes < shortHours * 60 { groups.short.append(night) } else { groups.long.append(night) }
            if let quality = night.quality {
                if quality <= lowQuality { groups.low.append(night) } else { groups.high.append(night) }
            }
        }
        return groups
    }

    public func gates(_ input: ProfileData) -> [Gate] {
        let g = groups(input, asOf: nil)
        return gates(resolved: input.resolvedHeadacheCount, short: g.short.count, long: g.long.count)
    }

    func gates(resolved: Int, short: Int, long: Int) -> [Gate] {
        let hours = NumberText.format(shortHours)
        return [Gate(name: "resolved headaches", have: resolved, need: minHeadaches),
                Gate(name: "nights under \(hours) hours", have: short, need: minNights),
                Gate(name: "nights of \(hours) hours or more", have: long, need: minNights)]
    }

    struct Comparison {
        var subject: String
        var exposed: [SleepNight], other: [SleepNight]
        var exposedWith: [SleepNight] = [], otherWith: [SleepNight] = []
        var p = 1.0
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        compare(input, asOf: asOf, stats: stats, policy: .version2)
    }

    /// How the comparisons are tested and corrected: version 2's (Fisher's exact test, Holm)
    /// or version 3's (`SleepCorrelationV3`).
    struct Policy {
        var midP: Bool
        /// Duration first at alpha, quality at alpha only once duration is shown; else Holm.
        var durationFirst: Bool
        static let version2 = Policy(midP: false, durationFirst: false)
    }

    func compare(_ input: ProfileData, asOf: Int, stats: Stats, policy: Policy) -> [InsightDraft] {
        let headacheDays = Set(input.headaches.map(\.onset.day))
        let g = groups(input, asOf: asOf)
        func followed(_ nights: [SleepNight]) -> [SleepNight] { nights.filter { headacheDays.contains($0.nightOf.adding(days: 1)) } }
        return compare(g, followed: Groups(short: followed(g.short), long: followed(g.long), low: followed(g.low), high: followed(g.high)),
                       stats: stats, policy: policy)
    }

    /// The comparisons from the nights in each group and those of them followed by a headache
    /// day (in the same order): the same whether the groups were made afresh or carried
    /// (`SleepCarry`).
    func compare(_ g: Groups, followed: Groups, stats: Stats, policy: Policy) -> [InsightDraft] {
        var comparisons = [Comparison(subject: "sleep_duration", exposed: g.short, other: g.long, exposedWith: followed.short,
                                      otherWith: followed.long)]
        if g.low.count >= minNights && g.high.count >= minNights {
            comparisons.append(Comparison(subject: "sleep_quality", exposed: g.low, other: g.high, exposedWith: followed.low,
                                          otherWith: followed.high))
        }
        for index in comparisons.indices {
            let c = comparisons[index]
            let a = comparisons[index].exposedWith.count, cc = comparisons[index].otherWith.count
            comparisons[index].p = (try? stats.fisherExactGreater(a: a, b: c.exposed.count - a, c: cc, d: c.other.count - cc,
                                                                   midP: policy.midP)) ?? 1
        }
        let adjusted: [Double]
        if policy.durationFirst {
            // A fixed sequence: each comparison at alpha, in order, while the ones before it
            // were shown; the adjusted p of each is the largest p up to it.
            var running = 0.0
            adjusted = comparisons.map { running = max(running, $0.p); return running }
        } else {
            adjusted = stats.holm(comparisons.map(\.p))
        }
        func evidence(_ c: Comparison, _ adjustedP: Double) -> [String: Evidence] {
            var evidence: [String: Evidence] = [
                "exposed_nights": .integer(c.exposed.count), "exposed_headache_days": .integer(c.exposedWith.count),
                "exposed_rate": .number(Double(c.exposedWith.count) / Double(max(1, c.exposed.count))),
                "other_nights": .integer(c.other.count), "other_headache_days": .integer(c.otherWith.count),
                "other_rate": .number(Double(c.otherWith.count) / Double(max(1, c.other.count))),
                "p_one_sided": .number(c.p), "alpha": .number(alpha),
                "comparisons": .integer(comparisons.count),
            ]
            if policy.durationFirst {
                evidence["p_sequence"] = .number(adjustedP)
                evidence["correction"] = .text("fixed sequence: duration, then quality")
            } else {
                evidence["p_holm"] = .number(adjustedP)
                evidence["correction"] = .text("holm")
            }
            if policy.midP { evidence["p_kind"] = .text("mid-p") }
            if let difference = try? stats.proportionDifference(successesA: c.exposedWith.count, trialsA: c.exposed.count,
                                                                 successesB: c.otherWith.count, trialsB: c.other.count) {
                evidence["rate_difference"] = .number(difference.value)
                evidence["rate_difference_ci95"] = .list([.number(difference.interval95.lowerBound), .number(difference.interval95.upperBound)])
            }
            return evidence
        }
        var drafts: [InsightDraft] = []
        for (index, c) in comparisons.enumerated() where adjusted[index] <= alpha {
            let rateExposed = Double(c.exposedWith.count) / Double(c.exposed.count)
            let rateOther = Double(c.otherWith.count) / Double(c.other.count)
            guard rateExposed > rateOther else { continue }
            let message = c.subject == "sleep_duration"
                ? CopyMessage("sleep-correlation.duration-more-often", [
                    "with": .count(c.exposedWith.count), "nights": .count(c.exposed.count), "hours": .number(shortHours),
                    "other_with": .count(c.otherWith.count), "other_nights": .count(c.other.count)])
                : CopyMessage("sleep-correlation.quality-more-often", [
                    "with": .count(c.exposedWith.count), "nights": .count(c.exposed.count), "rating": .count(lowQuality),
                    "other_with": .count(c.otherWith.count), "other_nights": .count(c.other.count)])
            drafts.append(InsightDraft(kind: .finding, subject: c.subject, message: message, evidence: evidence(c, adjusted[index]),
                                       provenance: (c.exposedWith + c.otherWith).map { "sleep:\($0.id)" }))
        }
        if !drafts.isEmpty { return drafts }
        let duration = comparisons[0]
        var progress = evidence(duration, adjusted[0])
        if comparisons.count > 1 {
            progress["quality"] = .object(evidence(comparisons[1], adjusted[1]))
        }
        return [InsightDraft(
            kind: .progress, subject: "no clear pattern",
            message: CopyMessage("sleep-correlation.no-clear-pattern", [
                "hours": .number(shortHours), "with": .count(duration.exposedWith.count), "nights": .count(duration.exposed.count),
                "other_with": .count(duration.otherWith.count), "other_nights": .count(duration.other.count)]),
            evidence: progress)]
    }
}
