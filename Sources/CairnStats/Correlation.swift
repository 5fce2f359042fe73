import CGSL

/// A correlation coefficient with its two-sided p-value (t distribution, n - 2 degrees of
/// freedom, as scipy's pearsonr and spearmanr compute it).
public struct Correlation: Sendable, Equatable {
    public let coefficient: Double
    public let pValue: Double
    public let count: Int
}

extension Stats {
    public func pearson(_ x: [Double], _ y: [Double]) throws(StatsError) -> Correlation {
        try checkPairs(x, y, method: "Pearson correlation")
        let r = x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in gsl_stats_correlation(xs.baseAddress, 1, ys.baseAddress, 1, xs.count) }
        }
        return try correlation(r, count: x.count, method: "Pearson correlation")
    }

    /// Spearman's rank correlation, ties given their average rank.
    public func spearman(_ x: [Double], _ y: [Double]) throws(StatsError) -> Correlation {
        try checkPairs(x, y, method: "Spearman correlation")
        var work = [Double](repeating: 0, count: 2 * x.count)
        let rho = x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                work.withUnsafeMutableBufferPointer { w in
                    gsl_stats_spearman(xs.baseAddress, 1, ys.baseAddress, 1, xs.count, w.baseAddress)
                }
            }
        }
        return try correlation(rho, count: x.count, method: "Spearman correlation")
    }

    private func checkPairs(_ x: [Double], _ y: [Double], method: String) throws(StatsError) {
        guard x.count == y.count else {
            throw .undefined(method: method, reason: "\(x.count) x values but \(y.count) y values")
        }
        try Stats.require(x.count, atLeast: 3, method: method)
        try Stats.requireFinite(x + y, method: method)
        if Set(x).count == 1 || Set(y).count == 1 {
            throw .undefined(method: method, reason: "one variable is constant")
        }
    }

    private func correlation(_ r: Double, count: Int, method: String) throws(StatsError) -> Correlation {
        guard r.isFinite else { throw .undefined(method: method, reason: "GSL returned \(r)") }
        let clamped = max(-1, min(1, r))
        let df = Double(count - 2)
        let p: Double
        if abs(clamped) == 1 {
            p = 0
        } else {
            p = twoSidedP(t: clamped * (df / (1 - clamped * clamped)).squareRoot(), degreesOfFreedom: df)
        }
        return Correlation(coefficient: clamped, pValue: p, count: count)
    }
}
