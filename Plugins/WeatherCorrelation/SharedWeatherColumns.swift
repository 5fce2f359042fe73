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
    /// a view of them, else from `make`. `cutFrom` is the rows `weather` was cut from
    /// (`ProfileData.weatherSource`): when they are shared rows, the columns are made for all of
    /// them once, and every cut of them (a replay's steps) is a window of those columns.
    static func columns(_ weather: ArraySlice<WeatherObservation>, cutFrom source: ArraySlice<WeatherObservation>,
                        measures: [String], make: (ArraySlice<WeatherObservation>) -> [WeatherSeries]) -> [WeatherSeries] {
        guard !weather.isEmpty else { return make(weather) }
        if let found = latest.withLock({ made in made.flatMap { window(of: weather, measures: measures, in: $0) } }) {
            return found
        }
        // Only rows every profile shares are worth keeping; the longest view of them kept so far
        // serves every shorter cut of the same array.
        guard isShared(weather) else { return make(weather) }
        let rows = isShared(source) && lies(weather, inside: source) ? source : weather
        let made = Made(measures: measures, rows: rows, series: make(rows))
        latest.withLock { kept in
            if kept == nil || kept!.measures != measures || kept!.rows.count < rows.count { kept = made }
        }
        return window(of: weather, measures: measures, in: made)!
    }

    private static func isShared(_ rows: ArraySlice<WeatherObservation>) -> Bool {
        rows.first?.profileID == nil && rows.last?.profileID == nil
    }

    private static func lies(_ view: ArraySlice<WeatherObservation>, inside rows: ArraySlice<WeatherObservation>) -> Bool {
        view.withUnsafeBufferPointer { view in
            rows.withUnsafeBufferPointer { rows in
                guard let viewStart = view.baseAddress, let rowsStart = rows.baseAddress else { return false }
                let offset = rowsStart.distance(to: viewStart)
                return offset >= 0 && offset + view.count <= rows.count
            }
        }
    }

    /// The kept columns at the places of `weather`, when it lies inside the kept rows.
    private static func window(of weather: ArraySlice<WeatherObservation>, measures: [String], in made: Made) -> [WeatherSeries]? {
        guard made.measures == measures, lies(weather, inside: made.rows) else { return nil }
        let offset = made.rows.withUnsafeBufferPointer { kept in weather.withUnsafeBufferPointer { kept.baseAddress!.distance(to: $0.baseAddress!) } }
        return made.series.map { $0.window(offset..<(offset + weather.count)) }
    }
}
