import Foundation
import Synchronization

/// Turns copy into the tokens the learned reader (`CopyReader`) weighs: what a sentence says
/// beyond its exact words. The text is read as the rules read it (disguises removed, split and
/// leetspeak words rejoined, misspelt names read as the name), and then:
/// - `u:` each word, with vocabulary terms replaced by their category (`<condition>`, `<drug>`,
///   `<drugclass>`, `<symptom>`), the person by `<you>`, hedges by `<hedge>`,
///   negations by `<not>`, emergency services and places by `<emergency>`, numbers by `<num>`;
/// - `w:` the words a category token stands for, `t:` a five-letter stem and `x:` the last
///   three letters of long words (inflections and unknown condition names: "-itis");
/// - `b:` bigrams, `g:` trigrams and `k:` skip-bigrams (gaps of one and two) over that
///   sequence, with the sentence's start and end;
/// - `n:` every token in a negation's scope (the next three), so "not a diagnosis" differs
///   from "a diagnosis";
/// - `p:` pairs of the markers a sentence holds (`<you>` with `<condition>`, `<hedge>` with
///   `<drug>`): a hedge never launders the claim it softens;
/// - `q:` each marker with each other word of three letters or more in the sentence
///   (`<you>` with "behind", `<condition>` with "sign"), however far apart.
///
/// The training script (`scripts/copy-model-train`) reads these tokens from
/// `cairn lint-copy --features`, so the model is trained on exactly what the guard scores.
final class CopyFeatures: Sendable {
    /// The vocabularies' terms by category, made on first use: a command that shows only
    /// catalog copy never needs them.
    private let table = Mutex<Terms?>(nil)
    private let vocabularies: [String: Vocabulary]
    private let spelling: SpellingIndex

    struct Terms: Sendable {
        /// Lower-cased vocabulary terms, words joined by one space, to their category token.
        let categories: [String: String]
        /// The most words a term has: the longest run tried at each word.
        let longestTerm: Int
    }

    /// Copy shorter than this many words is a label or a value, not prose: the model leaves it
    /// to the rules.
    static let proseWords = 3
    /// How many tokens after a negation it covers.
    static let negationScope = 3

    /// Which vocabulary files give which category; a vocabulary not named here adds none.
    static let vocabularyCategories: [String: String] = [
        "conditions": "<condition>", "condition-words": "<condition>", "condition-adjectives": "<condition>",
        "drugs": "<drug>", "drug-classes": "<drugclass>", "lay-phenotypes": "<symptom>", "state-words": "<condition>",
    ]

    /// Small closed word classes of English, kept here rather than as vocabularies: they are
    /// grammar, not terminology.
    static let person: Set<String> = ["you", "your", "yours", "yourself", "you're", "you've", "you'll", "you'd", "u", "ur", "youre", "youve"]
    static let hedges: Set<String> = [
        "may", "might", "could", "can", "possibly", "possible", "probably", "probable", "likely", "unlikely", "perhaps", "maybe",
        "potentially", "potential", "seems", "seem", "appears", "appear", "suggests", "suggest", "suspected", "apparently",
        "presumably", "would", "should",
    ]
    static let negations: Set<String> = [
        "not", "no", "never", "nothing", "none", "without", "nor", "neither", "cannot", "nobody", "nowhere", "isnt", "dont",
        "doesnt", "arent", "wont", "cant", "didnt", "wasnt", "shouldnt", "havent", "hasnt",
    ]
    static let emergency: Set<String> = [
        "ambulance", "emergency", "er", "a&e", "ae", "911", "999", "112", "000", "paramedic", "paramedics", "hospital",
        "urgent", "ed", "casualty", "ems",
    ]

    init(vocabularies: [String: Vocabulary], spelling: SpellingIndex) {
        self.vocabularies = vocabularies
        self.spelling = spelling
    }

    private var terms: Terms {
        table.withLock { stored in
            if let stored { return stored }
            let made = CopyFeatures.terms(of: vocabularies)
            stored = made
            return made
        }
    }

    private static func terms(of vocabularies: [String: Vocabulary]) -> Terms {
        var categories: [String: String] = [:]
        var longest = 1
        for (name, vocabulary) in vocabularies.sorted(by: { $0.key < $1.key }) {
            guard let category = CopyFeatures.vocabularyCategories[name] else { continue }
            for term in vocabulary.terms {
                let words = term.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" })
                guard !words.isEmpty else { continue }
                let key = words.joined(separator: " ")
                // The first category a term gets stays (vocabularies in name order).
                if categories[key] == nil { categories[key] = category }
                longest = max(longest, words.count)
            }
        }
        return Terms(categories: categories, longestTerm: min(longest, 5))
    }

