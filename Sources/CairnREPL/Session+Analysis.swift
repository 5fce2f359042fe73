import CairnAnalysis
import CairnCopy
import CairnCore
import CairnModules
import CairnNotebook
import Foundation
import MarkerTrends

extension Session {
    func modules() -> String { registry.text() }

    /// `.load PATH`: a module library, or a folder of them.
    func loadModules(_ path: String) throws -> String {
        if confinement != nil {
            throw SessionError("a notebook cannot load module libraries (a library runs as you); "
                               + "give --module-path to `cairn run` or `cairn check` instead")
        }
        let resolved = path.hasPrefix("/") ? path : (baseDirectory as NSString).appendingPathComponent(path)
        let added: [ModuleDescriptor]
        do throws(ModuleLibraryError) {
            added = try ModuleHost.load(resolved)
        } catch {
            throw SessionError(error.description)
        }
        refreshModules()
        return added.map { "loaded \($0.key)  \($0.summary)\n" }.joined()
    }

    /// `.run ID[@V] [PARAM=VALUE]...`
    func runModule(_ arguments: [String]) throws -> String {
        var overrides: [String: String] = [:]
        for word in arguments.dropFirst() {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw SessionError("\(word) is not PARAM=VALUE; usage: .run ID[@V] [PARAM=VALUE]...") }
            overrides[parts[0]] = parts[1]
        }
        let run = try moduleRun(arguments[0], overrides: overrides)
        var report = InsightReport()
        try eachSelectedProfile { data in
            report.append(try (try engine).run([run], on: data, asOf: try asOf(for: data)))
        }
        withheldCount += report.withheld.count
        lastListing = report.insights
        return format == .json ? JSONText.encode(report) : fitted(report.text())
    }

    /// `.markers`: the marker board of the chosen profile (every profile when none is chosen)
    /// as of the session's as-of date.
    func markers() throws -> String {
        let copyGuard = (try engine).copyGuard
        var text = ""
        var assembler = OutputAssembler(format: format == .json ? .json : .text, layout: MarkerStatusBoard.layout) { text += $0 }
        var index = 0
        try eachSelectedProfile { data in
            defer { index += 1 }
            assembler.add(MarkerStatusBoard(data, asOf: try asOf(for: data), copyGuard: copyGuard)
                .output(index: index, format: format == .json ? .json : .text))
        }
        assembler.finish()
        return text
    }

    /// `.replay [ID[@V]...] [FROM TO] [hour|day|week|month] [--at-events] [--evidence]`: every
    /// module's latest version when none is named; evidence-only changes with `--evidence`.
    func replay(_ arguments: [String]) throws -> String {
        var modules: [String] = [], dates: [CalendarDay] = []
        var step = Replay.Step.day, atEvents = false, evidence = false
        for word in arguments {
            if let chosen = Replay.Step(rawValue: word) { step = chosen }
            else if word == "--at-events" { atEvents = true }
            else if word == "--evidence" { evidence = true }
            else if let day = CalendarDay(iso: word) { dates.append(day) }
            else { modules.append(word) }
        }
        guard dates.isEmpty || dates.count == 2 else { throw SessionError("give both FROM and TO, or neither") }
        if dates.count == 2, dates[0] > dates[1] { throw SessionError("FROM \(dates[0]) is after TO \(dates[1])") }
        let runs = try (modules.isEmpty ? registry.latest.map(\.key) : modules).map { try moduleRun($0) }
        let tables = runs.reduce(into: Set<ContractTable>()) { $0.formUnion($1.descriptor.reads) }
        var text = ""
        var assembler = OutputAssembler(format: format == .json ? .json : .text, layout: Replay.Result.layout) { text += $0 }
        var index = 0
        try eachSelectedProfile { data in
            defer { index += 1 }
            guard let moments = Replay.moments(for: data, from: dates.first, to: dates.last, step: step,
                                               atEvents: atEvents, tables: tables) else { return }
            let result = try Replay(engine: try engine).run(runs, on: data, moments: moments) { _ in
                if self.isCancelled() { throw SessionError("cancelled") }
            }
            withheldCount += result.withheld.count
            assembler.add(result.output(index: index, format: format == .json ? .json : .text, evidence: evidence))
        }
        assembler.finish()
        return format == .json ? text : fitted(text)
    }

    /// A text listing wrapped at the width: every line for a person at a terminal, evidence
    /// lines in notebooks (see `wrapsEvidence`).
    func fitted(_ text: String) -> String {
        if isForReading { return TextWrap.fit(text, width: columns) }
        return wrapsEvidence ? TextWrap.fit(text, width: columns) { $0.hasPrefix("  evidence: ") } : text
    }

    /// `.compare ID@A ID@B`: two versions on the current profile, side by side.
    func compare(_ first: String, _ second: String) throws -> String {
        let runA = try moduleRun(first), runB = try moduleRun(second)
        guard runA.descriptor.id == runB.descriptor.id else {
            throw SessionError(".compare sets two versions of one module side by side; \(runA.descriptor.key) and "
                               + "\(runB.descriptor.key) are different modules (use .run for each)")
        }
        var lines: [String] = []
        // "≠ " + left + " | " + right fills the width exactly.
        let half = max(30, (columns - 5) / 2)
        try eachSelectedProfile { data in
            let asOf = try asOf(for: data)
            let a = try (try engine).run([runA], on: data, asOf: asOf).insights
            let b = try (try engine).run([runB], on: data, asOf: asOf).insights
            let keyedA = InsightReport.keyedBySubject(a), keyedB = InsightReport.keyedBySubject(b)
            lines.append("\((try engine).copyGuard.safeIdentifier(data.profile.id, kind: "profile")): \(runA.descriptor.key) | \(runB.descriptor.key)")
            for key in Set(keyedA.keys).union(keyedB.keys).sorted() {
                let left = keyedA[key].map { "\($0.kind.rawValue): \($0.text.text)" } ?? "—"
                let right = keyedB[key].map { "\($0.kind.rawValue): \($0.text.text)" } ?? "—"
                let mark = left == right ? " " : "≠"
                let leftLines = TextWrap.wrap(left, width: half), rightLines = TextWrap.wrap(right, width: half)
                for index in 0..<max(leftLines.count, rightLines.count) {
                    let l = index < leftLines.count ? leftLines[index] : ""
                    let r = index < rightLines.count ? rightLines[index] : ""
                    lines.append((index == 0 ? mark : " ") + " " + l.padding(toLength: half, withPad: " ", startingAt: 0) + " | " + r)
                }
            }
        }
        return lines.map { $0.replacingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    /// `.snapshot FILE`: every module's insights as JSON, written atomically.
    func snapshot(_ path: String) throws -> String {
        var report = InsightReport()
        let runs = try registry.latest.map { try moduleRun($0.key) }
        try eachSelectedProfile { data in
            report.append(try (try engine).run(runs, on: data, asOf: try asOf(for: data)))
        }
        withheldCount += report.withheld.count
        let target = try writableTarget(path)
        do {
            try AtomicFile.write(JSONText.encode(report), to: target)
        } catch {
            throw SessionError.fileWrite(FileAccessError(path: path, reason: error.reason).description)
        }
        return "Wrote \(report.insights.count) insights to \(path).\n"
    }

    func lint(_ text: String) throws -> String {
        let violations = (try engine).copyGuard.lint(text, module: nil)
        if violations.isEmpty { return "Clean.\n" }
        return violations.map { "\($0.column): \($0.rule) (\($0.level.rawValue)): \($0.message)" }.joined(separator: "\n") + "\n"
    }
}

extension Session {
    /// A file to read, resolved; refused in a notebook when it lies outside the notebook's folder
    /// or a symbolic link is on the way. In a notebook the path returned reaches the file through
    /// the folder's descriptor, held until the command ends.
    func readableSource(_ path: String) throws -> String {
        let resolved = resolve(path)
        guard let confinement else { return resolved }
        return try confined(path, resolved, by: confinement, writing: false)
    }

    /// The path through which a notebook reaches `resolved`, inside its folder and through no link.
    private func confined(_ path: String, _ resolved: String, by confinement: NotebookConfinement, writing: Bool) throws -> String {
        let reached: (folder: FolderDescriptor, name: String)?
        do {
            reached = try confinement.reach(resolved, writing: writing)
        } catch {
            throw SessionError("refused: \(error.description)")
        }
        guard let reached else {
            throw SessionError(writing
                ? "refused: a notebook writes only inside its folder (\(path)); `--allow-write DIR` widens it"
                : "refused: a notebook reads files only inside its folder (\(path))")
        }
        heldFolders.append(reached.folder)
        return reached.folder.pinnedPath(reached.name)
    }

    /// A path to write to, refused when it names the open dataset: `.save` or `.snapshot` onto
    /// it would replace the data with Markdown or JSON. In a notebook, refused outside its folder
    /// or through a link, and reached through the folder's descriptor (see `readableSource`).
    /// Under `cairn check`, a stand-in in its private folder (`WriteAside`) once every refusal passed.
    func writableTarget(_ path: String) throws -> String {
        let target = resolve(path)
        if let datasetPath {
            // The folder written into, with its links resolved (the file itself may not exist yet).
            let folder = (target as NSString).deletingLastPathComponent, name = (target as NSString).lastPathComponent
            let dataset = CanonicalPath.of(resolve(datasetPath))
            let written = [CanonicalPath.of(target), CanonicalPath.of(folder) + "/" + name]
            if written.contains(dataset) {
                throw SessionError("\(path) is the open dataset; writing there would replace it. Choose another path")
            }
            // A folder dataset is its CSV files: none of them, nor anything else in it, is written over.
            let inside = dataset.hasSuffix("/") ? dataset : dataset + "/"
            if (try? requireDataset().isDirectory) == true, written.contains(where: { $0.hasPrefix(inside) }) {
                throw SessionError("\(path) is inside the open dataset's folder; writing there could replace its data. Choose another path")
            }
        }
        if inputs.contains(CanonicalPath.of(target)) {
            throw SessionError("\(path) was read by this session (.import); writing there would replace it. Choose another path")
        }
        if let confirmOverwrite, FileManager.default.fileExists(atPath: target), !confirmOverwrite(path) {
            throw SessionError("\(path) was kept as it was; nothing was written")
        }
        let reached = try confinement.map { try confined(path, target, by: $0, writing: true) } ?? target
        return writesAside?.standIn(for: reached) ?? reached
    }
}

enum RelativePath {
    /// The path of `target` as seen from `folder`.
    static func from(_ folder: String, to target: String) -> String {
        let base = URL(fileURLWithPath: folder).standardized.pathComponents
        let goal = URL(fileURLWithPath: target).standardized.pathComponents
        var common = 0
        while common < min(base.count, goal.count) && base[common] == goal[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        let parts = up + goal[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
