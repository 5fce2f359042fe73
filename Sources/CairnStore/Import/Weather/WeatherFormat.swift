import Foundation

/// Weather files from outside services that Cairn reads, recognised by their content.
enum WeatherFormat: String, CaseIterable, Sendable {
    /// Open-Meteo's hourly forecast or archive API, JSON (`hourly` and `hourly_units`).
    case openMeteoJSON = "open-meteo json"
    /// Open-Meteo's CSV download: a location block, a blank line, then `time,...` with units.
    case openMeteoCSV = "open-meteo csv"
    /// NREL's NSRDB PSM CSV: two lines of location metadata, then Year,Month,Day,Hour,Minute,...
    case nsrdb = "nsrdb psm csv"
    /// EC-JRC's PVGIS JSON: `outputs.tmy_hourly` (a typical meteorological year) or `outputs.hourly`.
    case pvgis = "pvgis json"

    /// The format of a file from its first bytes (and, for JSON, its top-level keys); nil when
    /// it is none of them.
    static func recognize(prefix: [UInt8], path: String) -> WeatherFormat? {
        let text = String(decoding: prefix.prefix(4096), as: UTF8.self)
        let firstLine = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        if firstLine.hasPrefix("latitude,longitude") && firstLine.contains("utc_offset_seconds") { return .openMeteoCSV }
        if firstLine.hasPrefix("Source,Location ID") && firstLine.contains("Time Zone") { return .nsrdb }
        guard text.drop(while: \.isWhitespace).first == "{" else { return nil }
        guard let object = JSONFile.object(at: path) else { return nil }
        if object["hourly"] is [String: Any] && object["hourly_units"] is [String: Any] { return .openMeteoJSON }
        if let outputs = object["outputs"] as? [String: Any], outputs["tmy_hourly"] is [Any] || outputs["hourly"] is [Any] {
            return .pvgis
        }
        return nil
    }
}

/// A JSON file read whole (weather files are a few megabytes for a year of hours).
enum JSONFile {
    static func object(at path: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}
