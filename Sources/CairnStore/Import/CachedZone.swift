import CairnCore

/// A profile zone with the per-day offsets an import asks for memoised. Resolving a time zone
/// offset through Foundation costs about a microsecond; a million-row import asks for millions.
/// Days near a daylight-saving change fall back to the exact rules of `ProfileTimeZone`.
final class CachedZone {
    let zone: ProfileTimeZone
    /// The offset in force throughout a UTC day and the days around it, or nil when it changes.
    private var uniformOffset: [Int: Int?] = [:]

    init(_ zone: ProfileTimeZone) {
        self.zone = zone
    }

    private func offsetAround(day: Int) -> Int? {
        if let cached = uniformOffset[day] { return cached }
        let before = zone.offset(atEpoch: (day - 2) * 86_400)
        let after = zone.offset(atEpoch: (day + 3) * 86_400)
        let offset: Int? = before == after ? before : nil
        uniformOffset[day] = offset
        return offset
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
