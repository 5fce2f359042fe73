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
        switch PresentInstant.parse(text) {
        case .success(let seconds): return seconds
        case .failure(let problem): throw ValidationError("--now " + problem.message)
        }
    }
}
