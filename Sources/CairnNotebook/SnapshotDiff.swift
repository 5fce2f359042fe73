import CairnAnalysis
import CairnCopy
import CairnCore
import Foundation

/// The differences between two snapshots, grouped by module and profile: insights added,
/// removed, with changed text (or kind or version), and with changed evidence, numbers compared
/// within a relative tolerance. Insights are matched by profile, module id, subject and their
/// order among that module's insights on the subject, so two versions of a module line up.
public struct SnapshotDiff: Sendable, Encodable {
    public struct EvidenceChange: Sendable, Encodable, Equatable {
        public let key: String
        public let old: String
        public let new: String
    }

    public struct Difference: Sendable, Encodable, Equatable {
        public let change: String
        public let profile: String
        public let module: String
        public let subject: String
        public let kind: String
        public let oldText: String?
        public let newText: String?
        public let oldVersion: Int?
        public let newVersion: Int?
        public let evidence: [EvidenceChange]

        enum CodingKeys: String, CodingKey {
            case change, profile, module, subject, kind, evidence
            case oldText = "old_text", newText = "new_text", oldVersion = "old_version", newVersion = "new_version"
        }
    }

    public let differences: [Difference]
    public var isEmpty: Bool { differences.isEmpty }

    init(differences: [Difference]) {
        self.differences = differences
    }

    /// The diff as it may be printed: snapshot files are read from outside, so every text in
    /// them is checked again. A text that breaks a copy rule is replaced by a line naming the
    /// rules and places (never its words); identifiers and evidence are masked likewise.
    public func checked(by copyGuard: CopyGuard, modules: Set<String>) -> SnapshotDiff {
        func text(_ value: String?, module: String) -> String? {
            guard let value else { return nil }
            switch copyGuard.admit(value, module: module) {
            case .success: return value
            case .failure(let rejection):
                return "[withheld by the copy guard: "
                    + rejection.violations.map { "\($0.rule) at \($0.line):\($0.column)" }.joined(separator: ", ") + "]"
            }
        }
        return SnapshotDiff(differences: differences.map { d in
            // Registered module ids and insight kinds are Cairn's own words; anything else in the
            // file is checked like data.
            Difference(change: d.change, profile: copyGuard.safeIdentifier(d.profile, kind: "profile"),
                       module: modules.contains(d.module) ? d.module : copyGuard.safeIdentifier(d.module, kind: "module"),
                       subject: copyGuard.safeIdentifier(d.subject, kind: "subject", module: d.module),
                       kind: InsightKind(rawValue: d.kind) != nil ? d.kind : copyGuard.safeIdentifier(d.kind, kind: "kind"),
                       oldText: text(d.oldText, module: d.module), newText: text(d.newText, module: d.module),
                       oldVersion: d.oldVersion, newVersion: d.newVersion,
                       evidence: d.evidence.map {
                           EvidenceChange(key: copyGuard.masked($0.key, module: d.module), old: copyGuard.masked($0.old, module: d.module),
                                          new: copyGuard.masked($0.new, module: d.module))
                       })
        })
    }

    public init(old: Snapshot, new: Snapshot, tolerance: Double = 1e-9) {
        func keyed(_ entries: [Snapshot.Entry]) -> [String: Snapshot.Entry] {
            let keys = InsightIdentity.keys(entries.map {
                InsightIdentity.Item(scope: "\($0.module)|\($0.profile)", subject: $0.subject, isProgress: $0.kind == "progress")
            })
            return Dictionary(zip(keys, entries), uniquingKeysWith: { first, _ in first })
        }
        let before = keyed(old.insights), after = keyed(new.insights)
        var differences: [Difference] = []
        for key in Set(before.keys).union(after.keys).sorted() {
            switch (before[key], after[key]) {
            case (let o?, nil):
                differences.append(Difference(change: "removed", profile: o.profile, module: o.module, subject: o.subject, kind: o.kind,
                                              oldText: o.text, newText: nil, oldVersion: o.version, newVersion: nil, evidence: []))
            case (nil, let n?):
                differences.append(Difference(change: "added", profile: n.profile, module: n.module, subject: n.subject, kind: n.kind,
                                              oldText: nil, newText: n.text, oldVersion: nil, newVersion: n.version, evidence: []))
            case (let o?, let n?):
                let evidence = SnapshotDiff.evidenceChanges(o.evidence, n.evidence, tolerance: tolerance)
                let textChanged = o.text != n.text || o.kind != n.kind || o.version != n.version
                guard textChanged || !evidence.isEmpty else { continue }
                differences.append(Difference(
                    change: textChanged ? "changed_text" : "changed_evidence", profile: n.profile, module: n.module,
                    subject: n.subject, kind: n.kind, oldText: o.text, newText: n.text, oldVersion: o.version,
                    newVersion: n.version, evidence: evidence))
            case (nil, nil):
                continue
            }
        }
        self.differences = differences.sorted { ($0.module, $0.profile, $0.subject) < ($1.module, $1.profile, $1.subject) }
    }

    static func evidenceChanges(_ old: JSONValue, _ new: JSONValue, tolerance: Double) -> [EvidenceChange] {
        let a = old.flattened(), b = new.flattened()
        var changes: [EvidenceChange] = []
        for key in Set(a.keys).union(b.keys).sorted() {
            let x = a[key] ?? .null, y = b[key] ?? .null
            if case .number(let p) = x, case .number(let q) = y {
                if abs(p - q) <= tolerance * max(1, abs(p), abs(q)) { continue }
            } else if x == y {
                continue
            }
            changes.append(EvidenceChange(key: key, old: a[key]?.text ?? "absent", new: b[key]?.text ?? "absent"))
        }
        return changes
    }

    public func text() -> String {
        guard !differences.isEmpty else { return "No differences.\n" }
        var lines: [String] = []
        var group = ""
        for difference in differences {
            let heading = "\(difference.module) · \(difference.profile)"
            if heading != group {
                if !group.isEmpty { lines.append("") }
                lines.append(heading)
                group = heading
            }
            let versions = difference.oldVersion != nil && difference.newVersion != nil && difference.oldVersion != difference.newVersion
                ? " (@\(difference.oldVersion!) → @\(difference.newVersion!))" : ""
            lines.append("  \(difference.change) \(difference.kind) \(difference.subject)\(versions)")
            if let old = difference.oldText, difference.change != "added", old != difference.newText || difference.change == "removed" {
                lines.append("    - \(old)")
            }
            if let new = difference.newText, difference.change != "removed", new != difference.oldText || difference.change == "added" {
                lines.append("    + \(new)")
            }
            for change in difference.evidence { lines.append("    \(change.key): \(change.old) → \(change.new)") }
        }
        let counts = ["added", "removed", "changed_text", "changed_evidence"].compactMap { kind -> String? in
            let n = differences.filter { $0.change == kind }.count
            return n == 0 ? nil : "\(n) \(kind.replacingOccurrences(of: "_", with: " "))"
        }
        lines.append("")
        lines.append(counts.joined(separator: ", ") + ".")
        return lines.joined(separator: "\n") + "\n"
    }

    public func json() -> String { JSONText.encode(self) }
}
