import CairnModuleKit
import Foundation
import Testing
@testable import CairnCopy

/// The guard fails closed: every way a pack could switch a rule off in silence is refused with
/// its file and line, and a refused pack never yields a guard.
@Suite("Rule packs fail closed")
struct RulePackLoadingTests {
    static let modules: Set<String> = ["marker-trends", "trigger-cooccurrence"]

    /// A minimal valid set of folders, with `change` applied to it before loading.
    func load(lintsCatalog: Bool = true, _ change: (URL) throws -> Void = { _ in }) throws -> Result<CopyGuard, RulePackError> {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-packs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["Rules", "Catalog", "Vocabularies"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try write(root, "Rules/Diagnosis.yml", "extends: existence\nmessage: \"'%s' diagnoses\"\nlevel: error\ntokens:\n  - 'diagnos\\w*'\n")
        try write(root, "Vocabularies/conditions.yml", "source: test\nterms:\n  - diabetes\n")
        try write(root, "Catalog/shared.yml", """
            - id: progress-message
              modules: all
              source: test
              approved: true
              text: "Keep logging"
            - id: trigger-cooccurrence.count
              modules: [trigger-cooccurrence]
              source: test
              template: "{with} of your last {episodes} episodes."
              slots:
                with: count
                episodes: count

            """)
        try change(root)
        do {
            return .success(try CopyGuard(rulesDirectory: root.appendingPathComponent("Rules"),
                                          catalogDirectory: root.appendingPathComponent("Catalog"),
                                          vocabularyDirectory: root.appendingPathComponent("Vocabularies"),
                                          knownModules: RulePackLoadingTests.modules, lintsCatalog: lintsCatalog))
        } catch {
            return .failure(error)
        }
    }

    func write(_ root: URL, _ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    func refusal(_ change: (URL) throws -> Void) throws -> String {
        switch try load(change) {
        case .success: return "loaded"
        case .failure(let error): return error.description
        }
    }

    @Test("the minimal pack loads")
    func valid() throws {
        guard case .success(let copyGuard) = try load() else { Issue.record("refused"); return }
        #expect(copyGuard.ruleIDs == ["Diagnosis"])
    }

    @Test("an empty or missing rules folder is refused")
    func emptyOrMissing() throws {
        #expect(try refusal { try FileManager.default.removeItem(at: $0.appendingPathComponent("Rules/Diagnosis.yml")) }
                == "Rules: holds no rule files; the guard refuses to run without them")
        #expect(try refusal { try FileManager.default.removeItem(at: $0.appendingPathComponent("Rules")) }
                == "Rules: is not a folder of rule files (missing)")
        #expect(try refusal { try FileManager.default.removeItem(at: $0.appendingPathComponent("Catalog")) }
                == "Catalog: is not a folder of copy catalog files (missing)")
    }

    @Test("a .YML file is a rule, not skipped; a file that is not YAML is refused")
    func extensions() throws {
        guard case .success(let upper) = try load({ root in
            try write(root, "Rules/Alarm.YML", "extends: existence\nmessage: \"'%s' alarms\"\ntokens:\n  - 'dangerous'\n")
        }) else { Issue.record("refused"); return }
        #expect(upper.ruleIDs.sorted() == ["Alarm", "Diagnosis"])
        #expect(!upper.isSafe("This is dangerous.", module: nil))
        #expect(try refusal { try write($0, "Rules/notes.txt", "nothing") }
                == "Rules/notes.txt: is not a rule file; every file here must be YAML (.yml or .yaml)")
    }

    @Test("a binary file is refused, not read")
    func binary() throws {
        #expect(try refusal { try Data([0x65, 0x78, 0x00, 0xFF]).write(to: $0.appendingPathComponent("Rules/Binary.yml")) }
                == "Binary.yml: is a binary file, not UTF-8 YAML text")
    }

    @Test("a scope naming an unknown module is refused with its line")
    func unknownScope() throws {
        #expect(try refusal {
            try write($0, "Rules/Scoped.yml", "extends: existence\nmessage: \"'%s'\"\nscope:\n  - trigger-cooccurence\ntokens: [x]\n")
        } == "Scoped.yml:4: key 'scope': names no module 'trigger-cooccurence'; modules: marker-trends, trigger-cooccurrence")
    }

    @Test("unknown keys, bad levels, empty and invalid patterns are refused with file, line and key")
    func brokenRules() throws {
        func rule(_ yaml: String) throws -> String { try refusal { try write($0, "Rules/Broken.yml", yaml) } }
        #expect(try rule("extends: exist\nmessage: '%s'\ntokens: [a]\n")
                == "Broken.yml:1: key 'extends': must be one of existence, substitution (found 'exist')")
        #expect(try rule("extends: existence\nmessage: 'no placeholder'\ntokens: [a]\n")
                == "Broken.yml:2: key 'message': must be text holding %s")
        #expect(try rule("extends: existence\nmessage: '%s'\nlevel: fatal\ntokens: [a]\n")
                == "Broken.yml:3: key 'level': must be one of error, warning, suggestion (found 'fatal')")
        #expect(try rule("extends: existence\nmessage: '%s'\ntokenz: [a]\n").hasPrefix("Broken.yml:3: key 'tokenz': is not a rule key; allowed:"))
        #expect(try rule("extends: existence\nmessage: '%s'\ntokens: ['(unclosed']\n")
                == "Broken.yml:3: key 'tokens': '(unclosed' is not a valid regular expression: missing closing parenthesis")
        #expect(try rule("extends: existence\nmessage: '%s'\ntokens: ['']\n") == "Broken.yml:3: key 'tokens': holds an empty pattern")
        #expect(try rule("extends: existence\nmessage: '%s'\ntokens: ['a*']\n") == "Broken.yml:3: key 'tokens': 'a*' matches empty text")
        #expect(try rule("extends: existence\nmessage: '%s'\nignorecase: maybe\ntokens: [a]\n")
                == "Broken.yml:3: key 'ignorecase': must be true or false")
        #expect(try rule("extends: existence\nmessage: '%s'\ntokens: ['{{nowhere}}']\n")
                == "Broken.yml:3: key 'tokens': '{{nowhere}}' names no vocabulary 'nowhere'; vocabularies: conditions")
        #expect(try rule("extends: existence\nmessage: '%s'\n").contains("key 'tokens': is missing"))
        #expect(try rule("").contains("Broken.yml"))
        #expect(try rule("extends: [unclosed\n").hasPrefix("Broken.yml:"))
    }

    @Test("levels mean something: an error blocks, a warning is reported and the text still shows")
    func levels() throws {
        guard case .success(let copyGuard) = try load({ root in
            try write(root, "Rules/Hedging.yml", "extends: existence\nmessage: \"'%s' hedges\"\nlevel: warning\ntokens:\n  - 'perhaps'\n")
        }) else { Issue.record("refused"); return }
        let warned = copyGuard.lint("Perhaps later.", module: nil)
        #expect(warned.map(\.level) == [.warning])
        guard case .success(let copy) = copyGuard.admit("Perhaps later.", module: nil) else { Issue.record("blocked"); return }
        #expect(copy.text == "Perhaps later.")
        #expect(!copyGuard.isSafe("A diagnosis.", module: nil))
    }

    @Test("ignorecase is honoured, and patterns are compiled as written (\\W stays \\W)")
    func patternsAsWritten() throws {
        guard case .success(let copyGuard) = try load({ root in
            try write(root, "Rules/Acronym.yml", "extends: existence\nmessage: \"'%s'\"\nignorecase: false\ntokens:\n  - 'MOH'\n")
            try write(root, "Rules/Spaced.yml", "extends: existence\nmessage: \"'%s'\"\ntokens:\n  - 'over\\Wdose'\n")
        }) else { Issue.record("refused"); return }
        #expect(!copyGuard.isSafe("The MOH count.", module: nil))
        #expect(copyGuard.isSafe("The moh count.", module: nil))
        #expect(!copyGuard.isSafe("An over dose.", module: nil))
        #expect(copyGuard.isSafe("An overwdose.", module: nil))
    }

    @Test("exceptions excuse only what they cover")
    func exceptions() throws {
        guard case .success(let copyGuard) = try load({ root in
            try write(root, "Rules/Treat.yml", "extends: existence\nmessage: \"'%s'\"\ntokens:\n  - 'treat \\w+'\nexceptions:\n  - 'treat yourself'\n")
        }) else { Issue.record("refused"); return }
        #expect(copyGuard.isSafe("Treat yourself.", module: nil))
        #expect(!copyGuard.isSafe("Treat headaches.", module: nil))
    }

    @Test("a catalog template that breaks a rule refuses to load, with its file and line")
    func brokenTemplate() throws {
        #expect(try refusal { try write($0, "Catalog/bad.yml", """
            - id: trigger-cooccurrence.bad
              modules: [trigger-cooccurrence]
              source: test
              template: "A diagnosis after {with} days."
              slots:
                with: count

            """) } == "bad.yml:1: key 'template': 'trigger-cooccurrence.bad' breaks rule Diagnosis for trigger-cooccurrence at column 3: 'd********' diagnoses")
    }

    @Test("linted on first use (the bundled guard's way), a broken template is never rendered, and catalogProblems names it")
    func brokenTemplateOnFirstUse() throws {
        guard case .success(let copyGuard) = try load(lintsCatalog: false, { try write($0, "Catalog/bad.yml", """
            - id: trigger-cooccurrence.bad
              modules: [trigger-cooccurrence]
              source: test
              template: "A diagnosis after {with} days."
              slots:
                with: count

            """) }) else { Issue.record("refused at load"); return }
        #expect(copyGuard.catalogProblems().map(\.description)
                == ["bad.yml:1: key 'template': 'trigger-cooccurrence.bad' breaks rule Diagnosis for trigger-cooccurrence at column 3: 'd********' diagnoses"])
        // Refused when rendered, whatever the slot's value; the sound template still renders.
        for days in [1, 7, 30] {
            guard case .failure(let rejection) = copyGuard.render(CopyMessage("trigger-cooccurrence.bad", ["with": .count(days)]),
                                                                   module: "trigger-cooccurrence") else {
                Issue.record("a broken template was rendered"); return
            }
            #expect(rejection.violations.first?.rule == "CopyCatalog")
        }
        guard case .success(let sound) = copyGuard.render(CopyMessage("trigger-cooccurrence.count", ["with": .count(3), "episodes": .count(9)]),
                                                           module: "trigger-cooccurrence") else { Issue.record("sound template refused"); return }
        #expect(sound.copy.text == "3 of your last 9 episodes.")
    }

    @Test("a value is linted in its template's words: one that makes a claim there is caught without linting the whole sentence")
    func valueInContext() throws {
        guard case .success(let copyGuard) = try load(lintsCatalog: false, { root in
            try write(root, "Rules/Emergency.yml", "extends: existence\nmessage: \"'%s' directs\"\nlevel: error\ntokens:\n  - 'ring (?:999|112)'\n")
            try write(root, "Catalog/ring.yml", """
                - id: trigger-cooccurrence.ring
                  modules: [trigger-cooccurrence]
                  source: test
                  template: "Ring {count} after {days} days."
                  slots:
                    count: count
                    days: count
                - id: trigger-cooccurrence.side
                  modules: [trigger-cooccurrence]
                  source: test
                  template: "{a} {b} days."
                  slots:
                    a: count
                    b: count

                """)
        }) else { Issue.record("refused at load"); return }
        func render(_ id: String, _ slots: [String: SlotValue]) -> Result<RenderedCopy, CopyRejection> {
            copyGuard.render(CopyMessage(id, slots), module: "trigger-cooccurrence")
        }
        guard case .success(let sound) = render("trigger-cooccurrence.ring", ["count": .count(5), "days": .count(3)]) else {
            Issue.record("sound copy refused"); return
        }
        #expect(sound.copy.text == "Ring 5 after 3 days.")
        // The template passed with its sample values; 999 beside its words is a direction.
        guard case .failure(let rejection) = render("trigger-cooccurrence.ring", ["count": .count(999), "days": .count(3)]) else {
            Issue.record("a claim made by a value was shown"); return
        }
        #expect(rejection.violations.map(\.rule) == ["Emergency"])
        // Values parted by no word are linted as the whole sentence.
        let entries = ["trigger-cooccurrence.ring", "trigger-cooccurrence.side"].compactMap { copyGuard.catalog.entry($0) }
        #expect(entries.map { CopyGuard.valuesPartedByWords($0, varying: ["count", "days", "a", "b"]) } == [true, false])
        #expect(CopyGuard.valuesPartedByWords(entries[1], varying: ["a"]))
        guard case .success(let side) = render("trigger-cooccurrence.side", ["a": .count(1), "b": .count(2)]) else {
            Issue.record("sound copy refused"); return
        }
        #expect(side.copy.text == "1 2 days.")
    }

    @Test("catalog entries are checked: slots declared and used, known modules, no duplicates, a source")
    func brokenCatalog() throws {
        func entry(_ yaml: String) throws -> String { try refusal { try write($0, "Catalog/bad.yml", yaml) } }
        #expect(try entry("- id: x\n  modules: [marker-trends]\n  source: s\n  template: \"{n} days\"\n")
                == "bad.yml:1: key 'template': uses slot {n}, which slots does not declare")
        #expect(try entry("- id: x\n  modules: [marker-trends]\n  source: s\n  template: \"days\"\n  slots:\n    n: count\n")
                == "bad.yml:1: key 'slots': declares {n}, which the template never uses")
        #expect(try entry("- id: x\n  modules: [marker-trends]\n  source: s\n  template: \"{n}\"\n  slots:\n    n: colour\n")
                .hasPrefix("bad.yml:6: key 'slots': 'n' has no type; types:"))
        #expect(try entry("- id: x\n  modules: [nobody]\n  source: s\n  template: \"days\"\n")
                == "bad.yml:2: key 'scope': names no module 'nobody'; modules: marker-trends, trigger-cooccurrence")
        #expect(try entry("- id: x\n  modules: all\n  template: \"days\"\n")
                == "bad.yml:1: key 'source': is missing: name the seed section the copy comes from")
        #expect(try entry("- id: progress-message\n  modules: all\n  source: s\n  template: \"days\"\n")
                == "shared.yml:1: key 'id': 'progress-message' is already defined in bad.yml:1")
    }
}
