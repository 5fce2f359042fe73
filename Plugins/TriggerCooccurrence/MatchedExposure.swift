import CairnModuleKit
import CairnCore
import CairnStats

/// One factor's exposure across matched sets (a headache and its referent instants) and its
/// exact conditional test: in a set of one case and k referents, e of them exposed, the case is
/// exposed with probability e / (k + 1) when the factor does nothing, independently across sets,
/// so the number of exposed cases is Poisson-binomial (exact conditional logistic regression
/// with one binary factor). One-sided mid-p: more exposed cases than that, the direction the
/// copy states. Tested against a logging lift (`p(lift:stats:)`), the null is that the factor
/// is no more common before headaches than the diary's habits make every factor.
struct MatchedExposure {
    struct Set {
        let headache: Headache
        let referents: [Int]
    }

    let subject: String
    /// The factor (or poor sleep) and how many windows back from the onset it is measured (0:
    /// the window just before it).
    let factor: String
    let lag: Int
    /// Sets compared, exposed cases, what no effect expects, exposed referents and referents.
    let sets: Int
    let observed: Int
    let expected: Double
    /// The variance of the number of exposed cases when the factor does nothing: sum p (1 - p).
    let variance: Double
    let referentsWith: Int
    let referents: Int
    /// The Mantel-Haenszel odds ratio over the sets, nil when undefined, and its two sums
    /// (pooled across factors for the logging lift).
    let oddsRatio: Double?
    let mantelHaenszel: (numerator: Double, denominator: Double)
    /// The one-sided mid-p with no logging lift (every case as likely exposed as its referents).
    let p: Double
    /// The sets compared (shared by every test of a profile, not copied) and which of them had
    /// an exposed case: the provenance is written out only for a test shown.
    private let matched: [Set]
    private let exposedCases: [Int]
    /// Each set's size (k + 1) and exposed count (case and referents): all a lifted test needs.
    let sizes: [Int]
    let exposedInSet: [Int]

    /// Lancaster's mid-p (true) or the exact tail.
    let midP: Bool

    /// The instants of the sets in the order `exposed` follows: each set's headache onset, then
    /// its referents.
    static func instants(of sets: [Set]) -> [Int] {
        var instants: [Int] = []
        instants.reserveCapacity(sets.reduce(0) { $0 + 1 + $1.referents.count })
        for set in sets {
            instants.append(set.headache.onset.epochSeconds)
            instants += set.referents
        }
        return instants
    }

    /// `exposed` holds, for each instant of `instants(of: sets)` in that order, whether the
    /// factor was there: O(sets + referents).
    /// `prefixes`, in a replay, keeps each test's distributions from the last step (the same p).
    init(subject: String, lag: Int = 0, sets: [Set], exposed: [Bool], stats: Stats, midP: Bool = true,
         prefixes: PoissonBinomialPrefixes? = nil) {
        self.midP = midP
        self.factor = subject
        self.lag = lag
        self.subject = lag == 0 ? subject : subject + " lag \(lag)"
        var probabilities: [Double] = []
        probabilities.reserveCapacity(sets.count)
        var observed = 0, referentsWith = 0, referents = 0
        var numerator = 0.0, denominator = 0.0
        var exposedCases: [Int] = []
        var sizes: [Int] = [], exposedInSet: [Int] = []
        sizes.reserveCapacity(sets.count)
        exposedInSet.reserveCapacity(sets.count)
        var place = 0
        // By index: a set taken out of the array is a copy (two retains and releases), and a
        // replay makes every test of every factor at every step.
        for setIndex in sets.indices {
            let caseExposed = exposed[place]
            let k = sets[setIndex].referents.count
            var m = 0
            for slot in (place + 1)..<(place + 1 + k) where exposed[slot] { m += 1 }
            place += 1 + k
            let size = Double(k + 1)
            probabilities.append(Double(m + (caseExposed ? 1 : 0)) / size)
            sizes.append(k + 1)
            exposedInSet.append(m + (caseExposed ? 1 : 0))
            referentsWith += m
            referents += k
            if caseExposed {
                observed += 1
                numerator += Double(k - m) / size
                exposedCases.append(setIndex)
            } else {
                denominator += Double(m) / size
            }
        }
        self.sets = sets.count
        self.observed = observed
        self.expected = probabilities.reduce(0, +)
        self.variance = probabilities.reduce(0) { $0 + $1 * (1 - $1) }
        self.referentsWith = referentsWith
        self.referents = referents
        self.oddsRatio = denominator > 0 ? numerator / denominator : nil
        self.mantelHaenszel = (numerator, denominator)
        self.sizes = sizes
        self.exposedInSet = exposedInSet
        let key = self.subject
        self.p = (try? prefixes.map { try $0.greater(stats, key: key, observed: observed, probabilities: probabilities, midP: midP) }
            ?? stats.poissonBinomialGreater(observed: observed, probabilities: probabilities, midP: midP)) ?? 1
        self.matched = sets
        self.exposedCases = exposedCases
    }

