import ArgumentParser
import CairnCore

/// `--from DAY --to DAY`: local calendar days, inclusive, each a date and in order.
struct DayRangeOptions: ParsableArguments {
    @Option(help: "First day, YYYY-MM-DD.")
    var from: String?

    @Option(help: "Last day, YYYY-MM-DD.")
    var to: String?

    var first: CalendarDay? { from.flatMap(CalendarDay.init(iso:)) }
    var last: CalendarDay? { to.flatMap(CalendarDay.init(iso:)) }

    func validate() throws {
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, CalendarDay(iso: value) == nil { throw ValidationError("\(name) \(value) is not a date; use YYYY-MM-DD") }
        }
        if let first, let last, first > last { throw ValidationError("--from \(from!) is after --to \(to!)") }
    }
}
