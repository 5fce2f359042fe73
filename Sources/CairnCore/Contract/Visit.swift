/// A medical visit, past or planned (the contract's `visits` table).
public struct Visit: Hashable, Sendable, Codable {
    public enum VisitType: String, CaseIterable, Sendable, Codable {
        case physical, dental, vision, specialist, labWork, imaging, other
    }

    public var id: Int64
    public var profileID: String
    public var date: EventTime
    public var type: VisitType
    public var typeLabel: String?
    public var doctor: String?
    public var title: String?
    public var condition: String?
    public var notes: String?
    public var tags: [String]

    public init(id: Int64, profileID: String, date: EventTime, type: VisitType, typeLabel: String? = nil,
                doctor: String? = nil, title: String? = nil, condition: String? = nil,
                notes: String? = nil, tags: [String] = []) {
        self.id = id
        self.profileID = profileID
        self.date = date
        self.type = type
        self.typeLabel = typeLabel
        self.doctor = doctor
        self.title = title
        self.condition = condition
        self.notes = notes
        self.tags = tags
    }
}
