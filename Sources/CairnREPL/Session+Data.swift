import CairnAnalysis
import CairnCore
import CairnStore
import Foundation

extension Session {
    /// `.open DATASET [--now DATE]`.
    func open(_ arguments: [String]) throws -> String {
        let path = arguments[0]
        var present = now
        if arguments.count > 1 {
            guard arguments.count == 3, arguments[1] == "--now" else {
                throw SessionError(".open takes a dataset and optionally --now DATE; usage: .open DATASET [--now DATE]")
            }
            switch PresentInstant.parse(arguments[2]) {
            case .success(let seconds): present = seconds
            case .failure(let problem): throw SessionError("--now " + problem.message)
            }
        }
        let resolved = resolve(path)
        if let confinement {
            // The dataset a notebook names comes first; any later one must be beside it.
            guard !confinement.openedDataset || confinement.mayRead(resolved) else {
                throw SessionError("refused: a notebook opens its own dataset once, then reads only inside its folder (\(path))")
            }
            self.confinement?.openedDataset = true
        }
        do {
            dataset = try Dataset.open(resolved, now: present)
        } catch {
            throw SessionError(error.description)
        }
        now = present
        datasetPath = path
        datasetChanged()
        if let profileID, try !source().profileIDs.contains(profileID) { self.profileID = nil }
        return try openedMessage(path)
    }

    /// What `.open` prints for the dataset now open, named as given.
    func openedMessage(_ path: String) throws -> String {
        // The highest rowid of each table: O(log n) where count(*) reads every row. Cairn only
        // ever appends (a failed import rolls back), so it is the row count.
        let database = try requireDataset().database
        var rows = 0
        for table in ContractTable.allCases {
            rows += try database.scalarInt("SELECT COALESCE(MAX(rowid), 0) FROM main.\(table.rawValue)") ?? 0
        }
        return "Opened \(path): \(try source().count) profiles, \(NumberText.grouped(rows)) rows.\n" + (try openingNotes(path))
    }

    /// What the open dataset's data alone says is probably a slip (a reading years ahead), one
    /// line each.
    public func openingNotes(_ path: String) throws -> String {
        let dataset = try requireDataset()
        guard !dataset.farAheadReadings.isEmpty else { return "" }
        let copyGuard = try engine.copyGuard
        return dataset.farAheadReadings.map {
            $0.note(dataset: path) { copyGuard.safeIdentifier($0, kind: "profile") } + "\n"
        }.joined()
    }

    /// A contract CSV goes into the dataset through the importer; any other CSV becomes a
    /// temporary table, for exploration only.
    func importFile(_ path: String, table: String?) throws -> String {
        let dataset = try requireDataset()
        let resolved = try readableSource(path)
        inputs.insert(CanonicalPath.of(resolve(path)))
        let name = (resolved as NSString).lastPathComponent
        // In a notebook an import never changes the dataset: every CSV becomes a temporary table.
        if table == nil, confinement == nil, ContractTable.forFileName(name) != nil {
            let target: Dataset
            var lock: DatasetLock?
            if dataset.isDirectory {
                target = dataset
            } else {
                // One writer per dataset, as `cairn import` (DatasetLock).
                do { lock = try DatasetLock(for: dataset.location) } catch { throw SessionError(error.description) }
                do { target = try Dataset.openOrCreate(dataset.location) } catch { throw SessionError(error.description) }
                interruptsConnection(target.database)
            }
            defer {
                interruptsConnection(nil)
                withExtendedLifetime(lock) {}
            }
            let report: ImportReport
            do {
                report = try DatasetImporter(dataset: target, options: ImportOptions(now: dataset.isDirectory ? now : importClock()))
                    .run(sources: [resolved])
            } catch {
                throw SessionError(error.description)
            }
            if !dataset.isDirectory { self.dataset = try Dataset.open(dataset.location) }
            datasetChanged()
            // A directory is read into memory: the rows last until the session ends.
            let kept = dataset.isDirectory
                ? "\(dataset.location) is a directory of CSVs read into memory: these rows last until this session ends; "
                    + "`cairn import` them into a .sqlite dataset to keep them\n"
                : ""
            return report.text(limit: 10) + kept
        }
        guard let table, table.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !(table.first?.isNumber ?? true) else {
            if confinement != nil {
                throw SessionError("in a notebook an import never changes the dataset; give a temporary table name: .import \(path) NAME (letters, digits, _)")
            }
            throw SessionError("\(name) is not a contract table; give a table name for it: .import \(path) NAME (letters, digits, _)")
        }
        // A temporary table named like one of the dataset's would shadow it for unqualified SQL
        // (issue 22: a forged `readings` fed `.markers`): such names are refused.
        let taken = Set(ContractTable.allCases.map(\.rawValue) + ((try? dataset.database.tableNames()) ?? []))
        if taken.contains(where: { $0.lowercased() == table.lowercased() }) || table.lowercased().hasPrefix("sqlite_") {
            throw SessionError("refused: \(table) is a table of the dataset; a temporary table takes another name: .import \(path) my_\(table)")
        }
        return try importPlainCSV(resolved, display: path, table: table, into: dataset.database)
    }

