import CairnCore

/// Replays modules over a span of days: evaluates as of the end of each step and reports when
/// each insight appeared, changed (text or kind) and disappeared, and the step at which every
/// gate opened. Data is read once; a module is evaluated again only when rows of a table it
/// reads became visible or the as-of period it depends on changed, and otherwise keeps its
/// last output.
public struct Replay: Sendable {
    public enum Step: String, Sendable, CaseIterable { case day, week, month }

    public enum Change: String, Sendable, Encodable { case appeared, changed, disappeared }

    public struct Event: Sendable, Encodable, Equatable {
        public let step: String
        public let profile: String
        public let module: String
        public let version: Int
        public let change: Change
        public let kind: String
        public let subject: String
        public let text: String
    }

    public struct GateOpening: Sendable, Encodable, Equatable {
        public let step: String
        public let profile: String
        public let module: String
        public let version: Int
        public let gate: String
        public let need: Int
    }

    public struct Result: Sendable, Encodable {
        public var events: [Event] = []
        public var gates: [GateOpening] = []
        public var steps = 0
        /// Module evaluations actually run (the rest reused the previous step's output).
        public var evaluations = 0
        public var withheld: [WithheldInsight] = []

        public init() {}
    }

    public let engine: InsightEngine

    public init(engine: InsightEngine) {
        self.engine = engine
    }

    /// The local days a replay visits: from `from` to `to` by the step (weeks of 7 days, month
    /// ends for months), always ending on `to`.
    public static func days(from: CalendarDay, to: CalendarDay, step: Step) -> [CalendarDay] {
        var days: [CalendarDay] = []
        var day = from
        switch step {
        case .day:
            while day <= to { days.append(day); day = day.adding(days: 1) }
        case .week:
            while day <= to { days.append(day); day = day.adding(days: 7) }
        case .month:
            day = from.firstOfNextMonth.adding(days: -1)
            while day <= to { days.append(day); day = day.adding(days: 1).firstOfNextMonth.adding(days: -1) }
        }
        if days.last != to { days.append(to) }
        return days
    }

    /// `progress` is called before each step; throwing from it stops the replay (Ctrl-C).
    public func run(_ runs: [ModuleRun], on data: ProfileData, days: [CalendarDay],
                    progress: ((Int) throws -> Void)? = nil) throws -> Result {
        var result = Result()
        var cursor = ProfileCursor(data)
        var previous: [String: [Insight]] = [:]
        var lastPeriod: [String: String] = [:]
        var openGates: Set<String> = []
        var lastKeys: [String: Insight] = [:]
        var seenWithheld: Set<String> = []
        let shownProfile = engine.copyGuard.safeIdentifier(data.profile.id, kind: "profile")
        for (index, day) in days.enumerated() {
            try progress?(index)
            let instant = data.zone.startOfDay(day.adding(days: 1)) - 1
            let dataChanged = cursor.advance(to: instant)
            var visible: ProfileData?
            var current: [String: Insight] = [:]
            for run in runs {
                let key = run.descriptor.key
                let period: String
                switch run.descriptor.asOfDependence {
                case .none: period = ""
                case .month: period = day.monthText
                case .day: period = day.description
                }
                let insights: [Insight]
                if dataChanged.isDisjoint(with: run.descriptor.reads), let cached = previous[key], lastPeriod[key] == period {
                    insights = cached
                } else {
                    // One cut per step, shared by every module that is due.
                    if visible == nil { visible = data.asOf(instant) }
                    let (report, gates) = try engine.evaluate(run, visible: visible!, asOf: instant)
                    result.evaluations += 1
                    for withheld in report.withheld where seenWithheld.insert(withheld.line).inserted {
                        result.withheld.append(withheld)
                    }
                    insights = report.insights
                    previous[key] = insights
                    lastPeriod[key] = period
                    for gate in gates where gate.isOpen {
                        let gateKey = key + "|" + gate.name
                        guard openGates.insert(gateKey).inserted else { continue }
                        result.gates.append(GateOpening(step: day.description, profile: shownProfile,
                                                        module: run.descriptor.id, version: run.descriptor.version,
                                                        gate: gate.name, need: gate.need))
                    }
                }
                for (ordinal, insight) in insights.enumerated() {
                    current[Replay.identity(insight, ordinal: ordinal, among: insights)] = insight
                }
            }
            for (identity, insight) in current.sorted(by: { $0.key < $1.key }) {
                if let before = lastKeys[identity] {
                    if before.text != insight.text || before.kind != insight.kind {
                        result.events.append(event(day, insight, .changed))
                    }
                } else {
                    result.events.append(event(day, insight, .appeared))
                }
            }
            for (identity, insight) in lastKeys.sorted(by: { $0.key < $1.key }) where current[identity] == nil {
                result.events.append(event(day, insight, .disappeared))
            }
            lastKeys = current
            result.steps += 1
        }
        return result
    }

    /// An insight's identity across steps: profile, module, subject, and which of that
    /// module's insights on the subject it is (a marker can have a status and a trend insight).
    /// Progress counts as its own identity so that a gate opening reads as progress
    /// disappearing and findings appearing.
    static func identity(_ insight: Insight, ordinal: Int, among insights: [Insight]) -> String {
        let same = insights.prefix(ordinal).filter { $0.subject == insight.subject && $0.kind == insight.kind }.count
        let family = insight.kind == .progress ? "progress" : "insight"
        return "\(insight.profile)|\(insight.module)@\(insight.version)|\(family)|\(insight.subject)|\(same)"
    }

    private func event(_ day: CalendarDay, _ insight: Insight, _ change: Change) -> Event {
        Event(step: day.description, profile: insight.profile, module: insight.module, version: insight.version,
              change: change, kind: insight.kind.rawValue, subject: insight.subject, text: insight.text.text)
    }
}
