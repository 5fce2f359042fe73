/// One headache episode (the contract's `headaches` table). Only resolved episodes count toward
/// minimum-data gates; the person's own type label is never clinically confirmed.
public struct Headache: Hashable, Sendable, Codable {
    public enum OnsetSpeed: String, CaseIterable, Sendable, Codable { case gradual, moderate, instantaneous }

    public var id: String
    public var profileID: String
    public var onset: EventTime
    public var resolved: EventTime?
    /// 1, 3 or 5 (mild, moderate, severe).
    public var severity: Int
    /// Nil when the person answered "not sure".
    public var onsetSpeed: OnsetSpeed?
    public var aura: Bool?
    public var visualDisturbance: Bool?
    public var symptoms: [String]
    public var headacheType: String?
    public var notes: String?

    public init(id: String, profileID: String, onset: EventTime, resolved: EventTime? = nil, severity: Int,
                onsetSpeed: OnsetSpeed? = nil, aura: Bool? = nil, visualDisturbance: Bool? = nil,
                symptoms: [String] = [], headacheType: String? = nil, notes: String? = nil) {
        self.id = id
        self.profileID = profileID
        self.onset = onset
        self.resolved = resolved
        self.severity = severity
        self.onsetSpeed = onsetSpeed
        self.aura = aura
        self.visualDisturbance = visualDisturbance
        self.symptoms = symptoms
        self.headacheType = headacheType
        self.notes = notes
    }

    @inlinable public var isResolved: Bool { resolved != nil }
}
