/// A person whose data a dataset holds (the contract's `profiles` table).
public struct Profile: Hashable, Sendable, Codable {
    public enum Sex: String, CaseIterable, Sendable, Codable { case female, male, other }
    /// MediFamily's relationship types (Father, Mother, Child, Grandparents, Spouse, Sibling),
    /// with `self`, `parent` and `other` for the rest.
    public enum Relationship: String, CaseIterable, Sendable, Codable {
        case `self`, spouse, child, parent, father, mother, grandparent, sibling, other

        /// The plural the seed writes ("Grandparents") names the same relationship.
        public static func named(_ text: String) -> Relationship? {
            let key = text.lowercased()
            return Relationship(rawValue: key == "grandparents" ? "grandparent" : key)
        }
    }
    public enum MemberType: String, CaseIterable, Sendable, Codable { case child, adult, senior }

    public var id: String
    public var displayName: String
    public var timeZone: ProfileTimeZone
    public var birthDate: CalendarDay?
    public var sex: Sex?
    public var relationship: Relationship?
    public var memberType: MemberType?
    public var heightCm: Double?
    public var weightKg: Double?
    /// The day the person died, when the record says so (Synthea exports carry it).
    public var deceasedDate: CalendarDay?

    public init(id: String, displayName: String? = nil, timeZone: ProfileTimeZone = .utc,
                birthDate: CalendarDay? = nil, sex: Sex? = nil, relationship: Relationship? = nil,
                memberType: MemberType? = nil, heightCm: Double? = nil, weightKg: Double? = nil,
                deceasedDate: CalendarDay? = nil) {
        self.id = id
        self.displayName = displayName ?? id
        self.timeZone = timeZone
        self.birthDate = birthDate
        self.sex = sex
        self.relationship = relationship
        self.memberType = memberType
        self.heightCm = heightCm
        self.weightKg = weightKg
        self.deceasedDate = deceasedDate
    }

    /// Age in whole years on a day, from the birth date; nil without one.
    public func age(on day: CalendarDay) -> Int? {
        guard let birthDate, birthDate <= day else { return nil }
        var years = day.year - birthDate.year
        if (day.month, day.day) < (birthDate.month, birthDate.day) { years -= 1 }
        return years
    }

    /// Body mass index, derived only for adults and seniors (MediFamily FR-6.5), for whom the
    /// adult formula is meaningful.
    public var bodyMassIndex: Double? {
        Profile.bodyMassIndex(memberType: memberType, heightCm: heightCm, weightKg: weightKg)
    }

    /// Weight in kilograms over height in metres squared, for adults and seniors only.
    public static func bodyMassIndex(memberType: MemberType?, heightCm: Double?, weightKg: Double?) -> Double? {
        guard memberType == .adult || memberType == .senior, let heightCm, let weightKg, heightCm > 0, weightKg > 0 else { return nil }
        let metres = heightCm / 100
        return weightKg / (metres * metres)
    }
}
