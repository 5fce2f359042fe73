import CairnModuleKit
import CairnCore
import CairnStats

/// What trigger-cooccurrence@3 (and @4) carries from one replay step to the next, so that a
/// step costs the rows new since the last one rather than the whole diary.
///
/// Why it stays exact: rows become visible in time order, so every entry new since the last
/// step covers only instants from its own start on (a date-only entry from its day's start),
/// and the night before an instant's day is known from that day's start. A matched set that
/// is as the last step left it (`ClockMatchedSets` carry), all of whose instants came before
/// the earliest start of any new entry, therefore has the same diary activity, the same
/// exposure to every factor at every lag and the same poor-sleep verdicts: those are reused for
/// the longest run of such sets from the first, and worked out afresh for the rest. Entries by
/// factor, their distinct days and the logged-after-onset counts grow by the new entries; the
/// tests' Poisson-binomial distributions continue from the longest unchanged run of their
/// probabilities (`PoissonBinomialPrefixes`). Everything after that is computed as without a
/// carry (`TriggerCooccurrenceV3.conclude`).
public final class TriggerCarry {
    private let profile: String
    private let factorsStart: Int
    private var factorsEnd: Int
    private var lastFactor: Int64?
    private var asOf = Int.min
    private var entries: [String: [EventTime]] = [:]
    private var factorDays: [String: Set<Int>] = [:]
    private var diaryDays: Set<Int> = []
    private var clockSets: ClockMatchedSets.Carry?
    /// The last step's candidate sets, and each one after the activity filter (nil: dropped).
    private var candidates: [MatchedExposure.Set] = []
    private var kept: [MatchedExposure.Set?] = []
    /// The last step's exposures over the instants of the kept sets, by "lag factor", and its
    /// poor-sleep verdicts over the same instants.
    private var exposures: [String: [Bool]] = [:]
    private var poor: [Bool?] = []
    /// Each factor's index, with the number of entries it was built from.
    private var indexes: [String: (count: Int, index: EntryIndex)] = [:]
    private var afterOnset = LoggingCheck.AfterOnset()
    private let prefixes = PoissonBinomialPrefixes()

    init(_ input: ProfileData) {
        profile = input.profile.id
        factorsStart = input.factors.startIndex
        factorsEnd = factorsStart
    }

    /// Whether `input` as of `asOf` is a later cut of the data this carry has seen.
    func continues(_ input: ProfileData, asOf: Int) -> Bool {
        guard input.profile.id == profile, input.factors.startIndex == factorsStart, input.factors.endIndex >= factorsEnd,
              asOf >= self.asOf else { return false }
        return lastFactor == nil || (factorsEnd > factorsStart && input.factors[factorsEnd - 1].id == lastFactor)
    }

    /// The module's drafts for `input` as of `asOf`, reusing what still holds.
    func evaluate(_ module: TriggerCooccurrenceV3, _ input: ProfileData, asOf: Int, stats: Stats) -> [InsightDraft] {
        let zone = input.zone
        let windowHours = module.windowHours, window = Int(module.windowHours * 3600)
        // Entries new since the last step: grouped and counted, and the earliest instant any of
        // them covers.
        var newStart = Int.max
        for entry in input.factors[factorsEnd...] {
            newStart = min(newStart, DiaryWindows.interval(of: entry.at, zone: zone).lowerBound)
            entries[entry.factor, default: []].append(entry.at)
            factorDays[entry.factor, default: []].insert(entry.at.day.daysSinceEpoch)
            diaryDays.insert(entry.at.day.daysSinceEpoch)
        }
        factorsEnd = input.factors.endIndex
        lastFactor = input.factors.last?.id
        self.asOf = asOf
        for (factor, times) in entries where indexes[factor]?.count != times.count {
            indexes[factor] = (times.count, EntryIndex(times, zone: zone))
        }

        let next: [MatchedExposure.Set] = ClockMatchedSets(input, episodes: input.resolvedHeadaches.filter(\.onset.hasTime), asOf: asOf,
                                                           strideDays: module.stratumDays, carry: &clockSets).sets.map {
            MatchedExposure.Set(headache: $0.headache, referents: $0.referents)
        }
        // The sets, from the first, that stand as they did with nothing new before their last instant.
        var stable = 0
        while stable < min(next.count, candidates.count), next[stable].headache == candidates[stable].headache,
              next[stable].referents == candidates[stable].referents,
              max(next[stable].headache.onset.epochSeconds, next[stable].referents.last ?? .min) < newStart {
            stable += 1
        }
        // The rest through the activity filter: some entry of any factor in the window.
        let factorIndexes = indexes.values.map(\.index)
        func isActive(_ instant: Int) -> Bool { factorIndexes.contains { $0.first(within: windowHours, before: instant) != nil } }
        var kept = Array(self.kept[..<stable])
        for set in next[stable...] {
            let referents = isActive(set.headache.onset.epochSeconds) ? set.referents.filter(isActive) : []
            kept.append(referents.isEmpty ? nil : MatchedExposure.Set(headache: set.headache, referents: referents))
        }
        let stableInstants = kept[..<stable].reduce(0) { $0 + ($1.map { 1 + $0.referents.count } ?? 0) }
        let sets = kept.compactMap { $0 }
        let newSets = kept[stable...].compactMap { $0 }
        let newQueries = InstantQueries(MatchedExposure.instants(of: newSets))
        let allInstants = MatchedExposure.instants(of: sets)
        var allQueries: InstantQueries?

        let lastExposures = exposures
        exposures = [:]
        func exposed(_ factor: String, lag: Int) -> [Bool] {
            let key = "\(lag) \(factor)", index = indexes[factor]!.index
            let answers: [Bool]
            if let last = lastExposures[key], last.count >= stableInstants {
                answers = Array(last[..<stableInstants]) + index.any(within: windowHours, before: newQueries, shift: lag * window)
            } else {
                if allQueries == nil { allQueries = InstantQueries(allInstants) }
                answers = index.any(within: windowHours, before: allQueries!, shift: lag * window)
            }
            exposures[key] = answers
            return answers
        }
        let verdict = module.poorVerdicts(input)
        poor = (poor.count >= stableInstants ? Array(poor[..<stableInstants]) : allInstants[..<stableInstants].map { verdict?($0) ?? nil })
            + allInstants[stableInstants...].map { verdict?($0) ?? nil }
        candidates = next
        self.kept = kept

        let habitual = Set(entries.keys.filter { Double(factorDays[$0]!.count) >= module.habitualShare * Double(diaryDays.count) })
        return module.conclude(sets: sets, factors: Array(entries.keys), habitual: habitual, exposed: exposed,
                               poor: verdict == nil ? nil : poor, afterOnset: afterOnset.factors(input), stats: stats, prefixes: prefixes)
    }
}