    private func importPlainCSV(_ path: String, display: String, table: String, into database: SQLiteDatabase) throws -> String {
        let reader: CSVReader
        do { reader = try CSVReader(path: path) } catch { throw SessionError("\(display): \(error)") }
        guard try reader.readRecord() else { throw SessionError("\(display): the file is empty") }
        let header = (0..<reader.fieldCount).map { reader.field($0, trimmed: true) ?? "column\($0 + 1)" }
        let columns = header.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        var rows = 0, skipped: [Int] = []
        try database.execute("BEGIN")
        do {
            try database.execute("DROP TABLE IF EXISTS temp.\(table); CREATE TEMP TABLE \(table)(\(columns.joined(separator: ", ")))")
            let insert = try database.prepare("INSERT INTO temp.\(table) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))")
            while try reader.readRecord() {
                guard reader.fieldCount == columns.count else { skipped.append(reader.line); continue }
                for index in 0..<columns.count {
                    let text = reader.field(index)
                    if let text, let number = Double(text), number.isFinite {
                        try insert.bind(number, at: Int32(index + 1))
                    } else {
                        try insert.bind(text.flatMap { $0.isEmpty ? nil : $0 }, at: Int32(index + 1))
                    }
                }
                try insert.run()
                rows += 1
            }
            try database.execute("COMMIT")
        } catch {
            try? database.execute("ROLLBACK")
            throw SessionError("\(display): \(error)")
        }
        var text = "Loaded \(rows) rows of \(display) into temporary table \(table) (not saved to the dataset)."
        if !skipped.isEmpty {
            text += " Skipped \(skipped.count) ragged row\(skipped.count == 1 ? "" : "s") (lines " + skipped.prefix(5).map(String.init).joined(separator: ", ") + ")."
        }
        return text + "\n"
    }

    func tables() throws -> String {
        let database = try requireDataset().database
        let statement = try database.prepare("""
            SELECT name, 'main' FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
            UNION ALL SELECT name, 'temp' FROM sqlite_temp_schema WHERE type = 'table' ORDER BY 2, 1
            """)
        var rows: [[TableRenderer.Cell]] = []
        while try statement.step() {
            let name = statement.text(0) ?? "", schema = statement.text(1) ?? ""
            let count = try database.scalarInt("SELECT count(*) FROM \(schema).\"\(name)\"") ?? 0
            rows.append([.text(schema == "temp" ? "temp.\(name)" : name), .integer(count)])
        }
        return render(columns: ["table", "rows"], rows: rows)
    }

