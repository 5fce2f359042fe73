import Foundation
import Testing
@testable import CairnStats

/// CairnStats against values computed once with scipy (Fixtures/make_scipy_fixtures.py).
@Suite("scipy reference values")
struct ScipyReferenceTests {
    let stats = Stats()
    let reference: [String: Any]

    init() throws {
        reference = try FixtureFiles.json("scipy.json")
    }

    func object(_ key: String) -> [String: Any] { reference[key] as! [String: Any] }
    func numbers(_ value: Any?) -> [Double] { (value as! [NSNumber]).map(\.doubleValue) }
    func close(_ a: Double, _ b: Double, digits: Double = 10) -> Bool { digitsAgreeing(a, b) >= digits }

    @Test("Pearson and Spearman (with ties) correlations and p-values")
    func correlations() throws {
        let p = object("pearson")
        let pearson = try stats.pearson(numbers(p["x"]), numbers(p["y"]))
        #expect(close(pearson.coefficient, p["r"] as! Double, digits: 13))
        #expect(close(pearson.pValue, p["p"] as! Double, digits: 9))
        let s = object("spearman_ties")
        let spearman = try stats.spearman(numbers(s["x"]), numbers(s["y"]))
        #expect(close(spearman.coefficient, s["rho"] as! Double, digits: 13))
        #expect(close(spearman.pValue, s["p"] as! Double, digits: 9))
    }

    @Test("least-squares line: slope, its standard error and 95% interval, p, R²")
    func linearRegression() throws {
        let r = object("linregress")
        let fit = try stats.linearFit(x: numbers(r["x"]), y: numbers(r["y"]))
        #expect(close(fit.slope, r["slope"] as! Double, digits: 13))
        #expect(close(fit.intercept, r["intercept"] as! Double, digits: 12))
        #expect(close(fit.slopeStandardError, r["slope_se"] as! Double, digits: 12))
        #expect(close(fit.interceptStandardError, r["intercept_se"] as! Double, digits: 12))
        #expect(close(fit.rSquared, r["r_squared"] as! Double, digits: 13))
        #expect(close(fit.slopePValue, r["p"] as! Double, digits: 9))
        let interval = numbers(r["slope_ci"])
        #expect(close(fit.slopeInterval95.lowerBound, interval[0], digits: 11))
        #expect(close(fit.slopeInterval95.upperBound, interval[1], digits: 11))
    }

    @Test("Welch's t-test and Mann-Whitney U")
    func twoSample() throws {
        let w = object("welch")
        let welch = try stats.welchTTest(numbers(w["a"]), numbers(w["b"]))
        #expect(close(welch.statistic, w["t"] as! Double, digits: 12))
        #expect(close(welch.degreesOfFreedom!, w["df"] as! Double, digits: 12))
        #expect(close(welch.pValue, w["p"] as! Double, digits: 9))
        for key in ["mann_whitney", "mann_whitney_ties"] {
            let m = object(key)
            let result = try stats.mannWhitneyU(numbers(m["a"]), numbers(m["b"]))
            #expect(result.statistic == m["u"] as! Double, "\(key)")
            #expect(close(result.pValue, m["p"] as! Double, digits: 10), "\(key)")
        }
    }

    @Test("Fisher's exact test on five tables, including a zero cell and a symmetric table")
    func fisher() throws {
        for case let entry as [String: Any] in reference["fisher"] as! [Any] {
            let table = (entry["table"] as! [[Int]])
            let p = try stats.fisherExact(a: table[0][0], b: table[0][1], c: table[1][0], d: table[1][1])
            #expect(close(p, entry["p"] as! Double, digits: 10), "\(table)")
        }
    }

    @Test("binomial test and Wilson interval, at 0 and n successes too")
    func binomial() throws {
        for case let entry as [String: Any] in reference["binomial"] as! [Any] {
            let k = entry["k"] as! Int, n = entry["n"] as! Int
            let p = try stats.binomialTest(successes: k, trials: n, p: entry["p0"] as! Double)
            #expect(close(p, entry["p"] as! Double, digits: 10), "\(k)/\(n)")
            let wilson = try stats.wilsonInterval(successes: k, trials: n)
            let expected = numbers(entry["wilson"])
            #expect(abs(wilson.interval95.lowerBound - expected[0]) < 1e-12, "\(k)/\(n)")
            #expect(abs(wilson.interval95.upperBound - expected[1]) < 1e-12, "\(k)/\(n)")
        }
    }

    @Test("sample odds ratio with its interval")
    func oddsRatio() throws {
        for case let entry as [String: Any] in reference["odds_ratio"] as! [Any] {
            let t = entry["table"] as! [[Int]]
            let estimate = try stats.oddsRatio(a: t[0][0], b: t[0][1], c: t[1][0], d: t[1][1])
            #expect(close(estimate.value, entry["odds_ratio"] as! Double, digits: 13))
            let ci = numbers(entry["ci"])
            #expect(close(estimate.interval95.lowerBound, ci[0], digits: 10))
            #expect(close(estimate.interval95.upperBound, ci[1], digits: 10))
        }
    }

