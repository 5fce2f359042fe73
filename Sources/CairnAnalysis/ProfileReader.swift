import CairnCore
import CairnStore
import Foundation

/// One connection's prepared statements for reading a profile's rows, each through an index
/// that leads with profile_id. Not thread-safe: `ProfileSource` hands a reader to one worker at
/// a time under `lock`.
final class ProfileReader {
    let lock = NSLock()
    private let profile, overrides, readings, visits, headaches, medications, sleep, weatherOwn, weatherShared, factors,
                latest: SQLiteStatement

    /// `layoutVersion`: the dataset's (`DatasetSchema`); what an older layout lacks reads as empty.
    init(_ database: SQLiteDatabase, layoutVersion: Int) throws {
        let deceased = layoutVersion >= 2 ? "deceased_date" : "NULL"
        let loggedAt = layoutVersion >= 3 ? "logged_at, logged_at_epoch, logged_at_day" : "NULL, NULL, NULL"
        profile = try database.prepare("""
            SELECT profile_id, display_name, time_zone, birth_date, sex, relationship, member_type, height_cm, weight_kg,
                   \(deceased)
            FROM main.profiles WHERE profile_id = ?1
            """)
        overrides = try database.prepare("SELECT profile_id, marker, ref_low, ref_high FROM main.reference_overrides WHERE profile_id = ?1")
        readings = try database.prepare("""
            SELECT id, profile_id, marker, value, unit, date, date_epoch, date_day, note, source, entered_unit FROM main.readings
            WHERE profile_id = ?1 ORDER BY date_epoch, id
            """)
        visits = try database.prepare("""
            SELECT id, profile_id, date, date_epoch, date_day, visit_type, visit_type_label, doctor, title, condition, notes, tags
            FROM main.visits WHERE profile_id = ?1 ORDER BY date_epoch, id
            """)
        headaches = try database.prepare("""
            SELECT profile_id, headache_id, onset_at, onset_at_epoch, onset_at_day, resolved_at, resolved_at_epoch, resolved_at_day,
                   severity, onset_speed, aura, visual_disturbance, symptoms, headache_type, notes, id FROM main.headaches
            WHERE profile_id = ?1 ORDER BY onset_at_epoch, headache_id
            """)
        medications = try database.prepare("""
            SELECT id, profile_id, taken_at, taken_at_epoch, taken_at_day, name, dose, is_acute, effectiveness, headache_id
            FROM main.medications WHERE profile_id = ?1 ORDER BY taken_at_epoch, id
            """)
        sleep = try database.prepare("""
            SELECT id, profile_id, night_of, duration_min, quality, source FROM main.sleep WHERE profile_id = ?1 ORDER BY night_of, id
            """)
        let weatherColumns = "id, profile_id, observed_at_epoch, temperature_c, humidity_pct, pressure_hpa, uv_index, weather_code"
        weatherOwn = try database.prepare(
            "SELECT \(weatherColumns) FROM main.weather WHERE profile_id = ?1 ORDER BY observed_at_epoch, id")
        weatherShared = try database.prepare(
            "SELECT \(weatherColumns) FROM main.weather WHERE profile_id IS NULL ORDER BY observed_at_epoch, id")
        factors = try database.prepare("""
            SELECT id, profile_id, at, at_epoch, at_day, factor, value, \(loggedAt) FROM main.factors WHERE profile_id = ?1
            ORDER BY at_epoch, id
            """)
        // The newest row of each table through its (profile_id, time) index.
        latest = try database.prepare("""
            SELECT time_zone,
                (SELECT MAX(date_epoch) FROM main.readings WHERE profile_id = ?1),
                (SELECT MAX(onset_at_epoch) FROM main.headaches WHERE profile_id = ?1),
                (SELECT MAX(taken_at_epoch) FROM main.medications WHERE profile_id = ?1),
                (SELECT MAX(night_of) FROM main.sleep WHERE profile_id = ?1),
                (SELECT MAX(at_epoch) FROM main.factors WHERE profile_id = ?1),
                (SELECT MAX(observed_at_epoch) FROM main.weather WHERE profile_id = ?1),
                (SELECT MAX(date_epoch) FROM main.visits WHERE profile_id = ?1 AND date_day <= ?2)
            FROM main.profiles WHERE profile_id = ?1
            """)
    }

    /// Runs a statement for one profile id (nil: none bound), calling `row` for each row.
    private func each(_ statement: SQLiteStatement, _ profileID: String?, _ row: (SQLiteStatement) -> Void) throws {
        statement.reset()
        if let profileID { try statement.bind(profileID, at: 1) }
        defer { statement.reset() }
        while try statement.step() { row(statement) }
    }

