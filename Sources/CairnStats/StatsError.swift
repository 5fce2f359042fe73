/// Why a statistic could not be computed. Modules turn these into progress or leave the
/// statistic out of evidence; they never reach a person as a crash.
public enum StatsError: Error, Equatable, CustomStringConvertible {
    /// Fewer observations than the method needs.
    case insufficientData(method: String, need: Int, have: Int)
    /// The inputs make the statistic undefined (no variance, mismatched lengths, a NaN).
    case undefined(method: String, reason: String)
    /// GSL reported a failure status.
    case gsl(method: String, status: Int32, reason: String)

    public var description: String {
        switch self {
        case .insufficientData(let method, let need, let have):
            return "\(method) needs at least \(need) observations, has \(have)"
        case .undefined(let method, let reason):
            return "\(method) is undefined: \(reason)"
        case .gsl(let method, let status, let reason):
            return "\(method): GSL error \(status): \(reason)"
        }
    }
}
