/// How a marker's values arrive, and so how they are judged (markers.json `kind`).
public enum MarkerKind: Hashable, Sendable, Codable {
    /// Laboratory results and clinic measurements: a few readings, each judged as it is.
    case lab
    /// Samples from a wearable or a home device, minutes apart: each local day's samples are
    /// summarised to one value first, so that a trend is over days, not over minutes.
    case series(DailySummary)

    /// How one local day of a series becomes one value.
    public enum DailySummary: String, Sendable, Codable, CaseIterable {
        /// The mean of the day's samples (blood pressure, weight, oxygen saturation, glucose).
        case mean
        /// The day's total (steps).
        case sum
        /// A resting value: the 10th percentile of the day's samples (heart rate), which exercise
        /// does not raise and a few artefact lows do not move.
        case resting

        public func summarize(_ values: [Double]) -> Double {
            precondition(!values.isEmpty, "a day of a series holds at least one sample")
            switch self {
            case .mean: return values.reduce(0, +) / Double(values.count)
            case .sum: return values.reduce(0, +)
            case .resting:
                // The nearest-rank 10th percentile.
                let sorted = values.sorted()
                let rank = max(1, Int((0.1 * Double(sorted.count)).rounded(.up)))
                return sorted[rank - 1]
            }
        }
    }

    public var isSeries: Bool {
        if case .series = self { return true }
        return false
    }
}
