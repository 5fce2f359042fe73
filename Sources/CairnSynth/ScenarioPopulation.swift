import CairnCore
import Foundation
import Glibc

/// One synthetic profile of a scenario, in contract types, with the truth planted in it.
public struct SyntheticProfile: Sendable {
    public var profile: Profile
    public var headaches: [Headache] = []
    public var factors: [FactorEntry] = []
    public var sleep: [SleepNight] = []
    public var weather: [WeatherObservation] = []
    public var medications: [Medication] = []
    public var readings: [Reading] = []
    /// Each planted exposure's ratio for this profile (1: no effect): an odds ratio, or a
    /// hazard ratio for the exposures in `hazardExposures`.
    public var oddsRatios: [String: Double] = [:]
    /// The planted exposures whose ratio multiplies the hazard of onset.
    public var hazardExposures: Set<String> = []
    /// The local days each device-measured exposure was present on, as generated (short_sleep:
    /// the night before the day was short; pressure_drop, humidity_rise): the truth an oracle
    /// that knows the model uses. Factors are read from the diary as logged.
    public var exposedDays: [String: Set<CalendarDay>] = [:]
    /// Each marker's true slope, percent of its mean per year.
    public var slopes: [String: Double] = [:]

    /// An empty profile, filled by the generator (or by hand, in tests of what reads it).
    public init(profile: Profile) {
        self.profile = profile
    }
}

/// Makes a scenario's profiles. Profile `i` depends only on the scenario, the seed and `i`
/// (its own SplitMix64 stream), so profiles are generated in any order or in parallel and the
/// population is byte-identical for the same arguments.
///
/// The model, per local day: each factor is present with its prevalence (drifting over the span
/// when asked); the night before is short with `short_night_probability`; a pressure drop of 8
/// hPa and a humidity rise of 20 points come with their probabilities, the change spread over
/// the 24 hours before noon. A headache begins with probability from
/// logit(p) = logit(headache_probability) + sum of log(odds ratio) over the exposures present
/// (a factor present on the day of an onset at or after 07:30, when its entry is made, or the
/// day before for an earlier onset; with `lag_days: 1` the day before that), at a time uniform
/// in `onset_hours` (08:00 to 20:00 unless set), and lasts 2 to 8 hours; `hazard_ratios`
/// multiply the hazard instead: p becomes 1 - (1 - p)^ratio. The onset's uniform draw comes
/// before the headache's, so exposure can depend on the onset's clock time while the random
/// stream of the older scenarios stays the same. An onset while the previous headache still
/// runs is not made. Logging then decides what the diary holds; a logged
/// headache gets an acute medication with `acute_medication_probability`. With
/// `weather_shared`, one series (its own stream) serves everyone and a profile's drop or rise
/// days are the series' UTC days.
public struct ScenarioPopulation: Sendable {
    public let scenario: Scenario
    public let seed: UInt64
    /// The series every profile shares, when the scenario asks for one.
    public let sharedWeather: SharedWeather?

    public init(scenario: Scenario, seed: UInt64) {
        self.scenario = scenario
        self.seed = seed
        let weather = scenario.pressureDropProbability > 0 || scenario.humidityRiseProbability > 0
        sharedWeather = weather && scenario.weatherShared ? SharedWeather(scenario: scenario, seed: seed) : nil
    }

    public static func profileID(_ index: Int) -> String {
        "p" + String(repeating: "0", count: max(0, 6 - String(index + 1).count)) + String(index + 1)
    }