    func profile(_ id: String, markers: MarkerLibrary, sharedWeather: [WeatherObservation],
                 tables: Set<ContractTable>) throws -> ProfileData? {
        var found: Profile?
        try each(profile, id) { row in
            found = Profile(
                id: row.text(0) ?? "", displayName: row.text(1),
                timeZone: ProfileTimeZone(identifier: row.text(2) ?? "") ?? .utc,
                birthDate: row.text(3).flatMap { CalendarDay(iso: $0) }, sex: row.text(4).flatMap(Profile.Sex.init),
                relationship: row.text(5).flatMap(Profile.Relationship.init),
                memberType: row.text(6).flatMap(Profile.MemberType.init),
                heightCm: optionalDouble(row, 7), weightKg: optionalDouble(row, 8), deceasedDate: row.day(9))
        }
        guard let found else { return nil }
        var overrideMap: [String: ReferenceOverride] = [:]
        try each(overrides, id) { row in
            let override = ReferenceOverride(profileID: row.text(0) ?? "", markerID: row.text(1) ?? "",
                                             low: optionalDouble(row, 2), high: optionalDouble(row, 3))
            overrideMap[override.markerID] = override
        }
        var readingRows: [Reading] = []
        if tables.contains(.readings) { try each(readings, id) { row in
            readingRows.append(Reading(id: Int64(row.int(0)), profileID: id, markerID: row.text(2) ?? "",
                                       value: row.double(3), unit: row.text(4) ?? "", date: time(row, 5, 6, 7),
                                       note: row.text(8), source: row.text(9), enteredUnit: row.text(10)))
        } }
        var visitRows: [Visit] = []
        if tables.contains(.visits) { try each(visits, id) { row in
            visitRows.append(Visit(id: Int64(row.int(0)), profileID: id, date: time(row, 2, 3, 4),
                                   type: Visit.VisitType(rawValue: row.text(5) ?? "") ?? .other, typeLabel: row.text(6),
                                   doctor: row.text(7), title: row.text(8), condition: row.text(9),
                                   notes: row.text(10), tags: ContractValue.list((row.text(11) ?? "")[...])))
        } }
        var headacheRows: [Headache] = []
        if tables.contains(.headaches) { try each(headaches, id) { row in
            headacheRows.append(Headache(
                id: row.text(1) ?? "", profileID: id, onset: time(row, 2, 3, 4),
                resolved: row.isNull(5) ? nil : time(row, 5, 6, 7), severity: row.int(8),
                onsetSpeed: row.text(9).flatMap(Headache.OnsetSpeed.init), aura: optionalBool(row, 10),
                visualDisturbance: optionalBool(row, 11), symptoms: ContractValue.list((row.text(12) ?? "")[...]),
                headacheType: row.text(13), notes: row.text(14)))
        } }
        var medicationRows: [Medication] = []
        if tables.contains(.medications) { try each(medications, id) { row in
            medicationRows.append(Medication(
                id: Int64(row.int(0)), profileID: id, takenAt: time(row, 2, 3, 4),
                name: row.text(5) ?? "", dose: row.text(6), isAcute: optionalBool(row, 7),
                effectiveness: row.isNull(8) ? nil : row.int(8), headacheID: row.text(9)))
        } }
        var sleepRows: [SleepNight] = []
        if tables.contains(.sleep) { try each(sleep, id) { row in
            guard let night = row.day(2) else { return }
            sleepRows.append(SleepNight(id: Int64(row.int(0)), profileID: id, nightOf: night,
                                        durationMinutes: row.double(3), quality: row.isNull(4) ? nil : row.int(4),
                                        source: row.text(5)))
        } }
        let own = tables.contains(.weather) ? try weather(profileID: id) : []
        var factorRows: [FactorEntry] = []
        if tables.contains(.factors) { try each(factors, id) { row in
            factorRows.append(FactorEntry(id: Int64(row.int(0)), profileID: id, at: time(row, 2, 3, 4),
                                          factor: row.text(5) ?? "", value: optionalDouble(row, 6),
                                          loggedAt: row.isNull(8) ? nil : time(row, 7, 8, 9)))
        } }
        return ProfileData(profile: found, markers: markers, overrides: overrideMap, readings: readingRows, visits: visitRows,
                           headaches: headacheRows, medications: medicationRows, sleep: sleepRows,
                           weather: !tables.contains(.weather) ? [] : own.isEmpty ? sharedWeather : own + sharedWeather,
                           factors: factorRows)
    }

    /// A profile's own weather rows, or (nil) the rows every profile shares.
    func weather(profileID: String?) throws -> [WeatherObservation] {
        var rows: [WeatherObservation] = []
        try each(profileID == nil ? weatherShared : weatherOwn, profileID) { row in
            rows.append(WeatherObservation(
                id: Int64(row.int(0)), profileID: row.text(1), observedAtEpoch: row.int(2),
                temperatureC: optionalDouble(row, 3), humidityPercent: optionalDouble(row, 4),
                pressureHPa: optionalDouble(row, 5), uvIndex: optionalDouble(row, 6), weatherCode: optionalInt(row, 7)))
        }
        return rows
    }

    /// The profile's latest event instant and its zone, or nil with no event. Visits count only
    /// on local days up to `visitsUpTo` (nil: not at all): later ones are planned.
    func latestEvent(_ id: String, visitsUpTo: CalendarDay? = nil) throws -> (Int, ProfileTimeZone)? {
        latest.reset()
        defer { latest.reset() }
        try latest.bind(id, at: 1)
        try latest.bind(visitsUpTo?.description, at: 2)
        guard try latest.step() else { return nil }
        let zone = ProfileTimeZone(identifier: latest.text(0) ?? "") ?? .utc
        var instants = [1, 2, 3, 5, 6, 7].compactMap { optionalInt(latest, Int32($0)) }
        if let night = latest.text(4).flatMap({ CalendarDay(iso: $0) }) { instants.append(zone.startOfDay(night)) }
        return instants.max().map { ($0, zone) }
    }

    private func time(_ statement: SQLiteStatement, _ text: Int32, _ epoch: Int32, _ day: Int32) -> EventTime {
        EventTime(text: statement.text(text) ?? "", epochSeconds: statement.int(epoch),
                  day: statement.day(day) ?? CalendarDay(daysSinceEpoch: statement.int(epoch) / 86_400))
    }
    private func optionalDouble(_ s: SQLiteStatement, _ i: Int32) -> Double? { s.isNull(i) ? nil : s.double(i) }
    private func optionalInt(_ s: SQLiteStatement, _ i: Int32) -> Int? { s.isNull(i) ? nil : s.int(i) }
    private func optionalBool(_ s: SQLiteStatement, _ i: Int32) -> Bool? { s.isNull(i) ? nil : s.int(i) != 0 }
}
