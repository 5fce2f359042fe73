import CairnCore

/// One weather measure as two columns in time order: the instants and the values (nil where the
/// observation lacks the measure). The nearest-observation search runs for every headache and
/// referent instant; over whole rows (about 120 bytes each, 24 a day) it missed the cache and
/// copied rows through the value closure, and it was a fifth of a run over every module.
struct WeatherSeries: Sendable {
    let epochs: [Int]
    let values: [Double?]

    /// The value of the observation nearest an instant, within 90 minutes: the same choice as
    /// `WeatherAnalysis.nearest` over rows (the observations either side; the earlier wins a tie).
    func nearest(to instant: Int) -> Double? {
        var low = 0, high = epochs.count
        while low < high {
            let middle = (low + high) / 2
            if epochs[middle] < instant { low = middle + 1 } else { high = middle }
        }
        var best: (distance: Int, value: Double)?
        for index in (low - 1)...low where index >= 0 && index < epochs.count {
            let distance = abs(epochs[index] - instant)
            guard distance <= 90 * 60, let found = values[index] else { continue }
            if best == nil || distance < best!.distance { best = (distance, found) }
        }
        return best?.value
    }
}
