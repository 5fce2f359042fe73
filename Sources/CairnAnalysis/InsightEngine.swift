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

/// The insights a run produced and those the copy guard withheld.
public struct InsightReport: Sendable, Encodable {
    public var insights: [Insight] = []
    public var withheld: [WithheldInsight] = []

    public init() {}
}

/// Runs modules over profiles as of an instant: gates first (below a gate, one progress insight
/// and nothing else), then the module, then the copy guard on every text.
public struct InsightEngine: Sendable {
    public let copyGuard: CopyGuard
    let stats = Stats()

    public init(copyGuard: CopyGuard = .standard) {
        self.copyGuard = copyGuard
    }

    /// The progress text every module shows below its gate (Aurae's approved copy).
    public var progressText: String {
        copyGuard.approvedText("progress-message") ?? "Keep logging — patterns will appear after a few more entries"
    }

    public func run(_ runs: [ModuleRun], on data: ProfileData, asOf: Int) throws -> InsightReport {
        try evaluate(runs, on: data, asOf: asOf).report
    }

    /// The report, and every module's gates as evaluated (replay records when they open).
    func evaluate(_ runs: [ModuleRun], on data: ProfileData, asOf: Int) throws -> (report: InsightReport, gates: [[Gate]]) {
        let visible = data.asOf(asOf)
        let asOfText = ISODateTimeText.format(epochSeconds: asOf, offsetSeconds: data.zone.offset(atEpoch: asOf))
        var report = InsightReport()
        var allGates: [[Gate]] = []
        for run in runs {
            let module = try run.descriptor.instantiate(run.parameters)
            let gates = module.gates(visible)
            allGates.append(gates)
            let drafts: [InsightDraft]
            if let closed = gates.first(where: { !$0.isOpen }) {
                drafts = [InsightDraft(
                    kind: .progress, subject: closed.name, text: progressText,
                    evidence: ["gates": .list(gates.map { .object(["name": .text($0.name), "have": .integer($0.have),
                                                                   "need": .integer($0.need)]) })])]
            } else {
                drafts = try module.evaluate(visible, asOf: asOf, stats: stats)
            }
            for draft in drafts {
                switch copyGuard.admit(draft.text, module: run.descriptor.id) {
                case .success(let copy):
                    report.insights.append(Insight(
                        module: run.descriptor.id, version: run.descriptor.version, profile: data.profile.id, asOf: asOfText,
                        kind: draft.kind, subject: draft.subject, text: copy, evidence: draft.evidence,
                        provenance: draft.provenance, nonDefault: !run.parameters.nonDefault.isEmpty))
                case .failure(let rejection):
                    report.withheld.append(WithheldInsight(
                        module: run.descriptor.id, version: run.descriptor.version, profile: data.profile.id, asOf: asOfText,
                        kind: draft.kind, subject: draft.subject, violations: rejection.violations))
                }
            }
        }
        return (report, allGates)
    }
}
