/// A WMO weather interpretation code (as Open-Meteo documents them) in plain words, for the
/// report's weather column.
enum WeatherCondition {
    static func words(_ code: Int) -> String? {
        switch code {
        case 0: return "clear"
        case 1, 2: return "partly cloudy"
        case 3: return "overcast"
        case 45, 48: return "fog"
        case 51...57: return "drizzle"
        case 61...67: return "rain"
        case 71...77: return "snow"
        case 80...82: return "rain showers"
        case 85, 86: return "snow showers"
        case 95...99: return "thunderstorm"
        default: return nil
        }
    }
}
