import Foundation
import Testing
@testable import CairnStats

/// The rate-ratio, Poisson-binomial, Benjamini-Hochberg and normal-tail functions against
/// scipy (Fixtures/make_rate_fixtures.py; the Poisson-binomial by full enumeration there).
@Suite("rate tests against scipy")
struct RateTestsReferenceTests {
    let stats = Stats()
    let reference: [String: Any]

    init() throws {
        reference = try FixtureFiles.json("scipy-rates.json")
    }

    func cases(_ key: String) -> [[String: Any]] { reference[key] as! [[String: Any]] }
    func number(_ value: Any?) -> Double { (value as! NSNumber).doubleValue }
    func integer(_ value: Any?) -> Int { (value as! NSNumber).intValue }
    func numbers(_ value: Any?) -> [Double] { (value as! [NSNumber]).map(\.doubleValue) }
    func close(_ a: Double, _ b: Double, digits: Double = 10) -> Bool { digitsAgreeing(a, b) >= digits }

    @Test("one-sided binomial tail, exact and mid-p, as scipy's binom.sf and binomtest(greater)")
    func binomialGreater() throws {
        for item in cases("binomial_greater") {
            let k = integer(item["k"]), n = integer(item["n"]), p0 = number(item["p0"])
            let exact = try stats.binomialGreater(successes: k, trials: n, p: p0)
            #expect(close(exact, number(item["exact"])), "k=\(k) n=\(n)")
            #expect(close(exact, number(item["binomtest_greater"])), "k=\(k) n=\(n)")
            #expect(close(try stats.binomialGreater(successes: k, trials: n, p: p0, midP: true), number(item["mid"])), "k=\(k) n=\(n)")
        }
        #expect(throws: StatsError.self) { try stats.binomialGreater(successes: 4, trials: 3, p: 0.5) }
    }

    @Test("conditional rate-ratio test over person-time")
    func rateRatio() throws {
        for item in cases("rate_ratio_greater") {
            let x = integer(item["x"]), n = integer(item["n"]), te = number(item["te"]), tu = number(item["tu"])
            #expect(close(try stats.rateRatioGreater(exposedEvents: x, events: n, exposedTime: te, unexposedTime: tu), number(item["exact"])))
            #expect(close(try stats.rateRatioGreater(exposedEvents: x, events: n, exposedTime: te, unexposedTime: tu, midP: true),
                          number(item["mid"])))
        }
        // No exposed time, or no unexposed time, or no events: nothing to test.
        #expect(try stats.rateRatioGreater(exposedEvents: 0, events: 5, exposedTime: 0, unexposedTime: 10) == 1)
        #expect(try stats.rateRatioGreater(exposedEvents: 5, events: 5, exposedTime: 10, unexposedTime: 0) == 1)
        #expect(try stats.rateRatioGreater(exposedEvents: 0, events: 0, exposedTime: 10, unexposedTime: 10) == 1)
    }

    @Test("Poisson-binomial upper tail, exact and mid-p, against full enumeration")
    func poissonBinomial() throws {
        for item in cases("poisson_binomial_greater") {
            let observed = integer(item["observed"]), probabilities = numbers(item["probabilities"])
            #expect(close(try stats.poissonBinomialGreater(observed: observed, probabilities: probabilities), number(item["exact"]),
                          digits: 12), "observed=\(observed)")
            #expect(close(try stats.poissonBinomialGreater(observed: observed, probabilities: probabilities, midP: true),
                          number(item["mid"]), digits: 12), "observed=\(observed)")
        }
        // Hand: two fair coins, 2 heads: exact 1/4, mid-p 1/8; 3 heads cannot happen.
        #expect(try stats.poissonBinomialGreater(observed: 2, probabilities: [0.5, 0.5]) == 0.25)
        #expect(try stats.poissonBinomialGreater(observed: 2, probabilities: [0.5, 0.5], midP: true) == 0.125)
        #expect(try stats.poissonBinomialGreater(observed: 3, probabilities: [0.5, 0.5]) == 0)
    }

    @Test("the Poisson-binomial tail from a kept prefix is the same, to the bit, as computed whole")
    func poissonBinomialPrefix() throws {
        var prefix = PoissonBinomialPrefix()
        var probabilities: [Double] = []
        var state: UInt64 = 42
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        // Growing, changed in the middle, shortened, changed at the start: as replay steps ask.
        for round in 0..<60 {
            switch round % 4 {
            case 0, 1: probabilities += (0..<3).map { _ in uniform() }
            case 2: if !probabilities.isEmpty { probabilities[probabilities.count / 2] = uniform() }
            default: probabilities = Array(probabilities.dropLast(2)); if !probabilities.isEmpty { probabilities[0] = uniform() }
            }
            for observed in [0, probabilities.count / 3, probabilities.count / 2, probabilities.count + 1] {
                for midP in [false, true] {
                    let whole = try stats.poissonBinomialGreater(observed: observed, probabilities: probabilities, midP: midP)
                    let kept = try stats.poissonBinomialGreater(observed: observed, probabilities: probabilities, midP: midP, prefix: &prefix)
                    #expect(whole.bitPattern == kept.bitPattern, "round \(round) observed \(observed)")
                }
            }
        }
        #expect(throws: StatsError.self) { try stats.poissonBinomialGreater(observed: 1, probabilities: [1.5], prefix: &prefix) }
    }

    @Test("Benjamini-Hochberg as scipy's false_discovery_control")
    func benjaminiHochberg() {
        for item in cases("benjamini_hochberg") {
            let adjusted = stats.benjaminiHochberg(numbers(item["p"]))
            for (value, expected) in zip(adjusted, numbers(item["adjusted"])) { #expect(close(value, expected, digits: 13)) }
        }
        // Hand, at and either side of the first step's bound 0.05 / 3 with three tests.
        #expect(stats.benjaminiHochberg([0.05 / 3, 0.9, 0.9])[0] <= 0.05)
        #expect(stats.benjaminiHochberg([0.0167, 0.9, 0.9])[0] > 0.05)
        #expect(stats.benjaminiHochberg([0.0166, 0.9, 0.9])[0] < 0.05)
    }

    @Test("upper normal tail")
    func normalTail() {
        for item in cases("normal_upper_tail") {
            #expect(close(stats.upperNormalTail(number(item["z"])), number(item["p"]), digits: 12))
        }
    }
}
