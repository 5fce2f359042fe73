import CairnAnalysis
import CairnCopy
import CairnCore

extension Session {
    /// `.search [TEXT] [--type marker|visit] [--condition C] [--doctor D] [--tag T] [--visit-type V]
    /// [--from DAY] [--to DAY] [--sort date|oldest|condition|frequency]`: as `cairn search`, in
    /// the chosen profile (every profile when none is chosen).
    func search(_ arguments: [String]) throws -> String {
        var filters = DatasetSearch.VisitFilters()
        filters.profile = profileID
        var words: [String] = [], type: String?
        var filtered = false
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            guard word.hasPrefix("--") else { words.append(word); index += 1; continue }
            guard index + 1 < arguments.count else { throw SessionError("\(word) needs a value; usage: \(Session.searchUsage)") }
            let value = arguments[index + 1]
            index += 2
            switch word {
            case "--type":
                guard ["marker", "visit"].contains(value) else { throw SessionError("--type takes marker or visit") }
                type = value
            case "--condition": filters.condition = value; filtered = true
            case "--doctor": filters.doctor = value; filtered = true
            case "--tag": filters.tag = value; filtered = true
            case "--visit-type":
                guard Visit.VisitType(rawValue: value) != nil else {
                    throw SessionError("--visit-type \(value) is not a visit type; use " + Visit.VisitType.allCases.map(\.rawValue).joined(separator: ", "))
                }
                filters.visitType = value; filtered = true
            case "--from", "--to":
                guard let day = CalendarDay(iso: value) else { throw SessionError("\(word) \(value) is not a date; use YYYY-MM-DD") }
                if word == "--from" { filters.from = day } else { filters.to = day }
                filtered = true
            case "--sort":
                guard let order = DatasetSearch.VisitOrder(rawValue: value) else {
                    throw SessionError("--sort takes " + DatasetSearch.VisitOrder.allCases.map(\.rawValue).joined(separator: ", "))
                }
                filters.order = order
            default:
                throw SessionError("unknown option \(word); usage: \(Session.searchUsage)")
            }
        }
        let text = words.joined(separator: " ")
        guard !text.isEmpty || filtered else { throw SessionError("give text to search for, or a visit filter; usage: \(Session.searchUsage)") }
        filters.text = text.isEmpty ? nil : text
        let source = try source()
        let database = try requireDataset().database
        let wantsMarkers = type == "marker" || (type == nil && !filtered && !text.isEmpty)
        let wantsVisits = type != "marker"
        let markers = wantsMarkers ? try DatasetSearch.markers(text, library: source.markers, database: database, profile: profileID) : nil
        let visits = wantsVisits ? try DatasetSearch.visits(filters, database: database) : nil
        return DatasetSearch.output(markers: markers, visits: visits, json: format == .json)
    }

    /// `.visits`: the chosen profile's visits (every profile's when none is chosen), newest
    /// first, and how many fell in each year.
    func visitsList() throws -> String {
        var filters = DatasetSearch.VisitFilters()
        filters.profile = profileID
        let visits = try DatasetSearch.visits(filters, database: try requireDataset().database)
        guard !visits.isEmpty else { return try Session.noVisits(copyGuard: (try engine).copyGuard) }
        var years: [String: Int] = [:]
        for visit in visits { years[String(visit.date.prefix(4)), default: 0] += 1 }
        return DatasetSearch.text(visits: visits)
            + "Per year: " + years.keys.sorted().map { "\($0) \(years[$0]!)" }.joined(separator: ", ") + "\n"
    }

    /// Glance's empty state for a visit list with nothing in it (seed 000, Empty States; roadmap
    /// 4.1): its two sentences, as catalogued, so they pass the guard as every other copy does.
    static func noVisits(copyGuard: CopyGuard) throws -> String {
        try ["visit-history.no-visits", "visit-history.past-visits"].map { id in
            try copyGuard.render(CopyMessage(id, [:]), module: "visit-history").get().copy.text
        }.joined(separator: "\n") + "\n"
    }

    static let searchUsage = ".search [TEXT] [--type marker|visit] [--condition C] [--doctor D] [--tag T] [--visit-type V] [--from DAY] [--to DAY] [--sort date|oldest|condition|frequency]"
}
