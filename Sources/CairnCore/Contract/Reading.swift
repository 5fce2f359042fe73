/// One lab-marker or vital reading (the contract's `readings` table), with its value already
/// converted to the marker's default unit.
public struct Reading: Hashable, Sendable, Codable {
    public var id: Int64
    public var profileID: String
    public var markerID: String
    public var value: Double
    public var unit: String
    public var date: EventTime
    public var note: String?
    public var source: String?
    /// The unit the reading was entered in, when it was not the marker's own.
    public var enteredUnit: String?

    public init(id: Int64, profileID: String, markerID: String, value: Double, unit: String,
                date: EventTime, note: String? = nil, source: String? = nil, enteredUnit: String? = nil) {
        self.id = id
        self.profileID = profileID
        self.markerID = markerID
        self.value = value
        self.unit = unit
        self.date = date
        self.note = note
        self.source = source
        self.enteredUnit = enteredUnit
    }
}
