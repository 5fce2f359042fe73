import CairnCore
import Foundation
import Synchronization
import Yams

/// A list of terms kept as data with its source (condition names, condition adjectives...),
/// which rules use as `{{name}}` inside a pattern. Terms are literal words or phrases: a space
/// or hyphen in a term matches a space, a hyphen or nothing, and a plural "s"/"es" is allowed.
struct Vocabulary: Sendable {
    let name: String
    let source: String
    let terms: [String]
    /// The terms as one regular-expression group, built on first use and kept: rules name a
    /// vocabulary many times, and one looked up only by word (`words:`) never needs it.
    var alternation: String { lazyAlternation.value }
    private let lazyAlternation: LazyAlternation
    /// A word each term needs (`RequiredLiterals.words(of:)`), for the guard's word scan.
    let requiredWords: Set<String>
    /// The length of the shortest of them, which decides how good a gate the vocabulary is.
    let shortestRequiredWord: Int

    init(name: String, source: String, terms: [String]) {
        self.name = name
        self.source = source
        self.terms = terms
        lazyAlternation = LazyAlternation(terms: terms)
        requiredWords = RequiredLiterals.words(of: terms)
        shortestRequiredWord = requiredWords.map(\.count).min() ?? 0
    }

    /// The terms as a trie written as an expression: "migraine", "migraines" and "migrainous"
    /// share "migrain" once (`migrain(?:e|ous)`). A flat list of hundreds of alternatives is tried
    /// one by one at every word of every text, and PCRE2 builds no trie of its own; factored,
    /// the guard's detectors match in about two thirds of the time and compile for the JIT in
    /// half (BENCHMARKS.md, the copy guard's speed). The language is the flat list's: each term
    /// with a space or hyphen between its words matching a space, a hyphen or nothing, and a
    /// plural "s" or "es". At one place a longer term is tried first, as in the flat list sorted
    /// longest first ("chronic kidney disease" before "kidney disease"), since every optional
    /// continuation is greedy.
    fileprivate static func alternation(of terms: [String]) -> String {
        // Each term as a sequence of ranks: its characters by their order as Characters, and
        // the place between two words after every character (a trie's children are tried in
        // that order). Sorted, the terms under one place of the trie lie side by side, so the
        // trie is written without building it; thousands of terms took a tenth of a command's
        // start as nodes in dictionaries.
        let words = terms.map { $0.split(whereSeparator: { $0 == " " || $0 == "-" }) }
        let characters = Array(Set(words.joined().joined())).sorted()
        let rank = Dictionary(uniqueKeysWithValues: characters.enumerated().map { ($1, Int32($0)) })
        let separator = Int32(characters.count)
        var sequences: [[Int32]] = words.filter { !$0.isEmpty }.map { termWords in
            var sequence: [Int32] = []
            for (index, word) in termWords.enumerated() {
                if index > 0 { sequence.append(separator) }
                for character in word { sequence.append(rank[character]!) }
            }
            return sequence
        }
        sequences.sort { $0.lexicographicallyPrecedes($1) }
        let heads = characters.map { escaped($0) } + ["[ -]?"]
        return "(?:" + expression(sequences[...], depth: 0, heads: heads) + ")(?:s|es)?"
    }

    /// What may follow the common first `depth` units of `sequences` (sorted), as an
    /// expression: empty where every sequence ends there.
    private static func expression(_ sequences: ArraySlice<[Int32]>, depth: Int, heads: [String]) -> String {
        var endsTerm = false
        var branches: [String] = []
        var index = sequences.startIndex
        while index < sequences.endIndex {
            guard sequences[index].count > depth else {
                endsTerm = true
                index += 1
                continue
            }
            let unit = sequences[index][depth]
            var end = index + 1
            while end < sequences.endIndex && sequences[end].count > depth && sequences[end][depth] == unit { end += 1 }
            branches.append(heads[Int(unit)] + expression(sequences[index..<end], depth: depth + 1, heads: heads))
            index = end
        }
        guard !branches.isEmpty else { return "" }
        let body = branches.count == 1 ? branches[0] : "(?:" + branches.joined(separator: "|") + ")"
        guard endsTerm else { return body }
        return branches.count == 1 ? "(?:" + body + ")?" : body + "?"
    }

    /// A character as a literal in an expression: ASCII punctuation escaped, anything else as
    /// itself.
    private static func escaped(_ character: Character) -> String {
        guard let ascii = character.asciiValue else { return String(character) }
        let isWord = (ascii >= 0x30 && ascii <= 0x39) || (ascii >= 0x41 && ascii <= 0x5A) || (ascii >= 0x61 && ascii <= 0x7A)
        return isWord ? String(character) : "\\" + String(character)
    }

