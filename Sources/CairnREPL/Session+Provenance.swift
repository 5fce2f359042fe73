import CairnAnalysis
import CairnCore
import CairnStore

extension Session {
    /// `.open-row TABLE:ID...`: the rows an insight's provenance names, read from the dataset.
    func openRows(_ arguments: [String]) throws -> String {
        var references: [(table: ContractTable, id: Int64)] = []
        for word in arguments {
            let parts = word.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, let table = ContractTable(rawValue: parts[0]), let id = Int64(parts[1]) else {
                throw SessionError("\(word) is not TABLE:ID (as provenance lists them, e.g. readings:12); tables: "
                                   + ContractTable.allCases.map(\.rawValue).joined(separator: ", "))
            }
            references.append((table, id))
        }
        return try rows(references)
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
        return try openRows(insight.provenance)
    }

    /// The rows, table by table in the order first named, each table's rows by id; ids the
    /// dataset does not hold are named after them.
    private func rows(_ references: [(table: ContractTable, id: Int64)]) throws -> String {
        let database = try requireDataset().database
        var tables: [ContractTable] = []
        var ids: [ContractTable: [Int64]] = [:]
        for (table, id) in references {
            if ids[table] == nil { tables.append(table) }
            if !(ids[table, default: []].contains(id)) { ids[table, default: []].append(id) }
        }
        var text = "", missing: [String] = []
        for table in tables {
            let wanted = ids[table]!
            let (columns, rows) = try database.readingOnly {
                // The table is one of the contract's names and the ids are integers: nothing
                // typed reaches the SQL as text.
                let statement = try database.prepare("SELECT * FROM \"\(table.rawValue)\" WHERE id IN ("
                                                     + wanted.map(String.init).joined(separator: ",") + ") ORDER BY id")
                return try collect(statement)
            }
            let idColumn = columns.firstIndex(of: "id")
            let found = Set(rows.compactMap { row -> Int64? in
                guard let idColumn, case .integer(let id) = row[idColumn] else { return nil }
                return Int64(id)
            })
            missing += wanted.filter { !found.contains($0) }.map { "\(table.rawValue):\($0)" }
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
