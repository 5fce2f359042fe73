import CairnCore
import Foundation

/// Open-Meteo hourly weather, JSON or CSV (https://open-meteo.com/en/docs): `time` in the
/// response's `timezone` (an IANA name, or GMT; `timeformat=unixtime` gives instants), and the
/// variables `temperature_2m` (°C, or °F when asked), `relative_humidity_2m` (%),
/// `pressure_msl` (hPa at sea level; when only `surface_pressure` is given it is reduced to sea
/// level with the response's `elevation`, `SeaLevelPressure`), `uv_index` and `weather_code`
/// (WMO), under their current or earlier names. One record per hour.
final class OpenMeteoImporter: SourceImporter {
    private let path: String
    private let format: WeatherFormat
    private let context: ImportContext
    private let profile: String?
    private let writer: WeatherWriter

    init(path: String, format: WeatherFormat, context: ImportContext, profile: String?) throws {
        self.path = path
        self.format = format
        self.context = context
        self.profile = profile
        writer = try WeatherWriter(context: context)
    }

    /// A response as columns: the location, units by variable, and each variable's values.
    struct Table {
        var timezone: String?
        var offsetSeconds: Int
        var elevation: Double?
        var units: [String: String]
        var columns: [String: [Any]]
        /// The variables in the file's order (CSV: for column positions).
        var order: [String] = []
        /// The line of each hour in the file (CSV), or nil (JSON: one object).
        var lines: [Int]?
    }

    func importRecords(into ledger: RecordLedger) throws {
        let table = try format == .openMeteoJSON ? readJSON() : readCSV()
        guard let times = table.columns["time"] else { throw ImportError.weatherFile(path: path, problem: "has no hourly time column") }
        let zone = OpenMeteoImporter.zone(table)
        let target = try profile.map { try context.zone(forProfile: $0) }
        func values(_ names: [String]) -> (name: String, values: [Any])? {
            names.lazy.compactMap { name in table.columns[name].map { (name, $0) } }.first
        }
        let temperature = values(["temperature_2m", "temperature"])
        let fahrenheit = temperature.map { table.units[$0.name]?.contains("F") == true } ?? false
        let humidity = values(["relative_humidity_2m", "relativehumidity_2m", "relative_humidity"])
        let seaLevel = values(["pressure_msl"])
        let surface = values(["surface_pressure"])
        let uv = values(["uv_index"])
        let code = values(["weather_code", "weathercode"])
        let positions = table.lines == nil ? [:] : Dictionary(table.columns.keys.map { ($0, table.order.firstIndex(of: $0).map { $0 + 1 }) },
                                                                uniquingKeysWith: { first, _ in first })
        func number(_ column: (name: String, values: [Any])?, _ index: Int) -> Double? {
            guard let column, index < column.values.count else { return nil }
            let value = column.values[index]
            let parsed = OpenMeteoImporter.number(value)
            if parsed == nil, let text = value as? String, !text.isEmpty {
                context.record(.warning, .fieldLeftOut, column: positions[column.name] ?? nil, columnName: column.name,
                               message: "\(OpenMeteoImporter.place(format, index))\"\(text)\" is not a number; the value was left out "
                                + "and the row's other measurements kept")
            }
            return parsed
        }
        for index in times.indices {
            let line = table.lines?[index] ?? index + 1
            try ledger.account(line: line, original: { Array(OpenMeteoImporter.describe(table, index).utf8) }) {
                guard let instant = OpenMeteoImporter.instant(times[index], zone: zone) else {
                    throw RowRejection(reason: .unparseableDate, column: nil, columnName: "time",
                                       message: "\(OpenMeteoImporter.place(format, index))\"\(times[index])\" is not an hourly time")
                }
                var celsius = number(temperature, index)
                if fahrenheit, let value = celsius { celsius = (value - 32) * 5 / 9 }
                var pressure = number(seaLevel, index)
                var pressureName = seaLevel?.name ?? "pressure_msl"
                if pressure == nil, let station = number(surface, index), let elevation = table.elevation {
                    pressure = SeaLevelPressure.reduce(stationHPa: station, elevationMetres: elevation, temperatureC: celsius)
                    pressureName = "surface_pressure"
                }
                try writer.write(WeatherWriter.Observation(
                    profile: profile, observed: WeatherTime.event(instant, in: target),
                    temperatureC: .init(celsius, name: temperature?.name ?? "temperature_2m"),
                    humidityPercent: .init(number(humidity, index), name: humidity?.name ?? "relative_humidity_2m"),
                    pressureHPa: .init(pressure, name: pressureName), uvIndex: .init(number(uv, index), name: "uv_index"),
                    weatherCode: .init(number(code, index), name: code?.name ?? "weather_code")))
                return .imported
            }
        }
    }