    /// The common shape of a vocabulary file read without a YAML parser: comment lines, one
    /// `source: "..."` line, `terms:` and `  - term` lines of plain words (no quote, colon, hash
    /// or other YAML syntax in a term). Anything else returns nil and is read by Yams, which
    /// also reports its errors. Parsing thousands of terms with Yams was a tenth of a command's
    /// start.
    static func plainList(_ text: String, file: String) -> Vocabulary? {
        // Read as UTF-8 bytes: Character and Foundation work per term was most of a command's
        // start-up once the vocabularies held thousands of terms.
        var source: String?
        var terms: [String] = []
        var inTerms = false
        let sourcePrefix = Array("source: \"".utf8)
        let termPrefix = Array("  - ".utf8)
        let termsLine = Array("terms:".utf8)
        var bytes = Array(text.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        var lineStart = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            let line = bytes[lineStart..<index]
            lineStart = index + 1
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            if line.starts(with: sourcePrefix), line.last == UInt8(ascii: "\""), source == nil, !inTerms {
                let value = line.dropFirst(sourcePrefix.count).dropLast()
                guard !value.isEmpty, !value.contains(UInt8(ascii: "\"")), !value.contains(UInt8(ascii: "\\")) else { return nil }
                source = String(decoding: value, as: UTF8.self)
            } else if line.elementsEqual(termsLine) && source != nil && !inTerms {
                inTerms = true
            } else if inTerms, line.starts(with: termPrefix) {
                guard let term = plainTerm(line.dropFirst(termPrefix.count)) else { return nil }
                terms.append(term)
            } else {
                return nil
            }
        }
        guard let source, !terms.isEmpty else { return nil }
        return Vocabulary(name: (file as NSString).deletingPathExtension, source: source, terms: terms)
    }

    /// One term of a plain list: ASCII letters, digits, space and - ' . ( ), any non-ASCII
    /// letter, and an optional "| reference" after it; nil for anything YAML might read
    /// differently.
    private static func plainTerm(_ raw: ArraySlice<UInt8>) -> String? {
        guard let first = raw.first, let last = raw.last, first != UInt8(ascii: "'"), first != UInt8(ascii: "-"),
              last != UInt8(ascii: " ") else { return nil }
        var asciiOnly = true
        for byte in raw {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "'"), UInt8(ascii: "."), UInt8(ascii: "|"),
                 UInt8(ascii: "("), UInt8(ascii: ")"):
                continue
            case 0x80...:
                asciiOnly = false
            default:
                return nil
            }
        }
        let text = String(decoding: raw, as: UTF8.self)
        if !asciiOnly {
            guard text.allSatisfy({ $0.isASCII || $0.isLetter || $0.isNumber }) else { return nil }
        }
        let beforeBar = raw.split(separator: UInt8(ascii: "|"), maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        let trimmed = beforeBar.drop { $0 == UInt8(ascii: " ") }.reversed().drop { $0 == UInt8(ascii: " ") }.reversed()
        guard !trimmed.isEmpty else { return nil }
        return asciiOnly && trimmed.count == raw.count ? text : String(decoding: Array(trimmed), as: UTF8.self)
    }

    /// Every vocabulary of a folder, read on every core (the largest hold thousands of terms);
    /// the first problem in file order is the one reported.
    static func loadAll(in directory: URL) throws(RulePackError) -> [String: Vocabulary] {
        let files = try YAMLFolder.files(in: directory, describing: "vocabulary")
        let loaded = try IndexedResults<Vocabulary>.collect(count: files.count) { index throws(RulePackError) in
            try load(YAMLFolder.read(directory.appendingPathComponent(files[index]), name: files[index]), file: files[index])
        }
        var vocabularies: [String: Vocabulary] = [:]
        for vocabulary in loaded { vocabularies[vocabulary.name] = vocabulary }
        return vocabularies
    }

    static func load(_ text: String, file: String) throws(RulePackError) -> Vocabulary {
        if let plain = plainList(text, file: file) { return plain }
        let root = try YAMLFolder.compose(text, file: file)
        guard let mapping = root.mapping else {
            throw RulePackError(file: file, line: YAMLFolder.line(root), key: nil, problem: "must be a mapping with source and terms")
        }
        for (key, _) in mapping where !["source", "terms"].contains(key.string ?? "") {
            throw RulePackError(file: file, line: YAMLFolder.line(key), key: key.string,
                                problem: "is not a vocabulary key; allowed: source, terms")
        }
        guard let source = root["source"]?.string, !source.isEmpty else {
            throw RulePackError(file: file, line: YAMLFolder.line(root), key: "source", problem: "is missing: say where the terms come from")
        }
        guard let items = root["terms"]?.sequence, !items.isEmpty else {
            throw RulePackError(file: file, line: YAMLFolder.line(root), key: "terms", problem: "must be a non-empty list of terms")
        }
        var terms: [String] = []
        for item in items {
            // A term may carry a comment-like reference after " # ", which YAML keeps out already;
            // "term | reference" keeps the reference beside the term in the data.
            guard let raw = item.string else {
                throw RulePackError(file: file, line: YAMLFolder.line(item), key: "terms", problem: "every term must be text")
            }
            let term = raw.split(separator: "|", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard !term.isEmpty else {
                throw RulePackError(file: file, line: YAMLFolder.line(item), key: "terms", problem: "holds an empty term")
            }
            terms.append(term)
        }
        return Vocabulary(name: (file as NSString).deletingPathExtension, source: source, terms: terms)
    }
}

/// A vocabulary's alternation, made by whichever thread asks first (two asking at once may both
/// make it; one is kept).
private final class LazyAlternation: Sendable {
    private final class Text: Sendable {
        let value: String
        init(_ value: String) { self.value = value }
    }

    private let terms: [String]
    private let made = AtomicLazyReference<Text>()

    init(terms: [String]) { self.terms = terms }

    var value: String {
        if let text = made.load() { return text.value }
        return made.storeIfNil(Text(Vocabulary.alternation(of: terms))).value
    }
}