    public func profile(_ index: Int) -> SyntheticProfile {
        var random = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ UInt64(index) &* 0x1_0000_0001 &+ 17)
        let id = ScenarioPopulation.profileID(index)
        let zone = ProfileTimeZone(identifier: scenario.timeZones[index % scenario.timeZones.count]) ?? .utc
        var out = SyntheticProfile(profile: Profile(id: id, timeZone: zone))
        for effect in scenario.effects {
            out.oddsRatios[effect.exposure] = effect.oddsRatios[(index / max(1, scenario.effects.count)) % effect.oddsRatios.count]
            if effect.hazard { out.hazardExposures.insert(effect.exposure) }
        }
        let logging = scenario.logging
        let habitual = Set(scenario.factors.filter { $0.prevalence >= 0.5 }.map(\.name))
        let factorTime = 7 * 60 + 30
        let onsetRange = scenario.onsetHours.from * 60...min(scenario.onsetHours.to * 60, 24 * 60 - 1)
        var dayBefore: Set<String> = []
        var busyUntil = Int.min
        var headacheOffsets: [Int] = []
        var burstUntil = -1
        let baseLogit = Glibc.log(scenario.headacheProbability / (1 - scenario.headacheProbability))
        let weather = sharedWeather == nil && (scenario.pressureDropProbability > 0 || scenario.humidityRiseProbability > 0)
        var pressure = 1013.0, humidity = 60.0
        var previousFactors: Set<String> = []
        var nextID: Int64 = 1
        func time(_ day: CalendarDay, minute: Int) -> EventTime {
            EventTime(text: day.description + "T" + CalendarDay.padded(minute / 60) + ":" + CalendarDay.padded(minute % 60), in: zone)!
        }
        for offset in 0..<scenario.days {
            let day = scenario.start.adding(days: offset)
            let progress = scenario.days > 1 ? Double(offset) / Double(scenario.days - 1) : 0
            let drift = 1 - scenario.logging.drift + 2 * scenario.logging.drift * progress
            var present: Set<String> = []
            for factor in scenario.factors where random.chance(min(1, factor.prevalence * drift)) { present.insert(factor.name) }
            let short = random.chance(scenario.shortNightProbability)
            var drop = random.chance(scenario.pressureDropProbability)
            var rise = random.chance(scenario.humidityRiseProbability)
            if let sharedWeather {
                drop = sharedWeather.drops.contains(day)
                rise = sharedWeather.rises.contains(day)
            }
            if short { out.exposedDays["short_sleep", default: []].insert(day) }
            if drop { out.exposedDays["pressure_drop", default: []].insert(day) }
            if rise { out.exposedDays["humidity_rise", default: []].insert(day) }
            let draw = random.unit()
            let onsetMinute = random.integer(onsetRange)
            var logit = baseLogit, hazardRatio = 1.0
            for effect in scenario.effects {
                let ratio = out.oddsRatios[effect.exposure] ?? 1
                let exposed: Bool
                switch effect.exposure {
                case "short_sleep": exposed = short
                case "pressure_drop": exposed = drop
                case "humidity_rise": exposed = rise
                default:
                    // The entry made most recently before the onset: today's from 07:30.
                    let early = onsetMinute < factorTime
                    let days = effect.lagDays == 0 ? (early ? previousFactors : present) : (early ? dayBefore : previousFactors)
                    exposed = days.contains(effect.exposure)
                }
                guard exposed else { continue }
                if effect.hazard { hazardRatio *= ratio } else { logit += Glibc.log(ratio) }
            }
            var chance = 1 / (1 + Glibc.exp(-logit))
            if hazardRatio != 1 { chance = 1 - Glibc.pow(1 - chance, hazardRatio) }
            var headache = draw < chance
            if headache && zone.epoch(of: day, secondOfDay: onsetMinute * 60) < busyUntil { headache = false }
            let duration = random.integer(120...480)
            let active = random.chance(scenario.logging.activeDays)
            let logsFactors = random.chance(headache ? scenario.logging.headacheDays : scenario.logging.freeDays)
            let stopped = scenario.logging.stopAfterDays > 0 && offset >= scenario.logging.stopAfterDays
            let minutes = short ? random.normal(mean: 320, sd: 25) : random.normal(mean: 450, sd: 35)
            let lowRated = random.chance(short ? 0.6 : 0.1)
            let quality = lowRated ? random.integer(1...2) : random.integer(3...5)
            // The night before this day, logged by a device unless the person stopped.
            if !stopped {
                out.sleep.append(SleepNight(id: nextID, profileID: id, nightOf: day.adding(days: -1),
                                            durationMinutes: minutes.rounded(), quality: quality))
                nextID += 1
            }
            if weather {
                let noonBefore = zone.epoch(of: day.adding(days: -1), secondOfDay: 12 * 3600)
                for (at, humidityLevel, pressureLevel) in SharedWeather.day(
                    pressure: &pressure, humidity: &humidity, drop: drop, rise: rise, noonBefore: noonBefore,
                    everyHours: scenario.weatherEveryHours, random: &random) {
                    out.weather.append(WeatherObservation(id: nextID, profileID: id, observedAtEpoch: at,
                                                          humidityPercent: humidityLevel, pressureHPa: pressureLevel))
                    nextID += 1
                }
            }
            if headache {
                busyUntil = zone.epoch(of: day, secondOfDay: onsetMinute * 60) + duration * 60
                headacheOffsets.append(offset)
            }
            if logging.burstAfterHeadaches > 0 && burstUntil < offset
                && headacheOffsets.filter({ $0 > offset - 7 }).count >= logging.burstAfterHeadaches {
                burstUntil = offset + 7
            }
            if active && !stopped {
                if logsFactors {
                    let late = headache && logging.afterOnset > 0 && random.chance(logging.afterOnset)
                    for factor in present.sorted() {
                        var keep = logging.entries < 1 && offset > burstUntil ? logging.entries : 1
                        if !headache { keep *= logging.freeDayEntries * (habitual.contains(factor) ? logging.habitualFreeDays : 1) }
                        if keep < 1 && !random.chance(keep) { continue }
                        let minute = late ? min(24 * 60 - 1, onsetMinute + random.integer(30...180)) : factorTime
                        out.factors.append(FactorEntry(id: nextID, profileID: id, at: time(day, minute: minute), factor: factor))
                        nextID += 1
                    }
                }
                if headache {
                    let onset = time(day, minute: onsetMinute)
                    let end = onset.epochSeconds + duration * 60
                    let resolved = EventTime(text: ISODateTimeText.format(epochSeconds: end, offsetSeconds: zone.offset(atEpoch: end)),
                                             in: zone)
                    out.headaches.append(Headache(id: "\(id)-h\(offset + 1)", profileID: id, onset: onset, resolved: resolved,
                                                  severity: random.pick([1, 3, 5]), onsetSpeed: .gradual))
                    if scenario.acuteMedicationProbability > 0 && random.chance(scenario.acuteMedicationProbability) {
                        let taken = onset.epochSeconds + 30 * 60
                        let at = EventTime(text: ISODateTimeText.format(epochSeconds: taken, offsetSeconds: zone.offset(atEpoch: taken)),
                                           in: zone)!
                        out.medications.append(Medication(id: nextID, profileID: id, takenAt: at, name: random.pick(["ibuprofen", "paracetamol", "sumatriptan"]),
                                                          isAcute: true, headacheID: "\(id)-h\(offset + 1)"))
                        nextID += 1
                    }
                }
            }
            dayBefore = previousFactors
            previousFactors = present
        }
        for (seriesIndex, series) in scenario.markers.enumerated() {
            guard let marker = MarkerLibrary.builtIn.marker(id: series.marker), let variation = marker.variation else { continue }
            let slope = series.slopesPercentPerYear[(index / max(1, scenario.markers.count) + seriesIndex) % series.slopesPercentPerYear.count]
            out.slopes[series.marker] = slope
            // Log-normal total variation with the library's coefficient of variation.
            let cv = (variation.withinPerson * variation.withinPerson + variation.analytical * variation.analytical).squareRoot() / 100
            let sigma = Glibc.log(1 + cv * cv).squareRoot()
            var offset = random.integer(0...(series.everyDays - 1))
            while offset < scenario.days {
                let years = Double(offset) / 365.25
                let value = series.mean * (1 + slope / 100 * years) * Glibc.exp(random.normal(mean: -sigma * sigma / 2, sd: sigma))
                out.readings.append(Reading(id: nextID, profileID: id, markerID: marker.id, value: (value * 100).rounded() / 100,
                                            unit: marker.unit, date: time(scenario.start.adding(days: offset), minute: 8 * 60)))
                nextID += 1
                offset += series.everyDays
            }
        }
        return out
    }
}
