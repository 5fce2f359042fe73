import Testing
@testable import CairnCore

@Suite("Contract date and date-time text")
struct ISODateTimeTextTests {
    @Test("a date alone is the whole local day")
    func dateOnly() {
        #expect(ISODateTimeText.parse("2026-03-01") == .date(CalendarDay(iso: "2026-03-01")!))
    }

    @Test("a date-time without an offset is local wall time", arguments: ["2026-03-01T08:15", "2026-03-01T08:15:00", "2026-03-01 08:15:00", "2026-03-01T08:15:00.250"])
    func local(text: String) {
        #expect(ISODateTimeText.parse(text) == .local(CalendarDay(iso: "2026-03-01")!, secondOfDay: 8 * 3600 + 15 * 60))
    }

    @Test("offsets name one instant", arguments: [
        ("2026-03-01T08:15:00+01:00", 1_772_349_300), ("2026-03-01T07:15:00Z", 1_772_349_300),
        ("2026-03-01T02:15:00-05:00", 1_772_349_300), ("2026-03-01T12:45:00+0530", 1_772_349_300),
    ])
    func offsets(text: String, epoch: Int) {
        #expect(ISODateTimeText.parse(text) == .instant(epochSeconds: epoch))
    }

    @Test("malformed text is refused", arguments: [
        "", "2026-3-1", "2026-02-30", "2026-13-01", "01/03/2026", "2026-03-01T25:00", "2026-03-01T08:60",
        "2026-03-01T08:15+25:00", "2026-03-01T08:15Zjunk", "2026-03-01T", "2026-03-01T08", "yesterday",
    ])
    func malformed(text: String) {
        #expect(ISODateTimeText.parse(text) == nil)
    }

    @Test("formatting with an offset round-trips")
    func format() {
        let text = ISODateTimeText.format(epochSeconds: 1_772_349_300, offsetSeconds: 3600)
        #expect(text == "2026-03-01T08:15:00+01:00")
        #expect(ISODateTimeText.parse(text) == .instant(epochSeconds: 1_772_349_300))
        #expect(ISODateTimeText.format(epochSeconds: 0, offsetSeconds: 0) == "1970-01-01T00:00:00Z")
        #expect(ISODateTimeText.format(epochSeconds: -1, offsetSeconds: -18_000) == "1969-12-31T18:59:59-05:00")
    }
}
