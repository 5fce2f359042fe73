import CairnCore

/// The event rows of a request in a compact binary form: a profile's rows cross on every
/// request, and JSON made a loaded module several times slower than a built-in one
/// (BENCHMARKS.md, "Modules loaded at run time"). Both sides are built from the same kit version
/// (checked when a library loads), so fields are written in a fixed order with no names:
/// integers and doubles as 8 bytes little-endian, texts as a length and UTF-8, an optional as a
/// presence byte first.
public struct RowWriter {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    mutating func int(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func text(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optional<Value>(_ value: Value?, _ write: (inout RowWriter, Value) -> Void) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        write(&self, value)
    }

    mutating func list<Value>(_ values: some Collection<Value>, _ write: (inout RowWriter, Value) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }

    mutating func time(_ value: EventTime) {
        text(value.text)
        int(value.epochSeconds)
        int(value.day.daysSinceEpoch)
    }
}

/// Reads what `RowWriter` wrote, refusing bytes that end early or say what no writer would.
public struct RowReader {
    let bytes: [UInt8]
    var offset = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var isAtEnd: Bool { offset == bytes.count }

    private mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - offset else {
            throw ModuleWire.Failure("the rows sent end early, at byte \(offset) of \(bytes.count)")
        }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func int() throws -> Int {
        var value: UInt64 = 0
        for (shift, byte) in try take(8).enumerated() { value |= UInt64(byte) << (8 * UInt64(shift)) }
        return Int(Int64(bitPattern: value))
    }

    mutating func double() throws -> Double {
        Double(bitPattern: UInt64(bitPattern: Int64(try int())))
    }

    mutating func bool() throws -> Bool {
        switch try take(1).first! {
        case 0: return false
        case 1: return true
        case let other: throw ModuleWire.Failure("the rows sent hold \(other) where a flag belongs, at byte \(offset - 1)")
        }
    }

    mutating func text() throws -> String {
        let count = try int()
        let utf8 = try take(count)
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw ModuleWire.Failure("the rows sent hold text that is not UTF-8, at byte \(offset - count)")
        }
        return text
    }

    mutating func optional<Value>(_ read: (inout RowReader) throws -> Value) throws -> Value? {
        try bool() ? try read(&self) : nil
    }

    mutating func list<Value>(_ read: (inout RowReader) throws -> Value) throws -> [Value] {
        let count = try int()
        // Every row takes at least a byte: a count beyond the bytes left is a lie, not a size.
        guard count >= 0, count <= bytes.count - offset else {
            throw ModuleWire.Failure("the rows sent promise \(count) rows with \(bytes.count - offset) bytes left")
        }
        var values: [Value] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    mutating func time() throws -> EventTime {
        EventTime(text: try text(), epochSeconds: try int(), day: CalendarDay(daysSinceEpoch: try int()))
    }

    mutating func choice<Value: RawRepresentable<String>>(_ type: Value.Type) throws -> Value {
        let raw = try text()
        guard let value = Value(rawValue: raw) else {
            throw ModuleWire.Failure("the rows sent hold '\(raw)', which is not a \(Value.self)")
        }
        return value
    }
}

extension ModuleWire.Rows {
    /// The event tables, in the order `readEvents` reads them back.
    public func writeEvents(to writer: inout RowWriter) {
        writer.list(readings) { writer, row in
            writer.int(Int(row.id)); writer.text(row.profileID); writer.text(row.markerID); writer.double(row.value)
            writer.text(row.unit); writer.time(row.date); writer.optional(row.note) { $0.text($1) }
            writer.optional(row.source) { $0.text($1) }; writer.optional(row.enteredUnit) { $0.text($1) }
        }
        for visits in [visits, plannedVisits] {
            writer.list(visits) { writer, row in
                writer.int(Int(row.id)); writer.text(row.profileID); writer.time(row.date); writer.text(row.type.rawValue)
                for text in [row.typeLabel, row.doctor, row.title, row.condition, row.notes] { writer.optional(text) { $0.text($1) } }
                writer.list(row.tags) { $0.text($1) }
            }
        }
        writer.list(headaches) { writer, row in
            writer.text(row.id); writer.text(row.profileID); writer.time(row.onset); writer.optional(row.resolved) { $0.time($1) }
            writer.int(row.severity); writer.optional(row.onsetSpeed) { $0.text($1.rawValue) }
            writer.optional(row.aura) { $0.bool($1) }; writer.optional(row.visualDisturbance) { $0.bool($1) }
            writer.list(row.symptoms) { $0.text($1) }; writer.optional(row.headacheType) { $0.text($1) }
            writer.optional(row.notes) { $0.text($1) }
        }
        writer.list(medications) { writer, row in
            writer.int(Int(row.id)); writer.text(row.profileID); writer.time(row.takenAt); writer.text(row.name)
            writer.optional(row.dose) { $0.text($1) }; writer.optional(row.isAcute) { $0.bool($1) }
            writer.optional(row.effectiveness) { $0.int($1) }; writer.optional(row.headacheID) { $0.text($1) }
        }
        writer.list(sleep) { writer, row in
            writer.int(Int(row.id)); writer.text(row.profileID); writer.int(row.nightOf.daysSinceEpoch)
            writer.double(row.durationMinutes); writer.optional(row.quality) { $0.int($1) }; writer.optional(row.source) { $0.text($1) }
        }
        writer.list(weather) { writer, row in
            writer.int(Int(row.id)); writer.optional(row.profileID) { $0.text($1) }; writer.int(row.observedAtEpoch)
            for value in [row.temperatureC, row.humidityPercent, row.pressureHPa, row.uvIndex] { writer.optional(value) { $0.double($1) } }
            writer.optional(row.weatherCode) { $0.int($1) }
        }
        writer.list(factors) { writer, row in
            writer.int(Int(row.id)); writer.text(row.profileID); writer.time(row.at); writer.text(row.factor)
            writer.optional(row.value) { $0.double($1) }
            writer.optional(row.loggedAt) { $0.time($1) }
        }
    }

