import CairnCore
import CairnCopy
import CairnModules
import Foundation
import Testing

/// The public copy-safety corpus (Fixtures/README.md): every sentence that must be blocked is
/// blocked and every sentence that must pass passes, for the module whose copy it would be.
@Suite("Copy corpus")
struct CopyCorpusTests {
    struct Case: Decodable {
        let expect: String
        let kind: String
        let module: String?
        let text: String
    }

    static let cases: [Case] = {
        guard let url = Bundle.module.url(forResource: "Fixtures/copy-corpus", withExtension: "json"),
              let data = try? Data(contentsOf: url),
              let decoded = try? JSONDecoder().decode([Case].self, from: data) else { return [] }
        return decoded
    }()

    @Test("the corpus is large and covers every kind")
    func size() {
        #expect(Self.cases.count >= 400)
        #expect(Self.cases.filter { $0.expect == "pass" }.count >= 150)
        let kinds = Set(Self.cases.map(\.kind))
        for kind in ["assertion", "condition-name", "inference", "treatment", "alarm", "causal", "statistics", "ai",
                     "classification", "directive", "disguise", "tampered-approved", "approved", "seed-copy", "ordinary"] {
            #expect(kinds.contains(kind), "no \(kind) cases")
        }
    }

    @Test("no leaks and no false blocks")
    func corpus() throws {
        let copyGuard = try ModuleHost.copyGuard()
        var leaks: [String] = [], falseBlocks: [String] = []
        for item in Self.cases {
            let blocked: Bool
            switch copyGuard.admit(item.text, module: item.module) {
            case .success: blocked = false
            case .failure: blocked = true
            }
            if item.expect == "block" && !blocked { leaks.append("\(item.kind): \(item.text)") }
            if item.expect == "pass" && blocked {
                let rules = copyGuard.lint(item.text, module: item.module).filter(\.blocks).map(\.rule)
                falseBlocks.append("\(item.kind): \(item.text) \(rules)")
            }
        }
        #expect(leaks == [], "leaks")
        #expect(falseBlocks == [], "false blocks")
    }
}
