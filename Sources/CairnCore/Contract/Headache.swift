/// One headache episode (the contract's `headaches` table). Only resolved episodes count toward
/// minimum-data gates; the person's own type label is never clinically confirmed.
public struct Headache: Hashable, Sendable, Codable {
    public enum OnsetSpeed: String, CaseIterable, Sendable, Codable { case gradual, moderate, instantaneous }

    /// The fields as the contract has them; their Codable and Hashable are the headache's.
    @usableFromInline
    struct Fields: Hashable, Sendable, Codable {
        @usableFromInline var id: String
        @usableFromInline var profileID: String
        @usableFromInline var onset: EventTime
        @usableFromInline var resolved: EventTime?
        @usableFromInline var severity: Int
        @usableFromInline var onsetSpeed: OnsetSpeed?
        @usableFromInline var aura: Bool?
        @usableFromInline var visualDisturbance: Bool?
        @usableFromInline var symptoms: [String]
        @usableFromInline var headacheType: String?
        @usableFromInline var notes: String?
    }

    /// The fields in one immutable box: modules copy headaches into list after list (the
    /// resolved ones, matched sets, a replay's every step), and a copy is then one reference
    /// counted instead of seven. A change makes a new box.
    @usableFromInline
    final class Box: Sendable {
        @usableFromInline let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    @usableFromInline var stored: Box

    public var id: String {
        @inlinable get { stored.fields.id }
        set { change(\.id, newValue) }
    }
    public var profileID: String {
        @inlinable get { stored.fields.profileID }
        set { change(\.profileID, newValue) }
    }
    public var onset: EventTime {
        @inlinable get { stored.fields.onset }
        set { change(\.onset, newValue) }
    }
    public var resolved: EventTime? {
        @inlinable get { stored.fields.resolved }
        set { change(\.resolved, newValue) }
    }
    /// 1, 3 or 5 (mild, moderate, severe).
    public var severity: Int {
        @inlinable get { stored.fields.severity }
        set { change(\.severity, newValue) }
    }
    /// Nil when the person answered "not sure".
    public var onsetSpeed: OnsetSpeed? {
        @inlinable get { stored.fields.onsetSpeed }
        set { change(\.onsetSpeed, newValue) }
    }
    public var aura: Bool? {
        @inlinable get { stored.fields.aura }
        set { change(\.aura, newValue) }
    }
    public var visualDisturbance: Bool? {
        @inlinable get { stored.fields.visualDisturbance }
        set { change(\.visualDisturbance, newValue) }
    }
    public var symptoms: [String] {
        @inlinable get { stored.fields.symptoms }
        set { change(\.symptoms, newValue) }
    }
    public var headacheType: String? {
        @inlinable get { stored.fields.headacheType }
        set { change(\.headacheType, newValue) }
    }
    public var notes: String? {
        @inlinable get { stored.fields.notes }
        set { change(\.notes, newValue) }
    }

    private mutating func change<Value>(_ field: WritableKeyPath<Fields, Value>, _ value: Value) {
        var fields = stored.fields
        fields[keyPath: field] = value
        stored = Box(fields)
    }

    public init(id: String, profileID: String, onset: EventTime, resolved: EventTime? = nil, severity: Int,
                onsetSpeed: OnsetSpeed? = nil, aura: Bool? = nil, visualDisturbance: Bool? = nil,
                symptoms: [String] = [], headacheType: String? = nil, notes: String? = nil) {
        stored = Box(Fields(id: id, profileID: profileID, onset: onset, resolved: resolved, severity: severity, onsetSpeed: onsetSpeed,
                            aura: aura, visualDisturbance: visualDisturbance, symptoms: symptoms, headacheType: headacheType,
                            notes: notes))
    }

    public static func == (a: Headache, b: Headache) -> Bool { a.stored === b.stored || a.stored.fields == b.stored.fields }

    public func hash(into hasher: inout Hasher) { hasher.combine(stored.fields) }

    public func encode(to encoder: Encoder) throws { try stored.fields.encode(to: encoder) }

    public init(from decoder: Decoder) throws { stored = Box(try Fields(from: decoder)) }

    @inlinable public var isResolved: Bool { resolved != nil }
}
