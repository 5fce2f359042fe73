import CairnModuleKit
import CairnCore
import CairnStats

/// Aurae's top suspected triggers (seed 002 section 5.5): for each factor, the share of the last
/// resolved episodes with that factor in the window before onset ("You had a headache within 24
/// hours of poor sleep in 7 of your last 9 episodes"), ranked and labelled Frequently, Sometimes
/// or Occasionally present. Beyond the seed, each factor is also measured in the same windows on
/// headache-free days; by default a factor no more common before headaches than on other days
/// (a daily coffee) is left out.
///
/// Cost: O((e + d) f log n) for e episodes, d headache-free days, f factors and n entries (each
/// window is a binary search in the factor's `EntryIndex`).
public struct TriggerCooccurrence: AnalysisModule {
    public static let id = "trigger-cooccurrence"
    public static let version = 1
    public static let reads: Set<ContractTable> = [.headaches, .factors, .sleep, .medications]
    public static let requires: Set<ContractTable> = [.headaches]
    public static let summary = "Factors most often present before headaches, in frequency language, compared with headache-free days."
    public static let details = """
        the seed's ranking: share of the last episodes with each factor in the 24 h before onset, \
        labelled Frequently/Sometimes/Occasionally from the raw share, compared with the whole \
        diary's headache-free days (factors no more common left out)
        """
    public static let seed = "Aurae 5.5"
    public static let parameters: [ParameterSpec] = [
        .integer("min_headaches", default: 5, range: 1...100, "Resolved headaches needed before any pattern is shown."),
        .integer("episodes", default: 20, range: 5...500, "How many of the latest resolved episodes are counted."),
        .number("window_hours", default: 24, range: 1...168, "Hours before onset in which a factor counts."),
        .number("frequent_share", default: 0.6, range: 0...1, "Share of episodes from which a factor is 'Frequently present'."),
        .number("sometimes_share", default: 0.3, range: 0...1, "Share from which it is 'Sometimes present' (below: 'Occasionally')."),
        .boolean("baseline_filter", default: true, "Leave out factors no more common before headaches than on headache-free days."),
        .number("poor_sleep_hours", default: 6, range: 1...12, "A night shorter than this is poor sleep."),
        .integer("poor_sleep_quality", default: 2, range: 1...5, "A night rated this or lower is poor sleep."),
    ]

    let minHeadaches: Int, episodes: Int, windowHours: Double, frequent: Double, sometimes: Double
    let baselineFilter: Bool, poorSleepHours: Double, poorSleepQuality: Int

    public init(parameters: ParameterValues) {
        minHeadaches = parameters.integer("min_headaches")
        episodes = parameters.integer("episodes")
        windowHours = parameters.number("window_hours")
        frequent = parameters.number("frequent_share")
        sometimes = parameters.number("sometimes_share")
        baselineFilter = parameters.flag("baseline_filter")
        poorSleepHours = parameters.number("poor_sleep_hours")
        poorSleepQuality = parameters.integer("poor_sleep_quality")
    }

    public func gates(_ input: ProfileData) -> [Gate] {
        [Gate(name: "resolved headaches", have: input.resolvedHeadacheCount, need: minHeadaches)]
    }

    public func label(_ share: Double) -> String {
        share >= frequent ? "Frequently present" : share >= sometimes ? "Sometimes present" : "Occasionally present"
    }

    func poorNight(before day: CalendarDay, in nights: [CalendarDay: SleepNight]) -> Bool {
        guard let night = nights[day.adding(days: -1)] else { return false }
        return night.durationMinutes < poorSleepHours * 60 || (night.quality.map { $0 <= poorSleepQuality } ?? false)
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        let zone = input.zone
        let recent = input.resolvedHeadaches.lastElements(episodes)
        let nights = Dictionary(input.sleep.map { ($0.nightOf, $0) }, uniquingKeysWith: { $1 })
        let referenceSecond = DiaryWindows.typicalOnsetSecondV1(recent, zone: zone)
        let freeDays = DiaryWindows.headacheFreeDays(input, asOf: asOf)
        let freeReferences = freeDays.map { zone.epoch(of: $0, secondOfDay: referenceSecond) }.filter { $0 <= asOf }
        var byFactor: [String: [FactorEntry]] = [:]
        for entry in input.factors { byFactor[entry.factor, default: []].append(entry) }

        struct Row { var factor: String, with: Int, baselineWith: Int, provenance: [String] }
        var rows: [Row] = []
        for (factor, entries) in byFactor {
            // The first entry of the factor in each window, by binary search.
            let index = EntryIndex(entries.map(\.at), zone: zone)
            var with = 0
            var provenance: [String] = []
            for headache in recent {
                if let position = index.first(within: windowHours, before: headache.onset.epochSeconds) {
                    with += 1
                    provenance.append("headaches:\(headache.id)")
                    provenance.append("factors:\(entries[position].id)")
                }
            }
            let baseline = freeReferences.filter { index.any(within: windowHours, before: $0) }.count
            rows.append(Row(factor: factor, with: with, baselineWith: baseline, provenance: provenance))
        }
        if !nights.isEmpty {
            let episodesWith = recent.filter { poorNight(before: $0.onset.day, in: nights) }
            let baseline = freeDays.filter { poorNight(before: $0, in: nights) }.count
            rows.append(Row(factor: "poor_sleep", with: episodesWith.count, baselineWith: baseline,
                            provenance: episodesWith.map { "headaches:\($0.id)" }))
        }

        let total = recent.count
        var drafts: [(share: Double, factor: String, draft: InsightDraft)] = []
        for row in rows where row.with > 0 {
            let share = Double(row.with) / Double(total)
            let baselineShare = freeReferences.isEmpty ? 0 : Double(row.baselineWith) / Double(freeReferences.count)
            if baselineFilter && share <= baselineShare { continue }
            var evidence: [String: Evidence] = [
                "episodes_with": .integer(row.with), "episodes": .integer(total), "share": .number(share),
                "baseline_days_with": .integer(row.baselineWith), "baseline_days": .integer(freeReferences.count),
                "baseline_share": .number(baselineShare), "window_hours": .number(windowHours),
            ]
            let a = row.with, b = total - row.with, c = row.baselineWith, d = freeReferences.count - row.baselineWith
            if let ratio = try? stats.oddsRatio(a: a, b: b, c: c, d: d) {
                evidence["odds_ratio"] = .number(ratio.value)
                evidence["odds_ratio_ci95"] = .list([.number(ratio.interval95.lowerBound), .number(ratio.interval95.upperBound)])
            }
            if let p = try? stats.fisherExact(a: a, b: b, c: c, d: d) { evidence["fisher_p"] = .number(p) }
            let message = CopyMessage("trigger-cooccurrence.present", [
                "label": .choice(label(share)), "hours": .number(windowHours), "factor": .label(.factor, row.factor),
                "with": .count(row.with), "episodes": .count(total),
            ])
            drafts.append((share, row.factor, InsightDraft(kind: .finding, subject: row.factor, message: message,
                                                          evidence: evidence, provenance: row.provenance)))
        }
        return drafts.sorted { ($1.share, $0.factor) < ($0.share, $1.factor) }.map(\.draft)
    }
}
