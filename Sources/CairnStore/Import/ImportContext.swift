import CairnCore

/// The state one import shares across its files: the open transaction, profiles and their zones,
/// the marker library with the dataset's custom markers, and the issues found so far.
final class ImportContext {
    let database: SQLiteDatabase
    /// Every insert of the import, in order (`InsertPipeline`).
    let inserts: InsertPipeline
    let now: Int?
    private(set) var library: MarkerLibrary
    private(set) var issues: [ImportIssue] = []
    private(set) var createdProfiles: [String] = []
    /// Headaches dated by a day alone (time unknown), counted for the report.
    var dateOnlyOnsets = 0
    /// The zone each FHIR patient was given, and what gave it, for the report (the last word
    /// for a patient given twice).
    private(set) var profileZones: [ImportReport.ProfileZone] = []
    private var profileZoneIndex: [String: Int] = [:]

    func noteZone(_ zone: ImportReport.ProfileZone) {
        if let index = profileZoneIndex[zone.profile] { return profileZones[index] = zone }
        profileZoneIndex[zone.profile] = profileZones.count
        profileZones.append(zone)
    }

    /// Where the current row is, for the issues it raises.
    var file = ""
    var line = 0

    private var zones: [String: CachedZone] = [:]
    private var zoneByIdentifier: [String: CachedZone] = [:]
    /// Profiles given by a profiles row in this import, to catch duplicates.
    var profilesDefinedHere: Set<String> = []
    /// What FHIR resources of this import refer to, across its files.
    let fhirLinks = FHIRLinks()

    /// Every (profile, headache_id) in the dataset, read on first use and kept as rows arrive,
    /// so that duplicate ids and medications naming a headache cost a hash lookup, not a query.
    private var headacheKeys: Set<HeadacheKey>?

    func knowsHeadache(profile: String, id: String) -> Bool {
        headacheKeys!.contains(HeadacheKey(profile: profile, id: id))
    }

    func addHeadache(profile: String, id: String) {
        headacheKeys!.insert(HeadacheKey(profile: profile, id: id))
    }

    /// Reads the dataset's headache ids, once, before a file that needs them: a pipelined file
    /// must not read the database while its writer runs.
    func loadHeadacheKeys() throws {
        guard headacheKeys == nil else { return }
        var known: Set<HeadacheKey> = []
        let existing = try database.prepare("SELECT profile_id, headache_id FROM headaches")
        while try existing.step() { known.insert(HeadacheKey(profile: existing.text(0) ?? "", id: existing.text(1) ?? "")) }
        headacheKeys = known
    }

    struct HeadacheKey: Hashable {
        let profile: String
        let id: String
    }

    private let insertProfile: InsertPipeline.Insert

    init(database: SQLiteDatabase, now: Int?) throws {
        self.database = database
        self.now = now
        inserts = InsertPipeline(database: database)
        self.insertProfile = try inserts.prepare("INSERT INTO profiles(profile_id, display_name, time_zone) VALUES (?1, ?1, 'UTC')")
        let profiles = try database.prepare("SELECT profile_id, time_zone FROM profiles")
        var zones: [String: CachedZone] = [:]
        self.library = .builtIn
        while try profiles.step() {
            let zone = ProfileTimeZone(identifier: profiles.text(1) ?? "UTC") ?? .utc
            zones[profiles.text(0) ?? ""] = CachedZone(zone)
        }
        self.zones = zones
        for marker in try CustomMarkerStore.load(from: database) {
            try? library.add(marker)
        }
    }

    // MARK: - Profiles

    /// Profiles the current row names that no profiles row has defined; created (in UTC) only
    /// if the row is stored, so a rejected row leaves nothing behind.
    private var pendingProfiles: [String] = []

    /// The profile asked last and its zone: rows come grouped by profile, and comparing a short
    /// id costs less than hashing it on every row. Forgotten when a zone is set.
    private var lastZone: (profile: String, zone: CachedZone)?

    /// The zone of a profile; UTC for one that does not exist yet.
    func zone(forProfile id: String) throws -> CachedZone {
        if let lastZone, lastZone.profile == id { return lastZone.zone }
        if let zone = zones[id] {
            lastZone = (id, zone)
            return zone
        }
        if !pendingProfiles.contains(id) { pendingProfiles.append(id) }
        return cachedZone(.utc)
    }

    /// Creates the profiles the row needed, now that it is stored.
    func rowStored() throws {
        for id in pendingProfiles where zones[id] == nil {
            let bind = StatementBinder(insertProfile)
            bind.add(id)
            try bind.run()
            createdProfiles.append(id)
            zones[id] = cachedZone(.utc)
        }
        pendingProfiles.removeAll(keepingCapacity: true)
    }

    func rowNotStored() {
        pendingProfiles.removeAll(keepingCapacity: true)
    }

    func knowsProfile(_ id: String) -> Bool { zones[id] != nil }

    func setZone(_ zone: ProfileTimeZone, forProfile id: String) {
        lastZone = nil
        zones[id] = cachedZone(zone)
        createdProfiles.removeAll { $0 == id }
        pendingProfiles.removeAll { $0 == id }
    }

    private func cachedZone(_ zone: ProfileTimeZone) -> CachedZone {
        if let cached = zoneByIdentifier[zone.identifier] { return cached }
        let cached = CachedZone(zone)
        zoneByIdentifier[zone.identifier] = cached
        return cached
    }

    // MARK: - Markers

    func replaceCustomMarker(_ marker: MarkerDefinition) throws(MarkerLibrary.ConflictError) {
        var markers = library.markers.filter { $0.id != marker.id }
        markers.append(marker)
        library = try MarkerLibrary(markers: markers)
    }

    // MARK: - Issues

    func record(_ severity: ImportIssue.Severity, _ reason: ImportIssue.Reason, column: Int? = nil,
                columnName: String? = nil, message: String, didYouMean: Double? = nil) {
        issues.append(ImportIssue(severity: severity, reason: reason, file: file, line: line, column: column,
                                  columnName: columnName, message: message, didYouMean: didYouMean))
    }

    func record(_ rejection: RowRejection) {
        record(.rejected, rejection.reason, column: rejection.column, columnName: rejection.columnName,
               message: rejection.message)
    }
}