    func schema(_ table: String?) throws -> String {
        let database = try requireDataset().database
        let statement = try database.prepare("""
            SELECT sql FROM (SELECT name, tbl_name, sql FROM sqlite_schema UNION ALL SELECT name, tbl_name, sql FROM sqlite_temp_schema)
            WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND (?1 IS NULL OR name = ?1 OR tbl_name = ?1) ORDER BY name
            """)
        try statement.bind(table, at: 1)
        var lines: [String] = []
        while try statement.step() { lines.append((statement.text(0) ?? "") + ";") }
        if lines.isEmpty, let table { throw SessionError("no table \(table); .tables lists them") }
        return lines.joined(separator: "\n") + "\n"
    }

    func profilesList() throws -> String {
        // Counts through the (profile_id, ...) indexes, one profile at a time: no row is loaded.
        let statement = try requireDataset().database.prepare("""
            SELECT profile_id, COALESCE(display_name, profile_id), time_zone, COALESCE(member_type, ''),
                (SELECT count(*) FROM main.readings r WHERE r.profile_id = p.profile_id),
                (SELECT count(*) FROM main.headaches h WHERE h.profile_id = p.profile_id),
                (SELECT count(*) FROM main.visits v WHERE v.profile_id = p.profile_id)
            FROM main.profiles p ORDER BY profile_id
            """)
        let copyGuard = try engine.copyGuard
        var rows: [[TableRenderer.Cell]] = []
        while try statement.step() {
            rows.append([.text(copyGuard.safeIdentifier(statement.text(0) ?? "", kind: "profile")),
                         .text(copyGuard.safeIdentifier(statement.text(1) ?? "", kind: "name")), .text(statement.text(2) ?? ""),
                         .text(statement.text(3) ?? ""), .integer(statement.int(4)), .integer(statement.int(5)), .integer(statement.int(6))])
        }
        return render(columns: ["profile", "name", "time_zone", "member", "readings", "headaches", "visits"], rows: rows)
    }

    /// `.profile` shows the choice (as sqlite3's bare dot-commands show a setting), `.profile P`
    /// makes it, `.profile --all` (or `all`, when no profile has that id) clears it. Moving from
    /// one profile to another under a fixed as-of date says so: the date is the session's, set
    /// for the profile before, not this one's.
    /// `.profile -- P` chooses P as written, so a profile whose id is `--all` can be chosen too.
    func chooseProfile(arguments: [String]) throws -> String {
        switch arguments.count {
        case 0: return try chooseProfile(nil)
        case 1: return try chooseProfile(arguments[0])
        default:
            guard arguments[0] == "--" else {
                throw SessionError(".profile takes one profile; .profile -- PROFILE chooses a profile whose id starts with --")
            }
            return try chooseProfile(arguments[1], asWritten: true)
        }
    }

    func chooseProfile(_ id: String?, asWritten: Bool = false) throws -> String {
        let known = try source().profileIDs
        // The guard is loaded only for a message that shows a profile id: choosing one is instant.
        guard let id else {
            guard let profileID else {
                return "Commands work on every profile (.profile P chooses one).\n"
            }
            return "Commands work on \(try engine.copyGuard.safeIdentifier(profileID, kind: "profile")) (.profile --all for every profile).\n"
        }
        if !asWritten && (id == "--all" || (id == "all" && !known.contains(id))) {
            profileID = nil
            return "Commands now work on every profile.\n"
        }
        guard known.contains(id) else {
            let copyGuard = try engine.copyGuard
            let show = { (id: String) in copyGuard.safeIdentifier(id, kind: "profile") }
            let close = Suggestions.closest(to: id, among: known).map(show)
            let more = known.count > 20 ? ", and \(known.count - 20) more (.profiles lists them)" : ""
            throw SessionError("no profile \(show(id))" + (close.isEmpty ? "" : "; did you mean " + close.joined(separator: " or ") + "?")
                               + "; profiles: " + known.prefix(20).map(show).joined(separator: ", ") + more)
        }
        let previous = profileID
        profileID = id
        guard let previous, previous != id else { return "" }
        switch asOfRule {
        case .instant, .day: return "As of \(asOfRule), set with .asof (.asof latest for this profile's own latest day).\n"
        case .datasetLatest, .profileLatest: return ""
        }
    }

