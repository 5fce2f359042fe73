/// One headache episode (the contract's `headaches` table). Only resolved episodes count toward
/// minimum-data gates; the person's own type label is never clinically confirmed.
public struct Headache: Hashable, Sendable, Codable {
    public enum OnsetSpeed: String, CaseIterable, Sendable, Codable { case gradual, moderate, instantaneous }

    /// The fields, in one immutable box: modules copy headaches into list after list (the
    /// resolved ones, matched sets, a replay's every step), and a copy is then one reference
    /// counted instead of seven. A change makes a new box.
    @usableFromInline
    final class Fields: Sendable {
        @usableFromInline let id: String
        @usableFromInline let profileID: String
        @usableFromInline let onset: EventTime
        @usableFromInline let resolved: EventTime?
        @usableFromInline let severity: Int
        @usableFromInline let onsetSpeed: OnsetSpeed?
        @usableFromInline let aura: Bool?
        @usableFromInline let visualDisturbance: Bool?
        @usableFromInline let symptoms: [String]
        @usableFromInline let headacheType: String?
        @usableFromInline let notes: String?

        init(id: String, profileID: String, onset: EventTime, resolved: EventTime?, severity: Int, onsetSpeed: OnsetSpeed?,
             aura: Bool?, visualDisturbance: Bool?, symptoms: [String], headacheType: String?, notes: String?) {
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

        /// The same fields with one changed.
        func with<Value>(_ field: WritableKeyPath<Values, Value>, _ value: Value) -> Fields {
            var values = Values(self)
            values[keyPath: field] = value
            return values.fields
        }

        struct Values {
            var id: String
            var profileID: String
            var onset: EventTime
            var resolved: EventTime?
            var severity: Int
            var onsetSpeed: OnsetSpeed?
            var aura: Bool?
            var visualDisturbance: Bool?
            var symptoms: [String]
            var headacheType: String?
            var notes: String?

            init(_ fields: Fields) {
                id = fields.id
                profileID = fields.profileID
                onset = fields.onset
                resolved = fields.resolved
                severity = fields.severity
                onsetSpeed = fields.onsetSpeed
                aura = fields.aura
                visualDisturbance = fields.visualDisturbance
                symptoms = fields.symptoms
                headacheType = fields.headacheType
                notes = fields.notes
            }

            var fields: Fields {
                Fields(id: id, profileID: profileID, onset: onset, resolved: resolved, severity: severity, onsetSpeed: onsetSpeed,
                       aura: aura, visualDisturbance: visualDisturbance, symptoms: symptoms, headacheType: headacheType, notes: notes)
            }
        }
    }

    @usableFromInline let stored: Fields

    public var id: String {
        @inlinable get { stored.id }
        set { self = Headache(stored.with(\.id, newValue)) }
    }
    public var profileID: String {
        @inlinable get { stored.profileID }
        set { self = Headache(stored.with(\.profileID, newValue)) }
    }
    public var onset: EventTime {
        @inlinable get { stored.onset }
        set { self = Headache(stored.with(\.onset, newValue)) }
    }
    public var resolved: EventTime? {
        @inlinable get { stored.resolved }
        set { self = Headache(stored.with(\.resolved, newValue)) }
    }
    /// 1, 3 or 5 (mild, moderate, severe).
    public var severity: Int {
        @inlinable get { stored.severity }
        set { self = Headache(stored.with(\.severity, newValue)) }
    }
    /// Nil when the person answered "not sure".
    public var onsetSpeed: OnsetSpeed? {
        @inlinable get { stored.onsetSpeed }
        set { self = Headache(stored.with(\.onsetSpeed, newValue)) }
    }
    public var aura: Bool? {
        @inlinable get { stored.aura }
        set { self = Headache(stored.with(\.aura, newValue)) }
    }
    public var visualDisturbance: Bool? {
        @inlinable get { stored.visualDisturbance }
        set { self = Headache(stored.with(\.visualDisturbance, newValue)) }
    }
    public var symptoms: [String] {
        @inlinable get { stored.symptoms }
        set { self = Headache(stored.with(\.symptoms, newValue)) }
    }
    public var headacheType: String? {
        @inlinable get { stored.headacheType }
        set { self = Headache(stored.with(\.headacheType, newValue)) }
    }
    public var notes: String? {
        @inlinable get { stored.notes }
        set { self = Headache(stored.with(\.notes, newValue)) }
    }

    private init(_ fields: Fields) {
        stored = fields
    }

    public init(id: String, profileID: String, onset: EventTime, resolved: EventTime? = nil, severity: Int,
                onsetSpeed: OnsetSpeed? = nil, aura: Bool? = nil, visualDisturbance: Bool? = nil,
                symptoms: [String] = [], headacheType: String? = nil, notes: String? = nil) {
        stored = Fields(id: id, profileID: profileID, onset: onset, resolved: resolved, severity: severity, onsetSpeed: onsetSpeed,
                        aura: aura, visualDisturbance: visualDisturbance, symptoms: symptoms, headacheType: headacheType, notes: notes)
    }

    public static func == (a: Headache, b: Headache) -> Bool {
        a.stored === b.stored || (a.id == b.id && a.profileID == b.profileID && a.onset == b.onset && a.resolved == b.resolved
            && a.severity == b.severity && a.onsetSpeed == b.onsetSpeed && a.aura == b.aura
            && a.visualDisturbance == b.visualDisturbance && a.symptoms == b.symptoms && a.headacheType == b.headacheType
            && a.notes == b.notes)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(profileID)
        hasher.combine(onset)
        hasher.combine(resolved)
        hasher.combine(severity)
        hasher.combine(onsetSpeed)
        hasher.combine(aura)
        hasher.combine(visualDisturbance)
        hasher.combine(symptoms)
        hasher.combine(headacheType)
        hasher.combine(notes)
    }

    private enum CodingKeys: String, CodingKey {
        case id, profileID, onset, resolved, severity, onsetSpeed, aura, visualDisturbance, symptoms, headacheType, notes
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(profileID, forKey: .profileID)
        try container.encode(onset, forKey: .onset)
        try container.encodeIfPresent(resolved, forKey: .resolved)
        try container.encode(severity, forKey: .severity)
        try container.encodeIfPresent(onsetSpeed, forKey: .onsetSpeed)
        try container.encodeIfPresent(aura, forKey: .aura)
        try container.encodeIfPresent(visualDisturbance, forKey: .visualDisturbance)
        try container.encode(symptoms, forKey: .symptoms)
        try container.encodeIfPresent(headacheType, forKey: .headacheType)
        try container.encodeIfPresent(notes, forKey: .notes)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        stored = Fields(id: try container.decode(String.self, forKey: .id),
                         profileID: try container.decode(String.self, forKey: .profileID),
                         onset: try container.decode(EventTime.self, forKey: .onset),
                         resolved: try container.decodeIfPresent(EventTime.self, forKey: .resolved),
                         severity: try container.decode(Int.self, forKey: .severity),
                         onsetSpeed: try container.decodeIfPresent(OnsetSpeed.self, forKey: .onsetSpeed),
                         aura: try container.decodeIfPresent(Bool.self, forKey: .aura),
                         visualDisturbance: try container.decodeIfPresent(Bool.self, forKey: .visualDisturbance),
                         symptoms: try container.decode([String].self, forKey: .symptoms),
                         headacheType: try container.decodeIfPresent(String.self, forKey: .headacheType),
                         notes: try container.decodeIfPresent(String.self, forKey: .notes))
    }

    @inlinable public var isResolved: Bool { resolved != nil }
}
