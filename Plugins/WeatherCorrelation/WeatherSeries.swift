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
        let low = firstIndex(atOrAfter: instant)
        var best: (distance: Int, value: Double)?
        for index in (low - 1)...low where index >= 0 && index < epochs.count {
            let distance = abs(epochs[index] - instant)
            guard distance <= 90 * 60, let found = values[index] else { continue }
            if best == nil || distance < best!.distance { best = (distance, found) }
        }
        return best?.value
    }

    /// The first index whose instant is at or after `instant` (the count when none). Observations
    /// come at a nearly even pace, so the index is guessed from the mean spacing and bracketed
    /// by doubling steps from the guess before a binary search: a few reads near the answer
    /// instead of about 15 spread over the year (the search was most of this module's time).
    func firstIndex(atOrAfter instant: Int) -> Int {
        let count = epochs.count
        guard count > 0, instant > epochs[0] else { return 0 }
        guard instant <= epochs[count - 1] else { return count }
        let span = Double(epochs[count - 1] - epochs[0])
        let guess = min(count - 1, max(0, Int(Double(instant - epochs[0]) / span * Double(count - 1))))
        // Bracket [low, high]: every index below low is before the instant; high is the count or
        // an index at or after it.
        var low: Int, high: Int, step = 1
        if epochs[guess] < instant {
            low = guess + 1
            high = low
            while high < count && epochs[high] < instant {
                low = high + 1
                high += step
                step *= 2
            }
            high = min(high, count)
        } else {
            high = guess
            var probe = guess - 1
            while probe >= 0 && epochs[probe] >= instant {
                high = probe
                probe -= step
                step *= 2
            }
            low = max(probe + 1, 0)
        }
        while low < high {
            let middle = (low + high) / 2
            if epochs[middle] < instant { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
