import CGSL

extension Stats {
    /// The chance that the range (largest minus smallest) of `n` independent standard normal
    /// values is at least `w`: 1 - n * ∫ φ(x) (Φ(x + w) - Φ(x))^(n-1) dx, by Simpson's rule on
    /// [-9, 9]. The distribution of the studentized range with infinite degrees of freedom
    /// (R's `ptukey(w, n, Inf, lower.tail = FALSE)`). A rule that needs n readings to move one
    /// way by at least w is met by noise with probability this over n!.
    public func normalRangeUpperTail(n: Int, w: Double) -> Double {
        guard n >= 2 else { return 0 }
        guard w > 0 else { return 1 }
        let steps = 4_000, low = -9.0, high = 9.0
        let h = (high - low) / Double(steps)
        var sum = 0.0
        for step in 0...steps {
            let x = low + Double(step) * h
            let inner = gsl_cdf_ugaussian_P(x + w) - gsl_cdf_ugaussian_P(x)
            var term = gsl_ran_ugaussian_pdf(x)
            for _ in 0..<(n - 1) { term *= inner }
            let weight: Double = (step == 0 || step == steps) ? 1 : (step % 2 == 1 ? 4 : 2)
            sum += weight * term
        }
        let below = Double(n) * sum * h / 3
        return min(1, max(0, 1 - below))
    }
}
