import CairnCopy
import CairnCore
import CairnStats

/// One module to run, with its parameter values.
public struct ModuleRun: Sendable {
    public let descriptor: ModuleDescriptor
    public let parameters: ParameterValues

    public init(descriptor: ModuleDescriptor, parameters: ParameterValues) {
        self.descriptor = descriptor
        self.parameters = parameters
    }
}

/// The insights a run produced, those the copy guard withheld, and the approved disclaimer and
/// footer that close every listing (Aurae 5.5 and 7.4).
public struct InsightReport: Sendable, Encodable {
    public var insights: [Insight] = []
    public var withheld: [WithheldInsight] = []
    public var disclaimer: SafeCopy?
    public var footer: SafeCopy?

    public init() {}

    public mutating func append(_ other: InsightReport) {
        insights += other.insights
        withheld += other.withheld
        disclaimer = disclaimer ?? other.disclaimer
        footer = footer ?? other.footer
    }
}

/// Runs modules over profiles as of an instant: gates first (below a gate, one progress insight
/// and nothing else), then the module, then the copy guard on everything a person could read:
/// the text (rendered from the catalog), the subject, every text in evidence, the provenance ids
/// and the profile id.
public struct InsightEngine: Sendable {
    public let copyGuard: CopyGuard
    let stats = Stats()
    /// The approved disclaimer and footer that close every listing, rendered once.
    public let disclaimer: SafeCopy?, footer: SafeCopy?
    /// Whether the person's own words leave the sentence: each label is shown as its neutral
    /// reference and given whole in the insight's `labels` (`cairn mcp` returns them as data).
    public var labelsAsData = false

    public init(copyGuard: CopyGuard) {
        self.copyGuard = copyGuard
        func approved(_ id: String) -> SafeCopy? {
            guard case .success(let rendered) = copyGuard.render(CopyMessage(id), module: "") else { return nil }
            return rendered.copy
        }
        disclaimer = approved("insights-disclaimer")
        footer = approved("insights-footer")
    }

    /// The tables of Aurae's headache diary: a module that reads one is the diary app's.
    static let diaryTables: Set<ContractTable> = [.headaches, .medications, .sleep, .weather, .factors]

    /// The full disclaimer for a listing of these modules: Aurae's, so only when one of them
    /// reads the headache diary. Glance's engine "never uses the words 'diagnosis' ..." (seed
    /// 000), and the disclaimer says "Not a medical diagnosis": marker and visit listings close
    /// with the one-line footer alone.
    public func disclaimer(for runs: [ModuleRun]) -> SafeCopy? {
        runs.contains { !$0.descriptor.reads.isDisjoint(with: InsightEngine.diaryTables) } ? disclaimer : nil
    }

    public func run(_ runs: [ModuleRun], on data: ProfileData, asOf: Int) throws -> InsightReport {
        let visible = data.asOf(asOf)
        var report = InsightReport()
        report.disclaimer = disclaimer(for: runs)
        report.footer = footer
        for run in runs {
            report.append(try evaluate(run, visible: visible, asOf: asOf).report)
        }
        return report
    }

    /// One module over data already cut at `asOf`: its report, and its gates as evaluated
    /// (replay records when they open). Replay cuts once per step and evaluates each module
    /// that is due on the same cut.
    public func evaluate(_ run: ModuleRun, visible: ProfileData, asOf: Int) throws -> (report: InsightReport, gates: [Gate]) {
        var carry: AnyObject?
        return try evaluate(run, visible: visible, asOf: asOf, carry: &carry, carrying: false)
    }

    /// `evaluate(_:visible:asOf:)` with what the module carried from the last step of a replay
    /// (`CarryingModule`); `carry` is nil at the first step and is left for the next. A module
    /// that carries nothing, or `carrying` false, runs from scratch.
    public func evaluate(_ run: ModuleRun, visible: ProfileData, asOf: Int, carry: inout AnyObject?,
                         carrying: Bool) throws -> (report: InsightReport, gates: [Gate]) {
        let asOfText = ISODateTimeText.format(epochSeconds: asOf, offsetSeconds: visible.zone.offset(atEpoch: asOf))
        var report = InsightReport()
        // Silent for a profile without the data the module is about.
        if run.descriptor.requires.contains(where: { visible.isEmpty($0) }) { return (report, []) }
        let module = try run.descriptor.instantiate(run.parameters)
        let (gates, evaluated) = if carrying, let carrier = module as? any CarryingModule {
            try carrier.run(visible, asOf: asOf, stats: stats, anyCarry: &carry)
        } else {
            try module.run(visible, asOf: asOf, stats: stats)
        }
        let drafts: [InsightDraft]
        // The engine owns the gates: a closed one means the progress message, whatever a module
        // (one loaded from a library, say) sent with it.
        if let closed = gates.first(where: { !$0.isOpen }) {
            drafts = [InsightDraft(
                kind: .progress, subject: closed.name, message: CopyMessage("progress-message"),
                evidence: ["gates": .list(gates.map { .object(["name": .text($0.name), "have": .integer($0.have),
                                                               "need": .integer($0.need)]) })])]
        } else {
            drafts = evaluated ?? []
        }
        for draft in drafts {
            admit(draft, run: run, profile: visible.profile.id, asOf: asOfText, into: &report)
        }
        return (report, gates)
    }