    private func readJSON() throws -> Table {
        guard let object = JSONFile.object(at: path), let hourly = object["hourly"] as? [String: Any] else {
            throw ImportError.weatherFile(path: path, problem: "is not Open-Meteo JSON with an hourly block")
        }
        return Table(timezone: object["timezone"] as? String, offsetSeconds: (object["utc_offset_seconds"] as? NSNumber)?.intValue ?? 0,
                     elevation: (object["elevation"] as? NSNumber)?.doubleValue,
                     units: (object["hourly_units"] as? [String: String]) ?? [:],
                     columns: hourly.compactMapValues { $0 as? [Any] }, lines: nil)
    }

    private func readCSV() throws -> Table {
        let csv: CSVReader
        do { csv = try CSVReader(path: path) } catch { throw ImportError(path: path, failure: error) }
        func next() throws -> [String]? {
            do { return try csv.readRecord() ? (0..<csv.fieldCount).map { csv.field($0, trimmed: true) ?? "" } : nil }
            catch { throw ImportError(path: path, failure: error) }
        }
        guard let keys = try next(), let values = try next(), let header = try next() else {
            throw ImportError.weatherFile(path: path, problem: "ends before its hourly header (time,...)")
        }
        let location = Dictionary(zip(keys, values), uniquingKeysWith: { first, _ in first })
        // "temperature_2m (°C)": the variable, and its unit in brackets.
        var names: [String] = [], units: [String: String] = [:]
        for field in header {
            let name = String(field.prefix { $0 != " " && $0 != "(" })
            names.append(name)
            if let open = field.firstIndex(of: "("), let close = field.lastIndex(of: ")"), open < close {
                units[name] = String(field[field.index(after: open)..<close])
            }
        }
        guard names.first == "time" else {
            throw ImportError.weatherFile(path: path, problem: "line \(csv.line): the hourly header starts with \(names.first ?? "nothing"), not time")
        }
        var columns: [String: [Any]] = [:], lines: [Int] = []
        while let row = try next() {
            lines.append(csv.line)
            for (index, name) in names.enumerated() { columns[name, default: []].append(index < row.count ? row[index] : "") }
        }
        return Table(timezone: location["timezone"], offsetSeconds: Int(location["utc_offset_seconds"] ?? "") ?? 0,
                     elevation: Double(location["elevation"] ?? ""), units: units, columns: columns, order: names, lines: lines)
    }

    /// The zone times are written in: the response's IANA zone, else its fixed offset.
    static func zone(_ table: Table) -> TimeReading {
        if let name = table.timezone, !["GMT", "UTC"].contains(name), let zone = ProfileTimeZone(identifier: name) {
            return .zone(zone)
        }
        return .offset(table.offsetSeconds)
    }

    static func instant(_ value: Any, zone: TimeReading) -> Int? {
        if let number = value as? NSNumber, !(value is String) { return number.intValue }
        guard let text = value as? String else { return nil }
        if let seconds = Int(text) { return seconds }
        return zone.instant(ISODateTimeText.parse(text))
    }

    static func number(_ value: Any) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue }
        guard let text = value as? String, !text.isEmpty else { return nil }
        return try? ContractValue.number(text[...])
    }

    static func place(_ format: WeatherFormat, _ index: Int) -> String {
        format == .openMeteoJSON ? "hourly entry \(index + 1): " : ""
    }

    /// An hour as `name=value` pairs, for the rejects file.
    static func describe(_ table: Table, _ index: Int) -> String {
        table.columns.keys.sorted().map { "\($0)=\(table.columns[$0]!.indices.contains(index) ? "\(table.columns[$0]![index])" : "")" }
            .joined(separator: " ")
    }
}

/// How a weather file writes its times: local wall-clock time in an IANA zone, or at a fixed
/// offset from UTC.
enum TimeReading {
    case zone(ProfileTimeZone)
    case offset(Int)

    func instant(_ parsed: ISODateTimeText.Parsed?) -> Int? {
        guard let parsed else { return nil }
        switch (self, parsed) {
        case (_, .instant(let seconds)): return seconds
        case (.zone(let zone), _): return zone.epoch(of: parsed)
        case (.offset(let offset), .local(let day, let second)): return day.daysSinceEpoch * 86_400 + second - offset
        case (.offset(let offset), .date(let day)): return day.daysSinceEpoch * 86_400 - offset
        }
    }
}

/// The stored time of a weather observation: its instant as UTC text, and its local day in
/// the profile's zone (none for a row every profile shares).
enum WeatherTime {
    static func event(_ instant: Int, in zone: CachedZone?) -> EventTime {
        EventTime(text: ISODateTimeText.format(epochSeconds: instant, offsetSeconds: 0), epochSeconds: instant,
                  day: zone?.day(ofEpoch: instant) ?? CalendarDay(daysSinceEpoch: ISODateTimeText.floorDiv(instant, 86_400)))
    }
}
