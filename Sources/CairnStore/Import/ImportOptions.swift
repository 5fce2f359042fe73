import CairnCore

/// How an import reads its sources.
public struct ImportOptions: Sendable {
    public enum InputFormat: String, Sendable, CaseIterable {
        /// Contract CSV files, the table named by the file name.
        case contract
        /// A Synthea CSV export: patients, encounters, observations, conditions and medications.
        case synthea
        /// An Apple Health export.xml.
        case appleHealth = "apple-health"
        /// Open-Meteo hourly weather, JSON or CSV.
        case openMeteo = "open-meteo"
        /// NREL NSRDB PSM CSV.
        case nsrdb
        /// EC-JRC PVGIS hourly JSON.
        case pvgis
        /// FHIR R4 JSON: Bundles, single resources, Bulk Data ndjson files.
        case fhir

        /// The weather formats this names, or nil when it names no weather.
        var weatherFormats: [WeatherFormat]? {
            switch self {
            case .openMeteo: return [.openMeteoJSON, .openMeteoCSV]
            case .nsrdb: return [.nsrdb]
            case .pvgis: return [.pvgis]
            case .contract, .synthea, .appleHealth, .fhir: return nil
            }
        }
    }

    /// Nil: decide per file (a Synthea observations header is recognised).
    public var inputFormat: InputFormat?
    /// The present instant, seconds since 1970 UTC: readings after it are rejected as future.
    /// Passed in rather than read from the clock so that imports can be reproduced; nil: no
    /// reading is rejected as future (a CSV directory opened for analysis, whose output must
    /// not depend on the day it runs).
    public var now: Int?
    /// Where to write rejected rows; nil writes `DATASET.rejects.csv` beside the dataset.
    public var rejectsPath: String?
    /// The zone of profiles a source does not place (a Synthea patient outside the US states,
    /// the person of an Apple Health export who is not in the dataset yet).
    public var defaultTimeZone: ProfileTimeZone?
    /// The profile whose data a single-person source holds: an Apple Health export ("me" when
    /// not given), a weather file (none: weather every profile shares).
    public var profile: String?

    public init(inputFormat: InputFormat? = nil, now: Int?, rejectsPath: String? = nil, defaultTimeZone: ProfileTimeZone? = nil,
                profile: String? = nil) {
        self.inputFormat = inputFormat
        self.now = now
        self.rejectsPath = rejectsPath
        self.defaultTimeZone = defaultTimeZone
        self.profile = profile
    }
}
