import CairnCopy
import CairnCore

extension InsightReport {
    /// The report for people: each profile's as-of instant, then each insight with its profile,
    /// module, kind and subject, its text, and its evidence; withheld insights with the rules
    /// they broke; then the approved disclaimer and footer.
    public func text() -> String {
        var text = ""
        var assembler = OutputAssembler(format: .text, layout: InsightReport.layout(disclaimer: disclaimer, footer: footer)) {
            text += $0
        }
        assembler.add(output(index: 0, format: .text))
        assembler.finish()
        return text
    }

    /// How listings of insights are assembled, in text and in JSON (the keys of this type).
    public static func layout(disclaimer: SafeCopy?, footer: SafeCopy?) -> OutputAssembler.Layout {
        var fixed: [String: String] = [:]
        if let disclaimer { fixed["disclaimer"] = ProfileOutput.item(disclaimer) }
        if let footer { fixed["footer"] = ProfileOutput.item(footer) }
        let notices = [disclaimer, footer].compactMap { $0?.text }
        return layout(fixed: fixed, closing: notices.isEmpty ? [] : [""] + notices)
    }

    /// The layout from its encoded fixed values and closing lines (as a shard file keeps them).
    public static func layout(fixed: [String: String], closing: [String]) -> OutputAssembler.Layout {
        OutputAssembler.Layout(fixed: fixed, arrays: ["insights", "withheld"], streamed: "insights", emptyBody: "No insights.",
                               closing: { _ in closing })
    }

    /// This report as one profile's share of a listing, in one format or (nil) both.
    public func output(index: Int, format: OutputAssembler.Format? = nil) -> ProfileOutput {
        var output = ProfileOutput(index: index)
        if format != .text {
            // JSON alone goes to an assembler, which places the items as they are written.
            let depth = format == .json ? ProfileOutput.itemDepth : 0
            output.items = ["insights": insights.map { $0.prettyJSON(depth: depth) },
                            "withheld": withheld.map { $0.prettyJSON(depth: depth) }]
            output.itemsNested = format == .json
        }
        guard format != .json else { return output }
        var heading: (profile: String, asOf: String)?
        for insight in insights {
            // Each profile's insights under the instant they were worked out at: by default every
            // profile has its own.
            if heading?.profile != insight.profile || heading?.asOf != insight.asOf {
                heading = (insight.profile, insight.asOf)
                output.lines.append("\(insight.profile)  as of \(insight.asOf)")
            }
            let marker = insight.nonDefault ? " [non-default parameters]" : ""
            output.lines.append("\(insight.profile)  \(insight.module)@\(insight.version) \(insight.kind.rawValue) \(insight.subject)\(marker)")
            output.lines.append("  \(insight.text.text)")
            let evidence = insight.evidence.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.text)" }
            if !evidence.isEmpty { output.lines.append("  evidence: " + evidence.joined(separator: ", ")) }
        }
        output.trailer = withheld.map(\.line)
        return output
    }

    /// Insights keyed by their identity (`InsightIdentity`), so that two runs of a module can
    /// be lined up.
    public static func keyedBySubject(_ insights: [Insight]) -> [String: Insight] {
        InsightIdentity.keyed(insights) { _ in "" }
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
    /// Every registered module with where it comes from, its parameters, defaults and ranges,
    /// for people.
    public func text() -> String {
        var lines: [String] = []
        for descriptor in all {
            lines.append("\(descriptor.key)  \(descriptor.summary)  [\(descriptor.origin)]")
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

extension ModuleRegistry {
    /// The README's module table: one row per module version, the default (latest) of a module
    /// with several versions in bold.
    public func markdownTable() -> String {
        let modules = all
        var rows = ["| module | what it does | seed |", "| --- | --- | --- |"]
        for id in Set(modules.map(\.id)).sorted() {
            let versions = modules.filter { $0.id == id }.sorted { $0.version > $1.version }
            for (index, descriptor) in versions.enumerated() {
                let name = index == 0 && versions.count > 1 ? "**\(descriptor.key)** (default)" : descriptor.key
                let cells = [name, descriptor.details, descriptor.seed].map { $0.replacingOccurrences(of: "|", with: "\\|") }
                rows.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