    @Test("median and quantiles by linear interpolation")
    func quantiles() throws {
        let q = object("quantiles")
        let summary = try stats.describe(numbers(q["data"]))
        for (level, value) in q["q"] as! [String: Double] {
            #expect(close(summary.quantile(Double(level)!), value, digits: 13), "q\(level)")
        }
        #expect(summary.median == 4.4)
    }
}

@Suite("Statistics edge cases")
struct StatsEdgeCaseTests {
    let stats = Stats()

    @Test("too few observations and constant inputs are typed errors, not NaN")
    func errors() {
        #expect(throws: StatsError.insufficientData(method: "summary statistics", need: 1, have: 0)) { try stats.describe([]) }
        #expect(throws: StatsError.insufficientData(method: "Pearson correlation", need: 3, have: 2)) { try stats.pearson([1, 2], [1, 2]) }
        #expect(throws: StatsError.self) { try stats.pearson([1, 1, 1], [1, 2, 3]) }
        #expect(throws: StatsError.self) { try stats.linearFit(x: [2, 2, 2], y: [1, 2, 3]) }
        #expect(throws: StatsError.self) { try stats.describe([1, .nan]) }
        #expect(throws: StatsError.self) { try stats.welchTTest([1, 1], [2, 2]) }
        #expect(throws: StatsError.self) { try stats.binomialTest(successes: 5, trials: 4, p: 0.5) }
    }

    @Test("chi-square goodness of fit against the closed-form tail for 6 and 2 degrees of freedom")
    func chiSquare() throws {
        // 42 onsets over a week, 6 expected a day: statistic (36 + 4 + 4 + 4) / 6 = 8; for 6
        // degrees of freedom the upper tail is e^(-x/2) (1 + x/2 + (x/2)^2 / 2) = 13 e^(-4).
        let week = try stats.chiSquareGoodnessOfFit(observed: [12, 6, 6, 6, 4, 4, 4], expected: Array(repeating: 6, count: 7))
        #expect(abs(week.statistic - 8) < 1e-12 && week.df == 6)
        #expect(abs(week.p - 0.23810330555354436) < 1e-12)
        // Two degrees of freedom, where the tail is e^(-x/2): observed 3, 1, 2 against 2 each
        // gives (1 + 1 + 0) / 2 = 1, so p = e^(-0.5).
        let three = try stats.chiSquareGoodnessOfFit(observed: [3, 1, 2], expected: [2, 2, 2])
        #expect(abs(three.p - 0.6065306597126334) < 1e-12)
        #expect(throws: StatsError.self) { try stats.chiSquareGoodnessOfFit(observed: [1, 2], expected: [3, 0]) }
        #expect(throws: StatsError.self) { try stats.chiSquareGoodnessOfFit(observed: [1], expected: [1]) }
    }

    @Test("one observation has no standard deviation")
    func single() throws {
        let one = try stats.describe([4])
        #expect(one.mean == 4 && one.median == 4 && one.standardDeviation == nil)
    }

    @Test("the permutation test is reproducible from its seed and agrees with theory")
    func permutation() throws {
        let a = [5.1, 4.9, 6.2, 5.8, 6.0, 5.5, 5.3, 6.4]
        let b = [4.1, 4.5, 3.9, 5.0, 4.4, 4.8, 4.2, 3.7, 4.6, 4.0]
        let first = try stats.permutationTest(a, b, permutations: 2000, seed: 7)
        #expect(first == (try stats.permutationTest(a, b, permutations: 2000, seed: 7)))
        #expect(first.pValue < 0.002)
        let same = try stats.permutationTest([1, 2, 3], [1, 2, 3], permutations: 500, seed: 1)
        #expect(same.pValue == 1)
    }

    @Test("odds ratio with a zero cell uses the half correction and stays finite")
    func zeroCell() throws {
        let estimate = try stats.oddsRatio(a: 0, b: 5, c: 6, d: 1)
        #expect(estimate.value.isFinite && estimate.interval95.lowerBound > 0)
        #expect(abs(estimate.value - (0.5 * 1.5) / (5.5 * 6.5)) < 1e-12)
    }

    @Test("difference of proportions with its interval")
    func proportions() throws {
        let difference = try stats.proportionDifference(successesA: 6, trialsA: 8, successesB: 4, trialsB: 20)
        #expect(abs(difference.value - 0.55) < 1e-12)
        #expect(difference.interval95.contains(0.55) && !difference.interval95.contains(0))
    }
}
