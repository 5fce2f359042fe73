import CairnCore

/// weather rows. A row with no profile applies to every profile; its local day depends on whose
/// zone is asked, so only its instant is stored (a time without offset is read as UTC).
final class WeatherRowImporter: ContractRowImporter {
    private let context: ImportContext
    private let insert: InsertPipeline.Insert
    private let utc = CachedZone(.utc)

    init(context: ImportContext) throws {
        self.context = context
        insert = try context.inserts.prepareInsert(
            into: "weather",
            columns: ["profile_id", "observed_at", "observed_at_epoch", "observed_at_day", "temperature_c",
                      "humidity_pct", "pressure_hpa", "uv_index", "weather_code"])
    }

    func importRow(_ row: RowReader) throws {
        let profile = try row.text("profile_id")
        _ = try row.requiredText("observed_at")
        let zone = try profile.map { try context.zone(forProfile: $0) } ?? utc
        let observed = try row.time("observed_at", in: zone, requireTime: true)!
        let temperature = try row.number("temperature_c")
        let humidity = try row.number("humidity_pct")
        let pressure = try row.number("pressure_hpa")
        let uv = try row.number("uv_index")
        if let temperature, !(-90...60).contains(temperature) {
            throw row.invalid("temperature_c", "\(NumberText.format(temperature)) °C is outside Earth's recorded range (-90 to 60)")
        }
        if let humidity, !(0...100).contains(humidity) {
            throw row.invalid("humidity_pct", "\(NumberText.format(humidity))% is not a relative humidity; give 0-100")
        }
        if let pressure, !(850...1090).contains(pressure) {
            throw row.invalid("pressure_hpa", "\(NumberText.format(pressure)) hPa is outside 850-1090; give sea-level "
                                + "pressure in hectopascals")
        }
        if let uv, uv < 0 {
            throw row.invalid("uv_index", "a UV index is never negative")
        }
        let bind = StatementBinder(insert)
        bind.add(profile)
        bind.add(EventTimeColumns(text: observed.text, epoch: observed.epochSeconds,
                                      day: profile == nil ? nil : observed.day.description))
        bind.add(temperature)
        bind.add(humidity)
        bind.add(pressure)
        bind.add(uv)
        try bind.add(row.integer("weather_code", in: 0...99))
        try bind.run()
    }
}
