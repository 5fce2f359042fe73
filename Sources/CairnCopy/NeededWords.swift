/// What a rule pattern needs to match (`RequiredLiterals`): any one of its own words, or any
/// word of the vocabularies it names. A vocabulary is kept by name, not as its words: dozens
/// of patterns name the same vocabulary of hundreds of terms, and uniting and comparing those
/// word sets per pattern was a tenth of every command's start (BENCHMARKS.md, issue 24).
struct NeededWords: Hashable, Sendable {
    /// Lower-case ASCII words.
    var words: Set<String> = []
    /// Names of vocabularies, each standing for its `requiredWords`.
    var vocabularies: Set<String> = []

    mutating func formUnion(_ other: NeededWords) {
        words.formUnion(other.words)
        vocabularies.formUnion(other.vocabularies)
    }

    /// Every word, the vocabularies' included (for tests and reports).
    func expanded(_ vocabularyWords: [String: Vocabulary]) -> Set<String> {
        vocabularies.reduce(into: words) { all, name in all.formUnion(vocabularyWords[name]?.requiredWords ?? [""]) }
    }
}
