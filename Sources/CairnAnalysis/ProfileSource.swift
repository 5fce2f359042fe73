import CairnCore
import CairnStore
import Foundation

/// A dataset read one profile at a time, so a run over thousands of profiles holds only the
/// profiles being evaluated, never the population. What every profile shares is read once: the
/// marker library with the dataset's custom markers, and the weather rows with an empty
/// profile_id (each profile's `weather` refers to that one array when it has none of its own).
///
/// Each profile is read through the indexes on (profile_id, time), so loading one costs its own
/// rows. A SQLite file gets one connection per reader (readers load in parallel); a CSV
/// directory, held in memory, has one connection that readers take in turn.
public final class ProfileSource: @unchecked Sendable {
    /// Every profile id, sorted: the order of every listing.
    public let profileIDs: [String]
    public let markers: MarkerLibrary
    public let sharedWeather: [WeatherObservation]
    /// What the dataset holds, as 16 hex digits: a hash of its profile ids and of each import's
    /// row counts. The same for a copy of the dataset anywhere, so shards computed on several
    /// machines merge; different for another population, so shards of different data do not.
    public let fingerprint: String
    private let readers: [ProfileReader]
    private let latestDayLock = NSLock()
    private var latestDay: CalendarDay??

    public init(_ dataset: Dataset, readers count: Int = 1) throws {
        var readers = [try ProfileReader(dataset.database, layoutVersion: dataset.layoutVersion)]
        if !dataset.isDirectory {
            for _ in 1..<max(1, count) {
                readers.append(try ProfileReader(try dataset.anotherReader().database, layoutVersion: dataset.layoutVersion))
            }
        }
        self.readers = readers
        let database = dataset.database
        var ids: [String] = []
        let idRows = try database.prepare("SELECT profile_id FROM main.profiles ORDER BY profile_id")
        while try idRows.step() { ids.append(idRows.text(0) ?? "") }
        profileIDs = ids
        markers = try ProfileSource.library(database)
        sharedWeather = try readers[0].weather(profileID: nil)
        var content = ids.joined(separator: "\n")
        let imports = try database.prepare("SELECT rows_read, imported, rejected, skipped, warnings FROM main.imports ORDER BY id")
        while try imports.step() { content += "\n" + (0..<5).map { String(imports.int($0)) }.joined(separator: ",") }
        let hash = String(ShardSpec.hash(content), radix: 16)
        fingerprint = String(repeating: "0", count: 16 - hash.count) + hash
    }

    public var count: Int { profileIDs.count }

    /// One profile's data, with only the event tables asked for (the others empty); `reader`
    /// picks the connection (a worker's index).
    public func load(_ profileID: String, reader: Int = 0, tables: Set<ContractTable> = ContractTable.eventTables) throws -> ProfileData? {
        let chosen = readers[reader % readers.count]
        chosen.lock.lock()
        defer { chosen.lock.unlock() }
        return try chosen.profile(profileID, markers: markers, sharedWeather: sharedWeather, tables: tables)
    }

    /// Every profile's data, in id order: for small datasets and tests.
    public func loadAll() throws -> [ProfileData] {
        try profileIDs.compactMap { try load($0) }
    }

    /// The local day of the latest event across profiles, in its own profile's zone (the
    /// dataset-latest as-of day), from each profile's newest row through the indexes: O(profiles
    /// x log rows), no table scan; worked out once.
    public func latestEventDay() throws -> CalendarDay? {
        latestDayLock.lock()
        defer { latestDayLock.unlock() }
        if let latestDay { return latestDay }
        let reader = readers[0]
        reader.lock.lock()
        defer { reader.lock.unlock() }
        var best: (instant: Int, day: CalendarDay)?
        for id in profileIDs {
            guard let (instant, zone) = try reader.latestEvent(id) else { continue }
            let day = zone.day(ofEpoch: instant)
            if best == nil || (instant, day) > (best!.instant, best!.day) { best = (instant, day) }
        }
        latestDay = .some(best?.day)
        return best?.day
    }

    /// The local day of one profile's latest event, or nil when it has none: the default as-of
    /// day, read through the indexes whatever tables a run loads. Visits count up to the
    /// dataset's latest day (those after it are planned), so a record of visits and draws ends
    /// on its last visit.
    public func latestEventDay(of profileID: String, reader: Int = 0) throws -> CalendarDay? {
        let datasetDay = try latestEventDay()
        let chosen = readers[reader % readers.count]
        chosen.lock.lock()
        defer { chosen.lock.unlock() }
        return try chosen.latestEvent(profileID, visitsUpTo: datasetDay).map { $1.day(ofEpoch: $0) }
    }

    static func library(_ database: SQLiteDatabase) throws -> MarkerLibrary {
        var library = MarkerLibrary.builtIn
        let custom = try database.prepare("""
            SELECT marker_id, display_name, unit, category, ref_low, ref_high, higher_is_better, aliases, loinc FROM main.markers
            ORDER BY marker_id
            """)
        while try custom.step() {
            let direction: TrendPreference = custom.isNull(6) ? .withinRange : custom.int(6) != 0 ? .higherIsBetter : .lowerIsBetter
            try? library.add(MarkerDefinition(
                id: custom.text(0) ?? "", displayName: custom.text(1) ?? "", category: custom.text(3) ?? "Custom",
                unit: custom.text(2) ?? "", referenceLow: custom.isNull(4) ? nil : custom.double(4),
                referenceHigh: custom.isNull(5) ? nil : custom.double(5), direction: direction,
                aliases: ContractValue.list((custom.text(7) ?? "")[...]), loincCodes: ContractValue.list((custom.text(8) ?? "")[...]),
                isCustom: true))
        }
        return library
    }
}
