import Testing
@testable import CairnStats

/// One-sided Fisher against scipy (`scipy.stats.fisher_exact(table, alternative="greater")`,
/// values printed by scipy 1.x and written here), Holm against a hand computation.
@Suite("One-sided Fisher and Holm")
struct MultipleTestingTests {
    let stats = Stats()

    @Test("one-sided Fisher matches scipy's alternative='greater'", arguments: [
        ((7, 2, 3, 17), 0.0021352959883694515),
        ((5, 0, 0, 5), 0.003968253968253969),
        ((1, 9, 2, 8), 0.8947368421052632),
        ((10, 0, 3, 10), 0.0002499855777551295),
        ((12, 0, 0, 17), 1.9269331981397e-08),
    ])
    func fisherGreater(table: (Int, Int, Int, Int), expected: Double) throws {
        let p = try stats.fisherExactGreater(a: table.0, b: table.1, c: table.2, d: table.3)
        #expect(abs(p - expected) <= 1e-12 * max(1, expected) || abs(p - expected) / expected < 1e-9, "\(p) vs \(expected)")
    }

    /// scipy: `hypergeom.sf(a, M, a + b, a + c) + 0.5 * hypergeom.pmf(a, M, a + b, a + c)`, M the
    /// table's total (scipy 1.17.1). The last table is the largest first cell its margins allow:
    /// half its probability, 1/252 / 2.
    @Test("one-sided Fisher mid-p matches scipy's hypergeometric tail plus half the observed table", arguments: [
        ((10, 5, 0, 15), 4.997501249375313e-05),
        ((3, 12, 3, 12), 0.49999999999999994),
        ((0, 5, 5, 0), 0.998015873015873),
        ((2, 3, 1, 4), 0.2916666666666667),
        ((5, 0, 0, 5), 0.0019841269841269845),
    ])
    func fisherGreaterMidP(table: (Int, Int, Int, Int), expected: Double) throws {
        let p = try stats.fisherExactGreater(a: table.0, b: table.1, c: table.2, d: table.3, midP: true)
        #expect(abs(p - expected) / expected < 1e-9, "\(p) vs \(expected)")
        // The mid-p is the exact tail less half the observed table's probability: never above it.
        #expect(p <= (try stats.fisherExactGreater(a: table.0, b: table.1, c: table.2, d: table.3)))
    }

    @Test("a first cell of 0 gives p = 1; a negative count is refused")
    func edges() throws {
        #expect(try stats.fisherExactGreater(a: 0, b: 5, c: 3, d: 17) == 1)
        #expect(throws: StatsError.self) { try stats.fisherExactGreater(a: -1, b: 5, c: 3, d: 17) }
    }

    @Test("Holm: the smallest p times m, then step-down with monotonicity, capped at 1, order kept")
    func holm() {
        // By hand: sorted 0.005 (x4 = 0.02), 0.01 (x3 = 0.03), 0.03 (x2 = 0.06), 0.04 (x1 = 0.04 -> 0.06).
        let adjusted = stats.holm([0.01, 0.04, 0.03, 0.005])
        let expected = [0.03, 0.06, 0.06, 0.02]
        for (a, b) in zip(adjusted, expected) { #expect(abs(a - b) < 1e-15) }
        #expect(stats.holm([0.6, 0.9]) == [1, 1])
        #expect(stats.holm([]) == [])
        #expect(stats.holm([0.049]) == [0.049])
    }
}

/// The range of n normal values against the studentized range with infinite degrees of freedom
/// (tables of q(0.95; n, ∞): 3.314 for 3, 3.858 for 5, 4.474 for 10) and the exact n = 2 case.
@Suite("Range of normal values")
struct NormalRangeTests {
    let stats = Stats()

    @Test("upper 5% points from the studentized range tables", arguments: [(3, 3.314), (5, 3.858), (10, 4.474)])
    func tablePoints(n: Int, q: Double) {
        #expect(abs(stats.normalRangeUpperTail(n: n, w: q) - 0.05) < 2e-4)
    }

    @Test("n = 2 is the two-sided tail of a difference: 2 (1 - Φ(w / √2))")
    func two() {
        // w = 2.771808 = 1.959964 * √2: exactly 0.05.
        #expect(abs(stats.normalRangeUpperTail(n: 2, w: 1.959964 * 2.0.squareRoot()) - 0.05) < 1e-6)
        #expect(stats.normalRangeUpperTail(n: 3, w: 0) == 1)
    }
}
