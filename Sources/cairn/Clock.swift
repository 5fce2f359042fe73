import ArgumentParser
import CairnCore
import Foundation

/// The present instant for commands that need one (imports reject future readings). Analyses
/// never call this; they take an as-of date.
enum Clock {
    static func now() -> Int {
        Int(Date().timeIntervalSince1970)
    }

    /// `--now` text: a date-time with an offset, or a date meaning the end of that UTC day.
    static func parse(_ text: String) throws -> Int {
        switch ISODateTimeText.parse(text) {
        case .instant(let seconds)?: return seconds
        case .date(let day)?: return (day.daysSinceEpoch + 1) * 86_400 - 1
        case .local?:
            throw ValidationError("--now \(text) has no offset; add one (\(text)Z or \(text)+01:00) or give a date")
        case nil:
            throw ValidationError("--now \(text) is not a date or date-time; use YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ")
        }
    }
}
