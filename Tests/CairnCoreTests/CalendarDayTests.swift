import Testing
@testable import CairnCore

@Suite("Calendar days")
struct CalendarDayTests {
    @Test("round-trips every day of four centuries through civil fields")
    func roundTrip() {
        let start = CalendarDay(year: 1900, month: 1, day: 1)!.daysSinceEpoch
        let end = CalendarDay(year: 2300, month: 12, day: 31)!.daysSinceEpoch
        for days in stride(from: start, through: end, by: 1) {
            let day = CalendarDay(daysSinceEpoch: days)
            let (y, m, d) = day.civil
            #expect(CalendarDay(year: y, month: m, day: d) == day)
        }
    }

    @Test("leap days exist only in leap years", arguments: [
        (2024, true), (2026, false), (2000, true), (1900, false), (2100, false),
    ])
    func leapDays(year: Int, leap: Bool) {
        #expect((CalendarDay(year: year, month: 2, day: 29) != nil) == leap)
        #expect(CalendarDay(year: year, month: 2, day: 28) != nil)
        #expect(CalendarDay(year: year, month: 2, day: 30) == nil)
    }

    @Test("month ends: the last day exists, the day after does not")
    func monthEnds() {
        for (month, last) in [(1, 31), (4, 30), (6, 30), (9, 30), (11, 30), (12, 31)] {
            #expect(CalendarDay(year: 2026, month: month, day: last) != nil)
            #expect(CalendarDay(year: 2026, month: month, day: last + 1) == nil)
        }
        #expect(CalendarDay(year: 2026, month: 13, day: 1) == nil)
        #expect(CalendarDay(year: 2026, month: 0, day: 1) == nil)
        #expect(CalendarDay(year: 2026, month: 5, day: 0) == nil)
    }

    @Test("months: first day, next month across a year end, adding days across February")
    func months() {
        let day = CalendarDay(iso: "2026-12-31")!
        #expect(day.firstOfMonth.description == "2026-12-01")
        #expect(day.firstOfNextMonth.description == "2027-01-01")
        #expect(day.monthText == "2026-12")
        #expect(CalendarDay(iso: "2024-02-28")!.adding(days: 1).description == "2024-02-29")
        #expect(CalendarDay(iso: "2026-02-28")!.adding(days: 1).description == "2026-03-01")
        #expect(CalendarDay(iso: "1969-12-31")!.daysSinceEpoch == -1)
    }
}
