import CairnCore
import Synchronization

/// The columns of the weather rows every profile shares, made once per run instead of once per
/// profile (two years of hourly rows, copied again for each of thousands of profiles, were half
/// of weather-correlation's time). A profile with no weather of its own sees a view of that one
/// array, cut at its as-of instant; such a view is recognized as part of the array last made
/// into columns by its address. That is sound because the cache holds the array: no other live
/// array can lie at those addresses, and no one can write to it in place while it is shared.
/// Other weather (a profile's own rows mixed in) gets columns of its own, as before. Thread-safe:
/// a lock around a pointer comparison; the columns are immutable.
enum SharedWeatherColumns {
    private struct Made: Sendable {
        let measures: [String]
        let rows: ArraySlice<WeatherObservation>
        let series: [WeatherSeries]
    }

    private static let latest = Mutex<Made?>(nil)

    /// The columns of `weather` for the measures named, from the shared columns when `weather` is
    /// a view of them, else from `make`.
    static func columns(_ weather: ArraySlice<WeatherObservation>, measures: [String],
                        make: (ArraySlice<WeatherObservation>) -> [WeatherSeries]) -> [WeatherSeries] {
        guard !weather.isEmpty else { return make(weather) }
        if let found = latest.withLock({ made in made.flatMap { window(of: weather, measures: measures, in: $0) } }) {
            return found
        }
        let series = make(weather)
        // Only rows every profile shares are worth keeping; the longest view of them kept so far
        // serves every shorter cut of the same array.
        if weather.first?.profileID == nil && weather.last?.profileID == nil {
            latest.withLock { made in
                if made == nil || made!.measures != measures || made!.rows.count < weather.count {
                    made = Made(measures: measures, rows: weather, series: series)
                }
            }
        }
        return series
    }

    /// The kept columns at the places of `weather`, when it lies inside the kept rows.
    private static func window(of weather: ArraySlice<WeatherObservation>, measures: [String], in made: Made) -> [WeatherSeries]? {
        guard made.measures == measures else { return nil }
        return weather.withUnsafeBufferPointer { view -> [WeatherSeries]? in
            made.rows.withUnsafeBufferPointer { kept -> [WeatherSeries]? in
                guard let viewStart = view.baseAddress, let keptStart = kept.baseAddress else { return nil }
                let offset = keptStart.distance(to: viewStart)
                guard offset >= 0, offset + view.count <= kept.count else { return nil }
                return made.series.map { $0.window(offset..<(offset + view.count)) }
            }
        }
    }
}
