import CairnCore

/// A profile zone with the per-day offsets an import asks for memoised. Resolving a time zone
/// offset through Foundation costs about a microsecond; a million-row import asks for millions.
/// Days near a daylight-saving change fall back to the exact rules of `ProfileTimeZone`.
///
/// Days of 1900-2099 are kept in a flat table indexed by day (an import asks for one or two
/// offsets a row, and a dictionary's hashing was a few percent of a population import); other
/// days in a dictionary. Used by the import's parsing thread alone.
final class CachedZone {
    let zone: ProfileTimeZone
    /// UTC day numbers of 1900-01-01 up to 2100-01-01.
    private static let window = -25_567..<47_482
    /// A slot not yet asked, and a slot whose offset changes around its day.
    private static let unknown = Int32.max, changing = Int32.min
    /// The offset in force throughout a UTC day and the days around it, by day in `window`;
    /// allocated on first use.
    private var table: [Int32] = []
    /// The same for days outside `window`, or nil when the offset changes.
    private var otherDays: [Int: Int?] = [:]

    init(_ zone: ProfileTimeZone) {
        self.zone = zone
    }

    private func offsetAround(day: Int) -> Int? {
        let slot = day - CachedZone.window.lowerBound
        guard slot >= 0 && slot < CachedZone.window.count else {
            if let cached = otherDays[day] { return cached }
            let offset = uniformOffset(around: day)
            otherDays[day] = offset
            return offset
        }
        if table.isEmpty { table = Array(repeating: CachedZone.unknown, count: CachedZone.window.count) }
        let stored = table[slot]
        if stored == CachedZone.changing { return nil }
        if stored != CachedZone.unknown { return Int(stored) }
        let offset = uniformOffset(around: day)
        table[slot] = offset.map(Int32.init) ?? CachedZone.changing
        return offset
    }

    private func uniformOffset(around day: Int) -> Int? {
        let before = zone.offset(atEpoch: (day - 2) * 86_400)
        let after = zone.offset(atEpoch: (day + 3) * 86_400)
        return before == after ? before : nil
    }

    func epoch(of parsed: ISODateTimeText.Parsed) -> Int {
        switch parsed {
        case .instant(let seconds):
            return seconds
        case .date(let day):
            return offsetAround(day: day.daysSinceEpoch).map { day.daysSinceEpoch * 86_400 - $0 }
                ?? zone.epoch(of: parsed)
        case .local(let day, let secondOfDay):
            return offsetAround(day: day.daysSinceEpoch).map { day.daysSinceEpoch * 86_400 + secondOfDay - $0 }
                ?? zone.epoch(of: parsed)
        }
    }

    func day(of parsed: ISODateTimeText.Parsed) -> CalendarDay {
        switch parsed {
        case .date(let day), .local(let day, _): return day
        case .instant(let seconds): return day(ofEpoch: seconds)
        }
    }

    func day(ofEpoch seconds: Int) -> CalendarDay {
        let utcDay = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        guard let offset = offsetAround(day: utcDay) else { return zone.day(ofEpoch: seconds) }
        let local = seconds + offset
        return CalendarDay(daysSinceEpoch: local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400))
    }
}
