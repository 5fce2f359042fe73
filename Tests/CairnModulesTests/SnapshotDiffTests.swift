import CairnNotebook
import Foundation
import Testing

@Suite("Snapshot diff")
struct SnapshotDiffTests {
    func snapshot(_ insights: String) throws -> Snapshot {
        try Snapshot.parse(Data("{\"insights\": [\(insights)], \"withheld\": []}".utf8), path: "test.json")
    }

    func entry(_ subject: String, text: String = "Some text.", p: Double = 0.5, version: Int = 1, kind: String = "finding") -> String {
        "{\"module\": \"m\", \"version\": \(version), \"profile\": \"p\", \"as_of\": \"x\", \"kind\": \"\(kind)\", \"subject\": \"\(subject)\", \"text\": \"\(text)\", \"evidence\": {\"p\": \(p), \"ci\": [1, 2]}, \"non_default\": false}"
    }

    @Test("identical snapshots have no differences")
    func same() throws {
        let a = try snapshot(entry("a") + "," + entry("b"))
        #expect(SnapshotDiff(old: a, new: a).isEmpty)
        #expect(SnapshotDiff(old: a, new: a).text() == "No differences.\n")
    }

    @Test("added, removed, changed text and changed evidence, with the tolerance deciding numbers")
    func kinds() throws {
        let old = try snapshot([entry("a"), entry("b"), entry("c", p: 0.5)].joined(separator: ","))
        let new = try snapshot([entry("a", text: "Other text."), entry("c", p: 0.5000000001), entry("d")].joined(separator: ","))
        let diff = SnapshotDiff(old: old, new: new)
        #expect(diff.differences.map(\.change) == ["changed_text", "removed", "added"])
        let loose = SnapshotDiff(old: try snapshot(entry("c", p: 0.5)), new: try snapshot(entry("c", p: 0.51)), tolerance: 0.05)
        #expect(loose.isEmpty)
        let strict = SnapshotDiff(old: try snapshot(entry("c", p: 0.5)), new: try snapshot(entry("c", p: 0.51)), tolerance: 0.001)
        #expect(strict.differences.map(\.change) == ["changed_evidence"])
        #expect(strict.differences[0].evidence.map { "\($0.key): \($0.old) → \($0.new)" } == ["p: 0.5 → 0.51"])
    }

    @Test("two versions of a module line up by subject; the version change is shown")
    func versions() throws {
        let diff = SnapshotDiff(old: try snapshot(entry("a", version: 1)), new: try snapshot(entry("a", version: 2)))
        #expect(diff.differences.map(\.change) == ["changed_text"])
        #expect(diff.text().contains("(@1 → @2)"))
    }

    @Test("a file that is not a snapshot is refused with where it went wrong")
    func notSnapshot() {
        do {
            _ = try Snapshot.parse(Data("{\"insights\": [{\"module\": \"m\"}]}".utf8), path: "bad.json")
            Issue.record("parsed")
        } catch {
            #expect(error.description.hasPrefix("bad.json: not a snapshot"))
            #expect(error.description.contains("missing key \"version\" at .insights[0]"))
        }
    }
}
