import CairnCore
import CairnStore
import Dispatch
import Foundation

/// Writes a scenario's population as a contract dataset (a directory of CSV files), streaming:
/// profiles are generated in parallel a batch at a time and appended in profile order, so
/// memory holds one batch, not the population, and the bytes are the same whatever the number
/// of workers.
public struct ScenarioWriter: Sendable {
    public let population: ScenarioPopulation
    public let jobs: Int

    public init(population: ScenarioPopulation, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.population = population
        self.jobs = max(1, jobs)
    }

    /// The tables written: medications only when the scenario gives any.
    var headers: [(file: String, header: [String])] {
        ScenarioWriter.allHeaders.filter { $0.file != "medications.csv" || population.scenario.acuteMedicationProbability > 0 }
    }

    static let allHeaders: [(file: String, header: [String])] = [
        ("profiles.csv", ["profile_id", "time_zone"]),
        ("headaches.csv", ["profile_id", "headache_id", "onset_at", "resolved_at", "severity", "onset_speed"]),
        ("factors.csv", ["profile_id", "at", "factor"]),
        ("sleep.csv", ["profile_id", "night_of", "duration_min", "quality"]),
        ("weather.csv", ["profile_id", "observed_at", "humidity_pct", "pressure_hpa"]),
        ("readings.csv", ["profile_id", "marker", "value", "unit", "date"]),
        ("medications.csv", ["profile_id", "taken_at", "name", "is_acute", "headache_id"]),
    ]

    /// Writes every table into `directory` (created if missing); `progress` gets the number of
    /// profiles written after each batch.
    public func write(to directory: String, progress: (Int) -> Void = { _ in }) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var handles: [FileHandle] = []
        let headers = self.headers
        for (file, header) in headers {
            let path = (directory as NSString).appendingPathComponent(file)
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw FileAccessError(path: path, errno: errno, doing: "be written") }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            handles.append(handle)
            try handle.write(contentsOf: Data(CSVWriter.line(header).utf8))
        }
        defer { handles.forEach { try? $0.close() } }
        if let shared = population.sharedWeather {
            let weather = headers.firstIndex { $0.file == "weather.csv" }!
            try handles[weather].write(contentsOf: Data(ScenarioWriter.weatherRows(shared.observations, profile: "", zone: .utc).utf8))
        }
        let total = population.scenario.profiles
        let population = self.population
        // Profiles made on every worker, written in order as they are ready; a bounded window
        // of them waits, so memory stays flat at any population size.
        try OrderedWorkers.run(count: total, jobs: jobs, work: { index, _ in
            ScenarioWriter.rows(population.profile(index))
        }, deliver: { index, texts in
            for table in headers.indices where !texts[table].isEmpty { try handles[table].write(contentsOf: Data(texts[table].utf8)) }
            if (index + 1) % 64 == 0 || index + 1 == total { progress(index + 1) }
        })
    }

    /// The CSV rows of one profile, per table in `allHeaders` order (a prefix when medications
    /// are not written: they come last).
    static func rows(_ profile: SyntheticProfile) -> [String] {
        let id = profile.profile.id
        let zone = profile.profile.timeZone
        let profiles = CSVWriter.line([id, zone.identifier])
        let headaches = profile.headaches.map {
            CSVWriter.line([id, $0.id, $0.onset.text, $0.resolved?.text ?? "", String($0.severity), $0.onsetSpeed?.rawValue ?? ""])
        }.joined()
        let factors = profile.factors.map { CSVWriter.line([id, $0.at.text, $0.factor]) }.joined()
        let sleep = profile.sleep.map {
            CSVWriter.line([id, $0.nightOf.description, NumberText.format($0.durationMinutes), $0.quality.map(String.init) ?? ""])
        }.joined()
        let weather = weatherRows(profile.weather, profile: id, zone: zone)
        let readings = profile.readings.map {
            CSVWriter.line([id, $0.markerID, NumberText.format($0.value), $0.unit, $0.date.text])
        }.joined()
        let medications = profile.medications.map {
            CSVWriter.line([id, $0.takenAt.text, $0.name, $0.isAcute.map { $0 ? "true" : "false" } ?? "", $0.headacheID ?? ""])
        }.joined()
        return [profiles, headaches, factors, sleep, weather, readings, medications]
    }

    static func weatherRows(_ observations: [WeatherObservation], profile: String, zone: ProfileTimeZone) -> String {
        observations.map {
            let at = ISODateTimeText.format(epochSeconds: $0.observedAtEpoch, offsetSeconds: zone.offset(atEpoch: $0.observedAtEpoch))
            return CSVWriter.line([profile, at, $0.humidityPercent.map { NumberText.format($0) } ?? "",
                                   $0.pressureHPa.map { NumberText.format($0) } ?? ""])
        }.joined()
    }
}
