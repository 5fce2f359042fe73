import Foundation
import Testing
@testable import CairnCore

@Suite("Profile time zones")
struct ProfileTimeZoneTests {
    let berlin = ProfileTimeZone(identifier: "Europe/Berlin")!
    let sydney = ProfileTimeZone(identifier: "Australia/Sydney")!
    let chicago = ProfileTimeZone(identifier: "America/Chicago")!

    func epoch(_ text: String) -> Int {
        guard case .instant(let seconds)? = ISODateTimeText.parse(text) else { fatalError(text) }
        return seconds
    }

    @Test("unknown zone names are refused")
    func unknown() {
        #expect(ProfileTimeZone(identifier: "Europe/Berln") == nil)
        #expect(ProfileTimeZone(identifier: "") == nil)
    }

    @Test("an instant's local day, either side of local midnight")
    func localDay() {
        #expect(berlin.day(ofEpoch: epoch("2026-03-01T22:59:59Z")).description == "2026-03-01")
        #expect(berlin.day(ofEpoch: epoch("2026-03-01T23:00:00Z")).description == "2026-03-02")
        // After the spring change Berlin is UTC+2: local midnight is 22:00 UTC.
        #expect(berlin.day(ofEpoch: epoch("2026-04-01T21:59:59Z")).description == "2026-04-01")
        #expect(berlin.day(ofEpoch: epoch("2026-04-01T22:00:00Z")).description == "2026-04-02")
    }

    @Test("month ends in a zone east and west of UTC")
    func monthEnd() {
        let instant = epoch("2026-05-31T20:30:00Z")
        #expect(sydney.day(ofEpoch: instant).description == "2026-06-01")
        #expect(berlin.day(ofEpoch: instant).description == "2026-05-31")
        #expect(chicago.day(ofEpoch: epoch("2026-07-01T04:59:00Z")).description == "2026-06-30")
        #expect(chicago.day(ofEpoch: epoch("2026-07-01T05:00:00Z")).description == "2026-07-01")
        #expect(sydney.day(ofEpoch: epoch("2024-02-28T13:00:00Z")).description == "2024-02-29")
    }

    @Test("spring forward: the skipped hour moves forward by the gap, the day is 23 hours")
    func springForward() {
        let day = CalendarDay(iso: "2026-03-29")!
        #expect(berlin.epoch(of: day, secondOfDay: 1 * 3600 + 59 * 60) == epoch("2026-03-29T01:59:00+01:00"))
        #expect(berlin.epoch(of: day, secondOfDay: 2 * 3600 + 30 * 60) == epoch("2026-03-29T03:30:00+02:00"))
        #expect(berlin.epoch(of: day, secondOfDay: 3 * 3600) == epoch("2026-03-29T03:00:00+02:00"))
        #expect(berlin.epoch(of: day, secondOfDay: 12 * 3600) == epoch("2026-03-29T12:00:00+02:00"))
        #expect(berlin.startOfDay(day.adding(days: 1)) - berlin.startOfDay(day) == 23 * 3600)
    }

    @Test("fall back: a repeated time takes the earlier instant, the day is 25 hours")
    func fallBack() {
        let day = CalendarDay(iso: "2026-10-25")!
        #expect(berlin.epoch(of: day, secondOfDay: 2 * 3600 + 30 * 60) == epoch("2026-10-25T02:30:00+02:00"))
        #expect(berlin.epoch(of: day, secondOfDay: 3 * 3600) == epoch("2026-10-25T03:00:00+01:00"))
        #expect(berlin.startOfDay(day.adding(days: 1)) - berlin.startOfDay(day) == 25 * 3600)
        // Both 02:30s fall on the same local day.
        #expect(berlin.day(ofEpoch: epoch("2026-10-25T02:30:00+01:00")).description == "2026-10-25")
    }

    @Test("southern hemisphere changes run the other way")
    func sydneyChanges() {
        // Sydney leaves daylight time on the first Sunday of April (03:00 AEDT becomes 02:00 AEST).
        let april = CalendarDay(iso: "2026-04-05")!
        #expect(sydney.startOfDay(april.adding(days: 1)) - sydney.startOfDay(april) == 25 * 3600)
        let october = CalendarDay(iso: "2026-10-04")!
        #expect(sydney.startOfDay(october.adding(days: 1)) - sydney.startOfDay(october) == 23 * 3600)
    }

    @Test("offsets from the per-day cache equal the tz database's at every instant, across changes of 30 and 60 minutes",
          arguments: ["Europe/Berlin", "Australia/Lord_Howe", "America/St_Johns", "Asia/Kathmandu", "America/Sao_Paulo",
                      "Pacific/Apia", "Europe/Dublin", "UTC"])
    func cachedOffsets(identifier: String) {
        let zone = ProfileTimeZone(identifier: identifier)!
        let database = TimeZone(identifier: identifier)!
        // Every 20 minutes through 2011 (Samoa skipped a day that year) and 2026, and a sample of old dates.
        var instants = Array(stride(from: 1_293_840_000, to: 1_325_376_000, by: 1_200))
        instants += Array(stride(from: 1_767_225_600, to: 1_798_761_600, by: 1_200))
        instants += Array(stride(from: -2_000_000_000, to: 0, by: 7_777_777))
        for instant in instants + instants.reversed() {
            let expected = database.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
            if zone.offset(atEpoch: instant) != expected {
                Issue.record("\(identifier) at \(instant): \(zone.offset(atEpoch: instant)) against \(expected)")
                return
            }
        }
    }

    @Test("offsets before 1900 and after 2099 (outside the cache's table), asked from four threads at once, equal the tz database's")
    func offsetsOutsideTableAndConcurrent() async {
        let identifier = "America/New_York"
        let zone = ProfileTimeZone(identifier: identifier)!
        let database = TimeZone(identifier: identifier)!
        let instants = Array(stride(from: -4_000_000_000, to: -2_208_988_800, by: 9_999_991))
            + Array(stride(from: 4_102_444_800, to: 6_000_000_000, by: 9_999_991))
            + Array(stride(from: 1_700_000_000, to: 1_800_000_000, by: 99_991))
        let expected = instants.map { database.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0))) }
        await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<4 { group.addTask { instants.map { zone.offset(atEpoch: $0) } } }
            for await found in group { #expect(found == expected) }
        }
    }
}
