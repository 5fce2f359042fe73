/// A marker Cairn knows: from the bundled library, or a person's custom marker. Custom markers
/// get no plausible-range or tenfold checks and no visit-prep flags (Glance rules).
public struct MarkerDefinition: Hashable, Sendable, Codable {
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
    /// A laboratory result (sparse draws, each judged on its own) or a measurement series from a
    /// device (dense samples, summarised per local day before they are judged).
    public var kind: MarkerKind
    /// Every accepted unit's spelling key, with its conversion (the marker's own unit included).
    private var conversionByKey: [String: UnitConversion]

    public init(id: String, displayName: String, category: String, unit: String,
                referenceLow: Double? = nil, referenceHigh: Double? = nil,
                plausibleMin: Double? = nil, plausibleMax: Double? = nil,
                direction: TrendPreference = .withinRange, aliases: [String] = [], loincCodes: [String] = [],
                conversions: [UnitConversion] = [], isCustom: Bool, variation: BiologicalVariation? = nil,
                kind: MarkerKind = .lab) {
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
        self.kind = kind
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
    /// The conversion for a unit as entered, if it is not the marker's own unit.
    public func conversion(from given: String) -> UnitConversion? {
        guard !given.isEmpty, given != unit else { return nil }
        return conversionByKey[UnitSpelling.key(given)].flatMap { $0.unit == unit && $0.factor == 1 && $0.offset == 0 ? nil : $0 }
    }

    public func isImplausible(_ value: Double) -> Bool {
        if let plausibleMin, value < plausibleMin { return true }
        if let plausibleMax, value > plausibleMax { return true }
        return false
    }
}

/// Which way a marker should move, for judging whether a trend is concerning.
public enum TrendPreference: String, Sendable, Codable, Hashable {
    case higherIsBetter
    case lowerIsBetter
    /// Neither direction is better in itself; staying inside the range is what matters.
    case withinRange
}

/// Converts a value from another unit to a marker's unit: `value * factor + offset`. Where
/// laboratories reporting in that unit use their own rounded range (glucose 3.9 to 5.5 mmol/L,
/// not 70 to 99 mg/dL converted), `refLow` and `refHigh` hold it.
public struct UnitConversion: Hashable, Sendable, Codable {
    public var unit: String
    public var factor: Double
    public var offset: Double
    public var refLow: Double?
    public var refHigh: Double?

    enum CodingKeys: String, CodingKey {
        case unit, factor, offset
        case refLow = "ref_low", refHigh = "ref_high"
    }

    public init(unit: String, factor: Double, offset: Double = 0, refLow: Double? = nil, refHigh: Double? = nil) {
        self.unit = unit
        self.factor = factor
        self.offset = offset
        self.refLow = refLow
        self.refHigh = refHigh
    }

    public func apply(_ value: Double) -> Double { value * factor + offset }

    /// A value in the marker's unit back in this one.
    public func reverse(_ value: Double) -> Double { (value - offset) / factor }

    /// Whether laboratories reporting in this unit use a range of their own.
    public var hasOwnRange: Bool { refLow != nil || refHigh != nil }
}