    /// The exposed cases' headaches, as provenance row ids.
    var provenance: [String] { exposedCases.map { "headaches:\(matched[$0].headache.id)" } }

    /// The mid-p when the diary's logging alone makes a case's exposure `lift` times as likely
    /// in odds as a referent's: in a set of size n with e exposed, the case is exposed with
    /// probability lift e / (lift e + n - e). A lift of 1 is the plain test.
    func p(lift: Double, stats: Stats, prefixes: PoissonBinomialPrefixes? = nil) -> Double {
        guard lift != 1 else { return p }
        let probabilities = zip(sizes, exposedInSet).map { size, exposed -> Double in
            exposed == 0 ? 0 : lift * Double(exposed) / (lift * Double(exposed) + Double(size - exposed))
        }
        return (try? prefixes.map { try $0.greater(stats, key: subject + " lifted", observed: observed, probabilities: probabilities, midP: midP) }
            ?? stats.poissonBinomialGreater(observed: observed, probabilities: probabilities, midP: midP)) ?? 1
    }

    /// The logging lift measured on other factors: their pooled Mantel-Haenszel odds ratio,
    /// with half a set added to each sum so that it exists (1 when they say nothing), never
    /// below 1 (a diary fuller on free days is not used to make findings easier).
    /// The others are the controls and the diary's tests of every other factor, summed in that
    /// order without making their list: a replay asks it for every test at every step.
    static func lift(controls: [MatchedExposure], diary: [MatchedExposure], excluding factor: String) -> Double {
        var numerator = 0.0, denominator = 0.0
        for test in controls {
            numerator += test.mantelHaenszel.numerator
            denominator += test.mantelHaenszel.denominator
        }
        for test in diary where test.factor != factor {
            numerator += test.mantelHaenszel.numerator
            denominator += test.mantelHaenszel.denominator
        }
        return max(1, (numerator + 0.5) / (denominator + 0.5))
    }

    /// The share of compared headaches the factor came before (the seed's frequency).
    var share: Double { sets == 0 ? 0 : Double(observed) / Double(sets) }
    var referentShare: Double { referents == 0 ? 0 : Double(referentsWith) / Double(referents) }
    /// Exposed cases above what no effect expects, in standard deviations (0 with no variance).
    var z: Double { variance > 0 ? (Double(observed) - expected) / variance.squareRoot() : 0 }

    func evidence(q: Double, lift: Double, liftedP: Double) -> [String: Evidence] {
        var evidence: [String: Evidence] = [
            "logging_lift": .number(lift), "p_mid_no_lift": .number(p),
            "episodes_with": .integer(observed), "episodes": .integer(sets), "share": .number(share),
            "expected_with": .number(expected), "referents_with": .integer(referentsWith), "referents": .integer(referents),
            "referent_share": .number(referentShare), "p_mid": .number(liftedP), "q_bh": .number(q),
        ]
        if let oddsRatio { evidence["mantel_haenszel"] = .number(oddsRatio) }
        return evidence
    }
}
