import CairnCore
import CairnStore
import Foundation

/// Search over a dataset, as Glance and MediFamily specify it:
/// - markers (Glance roadmap 3.2): by partial name, alias ("good cholesterol" finds HDL), id or
///   LOINC code, case-insensitive, tracked or not, best matches first (a whole name, then a
///   name that begins with the text, then one that contains it);
/// - visits (MediFamily FR-2, FR-3.2): text in the condition, title, doctor, notes or the
///   person's own visit label, with filters combined by AND (profile, condition, doctor, tag,
///   visit type, a date range) and sorted by date (newest or oldest first), condition A–Z or
///   frequency (the most visited condition first).
///
/// Text matches fold case the Unicode way; for ASCII text SQLite's LIKE narrows the rows first,
/// so a search of 100,000 visits reads only the candidates (BENCHMARKS.md, Search).
public enum DatasetSearch {
    public struct MarkerHit: Sendable, Encodable, Equatable {
        public let marker: String
        public let name: String
        /// What the text matched: the name, an alias, the id or a LOINC code, as written.
        public let matched: String
        public let matchedBy: String
        public let tracked: Bool
        public let readings: Int

        enum CodingKeys: String, CodingKey { case marker, name, matched, matchedBy = "matched_by", tracked, readings }
    }

    public struct VisitHit: Sendable, Encodable, Equatable {
        public let id: Int
        public let profile: String
        public let date: String
        public let type: String
        public let doctor: String?
        public let title: String?
        public let condition: String?
        public let notes: String?
        public let tags: [String]
    }

    public enum VisitOrder: String, Sendable, CaseIterable {
        case date, oldest, condition, frequency
    }

    public struct VisitFilters: Sendable {
        public var text: String?
        public var profile: String?
        public var condition: String?
        public var doctor: String?
        public var tag: String?
        public var visitType: String?
        public var from: CalendarDay?
        public var to: CalendarDay?
        public var order: VisitOrder = .date

        public init() {}
    }

