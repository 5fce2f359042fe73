import CGSL

/// The statistics analysis modules may use: a small Swift API over GSL (libgsl). Modules never
/// call GSL directly. GSL's abort-on-error handler is switched off once, before the first use,
/// so every failure comes back as a status or NaN that this API turns into a `StatsError`.
public struct Stats: Sendable {
    public init() {
        Stats.disableAbortingHandler
    }

    private static let disableAbortingHandler: Void = {
        gsl_set_error_handler_off()
    }()

    /// The two-sided 95% critical value of Student's t with the given degrees of freedom.
    public func tCritical95(degreesOfFreedom: Double) -> Double {
        gsl_cdf_tdist_Pinv(0.975, degreesOfFreedom)
    }

    /// Two-sided p-value of a t statistic.
    public func twoSidedP(t: Double, degreesOfFreedom: Double) -> Double {
        min(1, 2 * gsl_cdf_tdist_Q(abs(t), degreesOfFreedom))
    }

    /// Two-sided p-value of a standard normal statistic.
    public func twoSidedP(z: Double) -> Double {
        min(1, 2 * gsl_cdf_ugaussian_Q(abs(z)))
    }

    /// The standard normal quantile for a two-sided interval at this confidence (1.96 for 0.95).
    public func zCritical(confidence: Double) -> Double {
        gsl_cdf_ugaussian_Pinv(1 - (1 - confidence) / 2)
    }

    static func requireFinite(_ values: [Double], method: String) throws(StatsError) {
        if values.contains(where: { !$0.isFinite }) {
            throw .undefined(method: method, reason: "an observation is NaN or infinite")
        }
    }

    static func require(_ count: Int, atLeast need: Int, method: String) throws(StatsError) {
        if count < need { throw .insufficientData(method: method, need: need, have: count) }
    }
}
