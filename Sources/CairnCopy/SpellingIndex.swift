/// Misspelt condition and medicine names, read as the name ("migrane", "ibuprofin",
/// "stattins"): a word one edit away (a letter left out, added, changed, or two swapped) from a
/// one-word name of at least seven letters in the conditions, drugs, drug-classes or
/// state-words vocabulary. People and language models misspell these names, and a reader still reads the
/// name. Found by symmetric deletion (Garbe's SymSpell): every name and every name with one
/// letter left out are keys, a word and its one-letter deletions are looked up, and a
/// candidate is kept only at an edit distance of exactly one.
///
/// Kept narrow on purpose: ordinary words that appear in multi-word names ("headache",
/// "cluster", "problem") are not names here, a word that is itself any vocabulary's term is
/// never respelt, and a plural or other ending of a name is left for the patterns, which
/// already allow it.
struct SpellingIndex: Sendable {
    static let vocabularies = ["conditions", "drugs", "drug-classes", "state-words"]
    /// Everyday words one edit from a name ("injection" and "infection", "stations" and
    /// "statins"): never respelt.
    static let everydayNeighbours: Set<String> = ["injection", "injections", "injected", "station", "stations"]
    static let shortestName = 7
    static let shortestWord = 6

    private let names: Set<String>
    private let byDeletion: [String: [String]]
    /// Every term of every vocabulary, in lower case: never respelt.
    private let known: Set<String>

    init(vocabularies: [String: Vocabulary]) {
        // Bytes, not Characters: this runs over thousands of terms at every start.
        var names: Set<String> = []
        var known: Set<String> = []
        for vocabulary in vocabularies.values {
            for term in vocabulary.terms {
                let lower = SpellingIndex.asciiLowercased(term)
                known.insert(lower)
                if lower.utf8.contains(UInt8(ascii: " ")) {
                    for word in lower.utf8.split(separator: UInt8(ascii: " ")) { known.insert(String(decoding: word, as: UTF8.self)) }
                }
            }
        }
        for name in SpellingIndex.vocabularies {
            for term in vocabularies[name]?.terms ?? [] {
                let lower = SpellingIndex.asciiLowercased(term)
                guard lower.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) else { continue }
                let count = lower.utf8.count
                if count >= SpellingIndex.shortestName { names.insert(lower) }
                // "statin" is short, "statins" is not: the plural is a name too.
                if count + 1 >= SpellingIndex.shortestName && lower.utf8.last != UInt8(ascii: "s") { names.insert(lower + "s") }
            }
        }
        var byDeletion: [String: [String]] = [:]
        for name in names {
            for deleted in Set(SpellingIndex.deletions(of: name)) { byDeletion[deleted, default: []].append(name) }
        }
        self.names = names
        self.byDeletion = byDeletion
        self.known = known.union(names).union(SpellingIndex.everydayNeighbours)
    }

    /// The name a misspelt word stands for, or nil for a word that is not one edit from exactly
    /// one name (or is a known term, or an ending added to a name).
    func name(for word: String) -> String? {
        let count = word.utf8.count
        guard count >= SpellingIndex.shortestWord, count <= 30 else { return nil }
        let lower = SpellingIndex.asciiLowercased(word)
        guard lower.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }), !known.contains(lower) else { return nil }
        var candidates: Set<String> = []
        if let found = byDeletion[lower] { candidates.formUnion(found) }
        for deleted in SpellingIndex.deletions(of: lower) {
            if names.contains(deleted) { candidates.insert(deleted) }
            if let found = byDeletion[deleted] { candidates.formUnion(found) }
        }
        let kept = candidates.filter { name in
            !(lower.hasPrefix(name) && ["s", "es", "d", "ed", "ic", "al"].contains(String(lower.dropFirst(name.count))))
                && SpellingIndex.distance(Array(lower.utf8), Array(name.utf8)) == 1
        }
        return kept.count == 1 ? kept.first : nil
    }

    /// ASCII letters in lower case, anything else as it is (a non-ASCII term is never a name).
    static func asciiLowercased(_ text: String) -> String {
        var bytes = Array(text.utf8)
        for index in bytes.indices where bytes[index] >= UInt8(ascii: "A") && bytes[index] <= UInt8(ascii: "Z") { bytes[index] += 32 }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func deletions(of word: String) -> [String] {
        let bytes = Array(word.utf8)
        return bytes.indices.map { index in
            var copy = bytes
            copy.remove(at: index)
            return String(decoding: copy, as: UTF8.self)
        }
    }

    /// The optimal-string-alignment distance (Damerau-Levenshtein without repeated edits of a
    /// substring): insertions, deletions, substitutions and swaps of neighbours.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
