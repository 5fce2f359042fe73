/// Parses the contract's date and date-time text (`YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.fff]]`
/// with an optional `Z` or `±HH:MM` offset) straight from UTF-8 bytes. Hand-written because the
/// importer parses a date on every row and Foundation's ISO 8601 formatter is far slower.
public enum ISODateTimeText {
    /// What a date or date-time field says, before any time zone is applied.
    public enum Parsed: Equatable, Sendable {
        /// A date with no time: the whole local day.
        case date(CalendarDay)
        /// A wall-clock time with no offset: local time in the profile's zone.
        case local(CalendarDay, secondOfDay: Int)
        /// A time with an offset: one instant.
        case instant(epochSeconds: Int)
    }

    public static func parse(_ text: some StringProtocol) -> Parsed? {
        parse(Array(text.utf8)[...])
    }

    public static func parse(_ bytes: ArraySlice<UInt8>) -> Parsed? {
        guard let day = parseDate(bytes.prefix(10)) else { return nil }
        if bytes.count == 10 { return .date(day) }
        var i = bytes.startIndex + 10
        guard bytes[i] == UInt8(ascii: "T") || bytes[i] == UInt8(ascii: "t") || bytes[i] == UInt8(ascii: " ")
        else { return nil }
        i += 1
        guard let hour = twoDigits(bytes, i), bytes.count >= 16, bytes[i + 2] == UInt8(ascii: ":"),
              let minute = twoDigits(bytes, i + 3), hour < 24, minute < 60 else { return nil }
        i += 5
        var second = 0
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: ":") {
            guard let s = twoDigits(bytes, i + 1), s < 60 else { return nil }
            second = s
            i += 3
            if i < bytes.endIndex, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ",") {
                i += 1
                let fractionStart = i
                while i < bytes.endIndex, isDigit(bytes[i]) { i += 1 }
                guard i > fractionStart else { return nil }
            }
        }
        let secondOfDay = hour * 3600 + minute * 60 + second
        if i == bytes.endIndex { return .local(day, secondOfDay: secondOfDay) }
        let localSeconds = day.daysSinceEpoch * 86_400 + secondOfDay
        if bytes[i] == UInt8(ascii: "Z") || bytes[i] == UInt8(ascii: "z") {
            return i + 1 == bytes.endIndex ? .instant(epochSeconds: localSeconds) : nil
        }
        guard bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") else { return nil }
        let sign = bytes[i] == UInt8(ascii: "+") ? 1 : -1
        guard let offsetHours = twoDigits(bytes, i + 1), offsetHours <= 18 else { return nil }
        var j = i + 3
        var offsetMinutes = 0
        if j < bytes.endIndex {
            if bytes[j] == UInt8(ascii: ":") { j += 1 }
            guard let m = twoDigits(bytes, j), m < 60 else { return nil }
            offsetMinutes = m
            j += 2
        }
        guard j == bytes.endIndex else { return nil }
        return .instant(epochSeconds: localSeconds - sign * (offsetHours * 3600 + offsetMinutes * 60))
    }

    /// Exactly `YYYY-MM-DD`, a real calendar day.
    public static func parseDate(_ bytes: ArraySlice<UInt8>) -> CalendarDay? {
        bytes.withUnsafeBufferPointer { parseDate($0) }
    }

    /// Parses exactly `YYYY-MM-DD` from bytes where they lie: a profile load reads a day from
    /// SQLite's buffer for every dated row, and copying each into an array first was a tenth of
    /// reading a row.
    @inlinable
    public static func parseDate(_ bytes: UnsafeBufferPointer<UInt8>) -> CalendarDay? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        /// The number the digits in `range` write, or -1 when one is not a digit.
        func number(_ range: Range<Int>) -> Int {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return -1 }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let year = number(0..<4), month = number(5..<7), day = number(8..<10)
        guard year >= 0, month >= 0, day >= 0 else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DDTHH:MM:SS±HH:MM` for an instant seen in a zone with the given offset.
    public static func format(epochSeconds: Int, offsetSeconds: Int) -> String {
        let local = epochSeconds + offsetSeconds
        let day = CalendarDay(daysSinceEpoch: floorDiv(local, 86_400))
        let second = local - day.daysSinceEpoch * 86_400
        var text = day.description + "T" + CalendarDay.pad(second / 3600, 2) + ":"
            + CalendarDay.pad(second % 3600 / 60, 2) + ":" + CalendarDay.pad(second % 60, 2)
        if offsetSeconds == 0 {
            text += "Z"
        } else {
            let magnitude = abs(offsetSeconds)
            text += (offsetSeconds < 0 ? "-" : "+") + CalendarDay.pad(magnitude / 3600, 2) + ":"
                + CalendarDay.pad(magnitude % 3600 / 60, 2)
        }
        return text
    }

    public static func floorDiv(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func twoDigits(_ bytes: ArraySlice<UInt8>, _ at: Int) -> Int? {
        guard at >= bytes.startIndex, at + 1 < bytes.endIndex, isDigit(bytes[at]), isDigit(bytes[at + 1])
        else { return nil }
        return Int(bytes[at] - 48) * 10 + Int(bytes[at + 1] - 48)
    }
}
