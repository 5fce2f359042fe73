import CGSL

/// Summary statistics of one sample.
public struct Descriptive: Sendable, Equatable {
    public let count: Int
    public let mean: Double
    /// Sample standard deviation (denominator n - 1); nil for one observation.
    public let standardDeviation: Double?
    public let median: Double
    public let minimum: Double
    public let maximum: Double
    /// Sorted copy of the sample, for quantiles.
    private let sorted: [Double]

    init(count: Int, mean: Double, standardDeviation: Double?, median: Double, minimum: Double, maximum: Double,
         sorted: [Double]) {
        self.count = count
        self.mean = mean
        self.standardDeviation = standardDeviation
        self.median = median
        self.minimum = minimum
        self.maximum = maximum
        self.sorted = sorted
    }

    /// The quantile at `p` in [0, 1], by linear interpolation between order statistics
    /// (R's type 7, numpy's default).
    public func quantile(_ p: Double) -> Double {
        sorted.withUnsafeBufferPointer { gsl_stats_quantile_from_sorted_data($0.baseAddress, 1, sorted.count, p) }
    }
}

extension Stats {
    public func describe(_ values: [Double]) throws(StatsError) -> Descriptive {
        try Stats.require(values.count, atLeast: 1, method: "summary statistics")
        try Stats.requireFinite(values, method: "summary statistics")
        var sorted = values
        sorted.withUnsafeMutableBufferPointer { gsl_sort($0.baseAddress, 1, $0.count) }
        let n = values.count
        let mean = values.withUnsafeBufferPointer { gsl_stats_mean($0.baseAddress, 1, n) }
        let sd = n > 1 ? values.withUnsafeBufferPointer { gsl_stats_sd_m($0.baseAddress, 1, n, mean) } : nil
        let median = sorted.withUnsafeBufferPointer { gsl_stats_median_from_sorted_data($0.baseAddress, 1, n) }
        return Descriptive(count: n, mean: mean, standardDeviation: sd, median: median,
                           minimum: sorted[0], maximum: sorted[n - 1], sorted: sorted)
    }

    /// Lag-1 autocorrelation of a series (as NIST StRD certifies it).
    public func lag1Autocorrelation(_ values: [Double]) throws(StatsError) -> Double {
        try Stats.require(values.count, atLeast: 2, method: "lag-1 autocorrelation")
        try Stats.requireFinite(values, method: "lag-1 autocorrelation")
        return values.withUnsafeBufferPointer { gsl_stats_lag1_autocorrelation($0.baseAddress, 1, $0.count) }
    }
}
