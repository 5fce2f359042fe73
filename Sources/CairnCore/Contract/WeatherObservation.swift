/// One weather observation (the contract's `weather` table). A nil profile means it applies to
/// every profile, so its local day is only known once a profile's zone is applied.
public struct WeatherObservation: Hashable, Sendable, Codable {
    public var id: Int64
    public var profileID: String?
    public var observedAtEpoch: Int
    public var temperatureC: Double?
    public var humidityPercent: Double?
    public var pressureHPa: Double?
    public var uvIndex: Double?
    /// WMO weather interpretation code, 0-99.
    public var weatherCode: Int?

    public init(id: Int64, profileID: String?, observedAtEpoch: Int, temperatureC: Double? = nil,
                humidityPercent: Double? = nil, pressureHPa: Double? = nil, uvIndex: Double? = nil,
                weatherCode: Int? = nil) {
        self.id = id
        self.profileID = profileID
        self.observedAtEpoch = observedAtEpoch
        self.temperatureC = temperatureC
        self.humidityPercent = humidityPercent
        self.pressureHPa = pressureHPa
        self.uvIndex = uvIndex
        self.weatherCode = weatherCode
    }
}
