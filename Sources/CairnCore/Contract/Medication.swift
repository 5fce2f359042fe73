/// One medication entry (the contract's `medications` table).
public struct Medication: Hashable, Sendable, Codable {
    public var id: Int64
    public var profileID: String
    public var takenAt: EventTime
    public var name: String
    public var dose: String?
    /// true: for headache relief; false: daily as prescribed; nil: not classified.
    public var isAcute: Bool?
    /// 1-5.
    public var effectiveness: Int?
    public var headacheID: String?

    public init(id: Int64, profileID: String, takenAt: EventTime, name: String, dose: String? = nil,
                isAcute: Bool? = nil, effectiveness: Int? = nil, headacheID: String? = nil) {
        self.id = id
        self.profileID = profileID
        self.takenAt = takenAt
        self.name = name
        self.dose = dose
        self.isAcute = isAcute
        self.effectiveness = effectiveness
        self.headacheID = headacheID
    }
}
