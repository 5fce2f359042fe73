import CGSL

/// The result of a test comparing two samples.
public struct TestResult: Sendable, Equatable {
    public let statistic: Double
    public let pValue: Double
    /// Degrees of freedom, for t tests.
    public let degreesOfFreedom: Double?
}

extension Stats {
    /// Welch's unequal-variance t-test, two-sided.
    public func welchTTest(_ a: [Double], _ b: [Double]) throws(StatsError) -> TestResult {
        let method = "Welch's t-test"
        try Stats.require(min(a.count, b.count), atLeast: 2, method: method)
        let sa = try describe(a), sb = try describe(b)
        let va = sa.standardDeviation! * sa.standardDeviation! / Double(a.count)
        let vb = sb.standardDeviation! * sb.standardDeviation! / Double(b.count)
        guard va + vb > 0 else { throw .undefined(method: method, reason: "both samples are constant") }
        let t = (sa.mean - sb.mean) / (va + vb).squareRoot()
        let df = (va + vb) * (va + vb) / (va * va / Double(a.count - 1) + vb * vb / Double(b.count - 1))
        return TestResult(statistic: t, pValue: twoSidedP(t: t, degreesOfFreedom: df), degreesOfFreedom: df)
    }

    /// Mann-Whitney U, two-sided, by the normal approximation with tie and continuity
    /// corrections (scipy's `method="asymptotic"`). The statistic is U of the first sample.
    public func mannWhitneyU(_ a: [Double], _ b: [Double]) throws(StatsError) -> TestResult {
        let method = "Mann-Whitney U"
        try Stats.require(min(a.count, b.count), atLeast: 1, method: method)
        try Stats.requireFinite(a + b, method: method)
        let n1 = Double(a.count), n2 = Double(b.count), n = n1 + n2
        let (ranks, tieCounts) = Stats.averageRanks(a + b)
        let rankSumA = ranks.prefix(a.count).reduce(0, +)
        let u1 = rankSumA - n1 * (n1 + 1) / 2
        let u = max(u1, n1 * n2 - u1)
        let tieTerm = tieCounts.reduce(0.0) { $0 + Double($1 * $1 * $1 - $1) }
        let variance = n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
        guard variance > 0 else { throw .undefined(method: method, reason: "every observation is tied") }
        let z = (u - n1 * n2 / 2 - 0.5) / variance.squareRoot()
        return TestResult(statistic: u1, pValue: min(1, 2 * gsl_cdf_ugaussian_Q(z)), degreesOfFreedom: nil)
    }

    /// Ranks from 1, ties sharing their average rank; also the size of each group of ties.
    static func averageRanks(_ values: [Double]) -> (ranks: [Double], tieCounts: [Int]) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var ties: [Int] = []
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
            let rank = Double(start + end + 2) / 2
            for k in start...end { ranks[order[k]] = rank }
            ties.append(end - start + 1)
            start = end + 1
        }
        return (ranks, ties)
    }

    /// A two-sided permutation test of the difference in means, with a seeded generator so the
    /// same inputs and seed give the same p-value: (extreme + 1) / (permutations + 1).
    public func permutationTest(_ a: [Double], _ b: [Double], permutations: Int = 9999,
                                seed: UInt = 1) throws(StatsError) -> TestResult {
        let method = "permutation test"
        try Stats.require(min(a.count, b.count), atLeast: 1, method: method)
        try Stats.requireFinite(a + b, method: method)
        var pooled = a + b
        let observed = abs(mean(a) - mean(b))
        guard let generator = gsl_rng_alloc(cairn_gsl_rng_mt19937()) else {
            throw .gsl(method: method, status: Int32(GSL_ENOMEM), reason: "cannot allocate a generator")
        }
        defer { gsl_rng_free(generator) }
        gsl_rng_set(generator, seed)
        var extreme = 0
        let tolerance = 1e-12 * max(1, observed)
        for _ in 0..<permutations {
            // Fisher-Yates shuffle driven by GSL's Mersenne Twister.
            for i in stride(from: pooled.count - 1, to: 0, by: -1) {
                let j = Int(gsl_rng_uniform_int(generator, UInt(i + 1)))
                pooled.swapAt(i, j)
            }
            let difference = abs(mean(pooled[..<a.count]) - mean(pooled[a.count...]))
            if difference >= observed - tolerance { extreme += 1 }
        }
        return TestResult(statistic: mean(a) - mean(b), pValue: Double(extreme + 1) / Double(permutations + 1),
                          degreesOfFreedom: nil)
    }

    private func mean<C: Collection>(_ values: C) -> Double where C.Element == Double {
        values.reduce(0, +) / Double(values.count)
    }
}
