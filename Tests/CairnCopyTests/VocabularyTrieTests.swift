import Foundation
import Testing
@testable import CairnCopy

/// A vocabulary is written as a trie for speed; it must match exactly what the flat list of its
/// terms matches. The oracle is the flat alternation the rules were written against (each term,
/// longest first, a space or hyphen inside it matching a space, a hyphen or nothing, a plural
/// "s" or "es"), built here independently of `Vocabulary`. (condition-words is looked up word by
/// word, never written as an expression: its flat list is too large for PCRE2 to compile.)
@Suite("Vocabularies as tries")
struct VocabularyTrieTests {
    static let vocabularies: [String: Vocabulary] = {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CairnCopy/Vocabularies")
        return (try? Vocabulary.loadAll(in: directory)) ?? [:]
    }()

    static func flat(_ terms: [String]) -> String {
        let patterns = terms.sorted { ($0.count, $0) > ($1.count, $1) }.map { term -> String in
            term.split(whereSeparator: { $0 == " " || $0 == "-" })
                .map { NSRegularExpression.escapedPattern(for: String($0)) }
                .joined(separator: "[ -]?") + "(?:s|es)?"
        }
        return "(?:" + patterns.joined(separator: "|") + ")"
    }

    /// Each term as written, joined, hyphenated and pluralised, and its near misses: a letter
    /// short, a letter more, a letter changed, and two terms run together.
    static func probes(_ terms: [String]) -> [String] {
        var probes: [String] = []
        for (index, term) in terms.enumerated() {
            let words = term.split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
            probes += [term, words.joined(), words.joined(separator: "-"), words.joined(separator: " "), term + "s", term + "es",
                       String(term.dropLast()), term + "x", "x" + term, String(term.dropFirst()),
                       String(term.dropLast()) + (term.last == "a" ? "b" : "a"),
                       term + terms[(index + 1) % terms.count], term.uppercased()]
        }
        return probes
    }

    @Test("every vocabulary's trie matches exactly the strings its flat list matches", arguments: ["conditions", "drugs", "drug-classes", "lay-phenotypes", "condition-adjectives", "state-words", "evaluative-words", "app-objects"])
    func sameLanguage(name: String) throws {
        let vocabulary = try #require(Self.vocabularies[name], "vocabulary \(name) did not load")
        let trie = try CompiledPattern("^" + vocabulary.alternation + "$", ignoresCase: true)
        // A long list is matched in parts of 500 terms: as one alternation it is too large for
        // PCRE2, which is why the guard writes a trie.
        let parts = try stride(from: 0, to: vocabulary.terms.count, by: 500).map { start in
            try CompiledPattern("^" + Self.flat(Array(vocabulary.terms[start..<min(start + 500, vocabulary.terms.count)])) + "$", ignoresCase: true)
        }
        var differ: [String] = []
        for probe in Self.probes(vocabulary.terms)
        where trie.matches(MatchText(probe)) != parts.contains(where: { $0.matches(MatchText(probe)) }) {
            differ.append(probe)
        }
        #expect(differ.isEmpty, "\(name): the trie and the flat list disagree on \(differ.prefix(10))")
        #expect(vocabulary.terms.count > 20)
    }

    @Test("a term shorter than another with its prefix, and terms of one letter's difference, both match")
    func prefixes() throws {
        let vocabulary = Vocabulary(name: "t", source: "test", terms: ["kidney disease", "chronic kidney disease", "kidney", "migraine", "migrainous", "a-b"])
        let trie = try CompiledPattern("^" + vocabulary.alternation + "$", ignoresCase: true)
        for yes in ["kidney", "kidneys", "kidney disease", "kidneydiseases", "chronic-kidney disease", "migraine", "Migraines", "migrainous", "ab", "a-b", "a b"] {
            #expect(trie.matches(MatchText(yes)), "\(yes) should match")
        }
        for no in ["kidne", "chronic", "chronic kidney", "migrain", "migrainou", "a", "b", "a  b", "kidney  disease"] {
            #expect(!trie.matches(MatchText(no)), "\(no) should not match")
        }
    }
}
