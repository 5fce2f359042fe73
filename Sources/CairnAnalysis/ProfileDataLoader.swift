import CairnCore
import CairnStore

/// Reads every profile's data from a dataset in one pass per table.
public enum ProfileDataLoader {
    public static func load(_ dataset: Dataset) throws -> [ProfileData] {
        let database = dataset.database
        var profiles: [String: Profile] = [:]
        var order: [String] = []
        let profileRows = try database.prepare("""
            SELECT profile_id, display_name, time_zone, birth_date, sex, relationship, member_type, height_cm, weight_kg
            FROM profiles ORDER BY profile_id
            """)
        while try profileRows.step() {
            let id = profileRows.text(0) ?? ""
            profiles[id] = Profile(
                id: id, displayName: profileRows.text(1), timeZone: ProfileTimeZone(identifier: profileRows.text(2) ?? "") ?? .utc,
                birthDate: profileRows.text(3).flatMap { CalendarDay(iso: $0) }, sex: profileRows.text(4).flatMap(Profile.Sex.init),
                relationship: profileRows.text(5).flatMap(Profile.Relationship.init),
                memberType: profileRows.text(6).flatMap(Profile.MemberType.init),
                heightCm: profileRows.isNull(7) ? nil : profileRows.double(7),
                weightKg: profileRows.isNull(8) ? nil : profileRows.double(8))
            order.append(id)
        }
        var library = MarkerLibrary.builtIn
        let custom = try database.prepare("""
            SELECT marker_id, display_name, unit, category, ref_low, ref_high, higher_is_better, aliases, loinc FROM markers
            ORDER BY marker_id
            """)
        while try custom.step() {
            let direction: TrendPreference = custom.isNull(6) ? .withinRange : custom.int(6) != 0 ? .higherIsBetter : .lowerIsBetter
            try? library.add(MarkerDefinition(
                id: custom.text(0) ?? "", displayName: custom.text(1) ?? "", category: custom.text(3) ?? "Custom",
                unit: custom.text(2) ?? "", referenceLow: custom.isNull(4) ? nil : custom.double(4),
                referenceHigh: custom.isNull(5) ? nil : custom.double(5), direction: direction,
                aliases: ContractValue.list((custom.text(7) ?? "")[...]), loincCodes: ContractValue.list((custom.text(8) ?? "")[...]),
                isCustom: true))
        }

        func time(_ statement: SQLiteStatement, _ text: Int32, _ epoch: Int32, _ day: Int32) -> EventTime {
            EventTime(text: statement.text(text) ?? "", epochSeconds: statement.int(epoch),
                      day: CalendarDay(iso: statement.text(day) ?? "") ?? CalendarDay(daysSinceEpoch: statement.int(epoch) / 86_400))
        }
        func optionalDouble(_ s: SQLiteStatement, _ i: Int32) -> Double? { s.isNull(i) ? nil : s.double(i) }
        func optionalInt(_ s: SQLiteStatement, _ i: Int32) -> Int? { s.isNull(i) ? nil : s.int(i) }
        func optionalBool(_ s: SQLiteStatement, _ i: Int32) -> Bool? { s.isNull(i) ? nil : s.int(i) != 0 }

        var overrides: [String: [String: ReferenceOverride]] = [:]
        let overrideRows = try database.prepare("SELECT profile_id, marker, ref_low, ref_high FROM reference_overrides")
        while try overrideRows.step() {
            let override = ReferenceOverride(profileID: overrideRows.text(0) ?? "", markerID: overrideRows.text(1) ?? "",
                                             low: optionalDouble(overrideRows, 2), high: optionalDouble(overrideRows, 3))
            overrides[override.profileID, default: [:]][override.markerID] = override
        }
        var readings: [String: [Reading]] = [:]
        let readingRows = try database.prepare(
            "SELECT id, profile_id, marker, value, unit, date, date_epoch, date_day, note, source, entered_unit FROM readings")
        while try readingRows.step() {
            let reading = Reading(id: Int64(readingRows.int(0)), profileID: readingRows.text(1) ?? "", markerID: readingRows.text(2) ?? "",
                                  value: readingRows.double(3), unit: readingRows.text(4) ?? "", date: time(readingRows, 5, 6, 7),
                                  note: readingRows.text(8), source: readingRows.text(9), enteredUnit: readingRows.text(10))
            readings[reading.profileID, default: []].append(reading)
        }
        var visits: [String: [Visit]] = [:]
        let visitRows = try database.prepare("""
            SELECT id, profile_id, date, date_epoch, date_day, visit_type, visit_type_label, doctor, title, condition, notes, tags
            FROM visits
            """)
        while try visitRows.step() {
            let visit = Visit(id: Int64(visitRows.int(0)), profileID: visitRows.text(1) ?? "", date: time(visitRows, 2, 3, 4),
                              type: Visit.VisitType(rawValue: visitRows.text(5) ?? "") ?? .other, typeLabel: visitRows.text(6),
                              doctor: visitRows.text(7), title: visitRows.text(8), condition: visitRows.text(9),
                              notes: visitRows.text(10), tags: ContractValue.list((visitRows.text(11) ?? "")[...]))
            visits[visit.profileID, default: []].append(visit)
        }
        var headaches: [String: [Headache]] = [:]
        let headacheRows = try database.prepare("""
            SELECT profile_id, headache_id, onset_at, onset_at_epoch, onset_at_day, resolved_at, resolved_at_epoch, resolved_at_day,
                   severity, onset_speed, aura, visual_disturbance, symptoms, headache_type, notes, id FROM headaches
            """)
        while try headacheRows.step() {
            let headache = Headache(
                id: headacheRows.text(1) ?? "", profileID: headacheRows.text(0) ?? "", onset: time(headacheRows, 2, 3, 4),
                resolved: headacheRows.isNull(5) ? nil : time(headacheRows, 5, 6, 7), severity: headacheRows.int(8),
                onsetSpeed: headacheRows.text(9).flatMap(Headache.OnsetSpeed.init), aura: optionalBool(headacheRows, 10),
                visualDisturbance: optionalBool(headacheRows, 11), symptoms: ContractValue.list((headacheRows.text(12) ?? "")[...]),
                headacheType: headacheRows.text(13), notes: headacheRows.text(14))
            headaches[headache.profileID, default: []].append(headache)
        }
        var medications: [String: [Medication]] = [:]
        let medicationRows = try database.prepare("""
            SELECT id, profile_id, taken_at, taken_at_epoch, taken_at_day, name, dose, is_acute, effectiveness, headache_id
            FROM medications
            """)
        while try medicationRows.step() {
            let medication = Medication(
                id: Int64(medicationRows.int(0)), profileID: medicationRows.text(1) ?? "", takenAt: time(medicationRows, 2, 3, 4),
                name: medicationRows.text(5) ?? "", dose: medicationRows.text(6), isAcute: optionalBool(medicationRows, 7),
                effectiveness: optionalInt(medicationRows, 8), headacheID: medicationRows.text(9))
            medications[medication.profileID, default: []].append(medication)
        }
        var sleep: [String: [SleepNight]] = [:]
        let sleepRows = try database.prepare("SELECT id, profile_id, night_of, duration_min, quality, source FROM sleep")
        while try sleepRows.step() {
            guard let night = CalendarDay(iso: sleepRows.text(2) ?? "") else { continue }
            let entry = SleepNight(id: Int64(sleepRows.int(0)), profileID: sleepRows.text(1) ?? "", nightOf: night,
                                   durationMinutes: sleepRows.double(3), quality: optionalInt(sleepRows, 4), source: sleepRows.text(5))
            sleep[entry.profileID, default: []].append(entry)
        }
        var weather: [String: [WeatherObservation]] = [:]
        var sharedWeather: [WeatherObservation] = []
        let weatherRows = try database.prepare("""
            SELECT id, profile_id, observed_at_epoch, temperature_c, humidity_pct, pressure_hpa, uv_index, weather_code FROM weather
            """)
        while try weatherRows.step() {
            let observation = WeatherObservation(
                id: Int64(weatherRows.int(0)), profileID: weatherRows.text(1), observedAtEpoch: weatherRows.int(2),
                temperatureC: optionalDouble(weatherRows, 3), humidityPercent: optionalDouble(weatherRows, 4),
                pressureHPa: optionalDouble(weatherRows, 5), uvIndex: optionalDouble(weatherRows, 6),
                weatherCode: optionalInt(weatherRows, 7))
            if let profile = observation.profileID {
                weather[profile, default: []].append(observation)
            } else {
                sharedWeather.append(observation)
            }
        }
        var factors: [String: [FactorEntry]] = [:]
        let factorRows = try database.prepare("SELECT id, profile_id, at, at_epoch, at_day, factor, value FROM factors")
        while try factorRows.step() {
            let entry = FactorEntry(id: Int64(factorRows.int(0)), profileID: factorRows.text(1) ?? "", at: time(factorRows, 2, 3, 4),
                                    factor: factorRows.text(5) ?? "", value: optionalDouble(factorRows, 6))
            factors[entry.profileID, default: []].append(entry)
        }
        return order.map { id in
            ProfileData(profile: profiles[id]!, markers: library, overrides: overrides[id] ?? [:], readings: readings[id] ?? [],
                        visits: visits[id] ?? [], headaches: headaches[id] ?? [], medications: medications[id] ?? [],
                        sleep: sleep[id] ?? [], weather: (weather[id] ?? []) + sharedWeather, factors: factors[id] ?? [])
        }
    }
}
