import CGSL
import Glibc

/// An estimate with a 95% interval.
public struct Estimate: Sendable, Equatable {
    public let value: Double
    public let interval95: ClosedRange<Double>
}

extension Stats {
    /// Fisher's exact test of a 2x2 table [[a, b], [c, d]], two-sided: the probability of every
    /// table with the same margins no more likely than this one (R's and scipy's definition,
    /// with R's relative tolerance of 1e-7 for ties in probability).
    public func fisherExact(a: Int, b: Int, c: Int, d: Int) throws(StatsError) -> Double {
        let method = "Fisher's exact test"
        guard min(a, b, c, d) >= 0 else { throw .undefined(method: method, reason: "a count is negative") }
        let row1 = UInt32(a + b), row2 = UInt32(c + d), column1 = UInt32(a + c)
        let low = max(0, a + c - (c + d)), high = min(a + b, a + c)
        let observed = gsl_ran_hypergeometric_pdf(UInt32(a), row1, row2, column1)
        var p = 0.0
        for k in low...high {
            let probability = gsl_ran_hypergeometric_pdf(UInt32(k), row1, row2, column1)
            if probability <= observed * (1 + 1e-7) { p += probability }
        }
        return min(1, p)
    }

    /// Exact two-sided binomial test of `successes` in `trials` against probability `p`
    /// (scipy's binomtest: the sum of outcomes no more likely than the observed one).
    public func binomialTest(successes: Int, trials: Int, p: Double) throws(StatsError) -> Double {
        let method = "binomial test"
        guard trials > 0, (0...trials).contains(successes), (0...1).contains(p) else {
            throw .undefined(method: method, reason: "needs 0 <= successes <= trials, trials > 0 and 0 <= p <= 1")
        }
        let observed = gsl_ran_binomial_pdf(UInt32(successes), p, UInt32(trials))
        var total = 0.0
        for k in 0...trials {
            let probability = gsl_ran_binomial_pdf(UInt32(k), p, UInt32(trials))
            if probability <= observed * (1 + 1e-7) { total += probability }
        }
        return min(1, total)
    }

    /// Pearson's chi-square goodness-of-fit test of counts against expected counts (the same
    /// total): the statistic, its degrees of freedom (cells − 1) and the upper-tail p-value
    /// (scipy.stats.chisquare). Valid when every expected count is about 5 or more.
    public func chiSquareGoodnessOfFit(observed: [Int], expected: [Double]) throws(StatsError) -> (statistic: Double, df: Int, p: Double) {
        let method = "chi-square goodness of fit"
        guard observed.count == expected.count, observed.count >= 2 else {
            throw .undefined(method: method, reason: "needs two or more cells, as many expected as observed")
        }
        guard expected.allSatisfy({ $0 > 0 }), observed.allSatisfy({ $0 >= 0 }) else {
            throw .undefined(method: method, reason: "needs positive expected counts and no negative count")
        }
        var statistic = 0.0
        for (count, wanted) in zip(observed, expected) {
            let difference = Double(count) - wanted
            statistic += difference * difference / wanted
        }
        let df = observed.count - 1
        return (statistic, df, gsl_cdf_chisq_Q(statistic, Double(df)))
    }

    /// Wilson's score interval for a proportion, 95%.
    public func wilsonInterval(successes: Int, trials: Int) throws(StatsError) -> Estimate {
        guard trials > 0, (0...trials).contains(successes) else {
            throw .undefined(method: "Wilson interval", reason: "needs 0 <= successes <= trials and trials > 0")
        }
        let n = Double(trials), proportion = Double(successes) / n
        let z = zCritical(confidence: 0.95)
        let denominator = 1 + z * z / n
        let centre = (proportion + z * z / (2 * n)) / denominator
        let half = z / denominator * (proportion * (1 - proportion) / n + z * z / (4 * n * n)).squareRoot()
        return Estimate(value: proportion, interval95: max(0, centre - half)...min(1, centre + half))
    }

    /// The sample odds ratio of [[a, b], [c, d]], (a d) / (b c), with Woolf's 95% interval on
    /// the log scale. A zero cell adds 0.5 to every cell (Haldane-Anscombe) so both exist.
    public func oddsRatio(a: Int, b: Int, c: Int, d: Int) throws(StatsError) -> Estimate {
        guard min(a, b, c, d) >= 0 else { throw .undefined(method: "odds ratio", reason: "a count is negative") }
        let shift = min(a, b, c, d) == 0 ? 0.5 : 0
        let (aa, bb, cc, dd) = (Double(a) + shift, Double(b) + shift, Double(c) + shift, Double(d) + shift)
        let ratio = aa * dd / (bb * cc)
        let se = (1 / aa + 1 / bb + 1 / cc + 1 / dd).squareRoot()
        let z = zCritical(confidence: 0.95)
        let logRatio = Glibc.log(ratio)
        return Estimate(value: ratio, interval95: Glibc.exp(logRatio - z * se)...Glibc.exp(logRatio + z * se))
    }

    /// The difference of two proportions with its 95% Wald interval.
    public func proportionDifference(successesA: Int, trialsA: Int, successesB: Int, trialsB: Int) throws(StatsError) -> Estimate {
        guard trialsA > 0, trialsB > 0 else {
            throw .insufficientData(method: "difference of proportions", need: 1, have: min(trialsA, trialsB))
        }
        let pa = Double(successesA) / Double(trialsA), pb = Double(successesB) / Double(trialsB)
        let se = (pa * (1 - pa) / Double(trialsA) + pb * (1 - pb) / Double(trialsB)).squareRoot()
        let z = zCritical(confidence: 0.95)
        return Estimate(value: pa - pb, interval95: (pa - pb - z * se)...(pa - pb + z * se))
    }
}
