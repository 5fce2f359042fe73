/// When something happened, as the contract defines it: the text as given, the instant it names
/// in its profile's zone, and the local calendar day it falls on. A date with no time covers its
/// whole local day.
public struct EventTime: Hashable, Sendable, Codable {
    public let text: String
    public let epochSeconds: Int
    public let day: CalendarDay

    /// Whether a clock time was given: a date alone ("2026-03-01", a day-level diary's onset)
    /// stands for the whole local day, its clock time unknown.
    public var hasTime: Bool { text.utf8.count > 10 }

    public init(text: String, epochSeconds: Int, day: CalendarDay) {
        self.text = text
        self.epochSeconds = epochSeconds
        self.day = day
    }

    /// Resolves contract text in a zone; nil when the text is not a date or date-time.
    public init?(text: String, in zone: ProfileTimeZone) {
        guard let parsed = ISODateTimeText.parse(text) else { return nil }
        self.init(text: text, epochSeconds: zone.epoch(of: parsed), day: zone.day(of: parsed))
    }

    /// True when the text gave only a date, so the event covers the whole local day.
    public var isWholeDay: Bool { text.utf8.count == 10 }
}
