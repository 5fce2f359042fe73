import CairnCore

extension InsightReport {
    /// The report for people: each insight with its profile, module, kind and subject, its
    /// text, and its evidence; withheld insights with the rules they broke; then the approved
    /// disclaimer and footer.
    public func text() -> String {
        var lines: [String] = []
        for insight in insights {
            let marker = insight.nonDefault ? " [non-default parameters]" : ""
            lines.append("\(insight.profile)  \(insight.module)@\(insight.version) \(insight.kind.rawValue) \(insight.subject)\(marker)")
            lines.append("  \(insight.text.text)")
            let evidence = insight.evidence.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.text)" }
            if !evidence.isEmpty { lines.append("  evidence: " + evidence.joined(separator: ", ")) }
        }
        if insights.isEmpty { lines.append("No insights.") }
        lines += withheld.map(\.line)
        let notices = [disclaimer, footer].compactMap { $0?.text }
        if !notices.isEmpty { lines += [""] + notices }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Insights keyed by subject and kind family (a second insight on one subject gets " 2"),
    /// so that two runs of a module can be lined up.
    public static func keyedBySubject(_ insights: [Insight]) -> [String: Insight] {
        var out: [String: Insight] = [:]
        var seen: [String: Int] = [:]
        for insight in insights {
            let base = "\(insight.subject) \(insight.kind == .progress ? "progress" : "insight")"
            let ordinal = seen[base, default: 0]
            seen[base] = ordinal + 1
            out[base + (ordinal == 0 ? "" : " \(ordinal + 1)")] = insight
        }
        return out
    }
}

extension WithheldInsight {
    /// One line for the analyst: what was withheld, from which catalog entry, and each rule
    /// broken with its place (the matched words masked).
    public var line: String {
        "\(profile)  \(module)@\(version) withheld \(kind.rawValue) \(subject) (\(copyID)): "
            + violations.map { "\($0.rule) at \($0.line):\($0.column) ('\($0.match)')" }.joined(separator: ", ")
    }
}

extension ModuleRegistry {
    /// Every registered module with its parameters, defaults and ranges, for people.
    public func text() -> String {
        var lines: [String] = []
        for descriptor in all {
            lines.append("\(descriptor.key)  \(descriptor.summary)")
            for parameter in descriptor.parameters {
                let range = parameter.kind == .boolean ? "true/false"
                    : "\(NumberText.format(parameter.minimum))..\(NumberText.format(parameter.maximum))"
                let value = parameter.kind == .boolean ? (parameter.defaultValue != 0 ? "true" : "false")
                    : NumberText.format(parameter.defaultValue)
                lines.append("    \(parameter.name) = \(value)  (\(range)) \(parameter.summary)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Replay.Result {
    /// The timeline for people: gate openings, then every appearance, change and disappearance.
    public func text() -> String {
        var lines: [String] = []
        for gate in gates {
            lines.append("\(gate.step)  \(gate.profile)  gate open    \(gate.module)@\(gate.version): \(gate.gate) reached \(gate.need)")
        }
        for event in events {
            lines.append("\(event.step)  \(event.profile)  \(event.change.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0))\(event.module)@\(event.version) \(event.kind) \(event.subject)")
        }
        lines += withheld.map(\.line)
        lines.append("\(steps) steps, \(evaluations) module evaluations.")
        return lines.joined(separator: "\n") + "\n"
    }
}
