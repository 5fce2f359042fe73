import CairnCore
import Foundation

/// What Cairn reads of an Apple Health export apart from its records: recognising the file,
/// the `Me` element, and HealthKit's dates (`2017-09-01 05:26:26 +0200`).
enum AppleHealthExport {
    /// Whether the first bytes are an export: the HealthData root or its doctype.
    static func recognize(prefix: [UInt8]) -> Bool {
        let text = String(decoding: prefix, as: UTF8.self)
        return text.contains("<HealthData") || text.contains("<!DOCTYPE HealthData")
    }

    /// The person's birth date and sex from `Me`, when the export gives them.
    static func me(prefix: [UInt8]) -> (birthDate: String?, sex: String?) {
        let text = String(decoding: prefix, as: UTF8.self)
        guard let start = text.range(of: "<Me "), let end = text[start.upperBound...].firstIndex(of: ">") else { return (nil, nil) }
        let element = text[start.upperBound..<end]
        func attribute(_ name: String) -> String? {
            guard let key = element.range(of: name + "=\"") else { return nil }
            return String(element[key.upperBound...].prefix { $0 != "\"" })
        }
        let birth = attribute("HKCharacteristicTypeIdentifierDateOfBirth").flatMap { CalendarDay(iso: $0) != nil ? $0 : nil }
        let sex: String?
        switch attribute("HKCharacteristicTypeIdentifierBiologicalSex") {
        case "HKBiologicalSexFemale": sex = "female"
        case "HKBiologicalSexMale": sex = "male"
        case "HKBiologicalSexOther": sex = "other"
        default: sex = nil
        }
        return (birth, sex)
    }

    /// HealthKit's `2017-09-01 05:26:26 +0200` as ISO 8601 (`2017-09-01T05:26:26+02:00`).
    static func isoText(_ text: String) -> String {
        let parts = text.split(separator: " ")
        guard parts.count == 3, parts[2].count == 5 else { return text }
        let offset = parts[2]
        return "\(parts[0])T\(parts[1])\(offset.prefix(3)):\(offset.suffix(2))"
    }

    /// The instant of a HealthKit date, or nil.
    static func instant(_ text: String?) -> Int? {
        guard let text, case .instant(let seconds)? = ISODateTimeText.parse(isoText(text)) else { return nil }
        return seconds
    }

    /// An element as one line of text, for the rejects file.
    static func describe(_ name: String, _ attributes: [String: String]) -> [UInt8] {
        let pairs = attributes.keys.sorted().map { "\($0)=\"\(attributes[$0]!)\"" }
        return Array(("<\(name) " + pairs.joined(separator: " ") + "/>").utf8)
    }
}

/// The HealthKit types Cairn reads, and the library marker each becomes.
enum AppleHealthTypes {
    static let sleep = "HKCategoryTypeIdentifierSleepAnalysis"
    /// Menstrual flow, a day's record: Aurae's menstrual cycle phase, "auto-filled from Apple
    /// Health if available" (seed 002, 5.3), becomes the factor `menstruation` on that day.
    static let menstrualFlow = "HKCategoryTypeIdentifierMenstrualFlow"

    /// The flow as the factor's value (light 1, medium 2, heavy 3; unspecified: no value), or
    /// nil for "None", which is no menstruation that day.
    static func flowLevel(_ value: String) -> Int?? {
        switch value {
        case "HKCategoryValueMenstrualFlowLight": return .some(1)
        case "HKCategoryValueMenstrualFlowMedium": return .some(2)
        case "HKCategoryValueMenstrualFlowHeavy": return .some(3)
        case "HKCategoryValueMenstrualFlowNone": return nil
        default: return .some(nil)
        }
    }

    static let markers: [String: String] = [
        "HKQuantityTypeIdentifierHeartRate": "heart-rate",
        "HKQuantityTypeIdentifierRestingHeartRate": "resting-heart-rate",
        "HKQuantityTypeIdentifierStepCount": "steps",
        "HKQuantityTypeIdentifierBodyMass": "weight",
        "HKQuantityTypeIdentifierBodyMassIndex": "bmi",
        "HKQuantityTypeIdentifierHeight": "height",
        "HKQuantityTypeIdentifierBloodPressureSystolic": "systolic-bp",
        "HKQuantityTypeIdentifierBloodPressureDiastolic": "diastolic-bp",
        "HKQuantityTypeIdentifierBloodGlucose": "blood-glucose",
        "HKQuantityTypeIdentifierOxygenSaturation": "oxygen-saturation",
        "HKQuantityTypeIdentifierRespiratoryRate": "respiratory-rate",
    ]

    static func isImported(_ type: String) -> Bool { type == sleep || type == menstrualFlow || markers[type] != nil }

    static func marker(for type: String, in library: MarkerLibrary) -> MarkerDefinition? {
        markers[type].flatMap { library.marker(id: $0) }
    }

