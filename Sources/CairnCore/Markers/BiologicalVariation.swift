/// How much a marker varies within one person from day to day and from the measurement itself,
/// as coefficients of variation in percent (Sources/CairnCore/Resources/markers.json says where
/// the figures come from).
public struct BiologicalVariation: Hashable, Sendable {
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
}
