import CairnCore

/// One weather series for a whole population (the contract's rows with an empty profile_id), as
/// a weather service gives it for a region: drops and rises on UTC days, drawn from a stream of
/// their own so the series does not depend on the number of profiles.
public struct SharedWeather: Sendable {
    public let observations: [WeatherObservation]
    /// The UTC days whose 24 hours before noon hold a pressure drop, a humidity rise.
    public let drops: Set<CalendarDay>
    public let rises: Set<CalendarDay>

    init(scenario: Scenario, seed: UInt64) {
        var random = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 0x5EED_3EA7)
        var pressure = 1013.0, humidity = 60.0
        var observations: [WeatherObservation] = []
        var drops: Set<CalendarDay> = [], rises: Set<CalendarDay> = []
        for offset in 0..<scenario.days {
            let day = scenario.start.adding(days: offset)
            let drop = random.chance(scenario.pressureDropProbability)
            let rise = random.chance(scenario.humidityRiseProbability)
            if drop { drops.insert(day) }
            if rise { rises.insert(day) }
            let noonBefore = ProfileTimeZone.utc.epoch(of: day.adding(days: -1), secondOfDay: 12 * 3600)
            for (at, humidityLevel, pressureLevel) in SharedWeather.day(
                pressure: &pressure, humidity: &humidity, drop: drop, rise: rise, noonBefore: noonBefore,
                everyHours: scenario.weatherEveryHours, random: &random) {
                observations.append(WeatherObservation(id: Int64(observations.count + 1), profileID: nil, observedAtEpoch: at,
                                                       humidityPercent: humidityLevel, pressureHPa: pressureLevel))
            }
        }
        self.observations = observations
        self.drops = drops
        self.rises = rises
    }

    /// One day of observations from the noon before: levels drift back toward 1013 hPa and 60%
    /// unless a drop (8 hPa) or a rise (20 points) lands, spread evenly over the 24 hours.
    static func day(pressure: inout Double, humidity: inout Double, drop: Bool, rise: Bool, noonBefore: Int, everyHours: Int,
                    random: inout SeededGenerator) -> [(at: Int, humidity: Double, pressure: Double)] {
        let targetPressure = drop ? pressure - 8 : pressure + (1013 - pressure) * 0.2 + random.normal(mean: 0, sd: 1)
        let targetHumidity = rise ? min(100, humidity + 20) : humidity + (60 - humidity) * 0.3 + random.normal(mean: 0, sd: 3)
        let steps = 24 / everyHours
        var out: [(Int, Double, Double)] = []
        for step in 0..<steps {
            let fraction = Double(step) / Double(steps)
            out.append((noonBefore + step * everyHours * 3600,
                        ((humidity + (targetHumidity - humidity) * fraction) * 10).rounded() / 10,
                        ((pressure + (targetPressure - pressure) * fraction) * 10).rounded() / 10))
        }
        pressure = targetPressure
        humidity = max(5, min(100, targetHumidity))
        return out
    }
}
