/// One night's sleep (the contract's `sleep` table); `nightOf` is the date the night began.
public struct SleepNight: Hashable, Sendable, Codable {
    public var id: Int64
    public var profileID: String
    public var nightOf: CalendarDay
    public var durationMinutes: Double
    /// 1-5.
    public var quality: Int?
    public var source: String?

    public init(id: Int64, profileID: String, nightOf: CalendarDay, durationMinutes: Double,
                quality: Int? = nil, source: String? = nil) {
        self.id = id
        self.profileID = profileID
        self.nightOf = nightOf
        self.durationMinutes = durationMinutes
        self.quality = quality
        self.source = source
    }
}
