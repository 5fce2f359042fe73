import CairnAnalysis
import CairnCore
import CairnModuleKit
import CairnStore
import Foundation

/// What an assistant (`cairn mcp`) may ask a session. The same commands as the REPL's, so an
/// assistant reads the same guarded summary, marker board, insights, replay and search a person
/// does, but called by name with their words (never a command line to split), in JSON, and
/// only the commands that read: nothing here opens another file, writes, or loads a module.
extension Session {
    /// The dot-commands an assistant may run: each only reads the open dataset.
    public static let assistantCommands: Set<String> = ["profiles", "modules", "run", "replay", "search", "markers", "visits", "asof"]

    /// Opens the one dataset an assistant works on, with JSON output for every command.
    public func openForAssistant(_ path: String, budget: QueryBudget) throws(SessionError) {
        do {
            _ = try open([path])
        } catch {
            throw error as? SessionError ?? SessionError(error.message)
        }
        format = .json
        table.mode = .json
        queryBudget = budget
    }

    /// The open dataset's profile ids, as the data has them (a data field, never copy).
    public func assistantProfileIDs() throws(SessionError) -> [String] {
        do { return try source().profileIDs } catch { throw error as? SessionError ?? SessionError(error.message) }
    }

    /// Runs one of `assistantCommands` with its words, on `profile` (nil: every profile) as of
    /// `asOf` (nil: each profile's latest day); the session's profile and as-of are restored.
    /// `deadline`: long commands (replay) stop between their steps once it has passed.
    public func assistant(_ command: String, _ arguments: [String], profile: String?, asOf: String?,
                          deadline: Date) throws(SessionError) -> String {
        guard Session.assistantCommands.contains(command), let help = CommandHelp.named(command) else {
            throw SessionError("\(command) is not a command an assistant may run")
        }
        let keptProfile = profileID, keptRule = asOfRule, keptCancel = isCancelled
        defer { profileID = keptProfile; asOfRule = keptRule; isCancelled = keptCancel }
        isCancelled = { Date() > deadline }
        do {
            if let profile { _ = try chooseProfile(profile) } else { profileID = nil }
            if let asOf { _ = try setAsOf(asOf) }
            return try help.run(self, CommandHelp.Invocation(arguments: arguments, rest: arguments.joined(separator: " ")))
        } catch {
            if Date() > deadline { throw SessionError("stopped: the call ran past its time budget; ask for a shorter range or one module") }
            throw error as? SessionError ?? SessionError(error.message)
        }
    }

    /// Rows of a read-only statement under the REPL's authorizer and `queryBudget`, at most
    /// `maxRows` of them: the statement stops once one more row has come.
    public struct AssistantRows: Sendable {
        public var columns: [String]
        public var rows: [[TableRenderer.Cell]]
        public var truncated: Bool
    }

    public func assistantQuery(_ text: String, maxRows: Int) throws(SessionError) -> AssistantRows {
        var kept: [[TableRenderer.Cell]] = [], names: [String] = [], truncated = false
        struct Enough: Error {}
        do {
            let (columns, rest) = try userQuery(text) { columns, rows in
                names = columns
                kept += rows.prefix(maxRows + 1 - kept.count)
                if kept.count > maxRows { truncated = true; throw Enough() }
            }
            names = columns
            kept += rest.prefix(maxRows + 1 - kept.count)
        } catch {
            guard truncated else { throw error as? SessionError ?? SessionError(error.message) }
        }
        if kept.count > maxRows { truncated = true; kept.removeLast(kept.count - maxRows) }
        return AssistantRows(columns: names, rows: kept, truncated: truncated)
    }

    /// Where one module's gates stand for a profile as of its day: each gate's count and the
    /// count it needs, and the tables it needs that hold no rows yet.
    public struct GateState: Sendable, Encodable {
        public var module: String
        public var version: Int
        public var profile: String
        public var asOf: String
        public var missingTables: [String]
        public var gates: [GateCount]

        public struct GateCount: Sendable, Encodable {
            public var gate: String
            public var have: Int
            public var need: Int
            public var open: Bool
        }

        enum CodingKeys: String, CodingKey {
            case module, version, profile, asOf = "as_of", missingTables = "missing_tables", gates
        }
    }

    /// `module`'s gates on `profile` (nil: every profile) as of `asOf` (nil: each one's latest day).
    public func assistantGates(_ module: String, profile: String?, asOf: String?) throws(SessionError) -> [GateState] {
        let keptProfile = profileID, keptRule = asOfRule
        defer { profileID = keptProfile; asOfRule = keptRule }
        do {
            if let profile { _ = try chooseProfile(profile) } else { profileID = nil }
            if let asOf { _ = try setAsOf(asOf) }
            let run = try moduleRun(module)
            let engine = try self.engine
            var states: [GateState] = []
            try eachSelectedProfile { data in
                let instant = try self.asOf(for: data)
                let visible = data.asOf(instant)
                let missing = run.descriptor.requires.filter { visible.isEmpty($0) }.map(\.rawValue).sorted()
                let gates = try engine.evaluate(run, visible: visible, asOf: instant).gates
                states.append(GateState(
                    module: run.descriptor.id, version: run.descriptor.version,
                    profile: engine.copyGuard.safeIdentifier(data.profile.id, kind: "profile"),
                    asOf: ISODateTimeText.format(epochSeconds: instant, offsetSeconds: visible.zone.offset(atEpoch: instant)),
                    missingTables: missing,
                    // A gate's name is the module's words (a loaded module's too): guarded as a subject is.
                    gates: gates.map { GateState.GateCount(gate: engine.copyGuard.safeIdentifier($0.name, kind: "gate", module: run.descriptor.id),
                                                           have: $0.have, need: $0.need, open: $0.isOpen) }))
            }
            return states
        } catch {
            throw error as? SessionError ?? SessionError(error.message)
        }
    }

    /// One profile's part of `cairn summary` (rows per table, first and last day), its id and
    /// name through the copy guard as `cairn summary` shows them.
    public func assistantSummary(_ profile: String) throws(SessionError) -> DatasetSummary.ProfileSummary {
        do {
            guard var summary = try DatasetSummary(of: try requireDataset()).profiles.first(where: { $0.id == profile }) else {
                _ = try chooseProfile(profile)
                throw SessionError("no profile with that id")
            }
            let copyGuard = try engine.copyGuard
            summary.id = copyGuard.safeIdentifier(summary.id, kind: "profile")
            summary.displayName = copyGuard.safeIdentifier(summary.displayName, kind: "name")
            return summary
        } catch {
            throw error as? SessionError ?? SessionError(error.message)
        }
    }

    /// The module table (what `.modules` lists), for an assistant: each module's id, version,
    /// summary, details, parameters and the tables it reads.
    public var assistantModules: [ModuleDescriptor] { registry.all }
}
