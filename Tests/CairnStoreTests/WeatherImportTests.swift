import CairnCore
import Foundation
import Testing
@testable import CairnStore

/// Weather files from outside services (Fixtures/weather): NSRDB PSM CSV and PVGIS JSON as pvlib
/// ships them, Open-Meteo JSON and CSV in its documented format. Expected sea-level pressures are
/// the barometric formula computed by hand (Python) from the files' values.
@Suite("Weather import")
struct WeatherImportTests {
    let directory = TemporaryDirectory()

    func importWeather(_ names: [String], profile: String? = nil, name: String = "weather.sqlite") throws -> (Dataset, ImportReport) {
        let dataset = try Dataset.openOrCreate(directory.path + "/" + name)
        let report = try DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow, profile: profile))
            .run(sources: names.map { $0.hasPrefix("/") ? $0 : fixturePath("weather/" + $0) })
        return (dataset, report)
    }

    func row(_ dataset: Dataset, _ instant: String) throws -> String? {
        try dataset.text("""
            SELECT coalesce(round(temperature_c, 3), '-') || ' ' || coalesce(round(humidity_pct, 2), '-') || ' ' ||
                   coalesce(round(pressure_hpa, 3), '-') FROM weather WHERE observed_at = '\(instant)'
            """)
    }

    @Test("NSRDB: 30-minute rows in local standard time (UTC-7), station pressure at 2,168 m reduced to sea level")
    func nsrdb() throws {
        let (dataset, report) = try importWeather(["test_read_psm4.csv"])
        #expect(report.files.map(\.format) == ["nsrdb psm csv"])
        #expect(report.rowsRead == 17_520 && report.imported == 17_520 && report.warnings == 0)
        // 2023-01-01 00:00 at UTC-7; 780 mbar at -1.2 °C: 1017.272 hPa at sea level.
        #expect(try row(dataset, "2023-01-01T07:00:00Z") == "-1.2 100.0 1017.272")
        #expect(try dataset.count("SELECT count(*) FROM weather WHERE profile_id IS NULL") == 17_520)
    }

    @Test("PVGIS: hourly UTC entries, surface pressure in Pa at 250 m reduced to sea level")
    func pvgis() throws {
        let (dataset, report) = try importWeather(["tmy_45.000_8.000_2005_2023.json"])
        #expect(report.files.map(\.format) == ["pvgis json"])
        #expect(report.rowsRead == 8_760 && report.imported == 8_760)
        // 20180101:0000: 2.04 °C, 94.38%, 99,870 Pa: 1030.094 hPa at sea level.
        #expect(try row(dataset, "2018-01-01T00:00:00Z") == "2.04 94.38 1030.094")
    }

    @Test("Open-Meteo JSON: local times across the spring change, surface pressure reduced, a bad humidity left out")
    func openMeteoJSON() throws {
        let (dataset, report) = try importWeather(["open-meteo-berlin.json"], profile: "ana")
        #expect(report.rowsRead == 5 && report.imported == 5)
        #expect(try dataset.text("SELECT group_concat(observed_at, ' ') FROM (SELECT observed_at FROM weather ORDER BY observed_at_epoch)")
                == "2024-03-30T23:00:00Z 2024-03-31T00:00:00Z 2024-03-31T01:00:00Z 2024-03-31T02:00:00Z 2024-03-31T03:00:00Z")
        // 03:00 CEST has only surface pressure: 1003.2 hPa at 38 m and 4.1 °C is 1007.907 hPa at sea level.
        #expect(try row(dataset, "2024-03-31T01:00:00Z") == "4.1 86.0 1007.907")
        #expect(try row(dataset, "2024-03-31T02:00:00Z") == "- 88.0 1011.2")
        #expect(try row(dataset, "2024-03-31T03:00:00Z") == "3.9 - 1010.9")
        let warning = try #require(report.issues.first { $0.severity == .warning })
        #expect(warning.columnName == "relative_humidity_2m" && warning.line == 5)
        // The profile's own weather, with its local day (the profile is new: UTC).
        #expect(try dataset.count("SELECT count(*) FROM weather WHERE profile_id = 'ana' AND observed_at_day IS NOT NULL") == 5)
    }

    @Test("Open-Meteo: unix times and Fahrenheit; the CSV download with a value that is not a number")
    func openMeteoOther() throws {
        let (dataset, _) = try importWeather(["open-meteo-fahrenheit.json"])
        #expect(try row(dataset, "2024-01-01T00:00:00Z") == "5.0 70.0 -")
        #expect(try row(dataset, "2024-01-01T01:00:00Z") == "0.0 72.0 -")
        let (csv, report) = try importWeather(["open-meteo-berlin.csv"], name: "csv.sqlite")
        #expect(report.files.map(\.format) == ["open-meteo csv"])
        #expect(report.rowsRead == 3 && report.imported == 3)
        #expect(try row(csv, "2024-03-31T00:00:00Z") == "4.6 83.0 1012.0")
        #expect(try row(csv, "2024-03-31T02:00:00Z") == "- 88.0 1011.2")
        let warning = try #require(report.issues.first { $0.severity == .warning })
        #expect(warning.line == 7 && warning.column == 2 && warning.columnName == "temperature_2m")
    }

    @Test("a JSON file that is not hourly weather is refused with its keys")
    func otherJSON() throws {
        let file = directory.write("config.json", "{\"name\": \"x\", \"version\": 2}")
        #expect(failure { try importWeather([file]) } == "\(file): a JSON object with the keys name, version; "
                + "Cairn reads JSON as FHIR R4 (a Bundle or resource with a resourceType, or Bulk Data .ndjson), "
                + "as its own export (cairn export --to json), or as Open-Meteo or PVGIS hourly weather "
                + "(cairn import FILE --profile P)")
    }
}
