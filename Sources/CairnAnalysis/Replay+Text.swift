extension Replay.Result {
    /// The timeline for people: one profile after another, each in time order, a gate change
    /// before the events of its step; then withheld insights and the counts.
    public func text() -> String {
        var text = ""
        var assembler = OutputAssembler(format: .text, layout: Replay.Result.layout) { text += $0 }
        assembler.add(output(index: 0, format: .text))
        assembler.finish()
        return text
    }

    /// How replay listings are assembled, in text and in JSON (the keys of this type). The text
    /// closes with how many evidence-only changes it left out, when it left any.
    public static let layout = OutputAssembler.Layout(
        arrays: ["events", "gates", "withheld"], counts: ["evaluations", "steps"],
        closing: { counts in
            let hidden = counts[hiddenCount, default: 0]
            return ["\(counts["steps", default: 0]) steps, \(counts["evaluations", default: 0]) module evaluations."
                + (hidden == 0 ? "" : " \(hidden) evidence-only \(hidden == 1 ? "change" : "changes") not shown (--evidence shows them).")]
        })

    /// The count of evidence-only changes a text listing left out (summed, never a JSON key).
    static let hiddenCount = "hidden_evidence_changes"

    /// This result (one profile's replay) as its share of a listing, in one format or (nil)
    /// both. Text shows gates, and insights appearing, changing text or kind and disappearing;
    /// with `evidence`, also each change of evidence alone and the values that moved. JSON has
    /// every event either way.
    public func output(index: Int, format: OutputAssembler.Format? = nil, evidence: Bool = false) -> ProfileOutput {
        var output = ProfileOutput(index: index)
        output.counts = ["steps": steps, "evaluations": evaluations]
        if format != .text {
            // JSON alone goes to an assembler, which places the items as they are written.
            let depth = format == .json ? ProfileOutput.itemDepth : 0
            output.items = ["events": events.map { $0.prettyJSON(depth: depth) }, "gates": gates.map { $0.prettyJSON(depth: depth) },
                            "withheld": withheld.map { $0.prettyJSON(depth: depth) }]
            output.itemsNested = format == .json
        }
        guard format != .json else { return output }
        output.lines = timeline(evidence: evidence)
        output.trailer = withheld.map(\.line)
        if !evidence { output.counts[Replay.Result.hiddenCount] = events.count(where: \.isEvidenceOnly) }
        return output
    }

    /// This result as its share of a sharded listing, its shard file line already written: the
    /// bytes of `ShardFile.line(output(index:evidence:))`, its events, gates and withheld
    /// insights written into the line directly.
    public func shardOutput(index: Int, evidence: Bool = false) -> ProfileOutput {
        var output = output(index: index, format: .text, evidence: evidence)
        output.shardLine = ShardFile.line(output, writing: ["events": events, "gates": gates, "withheld": withheld])
        return output
    }

    /// The profile's heading, then its gate changes and events by step (gates first within a
    /// step). Under each event, as in `insights` listings, the text a person would now read
    /// (indented), and with `evidence` the evidence values that moved.
    func timeline(evidence showsEvidence: Bool = false) -> [String] {
        guard steps > 0 else { return [] }
        let span = from == to ? from : "\(from) to \(to)"
        var lines = ["\(profile): \(steps) step\(steps == 1 ? "" : "s"), \(span)"]
        var entries: [(order: Int, rank: Int, lines: [String])] = []
        for gate in gates {
            let what = "\(gate.module)@\(gate.version): \(gate.gate) \(gate.have) (needs \(gate.need))"
            entries.append((gate.order, 0, [Replay.Result.line(gate.step, "gate \(gate.state.rawValue)", what)]))
        }
        for event in events where showsEvidence || !event.isEvidenceOnly {
            let kind = event.previousKind.map { "\($0) → \(event.kind)" } ?? event.kind
            var block = [Replay.Result.line(event.step, event.change.rawValue, "\(event.module)@\(event.version) \(kind) \(event.subject)")]
            if event.change == .appeared || event.change == .alreadyShown || event.previousText != nil { block.append("  " + event.text) }
            if showsEvidence, !event.evidence.isEmpty {
                let changes = event.evidence.entries
                let shown = changes.prefix(Replay.Result.evidenceShown).map { "\($0.key) \($0.change.text)" }.joined(separator: "; ")
                let more = changes.count - Replay.Result.evidenceShown
                block.append("  evidence: " + shown + (more > 0 ? "; and \(more) more (all in --format json)" : ""))
            }
            entries.append((event.order, 1, block))
        }
        if entries.isEmpty { lines.append("no insight or gate changed") }
        // Stable: within a step, gates first, then events in the order they were found.
        lines += entries.enumerated().sorted { ($0.element.order, $0.element.rank, $0.offset) < ($1.element.order, $1.element.rank, $1.offset) }
            .flatMap(\.element.lines)
        return lines
    }

    /// Evidence changes listed in text; a module with many values (a factor table) moves most
    /// of them at once, and the text above already says what the change means.
    static let evidenceShown = 8

    private static func line(_ step: String, _ change: String, _ what: String) -> String {
        "\(step.padding(toLength: 16, withPad: " ", startingAt: 0))  \(change.padding(toLength: 19, withPad: " ", startingAt: 0))\(what)"
    }
}
