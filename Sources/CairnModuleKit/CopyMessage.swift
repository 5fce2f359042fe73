/// What a module says, as a catalog entry and the values of its slots: modules never hand the
/// guard free text, so every sentence a person can see is written, sourced and linted once, in
/// the catalog.
public struct CopyMessage: Sendable, Hashable, Codable {
    public let id: String
    public let slots: [String: SlotValue]

    public init(_ id: String, _ slots: [String: SlotValue] = [:]) {
        self.id = id
        self.slots = slots
    }
}

/// A typed value for a catalog slot.
public enum SlotValue: Sendable, Hashable, Codable {
    case count(Int)
    case number(Double)
    /// A share from 0 to 1, shown as "2 of every 10".
    case share(Double)
    /// YYYY-MM-DD.
    case date(String)
    /// YYYY-MM.
    case month(String)
    case duration(minutes: Int)
    /// A marker's display name from the marker library.
    case marker(String)
    /// One of the choices the catalog entry lists for the slot.
    case choice(String)
    /// Words from the person's own data; checked on their own before they fill a slot.
    case label(LabelKind, String)
}

/// The kinds of user label a slot can hold, each with the neutral reference shown instead of a
/// label that breaks a copy rule.
public enum LabelKind: String, Sendable, CaseIterable, Hashable, Codable {
    case factor
    case medication
    case visitLabel = "visit_label"
    case customMarker = "custom_marker"
    /// The reason for a visit as the person entered it ("Ear infection").
    case visitReason = "visit_reason"

    public var neutralReference: String {
        switch self {
        case .factor: return "a factor you logged"
        case .medication: return "a medicine you logged"
        case .visitLabel: return "a visit type you entered"
        case .customMarker: return "a marker you added"
        case .visitReason: return "a reason you entered"
        }
    }
}
