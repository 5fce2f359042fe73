import CairnCore

/// The time rules of the contract that headache analyses share: windows of N hours before an
/// instant (both ends included), entries with only a date covering their whole local day, and
/// the headache-free days a baseline is drawn from.
public enum DiaryWindows {
    /// Whether an entry falls in [end - hours, end]. A date-only entry covers its whole local
    /// day and counts when any part of that day does.
    public static func entry(_ time: EventTime, within hours: Double, before end: Int, zone: ProfileTimeZone) -> Bool {
        let start = end - Int(hours * 3600)
        let covered = interval(of: time, zone: zone)
        return covered.lowerBound <= end && covered.upperBound >= start
    }

    /// The instants an entry covers: its own instant, or its whole local day when it has a date
    /// and no time.
    public static func interval(of time: EventTime, zone: ProfileTimeZone) -> ClosedRange<Int> {
        guard time.isWholeDay else { return time.epochSeconds...time.epochSeconds }
        return zone.startOfDay(time.day)...(zone.startOfDay(time.day.adding(days: 1)) - 1)
    }

    /// The local days of the diary (from its first entry to its last, and not after the as-of
    /// day) on which no headache began. Days after the diary stops say nothing either way.
    public static func headacheFreeDays(_ data: ProfileData, asOf: Int) -> [CalendarDay] {
        let zone = data.zone
        let firsts = [data.headaches.first?.onset.day, data.factors.first?.at.day, data.sleep.first?.nightOf.adding(days: 1),
                      data.medications.first?.takenAt.day].compactMap { $0 }
        let lasts = [data.headaches.last?.onset.day, data.factors.last?.at.day, data.sleep.last?.nightOf.adding(days: 1),
                     data.medications.last?.takenAt.day].compactMap { $0 }
        guard let first = firsts.min(), let lastEntry = lasts.max() else { return [] }
        let last = min(lastEntry, zone.day(ofEpoch: asOf))
        let headacheDays = Set(data.headaches.map(\.onset.day))
        var days: [CalendarDay] = []
        var day = first
        while day <= last {
            if !headacheDays.contains(day) { days.append(day) }
            day = day.adding(days: 1)
        }
        return days
    }

    /// The median local clock time (seconds after midnight) of headache onsets: the reference
    /// time on headache-free days, so baseline windows cover the same hours of the day.
    /// Version 1 of the modules measures from the day's first instant, an hour off on
    /// daylight-saving days; `typicalOnsetSecond` reads the wall clock.
    public static func typicalOnsetSecondV1(_ headaches: [Headache], zone: ProfileTimeZone) -> Int {
        let seconds = headaches.map { $0.onset.epochSeconds - zone.startOfDay($0.onset.day) }.sorted()
        guard !seconds.isEmpty else { return 12 * 3600 }
        return seconds[seconds.count / 2]
    }

    /// The median local wall-clock time of headache onsets, in seconds after midnight.
    public static func typicalOnsetSecond(_ headaches: [Headache], zone: ProfileTimeZone) -> Int {
        let seconds = headaches.map { localSecond(ofEpoch: $0.onset.epochSeconds, zone: zone) }.sorted()
        guard !seconds.isEmpty else { return 12 * 3600 }
        return seconds[seconds.count / 2]
    }

    /// Seconds after local midnight on the wall clock at an instant.
    public static func localSecond(ofEpoch seconds: Int, zone: ProfileTimeZone) -> Int {
        let local = seconds + zone.offset(atEpoch: seconds)
        return ((local % 86_400) + 86_400) % 86_400
    }

    /// The diary's own span: from the first day with a headache, factor or medication entry to
    /// the last. Sleep rows alone do not extend it (a wearable logs nights whether or not the
    /// diary is kept).
    public static func diarySpan(_ data: ProfileData) -> ClosedRange<CalendarDay>? {
        let firsts = [data.headaches.first?.onset.day, data.factors.first?.at.day, data.medications.first?.takenAt.day]
            .compactMap { $0 }
        let lasts = [data.headaches.map(\.onset.day).max(), data.factors.last?.at.day, data.medications.last?.takenAt.day]
            .compactMap { $0 }
        guard let first = firsts.min(), let last = lasts.max(), first <= last else { return nil }
        return first...last
    }

    /// `YYYY-MM` of a day.
    public static func month(_ day: CalendarDay) -> String { day.monthText }
}

extension Array {
    /// The last `count` elements (all of them when there are fewer).
    public func lastElements(_ count: Int) -> [Element] { Array(suffix(count)) }
}
