import CGSL

extension Stats {
    /// Exact one-sided binomial test: P(X >= successes) for X ~ Binomial(trials, p) (scipy's
    /// `binom.sf(k - 1, n, p)`, `binomtest(..., alternative="greater")`). With `midP`, half the
    /// probability of the observed count is left out: P(X > k) + P(X = k) / 2, Lancaster's
    /// mid-p, whose size is close to nominal where the exact test's falls far below it with
    /// small counts.
    public func binomialGreater(successes: Int, trials: Int, p: Double, midP: Bool = false) throws(StatsError) -> Double {
        guard trials >= 0, (0...max(0, trials)).contains(successes), (0...1).contains(p) else {
            throw .undefined(method: "binomial test", reason: "needs 0 <= successes <= trials and 0 <= p <= 1")
        }
        guard trials > 0 else { return 1 }
        let above = successes >= trials ? 0 : gsl_cdf_binomial_Q(UInt32(successes), p, UInt32(trials))
        let at = gsl_ran_binomial_pdf(UInt32(successes), p, UInt32(trials))
        return min(1, max(0, above + (midP ? 0.5 : 1) * at))
    }

    /// The exact conditional test that events come more often in exposed time than in
    /// unexposed time (a rate ratio above 1): given `events` in all, the number in exposed time
    /// is Binomial(events, exposed / (exposed + unexposed)) when the rates are equal. The test a
    /// Poisson model of onsets over person-time reduces to; 1 when either time is zero.
    public func rateRatioGreater(exposedEvents: Int, events: Int, exposedTime: Double, unexposedTime: Double,
                                 midP: Bool = false) throws(StatsError) -> Double {
        guard exposedTime >= 0, unexposedTime >= 0, exposedTime.isFinite, unexposedTime.isFinite else {
            throw .undefined(method: "rate-ratio test", reason: "times must be finite and not negative")
        }
        guard exposedTime > 0, unexposedTime > 0, events > 0 else { return 1 }
        return try binomialGreater(successes: exposedEvents, trials: events, p: exposedTime / (exposedTime + unexposedTime), midP: midP)
    }

    /// The upper tail of a sum of independent Bernoulli variables with the given probabilities
    /// (the Poisson-binomial distribution), computed exactly by convolution, O(n^2):
    /// P(S >= observed), or with `midP` P(S > observed) + P(S = observed) / 2.
    ///
    /// This is the exact conditional test of a binary exposure in matched sets (exact
    /// conditional logistic regression with one covariate): in a set of one case and k
    /// referents of which e are exposed in all, the case is exposed with probability e / (k + 1)
    /// under no effect, independently across sets, and the sum of case exposures is sufficient.
    public func poissonBinomialGreater(observed: Int, probabilities: [Double], midP: Bool = false) throws(StatsError) -> Double {
        guard probabilities.allSatisfy({ (0...1).contains($0) }) else {
            throw .undefined(method: "Poisson-binomial test", reason: "every probability must be from 0 to 1")
        }
        guard observed > 0 else { return midP && observed == 0 ? 1 - 0.5 * distribution(probabilities)[0] : 1 }
        let mass = distribution(probabilities)
        guard observed < mass.count else { return 0 }
        let above = mass[(observed + 1)...].reduce(0, +)
        return min(1, max(0, above + (midP ? 0.5 : 1) * mass[observed]))
    }

    /// P(S = s) for s = 0...n.
    private func distribution(_ probabilities: [Double]) -> [Double] {
        var mass = [1.0]
        for p in probabilities { mass = Stats.convolve(mass, p) }
        return mass
    }

    /// One more Bernoulli variable added to a distribution of the sum: the step of
    /// `distribution`, shared with `PoissonBinomialPrefix` so both give the same bits.
    static func convolve(_ mass: [Double], _ p: Double) -> [Double] {
        // Written through buffers (a replay convolves at every step of every test); the same
        // additions in the same order as `next[s] += m * (1 - p); next[s + 1] += m * p`.
        [Double](unsafeUninitializedCapacity: mass.count + 1) { next, count in
            mass.withUnsafeBufferPointer { mass in
                next[0] = 0
                for s in 0..<mass.count {
                    next[s + 1] = 0 + mass[s] * p
                    next[s] += mass[s] * (1 - p)
                }
            }
            count = mass.count + 1
        }
    }

