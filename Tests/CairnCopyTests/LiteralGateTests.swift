import CairnModules
import Foundation
import Testing
@testable import CairnCopy

/// A rule pattern is tried only on text holding one of the words it needs. Skipping a pattern
/// must never lose a match: the words are read from the pattern's syntax (expected sets worked
/// out by hand here), the scanner is held to a plain substring search, and every bundled rule
/// is held to the same rule with no skipping, on the copy corpora.
@Suite("Words a pattern needs")
struct LiteralGateTests {
    static let vocabularies: [String: Vocabulary] = [
        "drugs": Vocabulary(name: "drugs", source: "test", terms: ["ibuprofen", "ace inhibitor", "co-codamol", "Ménière"]),
        "short": Vocabulary(name: "short", source: "test", terms: ["tpa", "zz"]),
    ]

    static func words(_ pattern: String) -> Set<String>? {
        RequiredLiterals.of(pattern, vocabularies: vocabularies)?.expanded(vocabularies)
    }

    @Test("the longest run of literal characters that every match holds")
    func runs() {
        #expect(Self.words("(?:is|are) (?:\\w+ )?going to (?:decline|worsen)") == ["going to"])
        #expect(Self.words("danger(?:s|ous|ously)?|alarming(?:ly)?") == ["danger", "alarming"])
        // An optional letter ends the run before it; "+" keeps one.
        #expect(Self.words("colou?r chart") == ["r chart"])
        #expect(Self.words("zo+mbie") == ["mbie"])
        #expect(Self.words("(?:ab|cd)(?:e|f) xyzw") == ["xyzw"])
        // Upper case is read as lower case; an escaped mark is the mark.
        #expect(Self.words("Heart\\.rate") == ["heart.rate"])
        #expect(Self.words("a{2}bcde") == ["bcde"])
        #expect(Self.words("x{0,2}yz") == nil)
        #expect(Self.words("(?-i:AFib) now") == ["afib"])
    }

