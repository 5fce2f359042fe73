import CairnModuleKit
import CairnCore
import CairnStats

/// One factor's exposure across matched sets (a headache and its referent instants) and its
/// exact conditional test: in a set of one case and k referents, e of them exposed, the case is
/// exposed with probability e / (k + 1) when the factor does nothing, independently across sets,
/// so the number of exposed cases is Poisson-binomial (exact conditional logistic regression
/// with one binary factor). One-sided mid-p: more exposed cases than that, the direction the
/// copy states.
struct MatchedExposure {
    struct Set {
        let headache: Headache
        let referents: [Int]
    }

    let subject: String
    /// Sets compared, exposed cases, what no effect expects, exposed referents and referents.
    let sets: Int
    let observed: Int
    let expected: Double
    let referentsWith: Int
    let referents: Int
    /// The Mantel-Haenszel odds ratio over the sets, nil when undefined.
    let oddsRatio: Double?
    let p: Double
    let provenance: [String]

    init(subject: String, sets: [Set], stats: Stats, exposed: (Int) -> Bool) {
        self.subject = subject
        var probabilities: [Double] = []
        var observed = 0, referentsWith = 0, referents = 0
        var numerator = 0.0, denominator = 0.0
        var provenance: [String] = []
        for set in sets {
            let caseExposed = exposed(set.headache.onset.epochSeconds)
            let m = set.referents.filter(exposed).count
            let k = set.referents.count
            let size = Double(k + 1)
            probabilities.append(Double(m + (caseExposed ? 1 : 0)) / size)
            referentsWith += m
            referents += k
            if caseExposed {
                observed += 1
                numerator += Double(k - m) / size
                provenance.append("headaches:\(set.headache.id)")
            } else {
                denominator += Double(m) / size
            }
        }
        self.sets = sets.count
        self.observed = observed
        self.expected = probabilities.reduce(0, +)
        self.referentsWith = referentsWith
        self.referents = referents
        self.oddsRatio = denominator > 0 ? numerator / denominator : nil
        self.p = (try? stats.poissonBinomialGreater(observed: observed, probabilities: probabilities, midP: true)) ?? 1
        self.provenance = provenance
    }

    /// The share of compared headaches the factor came before (the seed's frequency).
    var share: Double { sets == 0 ? 0 : Double(observed) / Double(sets) }
    var referentShare: Double { referents == 0 ? 0 : Double(referentsWith) / Double(referents) }

    func evidence(q: Double) -> [String: Evidence] {
        var evidence: [String: Evidence] = [
            "episodes_with": .integer(observed), "episodes": .integer(sets), "share": .number(share),
            "expected_with": .number(expected), "referents_with": .integer(referentsWith), "referents": .integer(referents),
            "referent_share": .number(referentShare), "p_mid": .number(p), "q_bh": .number(q),
        ]
        if let oddsRatio { evidence["odds_ratio_mh"] = .number(oddsRatio) }
        return evidence
    }
}
