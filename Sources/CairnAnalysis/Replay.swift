import CairnCore

/// Replays modules over a span of time: evaluates as of each moment (the end of each day, week
/// or month, each hour, or each instant a row became visible) and reports when each insight
/// appeared, changed (its text, kind or evidence) and disappeared, and when every gate opened
/// or closed. Data is read once; a module is evaluated again only when rows of a table it reads
/// became visible or the part of the as-of instant it depends on changed, and otherwise keeps
/// its last output.
public struct Replay: Sendable {
    public enum Step: String, Sendable, CaseIterable { case hour, day, week, month }

    /// What happened to an insight at a step; `alreadyShown` is an insight there at the first
    /// step, which the replay did not see appear.
    public enum Change: String, Sendable, Encodable {
        case alreadyShown = "already shown"
        case appeared, changed, disappeared
    }

    /// When an evaluation happens, and how people read it: a day ("2026-03-07", as of the end
    /// of that local day) or a local time ("2026-03-07 14:00", as of that minute).
    public struct Moment: Sendable, Equatable {
        public let instant: Int
        public let label: String

        public init(instant: Int, label: String) {
            self.instant = instant
            self.label = label
        }
    }

    /// One evidence value that differs from the previous step; nil where the key was absent.
    public struct EvidenceChange: Sendable, Encodable, Equatable {
        public let old: String?
        public let new: String?

        public init(old: String?, new: String?) {
            self.old = old
            self.new = new
        }

        /// "old → new", with "—" for a value that came or went.
        public var text: String { "\(old ?? "—") → \(new ?? "—")" }
    }

    public struct Event: Sendable, Encodable, Equatable {
        public let step: String
        public let profile: String
        public let module: String
        public let version: Int
        public let change: Change
        public let kind: String
        public let subject: String
        public let text: String
        /// The kind before a change of kind.
        public let previousKind: String?
        /// The text before a change of text.
        public let previousText: String?
        /// The evidence values that changed, for a change, by flattened key (see `flattened`).
        public let evidence: EvidenceChanges
        /// The position of the step in the replay (time order across gates and events).
        let order: Int
        /// The person's own words the insight's slots held, when the engine keeps them out of
        /// the text (`InsightEngine.labelsAsData`); nil otherwise, and then not written.
        public var labels: [String: String]?

        /// A change a person reading the insight would not see: its words and kind stayed.
        public var isEvidenceOnly: Bool { change == .changed && previousText == nil && previousKind == nil }

        enum CodingKeys: String, CodingKey {
            case step, profile, module, version, change, kind, subject, text, evidence, labels
            case previousKind = "previous_kind"
            case previousText = "previous_text"
        }
    }

    public enum GateState: String, Sendable, Encodable {
        case alreadyOpen = "already open"
        case opened, closed
    }

    public struct GateChange: Sendable, Encodable, Equatable {
        public let step: String
        public let profile: String
        public let module: String
        public let version: Int
        public let gate: String
        public let state: GateState
        public let have: Int
        public let need: Int
        let order: Int

        enum CodingKeys: String, CodingKey { case step, profile, module, version, gate, state, have, need }
    }

    public struct Result: Sendable, Encodable {
        /// The profile, as shown.
        public var profile = ""
        public var events: [Event] = []
        public var gates: [GateChange] = []
        public var steps = 0
        /// The first and last moments visited.
        public var from = "", to = ""
        /// Module evaluations actually run (the rest reused the previous step's output).
        public var evaluations = 0
        public var withheld: [WithheldInsight] = []

        public init() {}

        enum CodingKeys: String, CodingKey { case profile, events, gates, steps, from, to, evaluations, withheld }
    }

    public let engine: InsightEngine
    /// Whether modules that can (`CarryingModule`) carry their work from one step to the next.
    /// Output is the same either way; off, every due module runs from scratch at every step
    /// (what the tests and the benchmark compare against).
    public var carriesState = true

    public init(engine: InsightEngine, carriesState: Bool = true) {
        self.engine = engine
        self.carriesState = carriesState
    }