    /// `poissonBinomialGreater` that keeps the distribution after each probability in `prefix`
    /// and starts from the longest run of leading probabilities equal to the last call's: a
    /// replay asks again with the same past matched sets and a few new ones, so the O(n^2)
    /// convolution costs O(n) a step. The same value, to the bit, as without the prefix.
    public func poissonBinomialGreater(observed: Int, probabilities: [Double], midP: Bool = false,
                                       prefix: inout PoissonBinomialPrefix) throws(StatsError) -> Double {
        guard probabilities.allSatisfy({ (0...1).contains($0) }) else {
            throw .undefined(method: "Poisson-binomial test", reason: "every probability must be from 0 to 1")
        }
        let mass = prefix.distribution(probabilities)
        guard observed > 0 else { return midP && observed == 0 ? 1 - 0.5 * mass[0] : 1 }
        guard observed < mass.count else { return 0 }
        let above = mass[(observed + 1)...].reduce(0, +)
        return min(1, max(0, above + (midP ? 0.5 : 1) * mass[observed]))
    }

    /// Benjamini-Hochberg adjusted p-values (R's `p.adjust(p, "BH")`, scipy's
    /// `false_discovery_control`): rejecting where the adjusted value is at most q keeps the
    /// expected share of false discoveries among those rejected at most q for independent or
    /// positively dependent tests, and, when every hypothesis is true, the chance of any
    /// rejection at most q. Order is kept.
    public func benjaminiHochberg(_ pValues: [Double]) -> [Double] {
        let m = pValues.count
        let order = pValues.indices.sorted { (pValues[$0], $0) > (pValues[$1], $1) }
        var adjusted = [Double](repeating: 1, count: m)
        var running = 1.0
        for (position, index) in order.enumerated() {
            let rank = m - position
            running = min(running, Double(m) / Double(rank) * pValues[index])
            adjusted[index] = min(1, running)
        }
        return adjusted
    }
}

extension Stats {
    /// P(Z >= z) for a standard normal Z: a one-sided p-value.
    public func upperNormalTail(_ z: Double) -> Double {
        gsl_cdf_ugaussian_Q(z)
    }
}

/// The distributions of a Poisson-binomial sum after the last few of the probabilities last
/// asked (`Stats.poissonBinomialGreater(observed:probabilities:midP:prefix:)`). Only the last
/// `kept` are held: a replay step changes the newest matched sets, and holding every one would
/// cost O(n^2) memory for a long diary.
public struct PoissonBinomialPrefix: Sendable {
    /// How many of the last distributions are held.
    static let kept = 48
    private var probabilities: [Double] = []
    /// `masses[i]`: the distribution of the sum of the first `first + i` probabilities.
    private var masses: [[Double]] = [[1.0]]
    private var first = 0

    public init() {}

    mutating func distribution(_ next: [Double]) -> [Double] {
        var same = 0
        let limit = min(next.count, probabilities.count)
        // Compared by their bits: a prefix is reused only when it is the same to the bit.
        while same < limit && next[same].bitPattern == probabilities[same].bitPattern { same += 1 }
        if same < first {
            // Further back than what is held: from the start.
            masses = [[1.0]]
            first = 0
            same = 0
        }
        masses.removeSubrange((same - first + 1)...)
        for p in next[same...] { masses.append(Stats.convolve(masses[masses.count - 1], p)) }
        probabilities = next
        if masses.count > PoissonBinomialPrefix.kept {
            let drop = masses.count - PoissonBinomialPrefix.kept
            masses.removeFirst(drop)
            first += drop
        }
        return masses[masses.count - 1]
    }
}

/// The prefixes of several Poisson-binomial tests by name, kept from one replay step to the
/// next by a module that carries state (each test of a factor, each measure).
public final class PoissonBinomialPrefixes {
    private var prefixes: [String: PoissonBinomialPrefix] = [:]

    public init() {}

    /// `Stats.poissonBinomialGreater` for the test named `key`, from its last distributions.
    public func greater(_ stats: Stats, key: String, observed: Int, probabilities: [Double], midP: Bool) throws(StatsError) -> Double {
        try stats.poissonBinomialGreater(observed: observed, probabilities: probabilities, midP: midP,
                                         prefix: &prefixes[key, default: PoissonBinomialPrefix()])
    }
}
