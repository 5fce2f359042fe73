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

    @Test("adding months keeps the day, or takes the month's last day; across year ends, both ways")
    func addingMonths() {
        let cases: [(String, Int, String)] = [
            ("2026-01-31", 1, "2026-02-28"), ("2024-01-31", 1, "2024-02-29"), ("2026-03-31", -1, "2026-02-28"),
            ("2026-11-15", 2, "2027-01-15"), ("2026-01-15", -1, "2025-12-15"), ("2025-05-20", 18, "2026-11-20"),
            ("2026-11-24", -18, "2025-05-24"), ("2026-11-24", 0, "2026-11-24"), ("2026-11-24", -120, "2016-11-24"),
        ]
        for (day, months, expected) in cases {
            #expect(CalendarDay(iso: day)!.adding(months: months).description == expected, "\(day) + \(months)")
        }
    }

    @Test("days print as YYYY-MM-DD from year 1 to 9999, and read back")
    func printing() {
        for text in ["0001-01-01", "0099-02-28", "0999-12-31", "1900-03-01", "1970-01-01", "2000-02-29", "9999-12-31"] {
            #expect(CalendarDay(iso: text)!.description == text)
        }
        var day = CalendarDay(iso: "1899-12-25")!
        for _ in 0..<800 {
            #expect(CalendarDay(iso: day.description) == day)
            day = day.adding(days: 97)
        }
    }

    @Test("YYYY-MM-DD read from bytes in place: exactly ten bytes, digits and two hyphens, a real date")
    func parsedInPlace() {
        func parse(_ text: String) -> CalendarDay? {
            Array(text.utf8).withUnsafeBufferPointer { ISODateTimeText.parseDate($0) }
        }
        // 2024-02-29 is day 19,782 since 1970-01-01 (Python: date(2024, 2, 29) - date(1970, 1, 1)).
        #expect(parse("2024-02-29")?.daysSinceEpoch == 19_782)
        #expect(parse("1970-01-01")?.daysSinceEpoch == 0)
        #expect(parse("1969-12-31")?.daysSinceEpoch == -1)
        for bad in ["2026-02-29", "2026-13-01", "2026-00-10", "2026-01-00", "2026-01-32", "2026-1-01", "2026/01/01",
                    "20a6-01-01", "2026-01-011", "2026-01-0", "", "2026-01-0\u{00}", "+026-01-01"] {
            #expect(parse(bad) == nil, "\(bad) should not parse")
            #expect(CalendarDay(iso: bad) == nil, "\(bad) should not parse")
        }
    }
}
