import CGSL

/// A least-squares line y = intercept + slope * x with the slope's standard error, 95% interval
/// and two-sided p-value (t distribution), and R².
public struct LinearFit: Sendable, Equatable {
    public let intercept: Double
    public let slope: Double
    public let interceptStandardError: Double
    public let slopeStandardError: Double
    public let slopeInterval95: ClosedRange<Double>
    public let slopePValue: Double
    public let rSquared: Double
    /// Residual standard deviation.
    public let residualStandardDeviation: Double
    public let count: Int
}

extension Stats {
    public func linearFit(x: [Double], y: [Double]) throws(StatsError) -> LinearFit {
        let method = "linear fit"
        guard x.count == y.count else { throw .undefined(method: method, reason: "\(x.count) x values but \(y.count) y values") }
        try Stats.require(x.count, atLeast: 3, method: method)
        try Stats.requireFinite(x + y, method: method)
        guard Set(x).count > 1 else { throw .undefined(method: method, reason: "every x is the same") }
        var c0 = 0.0, c1 = 0.0, cov00 = 0.0, cov01 = 0.0, cov11 = 0.0, sumsq = 0.0
        let status = x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                gsl_fit_linear(xs.baseAddress, 1, ys.baseAddress, 1, xs.count, &c0, &c1, &cov00, &cov01, &cov11, &sumsq)
            }
        }
        guard status == GSL_SUCCESS else {
            throw .gsl(method: method, status: status, reason: String(cString: gsl_strerror(status)))
        }
        let n = x.count
        let df = Double(n - 2)
        let meanY = y.withUnsafeBufferPointer { gsl_stats_mean($0.baseAddress, 1, n) }
        let totalSquares = y.reduce(0) { $0 + ($1 - meanY) * ($1 - meanY) }
        let slopeSE = cov11.squareRoot()
        let margin = tCritical95(degreesOfFreedom: df) * slopeSE
        let p = slopeSE == 0 ? 0 : twoSidedP(t: c1 / slopeSE, degreesOfFreedom: df)
        return LinearFit(intercept: c0, slope: c1, interceptStandardError: cov00.squareRoot(), slopeStandardError: slopeSE,
                         slopeInterval95: (c1 - margin)...(c1 + margin), slopePValue: p,
                         rSquared: totalSquares == 0 ? 1 : 1 - sumsq / totalSquares,
                         residualStandardDeviation: (sumsq / df).squareRoot(), count: n)
    }

    /// A line through the origin, y = slope * x: (slope, its standard error, residual sd).
    public func linearFitThroughOrigin(x: [Double], y: [Double]) throws(StatsError)
        -> (slope: Double, standardError: Double, residualStandardDeviation: Double) {
        let method = "linear fit through the origin"
        guard x.count == y.count else { throw .undefined(method: method, reason: "\(x.count) x values but \(y.count) y values") }
        try Stats.require(x.count, atLeast: 2, method: method)
        try Stats.requireFinite(x + y, method: method)
        var c1 = 0.0, cov11 = 0.0, sumsq = 0.0
        let status = x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in gsl_fit_mul(xs.baseAddress, 1, ys.baseAddress, 1, xs.count, &c1, &cov11, &sumsq) }
        }
        guard status == GSL_SUCCESS else {
            throw .gsl(method: method, status: status, reason: String(cString: gsl_strerror(status)))
        }
        return (c1, cov11.squareRoot(), (sumsq / Double(x.count - 1)).squareRoot())
    }
}
