import Glibc

/// How much a marker varies within one person from day to day and from the measurement itself,
/// as coefficients of variation in percent (Sources/CairnCore/Resources/markers.json says where
/// the figures come from).
public struct BiologicalVariation: Hashable, Sendable, Codable {
    public var withinPerson: Double
    public var analytical: Double

    public init(withinPerson: Double, analytical: Double) {
        self.withinPerson = withinPerson
        self.analytical = analytical
    }

    /// The standard deviation, in percent, of the difference between two results of one
    /// person with no true change: sqrt(2) * sqrt(CVa^2 + CVi^2). The two-sided 95% reference
    /// change value is 1.96 times it.
    public var differenceSD: Double {
        (2 * (withinPerson * withinPerson + analytical * analytical)).squareRoot()
    }

    /// The reference change value at 95%, two-sided, in percent.
    public var referenceChangeValue: Double { 1.96 * differenceSD }

    /// The standard deviation of the difference of two log results with no true change, with
    /// the total variation taken as log-normal (Fokkema et al., Clin Chem 2006): the test for
    /// large coefficients of variation, where a percent difference is far from symmetric.
    public var logDifferenceSD: Double {
        let cv = (withinPerson * withinPerson + analytical * analytical).squareRoot() / 100
        return (2 * Glibc.log(1 + cv * cv)).squareRoot()
    }
}