    private func admit(_ draft: InsightDraft, run: ModuleRun, profile: String, asOf: String, into report: inout InsightReport) {
        let module = run.descriptor.id
        let shownProfile = copyGuard.safeIdentifier(profile, kind: "profile")
        let subject = copyGuard.safeIdentifier(draft.subject, kind: "subject", module: module)
        var replaced: [String] = []
        if subject != draft.subject { replaced.append("subject") }
        var evidence = draft.evidence
        for (key, value) in draft.evidence where changesWhenGuarded(value, module: module) {
            let safe = guarded(value, module: module)
            if safe != value { replaced.append("evidence.\(key)") }
            evidence[key] = safe
        }
        let provenance = draft.provenance.map { row -> String in
            guard let colon = row.firstIndex(of: ":") else { return copyGuard.safeIdentifier(row, kind: "row") }
            let id = String(row[row.index(after: colon)...])
            let safe = copyGuard.safeIdentifier(id, kind: "row")
            if safe != id { replaced.append("provenance") }
            return String(row[...colon]) + safe
        }
        switch labelsAsData ? copyGuard.renderWithoutLabels(draft.message, module: module) : copyGuard.render(draft.message, module: module) {
        case .success(let rendered):
            replaced += rendered.neutralizedSlots.map { "label.\($0)" }
            if !replaced.isEmpty {
                // Which parts of the data were shown as neutral references, never their words.
                evidence["labels_not_shown"] = .list(Array(Set(replaced)).sorted().map { .text($0) })
            }
            var insight = Insight(
                module: module, version: run.descriptor.version, profile: shownProfile, asOf: asOf, kind: draft.kind,
                subject: subject, text: rendered.copy, evidence: evidence, provenance: provenance,
                nonDefault: !run.parameters.nonDefault.isEmpty, copyWarnings: rendered.warnings, copyID: draft.message.id)
            if labelsAsData {
                for slot in rendered.neutralizedSlots {
                    if case .label(_, let raw)? = draft.message.slots[slot] { insight.labels[slot] = raw }
                }
            }
            report.insights.append(insight)
        case .failure(let rejection):
            report.withheld.append(WithheldInsight(
                module: module, version: run.descriptor.version, profile: shownProfile, asOf: asOf, kind: draft.kind,
                subject: subject, copyID: draft.message.id, violations: rejection.violations))
        }
    }

    /// Whether guarding a value would replace any text in it (a text value or an object's key):
    /// a population's evidence nearly always passes whole, and rebuilding every object of it to
    /// compare was most of `admit` outside the guard.
    private func changesWhenGuarded(_ value: Evidence, module: String) -> Bool {
        switch value {
        case .text(let text): return copyGuard.safeIdentifier(text, kind: "text", module: module) != text
        case .list(let values): return values.contains { changesWhenGuarded($0, module: module) }
        case .object(let values):
            return values.contains {
                copyGuard.safeIdentifier($0.key, kind: "key", module: module) != $0.key || changesWhenGuarded($0.value, module: module)
            }
        case .number, .integer, .flag: return false
        }
    }

    /// Evidence with every text value that breaks a copy rule replaced by a neutral reference.
    private func guarded(_ value: Evidence, module: String) -> Evidence {
        switch value {
        case .text(let text): return .text(copyGuard.safeIdentifier(text, kind: "text", module: module))
        case .list(let values): return .list(values.map { guarded($0, module: module) })
        case .object(let values):
            return .object(Dictionary(values.map {
                (copyGuard.safeIdentifier($0.key, kind: "key", module: module), guarded($0.value, module: module))
            }, uniquingKeysWith: { first, _ in first }))
        case .number, .integer, .flag: return value
        }
    }
}