    /// `.asof`: shows the rule and the day it gives (the chosen profile's, or the dataset's);
    /// `.asof RULE` sets it.
    func setAsOf(_ text: String?) throws -> String {
        guard let text else { return try describeAsOf() }
        do {
            asOfRule = try AsOfRule(parsing: text)
        } catch {
            throw SessionError(error.description)
        }
        return ""
    }

    func describeAsOf() throws -> String {
        let source = try source()
        switch asOfRule {
        case .instant, .day: return "As of \(asOfRule).\n"
        case .datasetLatest:
            return "As of the dataset's latest day (\(try source.latestEventDay()?.description ?? "none: no dated rows")).\n"
        case .profileLatest:
            guard let profile = try chosenProfile() else {
                return "As of each profile's own latest day (the dataset's: \(try source.latestEventDay()?.description ?? "none")).\n"
            }
            return "As of each profile's own latest day (\(try engine.copyGuard.safeIdentifier(profile.id, kind: "profile")): "
                + "\(try asOfRule.day(for: profile, in: source)?.description ?? "none")).\n"
        }
    }

    /// `.export json|csv|fhir PATH`: the open dataset as `cairn export --to` writes it, to a new path.
    func export(_ arguments: [String]) throws -> String {
        guard arguments.count == 2, let target = DatasetExport.Target(rawValue: arguments[0]) else {
            throw SessionError("usage: .export json FILE (every table, restored by cairn import), .export csv DIR (contract CSV files) "
                               + "or .export fhir DIR (a FHIR R4 Bundle per profile)")
        }
        let path = try writableTarget(arguments[1])
        // Said with the path as typed: the one written may be reached through a folder's
        // descriptor (/proc/self/fd/N in a notebook, N differing between runs) or, under
        // `cairn check`, be a stand-in.
        let shown = arguments[1]
        do {
            return try DatasetExport.export(try requireDataset(), as: target, to: path).replacingOccurrences(of: path, with: shown)
        } catch let error as DatasetExportError {
            throw SessionError.fileWrite(error.description.replacingOccurrences(of: path, with: shown))
        }
    }

    /// Read-only SQL: a statement that would write is refused before it runs.
    ///
    /// In a row-at-a-time mode (csv, tsv, list, json, jsonl, line), with somewhere to stream to
    /// (`streamsRows`, or the file of `.output`/`.once`) and not inside a `.read`, rows go out a
    /// thousand at a time as they come, never all held: a query of millions of rows costs no
    /// more memory than one of a thousand, and only the time budget stops one that never ends.
    /// The grid modes size their columns from every row, and are collected (held to the memory
    /// budget), as the sqlite3 shell does.
    func sql(_ text: String) throws -> String {
        if readDepth == 0, let sink = rowSink, table.mode.streams {
            return try streamedSQL(text, to: sink)
        }
        let (columns, rows) = try userQuery(text)
        return render(columns: columns, rows: rows)
    }

    /// Where streamed rows go: the file of `.output`/`.once`, else `streamsRows`.
    private var rowSink: ((String) throws -> Void)? {
        if let outputFile { return { text throws(SessionError) in try outputFile.append(text) } }
        return streamsRows
    }

