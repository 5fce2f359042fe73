/// One exposure or lifestyle entry (the contract's `factors` table): a token such as caffeine or
/// skipped_meal at a time, or for a whole local day when only a date was given.
public struct FactorEntry: Hashable, Sendable, Codable {
    public var id: Int64
    public var profileID: String
    public var at: EventTime
    public var factor: String
    public var value: Double?
    /// When the entry was made, when the diary records it (`logged_at`): an entry made after a
    /// headache began is recall, which the logging checks of trigger-cooccurrence@3 flag.
    public var loggedAt: EventTime?

    public init(id: Int64, profileID: String, at: EventTime, factor: String, value: Double? = nil, loggedAt: EventTime? = nil) {
        self.id = id
        self.profileID = profileID
        self.at = at
        self.factor = factor
        self.value = value
        self.loggedAt = loggedAt
    }
}
