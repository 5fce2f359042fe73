import CairnAnalysis
import CReadline
import CSQLite
import CairnStore
import Foundation

/// Tab completion that reads the line: dot-commands at its start; after a dot-command, what
/// that command takes (module ids and then their parameters after `.run`, markers and evidence
/// series after `.chart`, profiles after `.profile`, modes after `.mode`, file names after
/// `.open`, `.read` and the like); in SQL, table names after FROM, JOIN and INTO, the columns of
/// the tables the statement names (or of `table.`), keywords and functions.
enum Completion {
    nonisolated(unsafe) static var session: Session?

    /// What completing a word offers, and how the line goes on after a single match.
    struct Offer: Equatable {
        var words: [String]
        /// Nothing after a single match (a `PARAM=` goes straight on to its value).
        var appendsSpace = true
        /// readline completes file names instead.
        var fileNames = false
    }

    /// Commands whose arguments are files.
    static let fileCommands: Set<String> = ["open", "import", "read", "save", "output", "once", "snapshot", "load"]
    /// Commands whose argument is SQL.
    static let sqlCommands: Set<String> = ["describe", "fit", "cor"]

    /// The offer for `word`, the word being typed, given the whole `line` and the text before
    /// the word.
    static func offer(line: String, before: String, word: String) -> Offer {
        if before.isEmpty && word.hasPrefix(".") { return Offer(words: CommandHelp.all.map { "." + $0.name }) }
        if before.hasPrefix(".") {
            let words = before.split(separator: " ").map(String.init)
            let command = String(words[0].dropFirst())
            return argumentOffer(command: command, arguments: Array(words.dropFirst()), line: line, word: word)
        }
        return sqlOffer(line: line, before: before, word: word)
    }

    private static func argumentOffer(command: String, arguments: [String], line: String, word: String) -> Offer {
        if fileCommands.contains(command) { return Offer(words: [], fileNames: true) }
        if sqlCommands.contains(command) {
            let sql = line.drop { $0 != " " }.trimmingCharacters(in: .whitespaces)
            let typed = arguments.joined(separator: " ")
            return sqlOffer(line: sql, before: typed.isEmpty ? "" : typed + " ", word: word)
        }
        guard let session else { return Offer(words: []) }
        let moduleWords = session.registry.all.map(\.key) + Set(session.registry.all.map(\.id)).sorted()
        switch command {
        case "help":
            return Offer(words: CommandHelp.all.map(\.name))
        case "mode":
            return Offer(words: arguments.isEmpty ? OutputMode.allCases.map(\.rawValue) + ["tabs"] : [])
        case "headers", "timer":
            return Offer(words: arguments.isEmpty ? ["on", "off"] : [])
        case "export":
            return arguments.isEmpty ? Offer(words: DatasetExport.Target.allCases.map(\.rawValue)) : Offer(words: [], fileNames: true)
        case "format":
            return Offer(words: arguments.isEmpty ? ["text", "json"] : [])
        case "profile":
            return Offer(words: arguments.isEmpty ? ((try? session.source())?.profileIDs ?? []) : [])
        case "asof":
            return Offer(words: arguments.isEmpty ? ["latest", "dataset-latest"] : [])
        case "schema":
            return Offer(words: arguments.isEmpty ? tables(session) : [])
        case "run":
            guard let module = arguments.first else { return Offer(words: moduleWords) }
            guard let descriptor = try? session.registry.lookup(module) else { return Offer(words: []) }
            let set = Set(arguments.dropFirst().compactMap { $0.split(separator: "=").first.map(String.init) })
            return Offer(words: descriptor.parameters.map(\.name).filter { !set.contains($0) }.map { $0 + "=" }, appendsSpace: false)
        case "compare":
            return Offer(words: arguments.count < 2 ? session.registry.all.map(\.key) : [])
        case "replay":
            return Offer(words: moduleWords + Replay.Step.allCases.map(\.rawValue) + ["--at-events"])
        case "chart":
            if arguments.last == "--step" { return Offer(words: ["day", "week", "month"]) }
            let markers = (try? session.source())?.markers.markers.map(\.id) ?? []
            // MODULE:KEY evidence series: the module first, then its key after the colon.
            return Offer(words: markers + Set(session.registry.all.map(\.id)).sorted().map { $0 + ":" } + ["--step", "--svg"],
                         appendsSpace: !word.isEmpty && markers.contains { $0.hasPrefix(word) })
        default:
            return Offer(words: [])
        }
    }

    /// SQL: tables after FROM, JOIN, INTO, UPDATE and TABLE; `table.` and its columns; else the
    /// columns of the tables the statement names (all tables' when it names none yet), the
    /// table names, keywords and functions, keywords in the case the word is typed in.
    private static func sqlOffer(line: String, before: String, word: String) -> Offer {
        guard let session, let database = session.dataset?.database else { return Offer(words: keywords(like: word)) }
        let tables = tables(session)
        let previous = before.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "(" }).last.map { $0.uppercased() }
        if let previous, ["FROM", "JOIN", "INTO", "UPDATE", "TABLE"].contains(previous) { return Offer(words: tables) }
        if let dot = word.firstIndex(of: ".") {
            let table = String(word[..<dot])
            let columns = (try? database.columnNames(of: table)) ?? []
            return Offer(words: columns.map { table + "." + $0 })
        }
        let tokens = Set(line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map { $0.lowercased() })
        let named = tables.filter { tokens.contains($0.lowercased()) }
        var columns: [String] = []
        for table in named.isEmpty ? tables : named { columns += (try? database.columnNames(of: table)) ?? [] }
        return Offer(words: Array(Set(columns)).sorted() + tables + keywords(like: word) + functions)
    }

    private static func tables(_ session: Session) -> [String] {
        (try? session.dataset?.database.tableNames()) ?? []
    }

    /// SQLite's own keyword list, upper case unless the word is typed in lower case.
    static func keywords(like word: String) -> [String] {
        let lower = word.first.map { $0.isLowercase } ?? false
        return sqliteKeywords.map { lower ? $0.lowercased() : $0 }
    }

    static let sqliteKeywords: [String] = (0..<sqlite3_keyword_count()).compactMap { index in
        var name: UnsafePointer<CChar>?
        var length: Int32 = 0
        guard sqlite3_keyword_name(index, &name, &length) == SQLITE_OK, let name else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: name, count: Int(length)), as: UTF8.self)
    }

    /// The functions people reach for in SQLite, with their opening parenthesis.
    static let functions = ["abs(", "avg(", "coalesce(", "count(", "date(", "datetime(", "group_concat(", "ifnull(",
                            "julianday(", "length(", "lower(", "max(", "min(", "round(", "strftime(", "substr(", "sum(",
                            "total(", "upper("]

    static let complete: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, start, _ in
        let word = text.map { String(cString: $0) } ?? ""
        let line = String(cString: cairn_rl_line_buffer())
        let before = String(line.utf8.prefix(Int(start))) ?? ""
        let offer = offer(line: line, before: before, word: word)
        // File names are readline's own completion.
        if offer.fileNames { return nil }
        cairn_rl_no_default_completion()
        if !offer.appendsSpace { cairn_rl_set_append_character(0) }
        let found = Array(Set(offer.words.filter { $0.hasPrefix(word) })).sorted()
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
