import Foundation

/// The markers Cairn can resolve: the bundled library (Resources/markers.json) plus a dataset's
/// custom markers. Resolution is by id, display name, alias or LOINC code, ignoring case and
/// runs of spaces, so "good cholesterol", "HDL-C" and "2085-9" all find HDL.
public struct MarkerLibrary: Sendable {
    public enum LoadError: Error, CustomStringConvertible {
        case missingResource
        case unreadable(String)

        public var description: String {
            switch self {
            case .missingResource:
                return "the bundled marker library (markers.json) is missing from this build; rebuild Cairn"
            case .unreadable(let reason):
                return "the bundled marker library (markers.json) cannot be read: \(reason)"
            }
        }
    }

    /// Why a custom marker cannot join the library.
    public enum ConflictError: Error, Equatable {
        /// One of its names already names another marker.
        case nameTaken(name: String, existingMarkerID: String)
    }

    /// Every marker in library order (built-in first, then custom in the order added).
    public private(set) var markers: [MarkerDefinition]
    private var indexByName: [String: Int]

    /// The built-in library, loaded once per process.
    public static let builtIn: MarkerLibrary = {
        do {
            return try MarkerLibrary.loadBundled()
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    public init(markers: [MarkerDefinition]) throws(ConflictError) {
        self.markers = []
        self.indexByName = [:]
        for marker in markers { try add(marker) }
    }

    /// Adds a marker, refusing one whose id, name, alias or code already names another marker.
    public mutating func add(_ marker: MarkerDefinition) throws(ConflictError) {
        let keys = Set(marker.names.map(MarkerLibrary.searchKey))
        for key in keys.sorted() {
            if let existing = indexByName[key] {
                throw .nameTaken(name: key, existingMarkerID: markers[existing].id)
            }
        }
        for key in keys { indexByName[key] = markers.count }
        markers.append(marker)
    }

    /// The marker a text names, or nil.
    public func resolve(_ name: String) -> MarkerDefinition? {
        indexByName[MarkerLibrary.searchKey(name)].map { markers[$0] }
    }

    public func marker(id: String) -> MarkerDefinition? {
        guard let marker = resolve(id), marker.id == id else { return nil }
        return marker
    }

    /// Markers whose names contain the text (case-insensitive), for search and completion.
    public func search(_ text: String) -> [MarkerDefinition] {
        let needle = MarkerLibrary.searchKey(text)
        guard !needle.isEmpty else { return markers }
        return markers.filter { marker in marker.names.contains { MarkerLibrary.searchKey($0).contains(needle) } }
    }

    /// The display names of the markers closest to a text that resolves to nothing, for "did
    /// you mean" hints: each marker once, scored by its nearest id, name, alias or code.
    public func suggestions(for name: String, limit: Int = 3) -> [String] {
        let key = MarkerLibrary.searchKey(name)
        let tolerance = max(2, key.count / 3)
        var scored: [(distance: Int, name: String)] = []
        for marker in markers {
            let distance = marker.names.compactMap { EditDistance.within(tolerance, key, MarkerLibrary.searchKey($0)) }.min()
            if let distance { scored.append((distance, marker.displayName)) }
        }
        return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(limit).map(\.name)
    }

    static func searchKey(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    private static func loadBundled() throws -> MarkerLibrary {
        guard let url = Bundle.module.url(forResource: "markers", withExtension: "json") else {
            throw LoadError.missingResource
        }
        let file: MarkerFile
        do {
            file = try JSONDecoder().decode(MarkerFile.self, from: Data(contentsOf: url))
        } catch {
            throw LoadError.unreadable("\(error)")
        }
        return try MarkerLibrary(markers: file.markers.map(\.definition))
    }
}

/// The bundled file's shape.
private struct MarkerFile: Decodable {
    struct Entry: Decodable {
        var id: String
        var display_name: String
        var category: String
        var unit: String
        var ref_low: Double?
        var ref_high: Double?
        var plausible_min: Double?
        var plausible_max: Double?
        var higher_is_better: Bool?
        var aliases: [String]
        var loinc: [String]
        var conversions: [UnitConversion]
        var cv_within_person: Double?
        var cv_analytical: Double?
        /// "lab" (absent: lab) or "series"; a series names its `daily_summary`.
        var kind: String?
        var daily_summary: String?

        var definition: MarkerDefinition {
            MarkerDefinition(
                id: id, displayName: display_name, category: category, unit: unit,
                referenceLow: ref_low, referenceHigh: ref_high,
                plausibleMin: plausible_min, plausibleMax: plausible_max,
                direction: higher_is_better.map { $0 ? .higherIsBetter : .lowerIsBetter } ?? .withinRange,
                aliases: aliases, loincCodes: loinc, conversions: conversions, isCustom: false,
                variation: cv_within_person.map { BiologicalVariation(withinPerson: $0, analytical: cv_analytical ?? $0 / 2) },
                kind: kind == "series" ? .series(MarkerKind.DailySummary(rawValue: daily_summary ?? "mean") ?? .mean) : .lab)
        }
    }

    var markers: [Entry]
}
