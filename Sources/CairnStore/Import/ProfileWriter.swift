import CairnCore

/// Adds a profile or updates one, from a contract profiles row or a Synthea patient; when an
/// existing profile's time zone changes, every stored local day and instant of that profile is
/// recomputed in the new zone. Reads the dataset, so its files never stream through the writer
/// thread.
final class ProfileWriter {
    /// A profile's fields as stored (dates as their text).
    struct Fields {
        var id: String
        var displayName: String
        var zone: ProfileTimeZone
        var birthDate: String?
        var sex: String?
        var relationship: String?
        var memberType: String?
        var heightCm: Double?
        var weightKg: Double?
        var deceasedDate: String?
    }

    private let context: ImportContext
    private let upsert: InsertPipeline.Insert
    private let currentZone: SQLiteStatement

    init(context: ImportContext) throws {
        self.context = context
        upsert = try context.inserts.prepare("""
            INSERT INTO profiles(profile_id, display_name, time_zone, birth_date, sex, relationship, member_type,
                                 height_cm, weight_kg, deceased_date)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(profile_id) DO UPDATE SET display_name = excluded.display_name,
                time_zone = excluded.time_zone, birth_date = excluded.birth_date, sex = excluded.sex,
                relationship = excluded.relationship, member_type = excluded.member_type,
                height_cm = excluded.height_cm, weight_kg = excluded.weight_kg, deceased_date = excluded.deceased_date
            """)
        currentZone = try context.database.prepare("SELECT time_zone FROM profiles WHERE profile_id = ?")
    }

    func write(_ fields: Fields) throws {
        currentZone.reset()
        try currentZone.bind(fields.id, at: 1)
        let previousZone = try currentZone.step() ? currentZone.text(0) : nil
        currentZone.reset()

        let bind = StatementBinder(upsert)
        bind.add(fields.id)
        bind.add(fields.displayName)
        bind.add(fields.zone.identifier)
        bind.add(fields.birthDate)
        bind.add(fields.sex)
        bind.add(fields.relationship)
        bind.add(fields.memberType)
        bind.add(fields.heightCm)
        bind.add(fields.weightKg)
        bind.add(fields.deceasedDate)
        try bind.run()

        context.profilesDefinedHere.insert(fields.id)
        context.setZone(fields.zone, forProfile: fields.id)
        if let previousZone, previousZone != fields.zone.identifier {
            try DerivedTimeRefresher.refresh(profileID: fields.id, zone: fields.zone, in: context.database)
        }
    }
}
