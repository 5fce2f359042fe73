/// A person's own target range for a marker; it replaces the library range for every reading of
/// that marker, old ones included (Glance: "your target ranges").
public struct ReferenceOverride: Hashable, Sendable, Codable {
    public var profileID: String
    public var markerID: String
    public var low: Double?
    public var high: Double?

    public init(profileID: String, markerID: String, low: Double?, high: Double?) {
        self.profileID = profileID
        self.markerID = markerID
        self.low = low
        self.high = high
    }
}
