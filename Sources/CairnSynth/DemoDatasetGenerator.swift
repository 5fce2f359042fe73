import CairnCore

/// Makes the bundled demo dataset (Datasets/demo): three households in three time zones, each
/// built from a seeded generator so the files can be re-made byte for byte.
///  - maya: a lab-marker tracker in America/Chicago, three years of readings for a dozen
///    markers, some trending, some out of range, and visits of every type;
///  - lena: a headache diary in Europe/Berlin, six months of headaches, medications (acute,
///    preventive and unclassified, with one month of ten or more acute days), nightly sleep,
///    hourly weather and daily factors;
///  - the Okafor family of four in Australia/Sydney (MediFamily), with visits and growth readings.
public struct DemoDatasetGenerator {
    public static let defaultSeed: UInt64 = 20_260_301
    /// The committed demo's present day: the family's check-ups from it on are still to come.
    public static let defaultToday = CalendarDay(year: 2026, month: 11, day: 22)!

    let seed: UInt64
    /// A parameter, never the clock, so that the files are the same whenever they are made.
    let today: CalendarDay

    public init(seed: UInt64 = DemoDatasetGenerator.defaultSeed, today: CalendarDay = DemoDatasetGenerator.defaultToday) {
        self.seed = seed
        self.today = today
    }

    /// The dataset as contract CSV files: file name to text.
    public func files() -> [String: String] {
        var tables = DemoTables()
        var labTracker = LabTrackerPersona(seed: seed &+ 1)
        labTracker.write(into: &tables)
        var headacheDiary = HeadacheDiaryPersona(seed: seed &+ 2)
        headacheDiary.write(into: &tables)
        var family = FamilyPersona(seed: seed &+ 3, today: today)
        family.write(into: &tables)
        return tables.files
    }
}

/// The demo dataset's tables while they are being filled.
struct DemoTables {
    var profiles = TableText(["profile_id", "display_name", "time_zone", "birth_date", "sex", "relationship",
                              "member_type", "height_cm", "weight_kg"])
    var referenceOverrides = TableText(["profile_id", "marker", "ref_low", "ref_high"])
    var readings = TableText(["profile_id", "marker", "value", "unit", "date", "note", "source"])
    var visits = TableText(["profile_id", "date", "visit_type", "visit_type_label", "doctor", "title", "condition",
                            "notes", "tags"])
    var headaches = TableText(["profile_id", "headache_id", "onset_at", "resolved_at", "severity", "onset_speed",
                               "aura", "visual_disturbance", "symptoms", "headache_type", "notes"])
    var medications = TableText(["profile_id", "taken_at", "name", "dose", "is_acute", "effectiveness", "headache_id"])
    var sleep = TableText(["profile_id", "night_of", "duration_min", "quality", "source"])
    var weather = TableText(["profile_id", "observed_at", "temperature_c", "humidity_pct", "pressure_hpa", "uv_index",
                             "weather_code"])
    var factors = TableText(["profile_id", "at", "factor", "value"])

    var files: [String: String] {
        [
            "profiles.csv": profiles.text, "reference_overrides.csv": referenceOverrides.text,
            "readings.csv": readings.text, "visits.csv": visits.text, "headaches.csv": headaches.text,
            "medications.csv": medications.text, "sleep.csv": sleep.text, "weather.csv": weather.text,
            "factors.csv": factors.text,
        ]
    }
}

/// Date and time text helpers shared by the personas.
enum DemoTime {
    static func day(_ text: String) -> CalendarDay {
        guard let day = CalendarDay(iso: text) else { preconditionFailure("bad demo date \(text)") }
        return day
    }

    /// `YYYY-MM-DDTHH:MM`, local wall-clock time with no offset.
    static func local(_ day: CalendarDay, minuteOfDay: Int) -> String {
        day.description + "T" + CalendarDay.padded(minuteOfDay / 60) + ":" + CalendarDay.padded(minuteOfDay % 60)
    }

    /// `YYYY-MM-DDTHH:MM:SS+HH:MM` for an instant, with the zone's offset at that instant.
    static func withOffset(_ epoch: Int, in zone: ProfileTimeZone) -> String {
        ISODateTimeText.format(epochSeconds: epoch, offsetSeconds: zone.offset(atEpoch: epoch))
    }
}

extension CalendarDay {
    static func padded(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
