import CairnCore

/// weather rows. A row with no profile applies to every profile; its local day depends on whose
/// zone is asked, so only its instant is stored (a time without offset is read as UTC). Each
/// measurement is checked on its own (`WeatherWriter`): a field that is not a number, or out of
/// range, is left out with a warning and the row keeps the others.
final class WeatherRowImporter: ContractRowImporter {
    private let context: ImportContext
    private let writer: WeatherWriter
    private let utc = CachedZone(.utc)

    init(context: ImportContext) throws {
        self.context = context
        writer = try WeatherWriter(context: context)
    }

    func importRow(_ row: RowReader) throws {
        let profile = try row.text("profile_id")
        _ = try row.requiredText("observed_at")
        let zone = try profile.map { try context.zone(forProfile: $0) } ?? utc
        let observed = try row.time("observed_at", in: zone, requireTime: true)!
        try writer.write(WeatherWriter.Observation(
            profile: profile, observed: observed, temperatureC: measurement(row, "temperature_c"),
            humidityPercent: measurement(row, "humidity_pct"), pressureHPa: measurement(row, "pressure_hpa"),
            uvIndex: measurement(row, "uv_index"), weatherCode: measurement(row, "weather_code")))
    }

    /// A measurement field; one that is not a number is left out with a warning.
    private func measurement(_ row: RowReader, _ column: String) -> WeatherWriter.Field {
        do {
            return WeatherWriter.Field(try row.number(column), column: row.position(column), name: column)
        } catch {
            context.record(.warning, .fieldLeftOut, column: error.column, columnName: column,
                           message: error.message + "; the value was left out and the row's other measurements kept")
            return WeatherWriter.Field(nil, name: column)
        }
    }
}
