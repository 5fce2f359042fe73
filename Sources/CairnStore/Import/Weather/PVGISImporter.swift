import CairnCore
import Foundation

/// EC-JRC PVGIS JSON (https://joint-research-centre.ec.europa.eu/pvgis): `outputs.tmy_hourly` (a
/// typical meteorological year: each month a real month of some year, so changes across month
/// boundaries are not measured) or `outputs.hourly`, each entry with `time(UTC)` (or `time`)
/// as `YYYYMMDD:HHMM` in UTC, `T2m` (°C), `RH` (%) and `SP` (surface pressure in Pa, reduced to
/// sea level with `inputs.location.elevation`, `SeaLevelPressure`).
final class PVGISImporter: SourceImporter {
    private let path: String
    private let context: ImportContext
    private let profile: String?
    private let writer: WeatherWriter

    init(path: String, context: ImportContext, profile: String?) throws {
        self.path = path
        self.context = context
        self.profile = profile
        writer = try WeatherWriter(context: context)
    }

    func importRecords(into ledger: RecordLedger) throws {
        guard let object = JSONFile.object(at: path), let outputs = object["outputs"] as? [String: Any],
              let entries = (outputs["tmy_hourly"] ?? outputs["hourly"]) as? [Any] else {
            throw ImportError.weatherFile(path: path, problem: "is not PVGIS JSON with outputs.tmy_hourly or outputs.hourly")
        }
        let location = (object["inputs"] as? [String: Any])?["location"] as? [String: Any]
        let elevation = (location?["elevation"] as? NSNumber)?.doubleValue
        let target = try profile.map { try context.zone(forProfile: $0) }
        for (index, entry) in entries.enumerated() {
            let fields = entry as? [String: Any] ?? [:]
            try ledger.account(line: index + 1, original: { PVGISImporter.describe(fields) }) {
                let timeText = (fields["time(UTC)"] ?? fields["time"]) as? String ?? ""
                guard let instant = PVGISImporter.instant(timeText) else {
                    throw RowRejection(reason: .unparseableDate, column: nil, columnName: "time(UTC)",
                                       message: "entry \(index + 1): \"\(timeText)\" is not a PVGIS time (YYYYMMDD:HHMM)")
                }
                func number(_ key: String) -> Double? { (fields[key] as? NSNumber)?.doubleValue }
                let temperature = number("T2m")
                var pressure = number("SP").map { $0 / 100 }
                if let station = pressure {
                    // Without the elevation, surface pressure cannot be put on the sea-level scale.
                    pressure = elevation.map { SeaLevelPressure.reduce(stationHPa: station, elevationMetres: $0, temperatureC: temperature) }
                }
                try writer.write(WeatherWriter.Observation(
                    profile: profile, observed: WeatherTime.event(instant, in: target), temperatureC: .init(temperature, name: "T2m"),
                    humidityPercent: .init(number("RH"), name: "RH"), pressureHPa: .init(pressure, name: "SP"),
                    uvIndex: .init(nil, name: "uv_index"), weatherCode: .init(nil, name: "weather_code")))
                return .imported
            }
        }
    }

    /// `20180101:0000` (UTC) as an instant.
    static func instant(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 13, bytes[8] == UInt8(ascii: ":"),
              let year = Int(text.prefix(4)), let month = Int(text.dropFirst(4).prefix(2)), let day = Int(text.dropFirst(6).prefix(2)),
              let hour = Int(text.dropFirst(9).prefix(2)), let minute = Int(text.dropFirst(11).prefix(2)),
              let date = CalendarDay(year: year, month: month, day: day), (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        return date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60
    }

    static func describe(_ fields: [String: Any]) -> [UInt8] {
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
        return Array(data)
    }
}