    /// Runs a statement sending its rows to `sink` in batches, each rendered as its part of the
    /// whole (the header once, JSON's brackets and commas); returns the last part.
    private func streamedSQL(_ text: String, to sink: @escaping (String) throws -> Void) throws -> String {
        var first = true
        func part(_ columns: [String], _ rows: [[TableRenderer.Cell]], final: Bool) -> String {
            defer { first = false }
            switch table.mode {
            case .json:
                if rows.isEmpty { return final ? (first ? "[]\n" : "]\n") : "" }
                let whole = render(columns: columns, rows: rows)
                let objects = whole.dropFirst().dropLast(2)
                return (first ? "[" : ",\n") + objects + (final ? "]\n" : "")
            case .line:
                let body = render(columns: columns, rows: rows)
                return (first || body.isEmpty ? "" : "\n") + body
            default:
                let headers = table.headers
                if !first { table.headers = false }
                defer { table.headers = headers }
                return render(columns: columns, rows: rows)
            }
        }
        let (columns, rest) = try userQuery(text) { columns, rows in try sink(part(columns, rows, final: false)) }
        return part(columns, rest, final: true)
    }

    /// SQL a person typed, prepared and run under the read authorizer (reads, listed functions,
    /// nothing else): ATTACH, PRAGMA, VACUUM INTO, writes, load_extension and fts3_tokenizer are
    /// refused while the statement is prepared, so nothing runs and nothing changes.
    func userQuery(_ text: String, batch: (([String], [[TableRenderer.Cell]]) throws -> Void)? = nil)
        throws -> ([String], [[TableRenderer.Cell]]) {
        let database = try requireDataset().database
        return try database.readingOnly {
            let statement: SQLiteStatement
            do {
                statement = try database.prepare(text)
            } catch let error as SQLiteError {
                if error.code & 0xff == 23 /* SQLITE_AUTH */ {
                    throw SessionError("refused: SQL here may only read the dataset with ordinary functions (\(error.message)); nothing was changed")
                }
                throw SessionError(error.message)
            }
            guard statement.isReadOnly else {
                throw SessionError("refused: this statement would change the dataset, and SQL here is read-only; nothing was changed")
            }
            do {
                return try database.within(queryBudget) { try collect(statement, batch: batch) }
            } catch let exceeded as QueryBudget.Exceeded {
                throw SessionError(exceeded.description)
            } catch let error as SQLiteError {
                throw SessionError(error.message)
            }
        }
    }

    /// The rows of a statement a person typed, held to `queryBudget`'s bytes (an estimate of
    /// what the cells take): a query that returns rows for ever stops in one line.
    /// With `batch`, every thousand rows (or 1 MiB) are handed to it and let go.
    func collect(_ statement: SQLiteStatement, batch: (([String], [[TableRenderer.Cell]]) throws -> Void)? = nil)
        throws -> ([String], [[TableRenderer.Cell]]) {
        let columns = (0..<statement.columnCount).map { statement.columnName($0) }
        var rows: [[TableRenderer.Cell]] = []
        var held = 0
        do {
            while try statement.step() {
                rows.append((0..<statement.columnCount).map { index in
                    switch statement.columnType(index) {
                    case 5: held += 16; return .null
                    case 1: held += 16; return .integer(statement.int(index))
                    case 2: held += 16; return .real(statement.double(index))
                    default:
                        let text = statement.text(index) ?? ""
                        held += 32 + text.utf8.count
                        return .text(text)
                    }
                })
                if held > queryBudget.bytes { throw queryBudget.memoryExceeded(rows: rows.count) }
                if let batch, rows.count >= 1_000 || held >= 1 << 20 {
                    try batch(columns, rows)
                    rows.removeAll(keepingCapacity: true)
                    held = 0
                }
            }
        } catch let exceeded as QueryBudget.Exceeded {
            throw exceeded
        } catch let error as SQLiteError {
            throw error
        } catch let error as SessionError {
            throw error
        } catch {
            throw SessionError(error.message)
        }
        return (columns, rows)
    }

    /// Rows in the session's mode; for a person, cut to the width and `.maxrows` and counted.
    func render(columns: [String], rows: [[TableRenderer.Cell]]) -> String {
        var options = table
        // Raw only into a file the person asked for.
        options.escapesControls = outputFile == nil
        if isForReading {
            options.maxWidth = self.columns
            options.maxRows = maxRows
            options.countRows = true
        }
        return TableRenderer.render(columns: columns, rows: rows, options: options)
    }
}
