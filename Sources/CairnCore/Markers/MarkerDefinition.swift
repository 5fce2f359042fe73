/// A marker Cairn knows: from the bundled library, or a person's custom marker. Custom markers
/// get no plausible-range or tenfold checks and no visit-prep flags (Glance rules).
public struct MarkerDefinition: Hashable, Sendable {
    public var id: String
    public var displayName: String
    public var category: String
    /// The unit values are stored and shown in.
    public var unit: String
    public var referenceLow: Double?
    public var referenceHigh: Double?
    public var plausibleMin: Double?
    public var plausibleMax: Double?
    public var direction: TrendPreference
    public var aliases: [String]
    public var loincCodes: [String]
    /// Other units a value may arrive in, with how to convert it to `unit`.
    public var conversions: [UnitConversion] {
        didSet { conversionByKey = MarkerDefinition.index(unit: unit, conversions: conversions) }
    }
    public var isCustom: Bool
    /// Within-person and analytical variation, for the reference change value; nil for custom
    /// markers.
    public var variation: BiologicalVariation?
    /// Every accepted unit's spelling key, with its conversion (the marker's own unit included).
    private var conversionByKey: [String: UnitConversion]

    public init(id: String, displayName: String, category: String, unit: String,
                referenceLow: Double? = nil, referenceHigh: Double? = nil,
                plausibleMin: Double? = nil, plausibleMax: Double? = nil,
                direction: TrendPreference = .withinRange, aliases: [String] = [], loincCodes: [String] = [],
                conversions: [UnitConversion] = [], isCustom: Bool, variation: BiologicalVariation? = nil) {
        self.id = id
        self.displayName = displayName
        self.category = category
        self.unit = unit
        self.referenceLow = referenceLow
        self.referenceHigh = referenceHigh
        self.plausibleMin = plausibleMin
        self.plausibleMax = plausibleMax
        self.direction = direction
        self.aliases = aliases
        self.loincCodes = loincCodes
        self.conversions = conversions
        self.isCustom = isCustom
        self.variation = variation
        self.conversionByKey = MarkerDefinition.index(unit: unit, conversions: conversions)
    }

    private static func index(unit: String, conversions: [UnitConversion]) -> [String: UnitConversion] {
        var index: [String: UnitConversion] = [:]
        for conversion in conversions { index[UnitSpelling.key(conversion.unit)] = conversion }
        index[UnitSpelling.key(unit)] = UnitConversion(unit: unit, factor: 1)
        return index
    }

    /// Every text that names this marker: id, display name, aliases and LOINC codes.
    public var names: [String] { [id, displayName] + aliases + loincCodes }

    /// The value in this marker's unit, or nil when the unit is not one Cairn can convert.
    /// An absent unit means the marker's own unit.
    public func valueInDefaultUnit(_ value: Double, unit given: String?) -> Double? {
        guard let given, !given.isEmpty, given != unit else { return value }
        guard let conversion = conversionByKey[UnitSpelling.key(given)] else { return nil }
        return conversion.factor == 1 && conversion.offset == 0 ? value : conversion.apply(value)
    }

    /// Whether a value lies outside the physiological range used to catch entry mistakes.
    public func isImplausible(_ value: Double) -> Bool {
        if let plausibleMin, value < plausibleMin { return true }
        if let plausibleMax, value > plausibleMax { return true }
        return false
    }
}

/// Which way a marker should move, for judging whether a trend is concerning.
public enum TrendPreference: String, Sendable, Hashable {
    case higherIsBetter
    case lowerIsBetter
    /// Neither direction is better in itself; staying inside the range is what matters.
    case withinRange
}

/// Converts a value from another unit to a marker's unit: `value * factor + offset`.
public struct UnitConversion: Hashable, Sendable, Decodable {
    public var unit: String
    public var factor: Double
    public var offset: Double

    public init(unit: String, factor: Double, offset: Double = 0) {
        self.unit = unit
        self.factor = factor
        self.offset = offset
    }

    public func apply(_ value: Double) -> Double { value * factor + offset }
}
