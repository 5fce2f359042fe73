import CairnCore
@testable import CairnModuleKit
import Testing

/// The event rows a module library is sent come back exactly as they went, every field of every
/// table, and bytes that end early or say what no writer would are refused, never read past.
struct RowCodecTests {
    static let zone = ProfileTimeZone(identifier: "Europe/Berlin")!

    static func time(_ text: String) -> EventTime { EventTime(text: text, in: zone)! }

    /// One row of every table with every optional field set, and one with each left out.
    static func rows() -> ModuleWire.Rows {
        let profile = Profile(id: "lena", displayName: "Lena", timeZone: zone)
        var rows = ModuleWire.Rows(ProfileData(profile: profile), reads: ContractTable.eventTables)
        rows.readings = [
            Reading(id: 1, profileID: "lena", markerID: "ldl", value: 131.5, unit: "mg/dL", date: time("2026-03-01T08:30"),
                    note: "fasting", source: "lab ü", enteredUnit: "mmol/L"),
            Reading(id: -2, profileID: "lena", markerID: "hdl", value: -0.0, unit: "mg/dL", date: time("2026-03-02")),
        ]
        rows.visits = [Visit(id: 3, profileID: "lena", date: time("2026-04-01T09:00"), type: .specialist, typeLabel: "Neuro",
                             doctor: "Dr Ò", title: "Check", condition: "Headache", notes: "a\nb", tags: ["x", ""])]
        rows.plannedVisits = [Visit(id: 4, profileID: "lena", date: time("2026-12-01"), type: .dental)]
        rows.headaches = [
            Headache(id: "h1", profileID: "lena", onset: time("2026-03-07T10:58"), resolved: time("2026-03-08T11:21"), severity: 5,
                     onsetSpeed: .instantaneous, aura: true, visualDisturbance: false, symptoms: ["nausea", "light"],
                     headacheType: "tension", notes: "😀"),
            Headache(id: "h2", profileID: "lena", onset: time("2026-03-09T11:56"), severity: 1),
        ]
        rows.medications = [
            Medication(id: 5, profileID: "lena", takenAt: time("2026-03-07T11:00"), name: "Ibuprofen", dose: "400 mg",
                       isAcute: true, effectiveness: 4, headacheID: "h1"),
            Medication(id: 6, profileID: "lena", takenAt: time("2026-03-09T12:00"), name: "Water"),
        ]
        rows.sleep = [SleepNight(id: 7, profileID: "lena", nightOf: CalendarDay(year: 2026, month: 3, day: 6)!, durationMinutes: 412.5,
                                 quality: 3, source: "watch"),
                      SleepNight(id: 8, profileID: "lena", nightOf: CalendarDay(year: 2026, month: 3, day: 7)!, durationMinutes: 0)]
        rows.weather = [WeatherObservation(id: 9, profileID: nil, observedAtEpoch: 1_772_900_000, temperatureC: -3.25,
                                           humidityPercent: 80, pressureHPa: 1013.2, uvIndex: 0, weatherCode: 61),
                        WeatherObservation(id: 10, profileID: "lena", observedAtEpoch: 0)]
        rows.factors = [FactorEntry(id: 11, profileID: "lena", at: time("2026-03-07T08:00"), factor: "stress_high", value: 2.5,
                                    loggedAt: time("2026-03-07T19:30")),
                        FactorEntry(id: 12, profileID: "lena", at: time("2026-03-07"), factor: "skipped_meal")]
        return rows
    }

    static func bytes(_ rows: ModuleWire.Rows) -> [UInt8] {
        var writer = RowWriter()
        rows.writeEvents(to: &writer)
        return writer.bytes
    }

    @Test func everyRowOfEveryTableComesBackAsItWent() throws {
        let sent = Self.rows()
        var received = ModuleWire.Rows(ProfileData(profile: sent.profile), reads: [])
        var reader = RowReader(Self.bytes(sent))
        try received.readEvents(from: &reader)
        #expect(received.readings == sent.readings)
        #expect(received.visits == sent.visits)
        #expect(received.plannedVisits == sent.plannedVisits)
        #expect(received.headaches == sent.headaches)
        #expect(received.medications == sent.medications)
        #expect(received.sleep == sent.sleep)
        #expect(received.weather == sent.weather)
        #expect(received.factors == sent.factors)
        // -0.0 keeps its sign: doubles travel as their bits.
        #expect(received.readings[1].value.sign == .minus)
    }

    @Test func aFieldAddedToARowMustBeAddedToTheCodec() {
        // The codec writes fields by hand: these counts fail when a row type gains a field.
        #expect(Mirror(reflecting: Self.rows().readings[0]).children.count == 9)
        #expect(Mirror(reflecting: Self.rows().visits[0]).children.count == 10)
        // A headache keeps its fields in one box: the fields in the box are counted.
        let box = Mirror(reflecting: Self.rows().headaches[0]).children.map(\.value)
        let fields = box.first.map { Mirror(reflecting: $0).children.map(\.value) } ?? []
        #expect(box.count == 1 && fields.count == 1 && Mirror(reflecting: fields[0]).children.count == 11)
        #expect(Mirror(reflecting: Self.rows().medications[0]).children.count == 8)
        #expect(Mirror(reflecting: Self.rows().sleep[0]).children.count == 6)
        #expect(Mirror(reflecting: Self.rows().weather[0]).children.count == 8)
        #expect(Mirror(reflecting: Self.rows().factors[0]).children.count == 6)
        #expect(Mirror(reflecting: Self.time("2026-03-01")).children.count == 3)
    }

    @Test func bytesThatEndEarlyOrRunOnAreRefused() {
        let bytes = Self.bytes(Self.rows())
        for cut in [0, 1, 7, 8, bytes.count / 2, bytes.count - 1] {
            var received = Self.rows()
            var reader = RowReader(Array(bytes.prefix(cut)))
            #expect(throws: ModuleWire.Failure.self) { try received.readEvents(from: &reader) }
        }
        var received = Self.rows()
        var longer = RowReader(bytes + [0])
        #expect(throws: ModuleWire.Failure.self) { try received.readEvents(from: &longer) }
        // A count of rows larger than the bytes left is refused before anything is reserved.
        var huge = RowWriter()
        huge.int(Int.max)
        var lying = RowReader(huge.bytes)
        #expect(throws: ModuleWire.Failure.self) { try received.readEvents(from: &lying) }
    }
}
