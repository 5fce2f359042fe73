import Foundation
import Testing

/// SEED-RULES.md, the audit of the seeds' rules (issue 25): its totals are recounted from its
/// rows, so the table cannot drift from them, and every rule left partial is named in README's
/// "Where Cairn differs from the seeds, and why", as the issue's "Done when" asks.
@Suite("Seed rules audit")
struct SeedRulesAuditTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// One audited rule: its id and its status after and before issue 25a's fixes.
    struct Rule {
        let id: String
        let status: String
        let before: String
    }

    static let statuses = ["implemented", "partial", "missing", "n/a"]

    static func rules() throws -> [Rule] {
        let text = try String(contentsOfFile: root + "/SEED-RULES.md", encoding: .utf8)
        return try text.split(separator: "\n").filter { line in
            line.hasPrefix("| ") && line.dropFirst(2).prefix { $0 != " " }.contains("-")
                && ["GL", "GR", "AU", "HR", "MF", "DS", "DC"].contains(String(line.dropFirst(2).prefix(2)))
        }.map { line in
            // An escaped bar inside a cell is text, not a column.
            let cells = line.replacingOccurrences(of: "\\|", with: "/").split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let status = try #require(statuses.first { cells[4].hasPrefix($0) }, "\(cells[1]): \(cells[4])")
            let fixedFrom = statuses.first { cells[4].contains("(was \($0); fixed here)") }
            return Rule(id: cells[1], status: status, before: fixedFrom ?? status)
        }
    }

    @Test("the totals are the rows' own count, before and after, and ids are unique")
    func totals() throws {
        let rules = try Self.rules()
        #expect(Set(rules.map(\.id)).count == rules.count)
        let text = try String(contentsOfFile: Self.root + "/SEED-RULES.md", encoding: .utf8)
        func row(_ label: String, _ keyPath: KeyPath<Rule, String>) -> String {
            let counts = Self.statuses.map { status in rules.filter { $0[keyPath: keyPath] == status }.count }
            return "| \(label) | " + counts.map(String.init).joined(separator: " | ") + " | \(rules.count) |"
        }
        #expect(text.contains(row("before issue 25a", \.before)), "\(row("before issue 25a", \.before))")
        #expect(text.contains(row("after issue 25a", \.status)), "\(row("after issue 25a", \.status))")
        #expect(!rules.contains { $0.status == "missing" })
    }

    @Test("every partial rule is named in README's differences, with the audit's totals")
    func partialsListed() throws {
        let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "### Where Cairn differs from the seeds, and why"))
        let end = try #require(readme.range(of: "### Trigger co-occurrence, versions 3 and 4"))
        let section = String(readme[start.upperBound..<end.lowerBound])
        let rules = try Self.rules()
        for rule in rules where rule.status == "partial" {
            #expect(section.contains(rule.id), "\(rule.id) is partial and not in README's differences")
        }
        let counts = Self.statuses.map { status in rules.filter { $0.status == status }.count }
        #expect(section.contains("\(rules.count) rules, \(counts[0]) implemented, \(counts[1]) partial"))
    }
}