    /// The local days a day, week or month replay visits: from `from` to `to` by the step
    /// (weeks of 7 days, month ends for months), always ending on `to`. An hour step visits
    /// every day.
    public static func days(from: CalendarDay, to: CalendarDay, step: Step) -> [CalendarDay] {
        var days: [CalendarDay] = []
        var day = from
        switch step {
        case .hour, .day:
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

    /// As of the end of a local day, labelled with the day.
    static func endOf(_ day: CalendarDay, zone: ProfileTimeZone) -> Moment {
        Moment(instant: zone.startOfDay(day.adding(days: 1)) - 1, label: day.description)
    }

    /// The moments a replay from the start of `from` to the end of `to` visits in a zone: the
    /// end of each day, week or month; for hours, every local hour (as of HH:00, data at that
    /// minute included) and the end of `to`.
    public static func moments(from: CalendarDay, to: CalendarDay, step: Step, zone: ProfileTimeZone) -> [Moment] {
        guard step == .hour else {
            return days(from: from, to: to, step: step).map { endOf($0, zone: zone) }
        }
        let start = zone.startOfDay(from), end = zone.startOfDay(to.adding(days: 1)) - 1
        // Hours are counted in elapsed time, so a daylight-saving change gives 23 or 25 of them.
        var moments: [Moment] = []
        var instant = start + 3600
        while instant <= end {
            moments.append(Moment(instant: instant, label: localTime(instant, zone: zone)))
            instant += 3600
        }
        moments.append(endOf(to, zone: zone))
        return moments
    }

    /// Every instant in `range` at which a row of the tables became visible (a headache also
    /// when it was resolved): evaluating there misses nothing that was shown only for a while.
    public static func eventMoments(_ data: ProfileData, tables: Set<ContractTable>, within range: ClosedRange<Int>) -> [Moment] {
        Set(data.visibilityInstants(in: tables).filter(range.contains)).sorted()
            .map { Moment(instant: $0, label: localTime($0, zone: data.zone)) }
    }

    /// The moments to visit for a profile: by the step from `from` (else its first dated row)
    /// to `to` (else its last), and with `atEvents` also every instant in between at which a
    /// row of the tables became visible. Nil when the profile has no dated rows to span.
    public static func moments(for data: ProfileData, from: CalendarDay?, to: CalendarDay?, step: Step,
                               atEvents: Bool, tables: Set<ContractTable>) -> [Moment]? {
        guard let first = from ?? data.daySpan?.lowerBound, let last = to ?? data.daySpan?.upperBound, first <= last else { return nil }
        let grid = moments(from: first, to: last, step: step, zone: data.zone)
        guard atEvents else { return grid }
        let range = data.zone.startOfDay(first)...(data.zone.startOfDay(last.adding(days: 1)) - 1)
        return merge(grid, eventMoments(data, tables: tables, within: range))
    }

    /// Both lists of moments in time order, one moment per instant (the first list's label wins).
    public static func merge(_ first: [Moment], _ second: [Moment]) -> [Moment] {
        var seen: Set<Int> = []
        return (first + second).filter { seen.insert($0.instant).inserted }.sorted { $0.instant < $1.instant }
    }

    /// "YYYY-MM-DD HH:MM", with ":SS" when the seconds are not zero, in the zone.
    static func localTime(_ instant: Int, zone: ProfileTimeZone) -> String {
        let text = ISODateTimeText.format(epochSeconds: instant, offsetSeconds: zone.offset(atEpoch: instant))
        let date = text.prefix(10), time = text.dropFirst(11).prefix(8)
        return "\(date) \(time.hasSuffix(":00") ? time.prefix(5) : time)"
    }

    /// A replay at the end of each of `days`.
    public func run(_ runs: [ModuleRun], on data: ProfileData, days: [CalendarDay],
                    progress: ((Int) throws -> Void)? = nil) throws -> Result {
        try run(runs, on: data, moments: days.map { Replay.endOf($0, zone: data.zone) }, progress: progress)
    }

    /// `moments` must go forward in time. `progress` is called before each step; throwing from
    /// it stops the replay (Ctrl-C).
    public func run(_ runs: [ModuleRun], on data: ProfileData, moments: [Moment],
                    progress: ((Int) throws -> Void)? = nil) throws -> Result {
        var result = Result()
        var cursor = ProfileCursor(data)
        // Each run's last insights, keyed by identity as each step's listing needs them.
        var previous: [String: [String: Insight]] = [:]
        var lastPeriod: [String: Int] = [:]
        var gateStates: [String: Bool] = [:]
        var lastKeys: [String: Insight] = [:]
        var seenWithheld: Set<String> = []
        // What each carrying module left for the next step, by its place in `runs` (two runs of
        // one module with different parameters each keep their own).
        var carries = [AnyObject?](repeating: nil, count: runs.count)
        result.profile = engine.copyGuard.safeIdentifier(data.profile.id, kind: "profile")
        result.from = moments.first?.label ?? ""
        result.to = moments.last?.label ?? ""
        let keys = runs.map(\.descriptor.key)
        for (index, moment) in moments.enumerated() {
            try progress?(index)
            let instant = moment.instant
            let day = data.zone.day(ofEpoch: instant)
            let dataChanged = cursor.advance(to: instant)
            var visible: ProfileData?
            var current: [String: Insight] = [:]
            for (place, run) in runs.enumerated() {
                let key = keys[place]
                let period: Int
                switch run.descriptor.asOfDependence {
                case .none: period = 0
                case .month: period = day.year * 12 + day.month
                case .day: period = day.daysSinceEpoch
                case .instant: period = instant
                }
                let keyed: [String: Insight]
                if dataChanged.isDisjoint(with: run.descriptor.reads), let cached = previous[key], lastPeriod[key] == period {
                    keyed = cached
                } else {
                    // One cut per step, shared by every module that is due.
                    if visible == nil { visible = data.asOf(instant) }
                    let (report, gates) = try engine.evaluate(run, visible: visible!, asOf: instant, carry: &carries[place], carrying: carriesState)
                    result.evaluations += 1
                    for withheld in report.withheld where seenWithheld.insert(withheld.line).inserted {
                        result.withheld.append(withheld)
                    }
                    keyed = InsightIdentity.keyed(report.insights) { "\($0.profile)|\($0.module)@\($0.version)" }
                    previous[key] = keyed
                    lastPeriod[key] = period
                    for gate in gates {
                        let gateKey = key + "|" + gate.name
                        let was = gateStates[gateKey]
                        gateStates[gateKey] = gate.isOpen
                        let state: GateState
                        switch (was, gate.isOpen) {
                        case (nil, true): state = index == 0 ? .alreadyOpen : .opened
                        case (false, true): state = .opened
                        case (true, false): state = .closed
                        default: continue
                        }
                        result.gates.append(GateChange(step: moment.label, profile: result.profile, module: run.descriptor.id,
                                                       version: run.descriptor.version, gate: gate.name, state: state,
                                                       have: gate.have, need: gate.need, order: index))
                    }
                }
                current.merge(keyed) { first, _ in first }
            }
            for (identity, insight) in current.sorted(by: { $0.key < $1.key }) {
                if let before = lastKeys[identity] {
                    if before.text != insight.text || before.kind != insight.kind || before.evidence != insight.evidence {
                        result.events.append(event(moment, index, insight, .changed, before: before))
                    }
                } else {
                    result.events.append(event(moment, index, insight, index == 0 ? .alreadyShown : .appeared))
                }
            }
            for (identity, insight) in lastKeys.sorted(by: { $0.key < $1.key }) where current[identity] == nil {
                result.events.append(event(moment, index, insight, .disappeared))
            }
            lastKeys = current
            result.steps += 1
        }
        return result
    }


    /// Evidence as one text value per leaf, so that a change names the value that moved:
    /// `factors.alcohol.share`, `gates[resolved headaches].have` (a list of named objects is
    /// keyed by name, other lists of objects by position; a list of plain values is one value).
    static func flattened(_ evidence: [String: Evidence]) -> [String: String] {
        flattenedValues(evidence).mapValues(\.text)
    }

    /// As `flattened`, each leaf kept as its value: a replay compares leaves before it writes
    /// any as text (most of a changed insight's values did not move, and formatting every one
    /// of them was most of an event's work).
    static func flattenedValues(_ evidence: [String: Evidence]) -> [String: Evidence] {
        var leaves: [String: Evidence] = [:]
        for (key, value) in evidence { flatten(value, at: key, into: &leaves) }
        return leaves
    }

    private static func flatten(_ value: Evidence, at key: String, into leaves: inout [String: Evidence]) {
        switch value {
        case .object(let members):
            for (member, inner) in members { flatten(inner, at: key + "." + member, into: &leaves) }
        case .list(let items) where items.contains(where: { if case .object = $0 { true } else { false } }):
            for (position, item) in items.enumerated() {
                if case .object(let members) = item, case .text(let name)? = members["name"] {
                    for (member, inner) in members where member != "name" { flatten(inner, at: "\(key)[\(name)].\(member)", into: &leaves) }
                } else {
                    flatten(item, at: "\(key)[\(position)]", into: &leaves)
                }
            }
        default:
            leaves[key] = value
        }
    }

    /// The leaves whose text moved between two evidences, as `flattened` would name them: both
    /// are walked together and a subtree that did not change is not flattened at all (most of
    /// a changed insight's evidence is the same step after step, and flattening all of it on
    /// both sides was most of a replay event's work).
    static func changedLeaves(_ old: [String: Evidence], _ new: [String: Evidence]) -> EvidenceChanges {
        var changes: [EvidenceChanges.Entry] = []
        func moved(_ key: String, _ was: String?, _ now: String?) {
            changes.append(EvidenceChanges.Entry(key: key, change: EvidenceChange(old: was, new: now)))
        }
        // A member's key is made only for a member that moved.
        func compareMembers(_ before: [String: Evidence], _ after: [String: Evidence], under parent: String?) {
            func key(_ member: String) -> String { parent.map { $0 + "." + member } ?? member }
            var shared = 0
            for (member, value) in before {
                let other = after[member]
                if other != nil { shared += 1 }
                // Two objects are walked once, member by member (asking first whether they are
                // identical walked a changed one twice).
                if case .object(let was) = value, case .object(let now)? = other {
                    compareMembers(was, now, under: key(member))
                    continue
                }
                if let other, identical(value, other) { continue }
                compare(value, other, at: key(member))
            }
            // Members only the new object has, looked for only when there are some.
            guard shared < after.count else { return }
            for (member, value) in after where before[member] == nil { compare(nil, value, at: key(member)) }
        }
        func compare(_ was: Evidence?, _ now: Evidence?, at key: String) {
            if case .object(let before)? = was, case .object(let after)? = now {
                compareMembers(before, after, under: key)
                return
            }
            // Two leaves (or a leaf and nothing): flattened, each is itself under its key.
            if Replay.isLeaf(was), Replay.isLeaf(now) {
                let wasText = was?.text, nowText = now?.text
                if wasText != nowText { moved(key, wasText, nowText) }
                return
            }
            var oldLeaves: [String: Evidence] = [:], newLeaves: [String: Evidence] = [:]
            if let was { flatten(was, at: key, into: &oldLeaves) }
            if let now { flatten(now, at: key, into: &newLeaves) }
            for leaf in Set(oldLeaves.keys).union(newLeaves.keys) {
                let wasLeaf = oldLeaves[leaf], nowLeaf = newLeaves[leaf]
                if let wasLeaf, let nowLeaf, identical(wasLeaf, nowLeaf) { continue }
                // Values that differ may still read the same (numbers to six digits).
                let wasText = wasLeaf?.text, nowText = nowLeaf?.text
                if wasText != nowText { moved(leaf, wasText, nowText) }
            }
        }
        compareMembers(old, new, under: nil)
        return EvidenceChanges(changes)
    }

    /// Whether `flatten` keeps a value whole, under its own key (nothing counts as a leaf).
    private static func isLeaf(_ value: Evidence?) -> Bool {
        switch value {
        case .object?: return false
        case .list(let items)?: return !items.contains { if case .object = $0 { true } else { false } }
        default: return true
        }
    }

    /// The same value, numbers compared by their bits: two such values have the same text.
    static func identical(_ a: Evidence, _ b: Evidence) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x.bitPattern == y.bitPattern
        case (.integer(let x), .integer(let y)): return x == y
        case (.text(let x), .text(let y)): return x == y
        case (.flag(let x), .flag(let y)): return x == y
        case (.list(let xs), .list(let ys)): return xs.count == ys.count && zip(xs, ys).allSatisfy { identical($0, $1) }
        case (.object(let xs), .object(let ys)):
            return xs.count == ys.count && xs.allSatisfy { member in ys[member.key].map { identical(member.value, $0) } ?? false }
        default: return false
        }
    }

    private func event(_ moment: Moment, _ order: Int, _ insight: Insight, _ change: Change, before: Insight? = nil) -> Event {
        let evidence = before.map { Replay.changedLeaves($0.evidence, insight.evidence) } ?? .none
        return Event(step: moment.label, profile: insight.profile, module: insight.module, version: insight.version,
                     change: change, kind: insight.kind.rawValue, subject: insight.subject, text: insight.text.text,
                     previousKind: before.flatMap { $0.kind == insight.kind ? nil : $0.kind.rawValue },
                     previousText: before.flatMap { $0.text == insight.text ? nil : $0.text.text },
                     evidence: evidence, order: order, labels: insight.labels.isEmpty ? nil : insight.labels)
    }
}
