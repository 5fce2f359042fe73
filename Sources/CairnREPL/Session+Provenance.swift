import CairnAnalysis
import CairnCore
import CairnStore

extension Session {
    /// A row as provenance names it: `readings:12` (the row id) or `headaches:h012` (a
    /// headache's own `headache_id`, unique within its profile).
    struct RowReference: Hashable {
        let table: ContractTable
        let key: String
        var id: Int64? { Int64(key) }
        var text: String { "\(table.rawValue):\(key)" }
    }

    /// `.open-row TABLE:ID...`: the rows an insight's provenance names, read from the dataset
    /// (a headache id in every profile that has it, or in the chosen profile's).
    func openRows(_ arguments: [String]) throws -> String {
        var references: [RowReference] = []
        for word in arguments {
            let parts = word.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, let table = ContractTable(rawValue: parts[0]), !parts[1].isEmpty,
                  Int64(parts[1]) != nil || table == .headaches else {
                throw SessionError("\(word) is not TABLE:ID (as provenance lists them, e.g. readings:12 or headaches:h012); tables: "
                                   + ContractTable.allCases.map(\.rawValue).joined(separator: ", "))
            }
            references.append(RowReference(table: table, key: parts[1]))
        }
        return try rows(references, profile: profileID)
    }

    /// `.provenance [N]`: the insights of the last `.run` listing, numbered, or the rows behind
    /// the Nth of them.
    func provenance(_ arguments: [String]) throws -> String {
        guard !lastListing.isEmpty else { throw SessionError("no insights listed yet: .run a module first, then .provenance N") }
        guard let word = arguments.first else {
            return lastListing.enumerated().map { index, insight in
                "\(index + 1)  \(insight.profile)  \(insight.module)@\(insight.version) \(insight.kind.rawValue) \(insight.subject)  "
                    + (insight.provenance.count == 1 ? "1 row" : "\(insight.provenance.count) rows")
            }.joined(separator: "\n") + "\n"
        }
        guard let number = Int(word), (1...lastListing.count).contains(number) else {
            throw SessionError("\(word) is not an insight of the last listing: give 1 to \(lastListing.count) (.provenance lists them)")
        }
        let insight = lastListing[number - 1]
        guard !insight.provenance.isEmpty else {
            return "\(insight.module)@\(insight.version) \(insight.subject) names no rows (its evidence is counts over the diary).\n"
        }
        let references = insight.provenance.compactMap { text -> RowReference? in
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, let table = ContractTable(rawValue: parts[0]) else { return nil }
            return RowReference(table: table, key: parts[1])
        }
        return try rows(references, profile: insight.profile)
    }

    /// The rows, table by table in the order first named, each table's rows by id; keys the
    /// dataset does not hold are named after them. Keys are bound as values, never spliced.
    private func rows(_ references: [RowReference], profile: String?) throws -> String {
        let database = try requireDataset().database
        var tables: [ContractTable] = []
        var keys: [ContractTable: [RowReference]] = [:]
        for reference in references {
            if keys[reference.table] == nil { tables.append(reference.table) }
            if !(keys[reference.table, default: []].contains(reference)) { keys[reference.table, default: []].append(reference) }
        }
        var text = "", missing: [String] = []
        for table in tables {
            let wanted = keys[table]!
            // Modules cite a headache by its own id (`headaches:h012`), the rest by row id.
            let byHeadacheID = table == .headaches
            let column = byHeadacheID ? "headache_id" : "id"
            let (columns, rows) = try database.readingOnly {
                let statement = try database.prepare("SELECT * FROM main.\"\(table.rawValue)\" WHERE \(column) IN ("
                                                     + wanted.map { _ in "?" }.joined(separator: ",") + ")"
                                                     + (byHeadacheID && profile != nil ? " AND profile_id = ?" : "") + " ORDER BY id")
                for (index, reference) in wanted.enumerated() {
                    if byHeadacheID { try statement.bind(reference.key, at: Int32(index + 1)) } else { try statement.bind(Int(reference.id!), at: Int32(index + 1)) }
                }
                if byHeadacheID, let profile { try statement.bind(profile, at: Int32(wanted.count + 1)) }
                do { return try collect(statement) } catch let error as SQLiteError { throw SessionError(error.message) }
            }
            let keyColumn = columns.firstIndex(of: column)
            let found = Set(rows.compactMap { row -> String? in
                guard let keyColumn else { return nil }
                switch row[keyColumn] {
                case .integer(let id): return String(id)
                case .text(let key): return key
                default: return nil
                }
            })
            missing += wanted.filter { !found.contains($0.key) }.map(\.text)
            guard !rows.isEmpty else { continue }
            text += (text.isEmpty ? "" : "\n") + "\(table.rawValue): \(rows.count == 1 ? "1 row" : "\(rows.count) rows")\n"
            text += render(columns: columns, rows: rows)
        }
        if !missing.isEmpty {
            text += (text.isEmpty ? "" : "\n") + "Not in this dataset: " + missing.joined(separator: ", ")
                + " (provenance names rows of the dataset the insight was worked out from).\n"
        }
        return text
    }
}