    /// The token sets the reader scores for a text: none when it is not prose, else the whole
    /// text's, followed by each sentence's when it has more than one (the guard blocks when any
    /// of them scores over the threshold).
    func units(of text: String) -> [[String]] {
        // Where the text has ordinary spaces, an invisible character inside a word is read as
        // nothing ("mi\u{200B}graine") and a letter drawn blank as a space; where invisible
        // characters are the only spaces, they part words.
        let spaced = text.utf8.contains { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\t") }
        let plain = spaced && !text.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "<") })
            ? CopyNormalizer.normalize(text, invisibleAsSpace: false, fillersAsSpace: true) : CopyNormalizer.normalize(text)
        let form = CopyNormalizer.squeeze(plain, one: "i")
        let words = CopyGuard.words(in: form)
        guard words.filter({ $0.word.contains(where: \.isLetter) }).count >= CopyFeatures.proseWords else { return [] }
        let sentences = CopyGuard.sentences(of: words, in: form)
        var units = [features(sentences.map { sentence in sentence.range.map { words[$0].word } })]
        if sentences.count > 1 {
            for sentence in sentences where sentence.range.count >= CopyFeatures.proseWords {
                units.append(features([sentence.range.map { words[$0].word }]))
            }
        }
        return units
    }

    /// One token set for a run of sentences, each given as its lower-cased words.
    func features(_ sentences: [[String]]) -> [String] {
        var out = Set<String>()
        for words in sentences {
            let (sequence, covered) = read(words)
            for word in covered { out.insert("w:" + word) }
            for word in words where word.count >= 6 && word.allSatisfy(\.isLetter) {
                out.insert("t:" + word.prefix(5))
                out.insert("x:" + word.suffix(3))
            }
            let bounded = ["^"] + sequence + ["$"]
            for token in sequence { out.insert("u:" + token) }
            for index in 0..<(bounded.count - 1) {
                out.insert("b:" + bounded[index] + " " + bounded[index + 1])
                for gap in 2...3 where index + gap < bounded.count {
                    out.insert("k:" + bounded[index] + " " + bounded[index + gap])
                }
                if index + 2 < bounded.count {
                    out.insert("g:" + bounded[index] + " " + bounded[index + 1] + " " + bounded[index + 2])
                }
            }
            var scope = 0
            for token in sequence {
                if token == "<not>" {
                    scope = CopyFeatures.negationScope
                    continue
                }
                if scope > 0 {
                    out.insert("n:" + token)
                    scope -= 1
                }
            }
            let markers = Set(sequence.filter { $0.hasPrefix("<") }).sorted()
            for (index, first) in markers.enumerated() {
                for second in markers[(index + 1)...] { out.insert("p:" + first + "&" + second) }
            }
            // Each marker with each other word of the sentence, wherever it stands: who the
            // sentence is about and what it says of them, past the words between.
            let content = Set(sequence.filter { $0.count >= 3 && !$0.hasPrefix("<") })
            for marker in markers {
                for word in content { out.insert("q:" + marker + "&" + word) }
            }
        }
        return out.sorted()
    }

    /// The sequence of tokens for one sentence (terms as categories) and the words the
    /// category tokens stand for.
    private func read(_ words: [String]) -> (sequence: [String], covered: [String]) {
        var sequence: [String] = [], covered: [String] = []
        let terms = self.terms
        var index = 0
        while index < words.count {
            var matched = false
            for length in stride(from: min(terms.longestTerm, words.count - index), through: 1, by: -1) {
                let run = words[index..<(index + length)].joined(separator: " ")
                if let category = category(of: run, single: length == 1, in: terms.categories) {
                    sequence.append(category)
                    covered.append(run)
                    index += length
                    matched = true
                    break
                }
            }
            if matched { continue }
            let word = words[index]
            let bare = word.replacingOccurrences(of: "'", with: "")
            if CopyFeatures.person.contains(word) {
                sequence.append("<you>")
            } else if word.hasSuffix("n't") || CopyFeatures.negations.contains(bare) {
                sequence.append("<not>")
                covered.append(word)
            } else if CopyFeatures.hedges.contains(word) {
                sequence.append("<hedge>")
                covered.append(word)
            } else if CopyFeatures.emergency.contains(word) && !CopyFeatures.counts(word, before: words.dropFirst(index + 1).first) {
                sequence.append("<emergency>")
                covered.append(word)
            } else if word.allSatisfy(\.isNumber) {
                sequence.append("<num>")
            } else {
                sequence.append(word)
            }
            index += 1
        }
        return (sequence, covered)
    }

    /// Whether a number that is also an emergency line counts something ("12 of your 112
    /// headaches", "999 days"): a number followed by a plural word or "of" is a count, where
    /// "call 112", "999 now" and "112 or your doctor" name the line.
    static func counts(_ word: String, before next: String?) -> Bool {
        guard word.allSatisfy(\.isNumber), let next, next.allSatisfy(\.isLetter) else { return false }
        return next == "of" || (next.count > 2 && next.hasSuffix("s") && !CopyFeatures.notPlural.contains(next))
    }

    /// Words of three letters or more ending in "s" that follow an emergency number without
    /// counting anything.
    static let notPlural: Set<String> = ["was", "has", "does", "always", "this", "thus", "yes", "unless", "plus", "its"]

    /// A run's category: the term itself, its singular, or (for one word of five letters or
    /// more) the name it is a misspelling of.
    private func category(of run: String, single: Bool, in categories: [String: String]) -> String? {
        if let category = categories[run] { return category }
        if run.hasSuffix("es"), let category = categories[String(run.dropLast(2))] { return category }
        if run.hasSuffix("s"), let category = categories[String(run.dropLast())] { return category }
        if single, run.count >= SpellingIndex.shortestWord, let name = spelling.name(for: run) {
            return categories[name.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" }).joined(separator: " ")]
        }
        return nil
    }
}
