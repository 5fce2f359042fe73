/// A date on the proleptic Gregorian calendar with no time and no zone: the "calendar day" that
/// day counts, months and "the night before" are defined on. Stored as days since 1970-01-01 so
/// that comparison, hashing and arithmetic are integer operations.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let daysSinceEpoch: Int

    public init(daysSinceEpoch: Int) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// Returns nil when the fields do not name a real day (month 13, February 30, ...).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1,
              day <= CalendarDay.daysInMonth(year: year, month: month) else { return nil }
        daysSinceEpoch = CalendarDay.daysFromCivil(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso text: some StringProtocol) {
        guard let parsed = ISODateTimeText.parseDate(Array(text.utf8)[...]) else { return nil }
        self = parsed
    }

    public var year: Int { civil.year }
    public var month: Int { civil.month }
    public var day: Int { civil.day }

    /// (year, month, day) of this date, by Howard Hinnant's civil-from-days algorithm.
    public var civil: (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    public func adding(days: Int) -> CalendarDay {
        CalendarDay(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// The first day of this day's month.
    /// The same day `months` later (earlier when negative), on the month's last day when that
    /// month is shorter (31 January plus one month is 28 or 29 February).
    public func adding(months: Int) -> CalendarDay {
        let (y, m, d) = civil
        let index = y * 12 + (m - 1) + months
        let year = Int((Double(index) / 12).rounded(.down)), month = index - year * 12 + 1
        return CalendarDay(year: year, month: month, day: min(d, CalendarDay.daysInMonth(year: year, month: month)))!
    }

    public var firstOfMonth: CalendarDay {
        let (y, m, _) = civil
        return CalendarDay(daysSinceEpoch: CalendarDay.daysFromCivil(year: y, month: m, day: 1))
    }

    /// The first day of the following month; `self.firstOfMonth ..< nextMonth` is the month.
    public var firstOfNextMonth: CalendarDay {
        let (y, m, _) = civil
        return m == 12
            ? CalendarDay(daysSinceEpoch: CalendarDay.daysFromCivil(year: y + 1, month: 1, day: 1))
            : CalendarDay(daysSinceEpoch: CalendarDay.daysFromCivil(year: y, month: m + 1, day: 1))
    }

    /// `YYYY-MM` of this day's month.
    public var monthText: String {
        let (y, m, _) = civil
        return CalendarDay.pad(y, 4) + "-" + CalendarDay.pad(m, 2)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (y, m, d) = civil
        guard (0...9999).contains(y) else { return CalendarDay.pad(y, 4) + "-" + CalendarDay.pad(m, 2) + "-" + CalendarDay.pad(d, 2) }
        // Written digit by digit: imports store a day for every dated row.
        let zero = UInt8(ascii: "0"), dash = UInt8(ascii: "-")
        let bytes: [UInt8] = [zero + UInt8(y / 1000), zero + UInt8(y / 100 % 10), zero + UInt8(y / 10 % 10), zero + UInt8(y % 10), dash,
                              zero + UInt8(m / 10), zero + UInt8(m % 10), dash, zero + UInt8(d / 10), zero + UInt8(d % 10)]
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        lhs.daysSinceEpoch < rhs.daysSinceEpoch
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Howard Hinnant's days-from-civil: exact for every Gregorian date, no Foundation needed.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// Days travel as their count since 1970-01-01 (a module loaded at run time reads them back).
extension CalendarDay: Codable {
    public init(from decoder: Decoder) throws {
        self.init(daysSinceEpoch: try decoder.singleValueContainer().decode(Int.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(daysSinceEpoch)
    }
}
