import CairnModuleKit
import CairnCore
import CairnStats

/// What weather-correlation@4 carries from one replay step to the next: the matched sets
/// (`ClockMatchedSets` carry), the weather change at each of their instants, and each
/// measure's Poisson-binomial distributions (`PoissonBinomialPrefixes`).
///
/// Why it stays exact: weather rows become visible in time order, and a change at an instant
/// reads only the observations nearest it and nearest 24 hours before it, within 90 minutes.
/// Once the last step's as-of was 90 minutes past every instant of a set, every observation
/// those readings could choose was already visible, and a later one lies more than 90 minutes
/// after the instant. A set that stands as the last step left it, with all its instants that
/// far in the past, keeps its changes; the rest are read again.
public final class WeatherCarry {
    private let profile: String
    private let weatherStart: Int
    private var weatherEnd: Int
    private var asOf = Int.min
    private var clockSets: ClockMatchedSets.Carry?
    private var sets: [ClockMatchedSets.MatchedSet] = []
    private var changes: [[WeatherCorrelationV4.SetChanges]] = []
    let prefixes = PoissonBinomialPrefixes()

    init(_ input: ProfileData) {
        profile = input.profile.id
        weatherStart = input.weather.startIndex
        weatherEnd = weatherStart
    }

    /// Whether `input` as of `asOf` is a later cut of the data this carry has seen.
    func continues(_ input: ProfileData, asOf: Int) -> Bool {
        input.profile.id == profile && input.weather.startIndex == weatherStart && input.weather.endIndex >= weatherEnd && asOf >= self.asOf
    }

    /// The matched sets as of `asOf` and each measure's changes at them, in the order of
    /// `module.measures`, reusing the last step's where they still hold.
    func sets(_ module: WeatherCorrelationV4, _ input: ProfileData, series: [WeatherSeries], headaches: [Headache],
              asOf: Int) -> (sets: [ClockMatchedSets.MatchedSet], changes: [[WeatherCorrelationV4.SetChanges]]) {
        let next = ClockMatchedSets(input, episodes: headaches, asOf: asOf, strideDays: module.stratumDays, carry: &clockSets).sets
        let settled = self.asOf == .min ? Int.min : self.asOf - 90 * 60
        var stable = 0
        while stable < min(next.count, sets.count), next[stable] == sets[stable],
              max(next[stable].headache.onset.epochSeconds, next[stable].referents.last ?? .min) <= settled {
            stable += 1
        }
        let measures = module.measures
        let changes = zip(measures, series).enumerated().map { place, pair in
            let kept = place < self.changes.count ? Array(self.changes[place].prefix(stable)) : []
            return kept + next[kept.count...].map { module.changes($0, pair.0, pair.1) }
        }
        sets = next
        self.changes = changes
        self.asOf = asOf
        weatherEnd = input.weather.endIndex
        return (next, changes)
    }
}