    static func fold(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    // MARK: Markers

    /// Library and custom markers matching the text, best first; `tracked` when the profile
    /// (or, with none, anyone) has readings of it.
    public static func markers(_ text: String, library: MarkerLibrary, database: SQLiteDatabase, profile: String?) throws -> [MarkerHit] {
        let needle = fold(text)
        guard !needle.isEmpty else { return [] }
        var counts: [String: Int] = [:]
        let statement = try database.prepare("SELECT marker, count(*) FROM main.readings" + (profile == nil ? "" : " WHERE profile_id = ?1")
                                             + " GROUP BY marker")
        if let profile { try statement.bind(profile, at: 1) }
        while try statement.step() { counts[statement.text(0) ?? ""] = statement.int(1) }
        var scored: [(rank: Int, hit: MarkerHit)] = []
        for marker in library.markers {
            let named: [(String, String)] = [(marker.displayName, "name")] + marker.aliases.map { ($0, "alias") }
                + [(marker.id, "id")] + marker.loincCodes.map { ($0, "loinc") }
            var best: (rank: Int, text: String, by: String)?
            for (name, kind) in named {
                let key = fold(name)
                let rank: Int
                if key == needle { rank = 0 } else if key.hasPrefix(needle) || key.contains(" " + needle) { rank = 1 } else if key.contains(needle) { rank = 2 } else { continue }
                if best == nil || rank < best!.rank { best = (rank, name, kind) }
            }
            guard let best else { continue }
            let readings = counts[marker.id] ?? 0
            scored.append((best.rank, MarkerHit(marker: marker.id, name: marker.displayName, matched: best.text, matchedBy: best.by,
                                                tracked: readings > 0, readings: readings)))
        }
        // Best match first; among equals, markers the person tracks, then by name.
        func order(_ entry: (rank: Int, hit: MarkerHit)) -> (Int, Int, String) { (entry.rank, entry.hit.tracked ? 0 : 1, fold(entry.hit.name)) }
        return scored.sorted { order($0) < order($1) }.map(\.hit)
    }

    // MARK: Visits

    /// Visits matching every filter given, in the order asked.
    public static func visits(_ filters: VisitFilters, database: SQLiteDatabase) throws -> [VisitHit] {
        var clauses: [String] = [], values: [String] = []
        func bind(_ value: String) -> String { values.append(value); return "?\(values.count)" }
        if let profile = filters.profile { clauses.append("profile_id = " + bind(profile)) }
        if let type = filters.visitType { clauses.append("visit_type = " + bind(type)) }
        if let from = filters.from { clauses.append("date_day >= " + bind(from.description)) }
        if let to = filters.to { clauses.append("date_day <= " + bind(to.description)) }
        // LIKE folds ASCII letters only: it narrows the rows for ASCII text, and every row is
        // checked again below with Unicode case folding.
        func like(_ text: String?, columns: [String]) {
            guard let text, !text.isEmpty, text.allSatisfy(\.isASCII) else { return }
            let pattern = bind("%" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                .replacingOccurrences(of: "_", with: "\\_") + "%")
            clauses.append("(" + columns.map { "\($0) LIKE \(pattern) ESCAPE '\\'" }.joined(separator: " OR ") + ")")
        }
        let textColumns = ["condition", "title", "doctor", "notes", "visit_type_label"]
        like(filters.text, columns: textColumns)
        like(filters.condition, columns: ["condition"])
        like(filters.doctor, columns: ["doctor"])
        like(filters.tag, columns: ["tags"])
        let statement = try database.prepare("SELECT id, profile_id, date, visit_type, visit_type_label, doctor, title, condition, notes, tags, "
                                             + "date_epoch FROM main.visits" + (clauses.isEmpty ? "" : " WHERE " + clauses.joined(separator: " AND ")))
        for (index, value) in values.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
        func contains(_ field: String?, _ text: String?) -> Bool {
            guard let text, !fold(text).isEmpty else { return true }
            return field.map { fold($0).contains(fold(text)) } ?? false
        }
        var hits: [(hit: VisitHit, epoch: Int)] = []
        while try statement.step() {
            let label = statement.text(4)
            let hit = VisitHit(id: statement.int(0), profile: statement.text(1) ?? "", date: statement.text(2) ?? "",
                               type: label.map { "other: " + $0 } ?? statement.text(3) ?? "",
                               doctor: statement.text(5), title: statement.text(6), condition: statement.text(7), notes: statement.text(8),
                               tags: (statement.text(9) ?? "").split(separator: "|").map(String.init))
            guard [hit.condition, hit.title, hit.doctor, hit.notes, label].contains(where: { contains($0, filters.text) }),
                  contains(hit.condition, filters.condition), contains(hit.doctor, filters.doctor),
                  filters.tag.map({ tag in hit.tags.contains { fold($0) == fold(tag) } }) ?? true else { continue }
            hits.append((hit, statement.int(10)))
        }
        let byCondition = Dictionary(grouping: hits, by: { fold($0.hit.condition ?? "") }).mapValues(\.count)
        func newest(_ a: (hit: VisitHit, epoch: Int), _ b: (hit: VisitHit, epoch: Int)) -> Bool { (a.epoch, a.hit.id) > (b.epoch, b.hit.id) }
        func conditionKey(_ visit: VisitHit) -> (Int, String) { visit.condition.map { (0, fold($0)) } ?? (1, "") }
        switch filters.order {
        case .date: hits.sort(by: newest)
        case .oldest: hits.sort { (a, b) in (a.epoch, a.hit.id) < (b.epoch, b.hit.id) }
        case .condition:
            hits.sort { a, b in conditionKey(a.hit) != conditionKey(b.hit) ? conditionKey(a.hit) < conditionKey(b.hit) : newest(a, b) }
        case .frequency:
            hits.sort { a, b in
                let (ca, cb) = (a.hit.condition == nil ? 0 : byCondition[fold(a.hit.condition!)]!, b.hit.condition == nil ? 0 : byCondition[fold(b.hit.condition!)]!)
                if ca != cb { return ca > cb }
                return conditionKey(a.hit) != conditionKey(b.hit) ? conditionKey(a.hit) < conditionKey(b.hit) : newest(a, b)
            }
        }
        return hits.map(\.hit)
    }

    // MARK: Output

    /// The listing `cairn search` and `.search` print: markers, then visits (nil: not searched).
    public static func output(markers: [MarkerHit]?, visits: [VisitHit]?, json: Bool) -> String {
        if json {
            struct Listing: Encodable { let markers: [MarkerHit]?; let visits: [VisitHit]? }
            return JSONText.encode(Listing(markers: markers, visits: visits))
        }
        return [markers.map { text(markers: $0) }, visits.map { text(visits: $0) }].compactMap { $0 }.joined(separator: "\n")
    }

    /// What a marker search that found nothing says, and what finds more.
    public static let noMarkerMatches = "No marker matches. Try part of a name (\"chol\"), another name for it "
        + "(\"good cholesterol\") or a LOINC code (\"2085-9\").\n"
    /// What a visit search that found nothing says: every filter must hold at once (AND).
    public static let noVisitMatches = "No visit matches. Every filter given must hold at once: "
        + "fewer filters or a wider --from/--to find more.\n"

    /// Markers as an aligned table, each with what matched and whether it is tracked.
    public static func text(markers: [MarkerHit]) -> String {
        // Glance roadmap 5.1: a search with no results gets a helpful message, not a blank.
        guard !markers.isEmpty else { return noMarkerMatches }
        return TextTable.render(["marker", "name", "matched", "tracked"], markers.map { hit in
            [hit.marker, hit.name, hit.matchedBy == "name" ? "name" : "\(hit.matchedBy) \(hit.matched)",
             hit.tracked ? "yes (\(hit.readings) reading\(hit.readings == 1 ? "" : "s"))" : "no"]
        }) + "\(markers.count) marker\(markers.count == 1 ? "" : "s")\n"
    }

    /// Visits as an aligned table, notes cut at 40 characters.
    public static func text(visits: [VisitHit]) -> String {
        guard !visits.isEmpty else { return noVisitMatches }
        return TextTable.render(["date", "profile", "type", "doctor", "title", "condition", "tags", "notes"], visits.map { visit in
            [visit.date, visit.profile, visit.type, visit.doctor ?? "", visit.title ?? "", visit.condition ?? "",
             visit.tags.joined(separator: ", "), visit.notes.map { $0.count > 40 ? String($0.prefix(39)) + "…" : $0 } ?? ""]
        }) + "\(visits.count) visit\(visits.count == 1 ? "" : "s")\n"
    }
}
