import CairnCore
import Foundation

/// profiles rows: a new profile is added; an existing one is updated, and when its time zone
/// changes every stored local day and instant of that profile is recomputed in the new zone.
final class ProfileRowImporter: ContractRowImporter {
    private let context: ImportContext
    private let upsert: InsertPipeline.Insert
    private let currentZone: SQLiteStatement

    init(context: ImportContext) throws {
        self.context = context
        upsert = try context.inserts.prepare("""
            INSERT INTO profiles(profile_id, display_name, time_zone, birth_date, sex, relationship, member_type,
                                 height_cm, weight_kg)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(profile_id) DO UPDATE SET display_name = excluded.display_name,
                time_zone = excluded.time_zone, birth_date = excluded.birth_date, sex = excluded.sex,
                relationship = excluded.relationship, member_type = excluded.member_type,
                height_cm = excluded.height_cm, weight_kg = excluded.weight_kg
            """)
        currentZone = try context.database.prepare("SELECT time_zone FROM profiles WHERE profile_id = ?")
    }

    func importRow(_ row: RowReader) throws {
        let id = try row.requiredText("profile_id")
        guard !context.profilesDefinedHere.contains(id) else {
            throw row.invalid("profile_id", "profile \"\(id)\" is defined twice in this import; keep one row",
                              reason: .duplicateProfileID)
        }
        var zone = ProfileTimeZone.utc
        if let name = try row.text("time_zone") {
            guard let known = ProfileTimeZone(identifier: name) else {
                let hint = TimeZoneNames.closest(to: name).map { "; did you mean \($0)?" } ?? "; use an IANA name such as Europe/Berlin"
                throw row.invalid("time_zone", "\(QuotedValue.of(name)) is not a known IANA time zone" + hint, reason: .unknownTimeZone)
            }
            zone = known
        }
        let birthDate = try row.text("birth_date")
        if let birthDate, CalendarDay(iso: birthDate) == nil {
            throw row.invalid("birth_date", "\"\(birthDate)\" is not a date; use YYYY-MM-DD", reason: .unparseableDate)
        }
        let height = try row.number("height_cm")
        let weight = try row.number("weight_kg")
        if let height, !(20...280).contains(height) {
            throw row.invalid("height_cm", "\(NumberText.format(height)) cm is not a possible height; give centimetres (20-280)")
        }
        if let weight, !(0.3...700).contains(weight) {
            throw row.invalid("weight_kg", "\(NumberText.format(weight)) kg is not a possible weight; give kilograms (0.3-700)")
        }

        currentZone.reset()
        try currentZone.bind(id, at: 1)
        let previousZone = try currentZone.step() ? currentZone.text(0) : nil
        currentZone.reset()

        let bind = StatementBinder(upsert)
        bind.add(id)
        try bind.add(row.text("display_name") ?? id)
        bind.add(zone.identifier)
        bind.add(birthDate)
        try bind.add(row.choice("sex", from: Profile.Sex.allCases.map(\.rawValue)))
        try bind.add(row.choice("relationship", from: Profile.Relationship.allCases.map(\.rawValue)))
        try bind.add(row.choice("member_type", from: Profile.MemberType.allCases.map(\.rawValue)))
        bind.add(height)
        bind.add(weight)
        try bind.run()

        context.profilesDefinedHere.insert(id)
        context.setZone(zone, forProfile: id)
        if let previousZone, previousZone != zone.identifier {
            try DerivedTimeRefresher.refresh(profileID: id, zone: zone, in: context.database)
        }
    }
}

/// "Did you mean" for mistyped time zone names.
enum TimeZoneNames {
    static func closest(to name: String) -> String? {
        let key = name.lowercased()
        let candidates = TimeZone.knownTimeZoneIdentifiers
        if let exact = candidates.first(where: { $0.lowercased() == key }) { return exact }
        let scored = candidates.compactMap { candidate in EditDistance.within(3, key, candidate.lowercased()).map { ($0, candidate) } }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        return scored.first?.1
    }
}
