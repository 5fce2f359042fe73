/// What one import has learnt from FHIR resources that later ones refer to, across files:
/// which profile each Patient became (by its `urn:uuid:` full URL and as `Patient/ID`), each
/// practitioner's name, and each encounter's visit, so references resolve whichever way a
/// source writes them (inside a Bundle or across the files of a Bulk Data export).
final class FHIRLinks {
    struct Visit {
        var rowID: Int64
        /// The visit took its condition from the encounter's own reason; conditions add nothing.
        var hasReason: Bool
        var conditions: [String]
    }

    private(set) var patients: [String: String] = [:]
    private(set) var practitioners: [String: String] = [:]
    /// Each encounter key's visit row, and each visit by its row (an encounter is known by its
    /// full URL and by `Encounter/ID`, both naming one visit).
    private var visitRows: [String: Int64] = [:]
    private var visits: [Int64: Visit] = [:]

    func addPatient(profile: String, keys: [String]) {
        for key in keys { patients[key] = profile }
    }

    func addPractitioner(name: String, keys: [String]) {
        for key in keys { practitioners[key] = name }
    }

    func addVisit(_ visit: Visit, keys: [String]) {
        for key in keys { visitRows[key] = visit.rowID }
        visits[visit.rowID] = visit
    }

    func visit(_ reference: String) -> Visit? {
        FHIRLinks.candidates(reference).lazy.compactMap { self.visitRows[$0] }.first.flatMap { visits[$0] }
    }

    func updateVisit(_ rowID: Int64, _ change: (inout Visit) -> Void) {
        guard var visit = visits[rowID] else { return }
        change(&visit)
        visits[rowID] = visit
    }

    func patient(_ reference: String) -> String? {
        FHIRLinks.candidates(reference).lazy.compactMap { self.patients[$0] }.first
    }

    func practitioner(_ reference: String) -> String? {
        FHIRLinks.candidates(reference).lazy.compactMap { self.practitioners[$0] }.first
    }

    /// The keys a resource is known by: its full URL, and `Type/id`.
    static func keys(type: String, id: String?, fullURL: String?) -> [String] {
        var keys: [String] = []
        if let fullURL { keys.append(fullURL) }
        if let id { keys.append(type + "/" + id) }
        return keys
    }

    /// The keys a reference may match: itself, and its last `Type/id` (an absolute URL or a
    /// versioned `Patient/1/_history/2` resolves to `Patient/1`).
    static func candidates(_ reference: String) -> [String] {
        var parts = reference.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.count >= 4, parts[parts.count - 2] == "_history" { parts.removeLast(2) }
        guard parts.count >= 2 else { return [reference] }
        let short = parts[parts.count - 2] + "/" + parts[parts.count - 1]
        return short == reference ? [reference] : [reference, short]
    }

    /// A reference as an id: `urn:uuid:X` and `Encounter/X` are both X, so a Bundle and a Bulk
    /// Data export of the same records store the same text.
    static func plainID(_ reference: String) -> String {
        if reference.hasPrefix("urn:uuid:") { return String(reference.dropFirst(9)) }
        return candidates(reference).last.flatMap { $0.split(separator: "/").last.map(String.init) } ?? reference
    }

    /// The id of a `Type/id` reference.
    static func id(of reference: String, type: String) -> String? {
        let candidates = candidates(reference)
        guard let short = candidates.last, short.hasPrefix(type + "/") else { return nil }
        let id = String(short.dropFirst(type.count + 1))
        return id.isEmpty ? nil : id
    }
}
