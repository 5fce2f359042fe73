import CairnCopy
import CairnModules
import Foundation
import Testing

/// Copy written blind (Fixtures/blind/README.md): by a writer who read only the seeds and the
/// issue, never the rules. The development half holds the guard to no leak and at most 1% of
/// safe copy blocked; the sealed half is never tuned on and is only reported
/// (`scripts/copy-corpus-report`, BENCHMARKS.md), so it is not asserted here.
@Suite("Blind copy corpus")
struct BlindCorpusTests {
    struct Case: Decodable {
        let id: String
        let text: String
        let expect: String
        let kind: String
        let module: String?
    }

    static func load(_ name: String) -> [Case] {
        guard let url = Bundle.module.url(forResource: "Fixtures/blind/\(name)", withExtension: "jsonl"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Case.self, from: Data($0.utf8)) }
    }

    @Test("the development halves: no leak, at most 1% of safe copy blocked", arguments: [("dev", 742), ("dev2", 705), ("dev3", 655), ("dev4", 668)])
    func development(name: String, count: Int) throws {
        let cases = Self.load(name)
        #expect(cases.count == count, "the corpus file did not load whole")
        let copyGuard = try ModuleHost.copyGuard()
        var leaks: [String] = [], blocked: [String] = []
        for item in cases {
            let isBlocked: Bool
            switch copyGuard.admit(item.text, module: item.module) {
            case .success: isBlocked = false
            case .failure: isBlocked = true
            }
            if item.expect == "block" && !isBlocked { leaks.append("\(item.id) \(item.kind): \(item.text.debugDescription)") }
            if item.expect == "pass" && isBlocked { blocked.append("\(item.id) \(item.kind): \(item.text.debugDescription)") }
        }
        #expect(leaks == [], "leaks")
        let passes = cases.filter { $0.expect == "pass" }.count
        #expect(Double(blocked.count) <= 0.01 * Double(passes), "wrongly blocked: \(blocked)")
    }

    @Test("the generated development half (subject x claim x hedge x disguise): no leak, at most 1% of safe copy blocked")
    func generated() throws {
        let cases = Self.load("../generated/dev")
        #expect(cases.count > 1_000, "the generated corpus did not load")
        let copyGuard = try ModuleHost.copyGuard()
        let leaks = cases.filter { $0.expect == "block" && copyGuard.isSafe($0.text, module: $0.module) }.map(\.text)
        let blocked = cases.filter { $0.expect == "pass" && !copyGuard.isSafe($0.text, module: $0.module) }.map(\.text)
        #expect(leaks == [], "leaks")
        #expect(Double(blocked.count) <= 0.01 * Double(cases.filter { $0.expect == "pass" }.count), "wrongly blocked: \(blocked)")
    }

    @Test("every block names its kind of claim and its rule in lint-copy's JSON terms")
    func claimsNamed() throws {
        let copyGuard = try ModuleHost.copyGuard()
        let expected: [(String, CopyClaim)] = [
            ("Headache risk tomorrow: high.", .forecast),
            ("This is nothing to worry about.", .reassurance),
            ("Get to an emergency department.", .emergency),
            ("Red wine is behind your headaches.", .causal),
            ("Ask your doctor about starting a statin.", .treatment),
            ("Type detected: cluster", .condition),
        ]
        for (text, claim) in expected {
            let claims = copyGuard.lint(text, module: nil).filter(\.blocks).map(\.claim)
            #expect(claims.contains(claim), "\(text): \(claims)")
        }
    }

    @Test("disguises are read as a person reads them: markup inside words, invisible separators and letters")
    func disguises() throws {
        let copyGuard = try ModuleHost.copyGuard()
        for text in ["You have mi<b>gr</b>aine.", "You have [mig](https://x.example)raine.", "You have mi\u{200B}graine.",
                     "You\u{3164}have\u{3164}diabetes.", "You\u{2800}have\u{2800}diabetes.", "You\u{115F}have\u{1160}diabetes.",
                     "Your body a\u{FFA0}ge is 62.", "Cut out the caf&ZeroWidthSpace;feine.",
                     // Letters drawn blank as the spaces, other invisible characters inside words.
                     "Ta\u{AD}ke\u{3164}ibu\u{200C}profen\u{3164}daily.", "Your he\u{3164}art age is 64.",
                     // Markdown emphasis by underscores inside a word.
                     "Your _meta_bolic age is 58.", "Poor sleep is beh__ind__ your headaches."] {
            #expect(!copyGuard.isSafe(text, module: nil), "\(text.debugDescription)")
        }
        for text in ["Send a dia\u{00AD}gnostic report", "A de\u{200B}pression is moving in.", "<p>Export your data</p>",
                     // A joiner clings to the letter before it: still the UI sense, read whole.
                     "Av\u{200D}oid closing the app while the export is in progress.", "Export poor_sleep and sleep_quality as CSV."] {
            #expect(copyGuard.isSafe(text, module: nil), "\(text.debugDescription)")
        }
    }

    @Test("approved texts: whole inside longer copy passes, a sentence of one is judged, an altered one is blocked")
    func approvedTexts() throws {
        let copyGuard = try ModuleHost.copyGuard()
        let footer = "Patterns are for informational purposes only — not medical advice."
        #expect(copyGuard.isSafe(footer + " Got it", module: "trigger-cooccurrence"))
        #expect(copyGuard.isSafe("It may be worth mentioning this pattern to your healthcare provider.", module: "medication-overuse"))
        #expect(!copyGuard.isSafe("Patterns are for informational purposes only — and are medical advice.", module: "trigger-cooccurrence"))
        #expect(!copyGuard.isSafe(footer + " You probably have migraine.", module: "trigger-cooccurrence"))
    }
}
