import Foundation
import Testing
@testable import CairnStats

/// CairnStats against the NIST StRD certified values. The digits required are what GSL's
/// algorithms reach in double precision (NIST's "lower difficulty" sets to 13 or more digits;
/// NumAcc3 and NumAcc4, built to defeat floating-point sums, to 8 for the standard deviation:
/// GSL's two-pass algorithm reaches 8.3 digits on NumAcc4).
@Suite("NIST StRD certified values")
struct NISTReferenceTests {
    let stats = Stats()
    static let univariate = ["Lew", "Lottery", "Mavro", "Michelso", "NumAcc1", "NumAcc2", "NumAcc3", "NumAcc4", "PiDigits"]

    @Test("univariate: mean, standard deviation and lag-1 autocorrelation", arguments: univariate)
    func summary(name: String) throws {
        let certified = try #require(try FixtureFiles.json("nist-strd/certified.json")["univariate"] as? [String: [String: Any]])[name]!
        let values = try FixtureFiles.nistRows(name + ".dat", first: certified["data_first_line"] as! Int).map { $0[0] }
        #expect(values.count == certified["n"] as! Int)
        let summary = try stats.describe(values)
        let hard = name == "NumAcc3" || name == "NumAcc4"
        #expect(digitsAgreeing(summary.mean, certified["mean"] as! Double) >= 14)
        #expect(digitsAgreeing(summary.standardDeviation!, certified["sd"] as! Double) >= (hard ? 8 : 13))
        #expect(digitsAgreeing(try stats.lag1Autocorrelation(values), certified["autocorr_lag1"] as! Double) >= (hard ? 6 : 12))
    }

    @Test("straight-line regression with an intercept (Norris)")
    func norris() throws {
        let certified = try #require(try FixtureFiles.json("nist-strd/certified.json")["linear_regression"] as? [String: [String: Any]])["Norris"]!
        let rows = try FixtureFiles.nistRows("Norris.dat", first: 61, last: 96)
        #expect(rows.count == 36)
        let fit = try stats.linearFit(x: rows.map { $0[1] }, y: rows.map { $0[0] })
        let parameters = certified["parameters"] as! [String: [String: Double]]
        #expect(digitsAgreeing(fit.intercept, parameters["B0"]!["estimate"]!) >= 12)
        #expect(digitsAgreeing(fit.slope, parameters["B1"]!["estimate"]!) >= 13)
        #expect(digitsAgreeing(fit.interceptStandardError, parameters["B0"]!["sd"]!) >= 12)
        #expect(digitsAgreeing(fit.slopeStandardError, parameters["B1"]!["sd"]!) >= 12)
        #expect(digitsAgreeing(fit.residualStandardDeviation, certified["residual_sd"] as! Double) >= 12)
        #expect(digitsAgreeing(fit.rSquared, certified["r_squared"] as! Double) >= 13)
    }

    @Test("straight-line regression through the origin", arguments: [("NoInt1", 71), ("NoInt2", 63)])
    func noIntercept(name: String, lastLine: Int) throws {
        let certified = try #require(try FixtureFiles.json("nist-strd/certified.json")["linear_regression"] as? [String: [String: Any]])[name]!
        let rows = try FixtureFiles.nistRows(name + ".dat", first: 61, last: lastLine)
        let fit = try stats.linearFitThroughOrigin(x: rows.map { $0[1] }, y: rows.map { $0[0] })
        let parameters = certified["parameters"] as! [String: [String: Double]]
        #expect(digitsAgreeing(fit.slope, parameters["B1"]!["estimate"]!) >= 13)
        #expect(digitsAgreeing(fit.standardError, parameters["B1"]!["sd"]!) >= 12)
        #expect(digitsAgreeing(fit.residualStandardDeviation, certified["residual_sd"] as! Double) >= 12)
    }
}