    /// "HKQuantityTypeIdentifierDistanceWalkingRunning" → "Apple Health type DistanceWalkingRunning".
    static func describe(_ type: String) -> String {
        for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier", "HKWorkoutActivityType"]
        where type.hasPrefix(prefix) {
            return "Apple Health type " + type.dropFirst(prefix.count)
        }
        return "Apple Health " + type
    }
}

/// Which of several sources to keep for one type on one day: the devices that measure first
/// (a source whose name holds "Watch", then "iPhone"), then apps in the order of their names
/// (ignoring case), then the Health app's own entries ("Health", typed in by hand), last.
enum AppleHealthSources {
    static func rank(_ source: String) -> (Int, String) {
        let name = source.lowercased()
        if name.contains("watch") { return (0, name) }
        if name.contains("iphone") { return (1, name) }
        if name == "health" { return (3, name) }
        return (2, name)
    }

    static func best(_ sources: Set<String>) -> String? {
        sources.min { rank($0) < rank($1) }
    }
}

/// Sleep intervals folded into nights in the profile's zone by Aurae's sleep capture window
/// (D-04, "matches Apple Health's own sleep window convention"): 10 PM one local day through
/// 10 AM the next. An interval counts for the night whose window it overlaps, clipped to it; one
/// wholly between 10 AM and 10 PM (a nap) belongs to no night. A night's duration is the union
/// of its Asleep intervals (any of HealthKit's asleep values), or of its InBed intervals when
/// none says asleep; Awake intervals count toward neither.
final class AppleHealthSleep {
    /// Where the window opens on the night's own day and closes on the next, local seconds of day.
    static let windowOpens = 22 * 3600
    static let windowCloses = 10 * 3600

    let zone: CachedZone
    private var intervals: [CalendarDay: (source: String, asleep: [ClosedRange<Int>], inBed: [ClosedRange<Int>])] = [:]

    init(zone: CachedZone) { self.zone = zone }

    /// The night (the local date the window opened on) an interval belongs to and its part inside
    /// that night's window; nil when it lies outside every window.
    static func night(start: Int, end: Int, zone: CachedZone) -> (day: CalendarDay, start: Int, end: Int)? {
        nights(start: start, end: end, zone: zone).first
    }

    /// Every night whose window an interval overlaps, with its part inside each: a record
    /// longer than the day between two windows counts for both nights, clipped to each.
    static func nights(start: Int, end: Int, zone: CachedZone) -> [(day: CalendarDay, start: Int, end: Int)] {
        var parts: [(day: CalendarDay, start: Int, end: Int)] = []
        var night = zone.day(ofEpoch: start).adding(days: -1)
        while true {
            let opens = zone.epoch(of: .local(night, secondOfDay: windowOpens))
            if opens >= end { break }
            let closes = zone.epoch(of: .local(night.adding(days: 1), secondOfDay: windowCloses))
            let inside = (start: max(start, opens), end: min(end, closes))
            if inside.start < inside.end { parts.append((night, inside.start, inside.end)) }
            night = night.adding(days: 1)
        }
        return parts
    }

    /// The day records of a type are grouped by: the night for sleep (nil outside every
    /// window), else the local day.
    static func groupDay(type: String, start: Int, end: Int?, zone: CachedZone) -> CalendarDay? {
        guard type == AppleHealthTypes.sleep else { return zone.day(ofEpoch: start) }
        return night(start: start, end: end ?? start, zone: zone)?.day
    }

    func add(night: CalendarDay, source: String, start: Int, end: Int, value: String) {
        var entry = intervals[night] ?? (source, [], [])
        if value.hasPrefix("HKCategoryValueSleepAnalysisAsleep") {
            entry.asleep.append(start...end)
        } else if value == "HKCategoryValueSleepAnalysisInBed" {
            entry.inBed.append(start...end)
        }
        intervals[night] = entry
    }

    func nights() -> [SleepWriter.Night] {
        intervals.keys.sorted().compactMap { day in
            let entry = intervals[day]!
            let seconds = AppleHealthSleep.covered(entry.asleep.isEmpty ? entry.inBed : entry.asleep)
            guard seconds > 0 else { return nil }
            return SleepWriter.Night(day: day, minutes: min(1440, (Double(seconds) / 60).rounded()), source: entry.source)
        }
    }

    /// Seconds covered by the union of intervals.
    static func covered(_ ranges: [ClosedRange<Int>]) -> Int {
        var total = 0
        var current: ClosedRange<Int>?
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let open = current, range.lowerBound <= open.upperBound {
                current = open.lowerBound...max(open.upperBound, range.upperBound)
            } else {
                if let open = current { total += open.upperBound - open.lowerBound }
                current = range
            }
        }
        if let open = current { total += open.upperBound - open.lowerBound }
        return total
    }
}
