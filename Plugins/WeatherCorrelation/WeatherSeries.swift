import CairnCore

/// One weather measure as two columns in time order: the instants and the values (nil where the
/// observation lacks the measure). The nearest-observation search runs for every headache and
/// referent instant; over whole rows (about 120 bytes each, 24 a day) it missed the cache and
/// copied rows through the value closure, and it was a fifth of a run over every module.
/// A series can be a window (`lower..<upper`) of longer columns: the weather every profile
/// shares is copied into columns once per run (`SharedWeatherColumns`) and each profile sees
/// the part of it its data holds.
struct WeatherSeries: Sendable {
    private let epochs: [Int]
    private let values: [Double?]
    private let lower: Int, upper: Int

    init(epochs: [Int], values: [Double?]) {
        self.epochs = epochs
        self.values = values
        lower = 0
        upper = epochs.count
    }

    private init(_ whole: WeatherSeries, _ range: Range<Int>) {
        epochs = whole.epochs
        values = whole.values
        lower = whole.lower + range.lowerBound
        upper = whole.lower + range.upperBound
    }

    /// The observations at places `range` (counted from this series' first), sharing the columns.
    func window(_ range: Range<Int>) -> WeatherSeries { WeatherSeries(self, range) }

    var count: Int { upper - lower }

    /// The value of the observation nearest an instant, within 90 minutes: the same choice as
    /// `WeatherAnalysis.nearest` over rows (the observations either side; the earlier wins a tie).
    func nearest(to instant: Int) -> Double? {
        let low = firstIndex(atOrAfter: instant)
        var best: (distance: Int, value: Double)?
        for index in (low - 1)...low where index >= lower && index < upper {
            let distance = abs(epochs[index] - instant)
            guard distance <= 90 * 60, let found = values[index] else { continue }
            if best == nil || distance < best!.distance { best = (distance, found) }
        }
        return best?.value
    }

    /// The first place in the columns (from `lower`) whose instant is at or after `instant`
    /// (`upper` when none). Observations come at a nearly even pace, so the place is guessed
    /// from the mean spacing and bracketed by doubling steps from the guess before a binary
    /// search: a few reads near the answer instead of about 15 spread over the year (the search
    /// was most of this module's time).
    func firstIndex(atOrAfter instant: Int) -> Int {
        guard upper > lower, instant > epochs[lower] else { return lower }
        guard instant <= epochs[upper - 1] else { return upper }
        let span = Double(epochs[upper - 1] - epochs[lower])
        let guess = min(upper - 1, max(lower, lower + Int(Double(instant - epochs[lower]) / span * Double(upper - lower - 1))))
        // Bracket [low, high]: every place below low is before the instant; high is `upper` or
        // a place at or after it.
        var low: Int, high: Int, step = 1
        if epochs[guess] < instant {
            low = guess + 1
            high = low
            while high < upper && epochs[high] < instant {
                low = high + 1
                high += step
                step *= 2
            }
            high = min(high, upper)
        } else {
            high = guess
            var probe = guess - 1
            while probe >= lower && epochs[probe] >= instant {
                high = probe
                probe -= step
                step *= 2
            }
            low = max(probe + 1, lower)
        }
        while low < high {
            let middle = (low + high) / 2
            if epochs[middle] < instant { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
