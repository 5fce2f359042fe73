import CairnCore

/// Stores weather observations, from the contract's weather.csv or a weather service's file,
/// checking each measurement on its own: a value outside its range is left out with a warning
/// that names its field, and the row keeps its other measurements (DATA-CONTRACT.md, weather).
/// A row with no usable measurement at all is rejected.
final class WeatherWriter {
    /// One measurement as read, with where it came from (for warnings).
    struct Field {
        var value: Double?
        var column: Int?
        var name: String

        init(_ value: Double?, column: Int? = nil, name: String) {
            self.value = value
            self.column = column
            self.name = name
        }
    }

    struct Observation {
        var profile: String?
        var observed: EventTime
        var temperatureC: Field
        var humidityPercent: Field
        /// Sea-level pressure.
        var pressureHPa: Field
        var uvIndex: Field
        var weatherCode: Field
    }

    private let context: ImportContext
    private let insert: InsertPipeline.Insert

    init(context: ImportContext) throws {
        self.context = context
        insert = try context.inserts.prepareInsert(
            into: "weather",
            columns: ["profile_id", "observed_at", "observed_at_epoch", "observed_at_day", "temperature_c",
                      "humidity_pct", "pressure_hpa", "uv_index", "weather_code"])
    }

    func write(_ observation: Observation) throws {
        // Each field against its range, in the order of the file's columns (for the report).
        let checks: [(field: Field, problem: (Double) -> String?)] = [
            (observation.temperatureC, { (-90...60).contains($0) ? nil : "\(NumberText.format($0)) °C is outside Earth's recorded range (-90 to 60)" }),
            (observation.humidityPercent, { (0...100).contains($0) ? nil : "\(NumberText.format($0))% is not a relative humidity (0-100)" }),
            (observation.pressureHPa, { (850...1090).contains($0) ? nil
                : "\(NumberText.format($0)) hPa is outside 850-1090, the range of sea-level pressure (station pressure "
                    + "needs the station's elevation to be reduced)" }),
            (observation.uvIndex, { $0 >= 0 ? nil : "a UV index is never negative" }),
            (observation.weatherCode, { ($0 == $0.rounded() && (0...99).contains($0)) ? nil
                : "\(NumberText.format($0)) is not a WMO weather code (a whole number 0-99)" }),
        ]
        var kept = [Double?](repeating: nil, count: checks.count)
        for index in checks.indices.sorted(by: { (checks[$0].field.column ?? .max, $0) < (checks[$1].field.column ?? .max, $1) }) {
            kept[index] = checked(checks[index].field, problem: checks[index].problem)
        }
        let (temperature, humidity, pressure, uv, code) = (kept[0], kept[1], kept[2], kept[3], kept[4])
        guard [temperature, humidity, pressure, uv, code].contains(where: { $0 != nil }) else {
            throw RowRejection(reason: .noMeasurement, column: nil, columnName: nil,
                               message: "no usable measurement: every measurement is empty or was left out")
        }
        let bind = StatementBinder(insert)
        bind.add(observation.profile)
        let time = observation.observed
        // A row every profile shares has no one local day.
        bind.add(EventTimeColumns(text: time.text, epoch: time.epochSeconds,
                                  day: observation.profile == nil ? nil : time.day.description))
        bind.add(temperature)
        bind.add(humidity)
        bind.add(pressure)
        bind.add(uv)
        bind.add(code.map { Int($0) })
        try bind.run()
    }

    /// The value, or nil (with a warning) when `problem` finds one.
    private func checked(_ field: Field, problem: (Double) -> String?) -> Double? {
        guard let value = field.value else { return nil }
        guard let message = problem(value) else { return value }
        context.record(.warning, .fieldLeftOut, column: field.column, columnName: field.name,
                       message: message + "; the value was left out and the row's other measurements kept")
        return nil
    }
}
