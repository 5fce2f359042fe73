import CairnCore

/// NREL's NSRDB PSM CSV (the API's download, as pvlib reads it): line 1 the names of the
/// location's metadata, line 2 their values (`Time Zone`: hours from UTC of the local standard
/// time the rows are written in; `Elevation` in metres), line 3 the header, then one row per
/// step (Year, Month, Day, Hour, Minute). `Temperature` (°C), `Relative Humidity` (%) and
/// `Pressure` (mbar: the station's, reduced to sea level with the elevation, `SeaLevelPressure`).
final class NSRDBImporter: SourceImporter {
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
        let csv: CSVReader
        do { csv = try CSVReader(path: path) } catch { throw ImportError(path: path, failure: error) }
        func next() throws -> Bool {
            do { return try csv.readRecord() } catch { throw ImportError(path: path, failure: error) }
        }
        func fields() -> [String] { (0..<csv.fieldCount).map { csv.field($0, trimmed: true) ?? "" } }
        guard try next() else { throw ImportError.missingHeader(path: path) }
        let keys = fields()
        guard try next() else { throw ImportError.weatherFile(path: path, problem: "ends after its first line (NSRDB metadata)") }
        let metadata = Dictionary(zip(keys, fields()), uniquingKeysWith: { first, _ in first })
        guard let offsetHours = metadata["Time Zone"].flatMap(Double.init), let elevation = metadata["Elevation"].flatMap(Double.init) else {
            throw ImportError.weatherFile(path: path, problem: "line 2: has no numeric Time Zone and Elevation in its metadata")
        }
        guard try next() else { throw ImportError.weatherFile(path: path, problem: "ends before its header (line 3)") }
        let header = fields()
        var column: [String: Int] = [:]
        for (index, name) in header.enumerated() where column[name] == nil { column[name] = index }
        let required = ["Year", "Month", "Day", "Hour", "Minute"]
        guard required.allSatisfy({ column[$0] != nil }) else {
            throw ImportError.weatherFile(path: path, problem: "line 3: the header lacks " + required.filter { column[$0] == nil }.joined(separator: ", "))
        }
        let offset = Int((offsetHours * 3600).rounded())
        let target = try profile.map { try context.zone(forProfile: $0) }
        while try next() {
            try ledger.account(line: csv.line, original: { csv.rawRecord }) {
                guard csv.fieldCount == header.count else {
                    throw RowRejection(reason: .raggedRow, column: nil, columnName: nil,
                                       message: "the row has \(csv.fieldCount) fields; the header has \(header.count)")
                }
                func text(_ name: String) -> String? { column[name].flatMap { csv.field($0, trimmed: true) }.flatMap { $0.isEmpty ? nil : $0 } }
                let parts = required.map { text($0).flatMap { Int($0) } }
                guard let year = parts[0], let month = parts[1], let dayOfMonth = parts[2], let hour = parts[3], let minute = parts[4],
                      let day = CalendarDay(year: year, month: month, day: dayOfMonth), (0..<24).contains(hour), (0..<60).contains(minute) else {
                    throw RowRejection(reason: .unparseableDate, column: column["Year"].map { $0 + 1 }, columnName: "Year",
                                       message: "Year, Month, Day, Hour and Minute do not name a time")
                }
                let instant = day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 - offset
                func measurement(_ name: String) -> WeatherWriter.Field {
                    let value = text(name)
                    let number = value.flatMap { try? ContractValue.number($0[...]) }
                    if let value, number == nil {
                        context.record(.warning, .fieldLeftOut, column: column[name].map { $0 + 1 }, columnName: name,
                                       message: "\"\(value)\" is not a number; the value was left out and the row's other measurements kept")
                    }
                    return WeatherWriter.Field(number, column: column[name].map { $0 + 1 }, name: name)
                }
                let temperature = measurement("Temperature")
                var pressure = measurement("Pressure")
                pressure.value = pressure.value.map {
                    SeaLevelPressure.reduce(stationHPa: $0, elevationMetres: elevation, temperatureC: temperature.value)
                }
                try writer.write(WeatherWriter.Observation(
                    profile: profile, observed: WeatherTime.event(instant, in: target), temperatureC: temperature,
                    humidityPercent: measurement("Relative Humidity"), pressureHPa: pressure,
                    uvIndex: .init(nil, name: "uv_index"), weatherCode: .init(nil, name: "weather_code")))
                return .imported
            }
        }
    }
}
