import Foundation

/// The one gate every user-facing text passes: exact approved copy is admitted as it is; any
/// other text is normalised and checked against every rule in scope for its module, and is
/// blocked, never rewritten, when it breaks one.
public struct CopyGuard: Sendable {
    let rules: [CopyRule]
    let approved: [ApprovedCopy]

    /// The bundled rule packs and approved copy.
    public static let standard: CopyGuard = {
        do {
            return try CopyGuard(rulesDirectory: Bundle.module.url(forResource: "Rules", withExtension: nil)!,
                                 approvedFile: Bundle.module.url(forResource: "approved", withExtension: "yml")!)
        } catch {
            preconditionFailure("the bundled copy rules are broken: \(error)")
        }
    }()

    public init(rulesDirectory: URL, approvedFile: URL) throws(RulePackError) {
        rules = try RulePackLoader.loadRules(in: rulesDirectory)
        approved = try RulePackLoader.loadApproved(approvedFile)
    }

    /// The ids of the rules, for listings.
    public var ruleIDs: [String] { rules.map(\.id) }

    /// The approved verbatim text with this id.
    public func approvedText(_ id: String) -> String? {
        approved.first { $0.id == id }?.text
    }

    /// Every violation in a text, in order of position; none for exact approved copy.
    public func lint(_ text: String, module: String?) -> [CopyViolation] {
        if approvedMatch(text, module: module) != nil { return [] }
        let original = Array(text)
        let normalized = CopyNormalizer.normalize(text)
        let squeezed = CopyNormalizer.squeeze(normalized)
        var violations: [CopyViolation] = []
        var seen = Set<String>()
        for rule in rules where rule.scope.includes(module) {
            for form in [normalized, squeezed] {
                for (range, pattern) in rule.matches(in: form.text) where !range.isEmpty {
                    let start = form.origins[range.lowerBound]
                    let end = form.origins[range.upperBound - 1]
                    let matched = String(original[start...end])
                    let key = "\(rule.id):\(start)"
                    guard seen.insert(key).inserted else { continue }
                    let (line, column) = CopyGuard.position(of: start, in: original)
                    violations.append(CopyViolation(rule: rule.id, message: rule.message(for: matched, pattern: pattern),
                                                    match: matched, line: line, column: column, level: rule.level))
                }
            }
        }
        return violations.sorted { ($0.line, $0.column, $0.rule) < ($1.line, $1.column, $1.rule) }
    }

    /// The text as `SafeCopy` when it breaks no rule, or the rules it broke.
    public func admit(_ text: String, module: String?) -> Result<SafeCopy, CopyRejection> {
        if let id = approvedMatch(text, module: module) { return .success(SafeCopy(text: text, approvedID: id)) }
        let violations = lint(text, module: module)
        guard violations.isEmpty else {
            return .failure(CopyRejection(text: text, module: module, violations: violations))
        }
        return .success(SafeCopy(text: text, approvedID: nil))
    }

    private func approvedMatch(_ text: String, module: String?) -> String? {
        approved.first { $0.text == text && $0.modules.includes(module) }?.id
    }

    private static func position(of offset: Int, in characters: [Character]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for character in characters[..<offset] {
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}
