import CGSL

extension Stats {
    /// Fisher's exact test of [[a, b], [c, d]], one-sided: the probability of `a` or more in the
    /// first cell given the margins (scipy's `fisher_exact(..., alternative="greater")`, R's
    /// `fisher.test(..., alternative = "greater")`). The direction a finding's copy states.
    /// With `midP`, half the probability of the observed table is left out (Lancaster's mid-p:
    /// P(A > a) + P(A = a) / 2), whose size is close to nominal where the exact test's falls
    /// far below it with small counts.
    public func fisherExactGreater(a: Int, b: Int, c: Int, d: Int, midP: Bool = false) throws(StatsError) -> Double {
        guard min(a, b, c, d) >= 0 else { throw .undefined(method: "Fisher's exact test", reason: "a count is negative") }
        let n1 = UInt32(a + b), n2 = UInt32(c + d), t = UInt32(a + c)
        guard midP else {
            guard a > 0 else { return 1 }
            return min(1, max(0, gsl_cdf_hypergeometric_Q(UInt32(a - 1), n1, n2, t)))
        }
        // P(A > a): none when a is already the largest count the margins allow.
        let above = a >= min(a + b, a + c) ? 0 : gsl_cdf_hypergeometric_Q(UInt32(a), n1, n2, t)
        return min(1, max(0, above + 0.5 * gsl_ran_hypergeometric_pdf(UInt32(a), n1, n2, t)))
    }

    /// Holm's step-down adjustment of p-values for a family of tests (R's
    /// `p.adjust(p, "holm")`): each adjusted value is the largest of (m - rank + 1) p over the
    /// smaller ones, capped at 1, so rejecting where the adjusted value is at most alpha keeps
    /// the chance of any false rejection at most alpha. Order is kept.
    public func holm(_ pValues: [Double]) -> [Double] {
        let m = pValues.count
        let order = pValues.indices.sorted { (pValues[$0], $0) < (pValues[$1], $1) }
        var adjusted = [Double](repeating: 1, count: m)
        var running = 0.0
        for (rank, index) in order.enumerated() {
            running = max(running, min(1, Double(m - rank) * pValues[index]))
            adjusted[index] = running
        }
        return adjusted
    }
}
