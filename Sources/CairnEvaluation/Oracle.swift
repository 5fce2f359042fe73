import CairnCore
import CairnStats
import CairnSynth

/// The test a person who knew the generating model would run on the same diary: the ceiling a
/// pattern module's detection rate is measured against in `cairn evaluate`.
///
/// It knows what Cairn cannot: when onsets can happen (the scenario's `onset_hours`, one a day,
/// none while a headache runs), how long a planted exposure acts (24 hours from a factor's entry,
/// or 24 to 48 with `lag_days: 1`; a whole day for a short night before it, a pressure drop or a
/// humidity rise, taken from the generator's truth), and so the exact at-risk person-time,
/// exposed and not. Per candidate it runs the exact conditional test of the rate ratio (given n
/// onsets, the number in exposed time is Binomial(n, exposed share of the time) when the
/// exposure does nothing; one-sided, no mid-p), and Holm's method across the candidates the
/// module tests (for trigger-cooccurrence every factor logged and short nights, for
/// sleep-correlation short nights, for weather-correlation the drop and the rise), alpha 0.05.
/// It reads the diary as logged, on the days that have any entry: a logging habit that fools
/// Cairn can fool it too, which is the point of showing both.
public enum Oracle {
    /// What the oracle found for one profile: a candidate found that was not planted, and the
    /// planted one found. Nil for a module the oracle has no model of.
    public struct Verdict: Sendable, Equatable {
        public var falseFinding: Bool
        public var detected: Bool
    }

    static let alpha = 0.05

    /// The candidates a module tests, as (exposure in the generator, subject the module reports).
    static func candidates(_ profile: SyntheticProfile, scenario: Scenario, module: String) -> [(exposure: String, subject: String)]? {
        let weather = scenario.pressureDropProbability > 0 || scenario.humidityRiseProbability > 0
        switch module {
        case "trigger-cooccurrence":
            return Set(profile.factors.map(\.factor)).sorted().map { ($0, $0) } + [("short_sleep", "poor_sleep")]
        case "sleep-correlation":
            return [("short_sleep", "sleep_duration")]
        case "weather-correlation":
            return weather ? [("pressure_drop", "pressure_drop"), ("humidity_rise", "humidity_rise")] : nil
        default:
            return nil
        }
    }

    public static func judge(_ profile: SyntheticProfile, scenario: Scenario, module: String, planted: Set<String>) -> Verdict? {
        guard let candidates = candidates(profile, scenario: scenario, module: module), !candidates.isEmpty else { return nil }
        let zone = profile.profile.timeZone
        let (atRisk, onsets) = personTime(profile, scenario: scenario)
        let total = atRisk.length
        let stats = Stats()
        let pValues = candidates.map { candidate -> Double in
            let exposed = exposure(candidate.exposure, profile: profile, scenario: scenario, zone: zone)
            let exposedTime = atRisk.overlap(exposed)
            let exposedOnsets = onsets.filter { exposed.contains($0) }.count
            return (try? stats.rateRatioGreater(exposedEvents: exposedOnsets, events: onsets.count, exposedTime: Double(exposedTime),
                                                unexposedTime: Double(total - exposedTime))) ?? 1
        }
        let adjusted = stats.holm(pValues)
        let found = Set(candidates.indices.filter { adjusted[$0] <= alpha }.map { candidates[$0].subject })
        return Verdict(falseFinding: !found.subtracting(planted).isEmpty, detected: !found.isDisjoint(with: planted))
    }

    /// The at-risk time (inside the onset hours of each day with any diary entry, up to that
    /// day's onset, never while a headache runs) and the onsets in it.
    static func personTime(_ profile: SyntheticProfile, scenario: Scenario) -> (IntervalSet, [Int]) {
        let zone = profile.profile.timeZone
        let active = Set(profile.factors.map(\.at.day) + profile.headaches.map(\.onset.day))
        let onsetByDay = Dictionary(profile.headaches.map { ($0.onset.day, $0.onset.epochSeconds) }, uniquingKeysWith: min)
        let running = IntervalSet(profile.headaches.compactMap { headache in
            headache.resolved.map { (headache.onset.epochSeconds, $0.epochSeconds) }
        })
        var windows: [(Int, Int)] = []
        var onsets: [Int] = []
        for offset in 0..<scenario.days {
            let day = scenario.start.adding(days: offset)
            guard active.contains(day) else { continue }
            let start = zone.epoch(of: day, secondOfDay: scenario.onsetHours.from * 3600)
            var end = scenario.onsetHours.to == 24 ? zone.startOfDay(day.adding(days: 1)) : zone.epoch(of: day, secondOfDay: scenario.onsetHours.to * 3600)
            if let onset = onsetByDay[day], onset >= start, onset < end, !running.containsBefore(onset) {
                onsets.append(onset)
                end = onset
            }
            windows.append((start, end))
        }
        return (IntervalSet(windows).subtracting(running), onsets)
    }

    /// When an exposure acts, as the model defines it.
    static func exposure(_ exposure: String, profile: SyntheticProfile, scenario: Scenario, zone: ProfileTimeZone) -> IntervalSet {
        if let days = profile.exposedDays[exposure] {
            return IntervalSet(days.map { (zone.startOfDay($0), zone.startOfDay($0.adding(days: 1))) })
        }
        if ["short_sleep", "pressure_drop", "humidity_rise"].contains(exposure) { return IntervalSet([]) }
        let lag = scenario.effects.first { $0.exposure == exposure }?.lagDays ?? 0
        return IntervalSet(profile.factors.filter { $0.factor == exposure }.map {
            ($0.at.epochSeconds + lag * 86_400, $0.at.epochSeconds + (lag + 1) * 86_400)
        })
    }
}
