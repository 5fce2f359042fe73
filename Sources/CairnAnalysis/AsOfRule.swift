import CairnCore

/// Which instant a profile is evaluated at. People's records end on different days, so the
/// default is each profile's own latest event day: evaluated at the dataset's latest day, a
/// diary that stopped in March would be judged in November on data eight months old. Never the
/// clock, so the same dataset gives the same output.
public enum AsOfRule: Sendable, Equatable, CustomStringConvertible {
    /// The end of each profile's own latest event day (visits aside: they may be planned), in
    /// its zone; a profile with no dated event falls back to the dataset's latest day.
    case profileLatest
    /// The end of the dataset's latest event day, in each profile's zone.
    case datasetLatest
    /// The end of this calendar day in each profile's zone.
    case day(CalendarDay)
    /// This instant, for every profile.
    case instant(Int)

    /// The words people type: `latest`, `dataset-latest`, a date, or a date-time with offset.
    public init(parsing text: String) throws(AsOfRuleError) {
        switch text {
        case "latest": self = .profileLatest
        case "dataset-latest": self = .datasetLatest
        default:
            switch ISODateTimeText.parse(text) {
            case .instant(let seconds)?: self = .instant(seconds)
            case .date(let day)?: self = .day(day)
            case .local?: throw AsOfRuleError("\(text) has no offset; add one (Z, +01:00) or give a date")
            case nil: throw AsOfRuleError("\(text) is not a date or date-time; use YYYY-MM-DD, latest or dataset-latest")
            }
        }
    }

    /// The words that choose this rule again.
    public var description: String {
        switch self {
        case .profileLatest: return "latest"
        case .datasetLatest: return "dataset-latest"
        case .day(let day): return day.description
        case .instant(let seconds): return ISODateTimeText.format(epochSeconds: seconds, offsetSeconds: 0)
        }
    }

    /// The day a profile is evaluated at the end of, or nil for a fixed instant. `reader` picks
    /// the source's connection (a worker's index).
    public func day(for profile: Profile, in source: ProfileSource, reader: Int = 0) throws -> CalendarDay? {
        switch self {
        case .instant: return nil
        case .day(let day): return day
        case .datasetLatest: return try source.latestEventDay()
        case .profileLatest: return try source.latestEventDay(of: profile.id, reader: reader) ?? source.latestEventDay()
        }
    }

    /// The instant a profile is evaluated at: the end of its day in its zone, or the instant
    /// (0 when the dataset has no dated event at all).
    public func instant(for profile: Profile, in source: ProfileSource, reader: Int = 0) throws -> Int {
        if case .instant(let seconds) = self { return seconds }
        guard let day = try day(for: profile, in: source, reader: reader) else { return 0 }
        return profile.timeZone.startOfDay(day.adding(days: 1)) - 1
    }
}

/// An as-of choice Cairn cannot read, with what to type instead.
public struct AsOfRuleError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
