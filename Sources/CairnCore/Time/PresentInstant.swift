/// `--now` text, the instant an import treats as the present: a date-time with an offset, or a
/// date meaning the end of that UTC day. Passed in, never read from the clock, so that what a
/// dataset holds can be reproduced.
public enum PresentInstant {
    /// The instant in seconds since 1970 UTC, or why the text is not one.
    public static func parse(_ text: String) -> Result<Int, Problem> {
        switch ISODateTimeText.parse(text) {
        case .instant(let seconds)?: return .success(seconds)
        case .date(let day)?: return .success((day.daysSinceEpoch + 1) * 86_400 - 1)
        case .local?: return .failure(Problem(message: "\(text) has no offset; add one (\(text)Z or \(text)+01:00) or give a date"))
        case nil: return .failure(Problem(message: "\(text) is not a date or date-time; use YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ"))
        }
    }

    public struct Problem: Error, Sendable {
        public let message: String
    }
}