    mutating func readEvents(from reader: inout RowReader) throws {
        readings = try reader.list { reader in
            Reading(id: Int64(try reader.int()), profileID: try reader.text(), markerID: try reader.text(), value: try reader.double(),
                    unit: try reader.text(), date: try reader.time(), note: try reader.optional { try $0.text() },
                    source: try reader.optional { try $0.text() }, enteredUnit: try reader.optional { try $0.text() })
        }
        var visitLists: [[Visit]] = []
        for _ in 0..<2 {
            visitLists.append(try reader.list { reader in
                Visit(id: Int64(try reader.int()), profileID: try reader.text(), date: try reader.time(),
                      type: try reader.choice(Visit.VisitType.self), typeLabel: try reader.optional { try $0.text() },
                      doctor: try reader.optional { try $0.text() }, title: try reader.optional { try $0.text() },
                      condition: try reader.optional { try $0.text() }, notes: try reader.optional { try $0.text() },
                      tags: try reader.list { try $0.text() })
            })
        }
        visits = visitLists[0]
        plannedVisits = visitLists[1]
        headaches = try reader.list { reader in
            Headache(id: try reader.text(), profileID: try reader.text(), onset: try reader.time(),
                     resolved: try reader.optional { try $0.time() }, severity: try reader.int(),
                     onsetSpeed: try reader.optional { try $0.choice(Headache.OnsetSpeed.self) },
                     aura: try reader.optional { try $0.bool() }, visualDisturbance: try reader.optional { try $0.bool() },
                     symptoms: try reader.list { try $0.text() }, headacheType: try reader.optional { try $0.text() },
                     notes: try reader.optional { try $0.text() })
        }
        medications = try reader.list { reader in
            Medication(id: Int64(try reader.int()), profileID: try reader.text(), takenAt: try reader.time(), name: try reader.text(),
                       dose: try reader.optional { try $0.text() }, isAcute: try reader.optional { try $0.bool() },
                       effectiveness: try reader.optional { try $0.int() }, headacheID: try reader.optional { try $0.text() })
        }
        sleep = try reader.list { reader in
            SleepNight(id: Int64(try reader.int()), profileID: try reader.text(), nightOf: CalendarDay(daysSinceEpoch: try reader.int()),
                       durationMinutes: try reader.double(), quality: try reader.optional { try $0.int() },
                       source: try reader.optional { try $0.text() })
        }
        weather = try reader.list { reader in
            WeatherObservation(id: Int64(try reader.int()), profileID: try reader.optional { try $0.text() },
                               observedAtEpoch: try reader.int(), temperatureC: try reader.optional { try $0.double() },
                               humidityPercent: try reader.optional { try $0.double() }, pressureHPa: try reader.optional { try $0.double() },
                               uvIndex: try reader.optional { try $0.double() }, weatherCode: try reader.optional { try $0.int() })
        }
        factors = try reader.list { reader in
            FactorEntry(id: Int64(try reader.int()), profileID: try reader.text(), at: try reader.time(), factor: try reader.text(),
                        value: try reader.optional { try $0.double() }, loggedAt: try reader.optional { try $0.time() })
        }
        guard reader.isAtEnd else { throw ModuleWire.Failure("the rows sent run on past the last table") }
    }
}
