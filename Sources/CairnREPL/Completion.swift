import CReadline
import Foundation

/// Tab completion: dot-commands at the start of a line; after them, or in SQL, module ids,
/// profile ids, marker names, table and column names.
enum Completion {
    nonisolated(unsafe) static var session: Session?
    nonisolated(unsafe) static var matches: [String] = []

    /// The words that may follow what has been typed on the line so far.
    static func candidates(line: String, word: String) -> [String] {
        if line.hasPrefix(".") && !line.contains(" ") {
            return CommandHelp.all.map { "." + $0.name }
        }
        guard let session else { return [] }
        var words: [String] = []
        words += session.registry.all.map(\.key) + Set(session.registry.all.map(\.id)).sorted()
        if let source = try? session.source() {
            words += source.profileIDs
            words += source.markers.markers.map(\.id)
        }
        if let database = session.dataset?.database, let tables = try? database.tableNames() {
            words += tables
            for table in tables { words += (try? database.columnNames(of: table)) ?? [] }
        }
        if line.hasPrefix(".format ") { words = ["text", "json"] }
        if line.hasPrefix(".replay ") { words += ["day", "week", "month"] }
        return words
    }

    static let complete: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, start, _ in
        cairn_rl_no_default_completion()
        let word = text.map { String(cString: $0) } ?? ""
        let line = String(cString: cairn_rl_line_buffer())
        let prefix = String(line.prefix(Int(start)))
        let found = Array(Set(candidates(line: prefix + word, word: word).filter { $0.hasPrefix(word) })).sorted()
        guard !found.isEmpty else { return nil }
        // readline wants the replacement (the one match, or the common prefix of several) first,
        // then every match when there are several, then NULL; it frees all of it with free().
        var common = found[0]
        for match in found.dropFirst() {
            while !match.hasPrefix(common) { common.removeLast() }
        }
        let entries = found.count == 1 ? [found[0]] : [common] + found
        let size = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (entries.count + 1)
        let list = malloc(size)!.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: entries.count + 1)
        for (index, entry) in entries.enumerated() { list[index] = strdup(entry) }
        list[entries.count] = nil
        return list
    }
}