    @Test("a placeholder needs a word of each of its vocabulary's terms")
    func placeholders() {
        // "take" (4 letters) gates better than the terms' words, the shortest of which is "ni".
        #expect(Self.words("take {{drugs}}") == ["take"])
        #expect(Self.words("{{drugs}} works") == ["works"])
        #expect(Self.words("{{drugs}}") == nil, "'ni' (from Ménière) is shorter than the shortest gate")
        #expect(Self.words("(?:{{drugs}}|{{short}})") == nil)
        #expect(Self.vocabularies["drugs"]!.requiredWords == ["ibuprofen", "inhibitor", "codamol", "ni"])
        // A vocabulary is kept by name, and gates as well as its shortest word lets it.
        let longer = ["long": Vocabulary(name: "long", source: "test", terms: ["migraine", "tension type", "aura"])]
        #expect(RequiredLiterals.of("(?:{{long}}|stroke)", vocabularies: longer) == NeededWords(words: ["stroke"], vocabularies: ["long"]))
        #expect(RequiredLiterals.of("{{long}} pattern", vocabularies: longer) == NeededWords(words: ["pattern"]),
                "'pattern' is longer than 'aura'")
        #expect(RequiredLiterals.of("{{long}} is", vocabularies: longer) == NeededWords(vocabularies: ["long"]))
    }

    @Test("nothing is needed where a match can do without a word")
    func noWords() {
        #expect(Self.words("(?:stroke|\\d+)") == nil, "one branch has no word")
        #expect(Self.words("(?:stroke|\\d+ days)") == ["stroke", "days"])
        #expect(Self.words("(?:big )?(?=stroke)\\w+") == nil, "a lookahead is not part of the match")
        #expect(Self.words("(?:stroke)?") == nil)
        #expect(Self.words("(?:stroke)* now") == ["now"])
        #expect(Self.words("[abc]{3}") == nil)
        #expect(Self.words("\\Qstroke\\E") == nil, "quoting is not read")
        #expect(Self.words("(?|stroke|fit)") == nil, "branch reset is not read")
        #expect(Self.words("is|at") == nil, "two letters are too short")
        #expect(Self.words("(?<!no )stroke") == ["stroke"])
        #expect(Self.words("(?i)stroke") == ["stroke"])
        // Escapes whose characters are not literals (a review found these read as words).
        #expect(Self.words("migr\\x61ine") == ["migr"], "'61' is the code of 'a'")
        #expect(Self.words("\\cAbleed") == ["bleed"], "'A' belongs to the control escape")
        #expect(Self.words("\\012stroke") == ["stroke"], "octal digits belong to the escape")
        #expect(Self.words("(dose)\\1stroke") == ["stroke"])
        #expect(Self.words("(?x)mi graine") == nil, "extended mode is not read")
        #expect(Self.words("(?ix: mi graine)") == nil)
    }

    @Test("a pattern with an option of its own leaves the other patterns of a detector as they are")
    func unionScopesOptions() throws {
        let detector = try #require(CompiledPattern.union(["(?i)STROKE", "Fit"], ignoresCase: false)?.first)
        #expect(detector.matches(MatchText("a stroke")))
        #expect(!detector.matches(MatchText("a fit")), "'(?i)' of the first pattern does not reach the second")
        #expect(detector.matches(MatchText("a Fit")))
    }

    @Test("the scanner finds exactly the words a substring search finds")
    func scannerAgainstSearch() {
        // Words over a small alphabet overlap and nest often ("ab" in "aab", "ba" across "ab ab"),
        // and a vocabulary's words may also be a gate's own.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array("abAB c")
        func word(_ length: Int) -> String { String((0..<length).map { _ in alphabet[next(alphabet.count)] }) }
        for _ in 0..<200 {
            let vocabularies = Dictionary(uniqueKeysWithValues: ["v", "w"].map { name in
                (name, Vocabulary(name: name, source: "test", terms: (0..<(1 + next(3))).map { _ in
                    String(word(1 + next(4)).lowercased().filter { $0 != " " }) + "a"
                }))
            })
            let gates: [NeededWords] = (0..<(1 + next(6))).map { _ in
                NeededWords(words: Set((0..<next(4)).map { _ in word(1 + next(4)).lowercased() }),
                            vocabularies: Set(["v", "w"].filter { _ in next(3) == 0 }))
            }
            let scanner = LiteralScanner(gates: gates, vocabularies: vocabularies)
            for _ in 0..<20 {
                let text = word(next(30))
                let expected = gates.map { needs in
                    needs.expanded(vocabularies).contains { !$0.isEmpty && text.lowercased().contains($0) }
                }
                #expect(scanner.holding(in: MatchText(text)) == expected, "\(gates) in '\(text)'")
            }
        }
    }

    @Test("the scanner reads case as PCRE2 does")
    func scannerCase() {
        let scanner = LiteralScanner(gates: ["stroke", "kidney", "fit", "ache"].map { NeededWords(words: [$0]) })
        #expect(scanner.holding(in: MatchText("A STROKE")) == [true, false, false, false])
        #expect(scanner.holding(in: MatchText("a \u{17F}troke")) == [true, false, false, false], "long s")
        #expect(scanner.holding(in: MatchText("\u{212A}idney")) == [false, true, false, false], "Kelvin sign")
        #expect(scanner.holding(in: MatchText("f\u{130}t f\u{131}t")) == [false, false, true, false])
        #expect(scanner.holding(in: MatchText("headäche")) == [false, false, false, false])
        #expect(scanner.holding(in: MatchText("")) == [false, false, false, false])
    }

    /// Texts of the development corpora, and each upper-cased.
    static let texts: [String] = {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        var texts: [String] = []
        for name in ["blind/dev.jsonl", "blind/dev42.jsonl", "blind/whitebox-gaps.jsonl"] {
            guard let data = try? String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8) else { continue }
            for line in data.split(separator: "\n") {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let text = object["text"] as? String else { continue }
                texts.append(text)
            }
        }
        return texts + texts.prefix(200).map { $0.uppercased() }
    }()

    @Test("every bundled rule finds the same matches as when it tries every pattern")
    func bundledRulesLoseNothing() throws {
        let rules = try ModuleHost.copyGuard().rules
        #expect(rules.allSatisfy { $0.scanner != nil })
        let gated = rules.flatMap(\.patterns).filter { $0.gate != nil }.count
        #expect(gated * 2 > rules.flatMap(\.patterns).count, "most patterns have words to gate them")
        #expect(Self.texts.count > 1_000)
        var matched = 0
        for text in Self.texts {
            let match = MatchText(CopyNormalizer.normalize(text).text)
            for rule in rules {
                var everyPattern = rule
                everyPattern.scanner = nil
                let found = rule.matches(in: match).map { "\($0.range) \($0.pattern.source)" }
                #expect(found == everyPattern.matches(in: match).map { "\($0.range) \($0.pattern.source)" }, "\(rule.id): \(text)")
                #expect(rule.detects(match) == everyPattern.detects(match), "\(rule.id): \(text)")
                matched += found.count
            }
        }
        #expect(matched > 500, "the corpora exercise the rules")
    }

    @Test("a word matched whole is found by the gated patterns as by trying every pattern whole")
    func wholeMatchLosesNothing() throws {
        let rules = try ModuleHost.copyGuard().rules
        // Every word of the corpora, and each two and three neighbours joined, as the guard's
        // check of split words asks.
        var words = Set<String>()
        for text in Self.texts {
            let parts = CopyNormalizer.normalize(text).text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            words.formUnion(parts)
            for count in 2...3 where parts.count >= count {
                for start in 0...(parts.count - count) { words.insert(parts[start..<(start + count)].joined()) }
            }
        }
        #expect(words.count > 5_000)
        // Every few words in order, to keep a debug build's run short.
        let sorted = words.sorted()
        var found = 0
        for word in stride(from: 0, to: sorted.count, by: max(1, sorted.count / 4_000)).map({ sorted[$0] }) {
            let text = MatchText(word)
            for rule in rules {
                let everyPattern = rule.exceptions.contains(where: { $0.matches(text) }) ? nil
                    : rule.patterns.first { $0.whole.matches(text) }
                let gated = rule.wholeMatch(word)
                #expect(gated?.source == everyPattern?.source, "\(rule.id): \(word)")
                if gated != nil { found += 1 }
            }
        }
        #expect(found > 50, "the words exercise the whole matches")
    }
}
