/// One rule of a rule pack, as a Vale rule is: `existence` bans terms, `substitution` names the
/// required replacement for each banned term. Scoped to every module or to some; `exceptions`
/// excuse the non-medical senses of a banned term ("treat yourself"); `level` decides what a
/// match does (an error blocks, a warning or suggestion is reported and the text still shows).
struct CopyRule: Sendable {
    enum Kind: String, CaseIterable, Sendable { case existence, substitution }

    enum Scope: Sendable, Equatable {
        case all
        case modules(Set<String>)

        func includes(_ module: String?) -> Bool {
            switch self {
            case .all: return true
            // Text of no known module (read back from output) may be any module's.
            case .modules(let ids): return module.map(ids.contains) ?? true
            }
        }

        /// Whether a rule with this scope judges copy of `module`: a rule scoped to modules is
        /// those products' own ban ("medication" in marker insights), so copy checked as no
        /// module's is judged by the rules for all copy only.
        func judges(_ module: String?) -> Bool {
            switch self {
            case .all: return true
            case .modules(let ids): return module.map(ids.contains) ?? false
            }
        }
    }

    /// One banned pattern, with the replacement a substitution rule requires.
    struct Pattern: Sendable {
        /// Compiled the first time the rule's detector finds something: the detector (every
        /// pattern in one expression) is what loading compiles and checks, so most patterns of
        /// most rules are never compiled on their own in a command.
        var expression: CompiledPattern { compiled.value }
        let compiled: LazyPattern
        /// The pattern as compiled, vocabularies expanded, without the word-edge guards.
        let source: String
        let ignoreCase: Bool
        let replacement: String?
        /// Words every match holds (`RequiredLiterals`); nil for a pattern tried through its
        /// rule's detector.
        var literals: NeededWords?
        /// The pattern's gate in the scanner of the rules loaded with it; nil (with `literals`)
        /// when it was loaded alone, and then it is tried on every text.
        var gate: Int?

        /// The pattern anchored to a whole string, for words rejoined across a space; compiled
        /// the first time the guard's joined-word check asks, then kept (compiled anew on every
        /// ask, it was most of `lint-copy`'s time on varied copy: a rule's patterns with their
        /// vocabularies, for every rule and every joined word that any detector matched).
        var whole: CompiledPattern { anchored.value }
        private let anchored: LazyPattern

        init(compiled: LazyPattern, source: String, ignoreCase: Bool, replacement: String?) {
            self.compiled = compiled
            self.source = source
            self.ignoreCase = ignoreCase
            self.replacement = replacement
            anchored = LazyPattern("^(?:" + source + ")$", ignoresCase: ignoreCase)
        }
    }

    let id: String
    let kind: Kind
    /// What the words this rule finds would claim, for reports (`lint-copy --format json`).
    let claim: CopyClaim
    let message: String
    let level: CopyLevel
    let scope: Scope
    var patterns: [Pattern]
    let exceptions: [CompiledPattern]
    /// Single words matched by lookup rather than by expression (`words:` vocabularies of
    /// thousands of terms, too many for one expression), lower-cased, each also with a plural
    /// "s" or "es".
    var words: Set<String> = []
    /// The patterns without `literals` in one expression (or a few): clean text, the common
    /// case, costs one match per rule. A pattern with `literals` is tried on its own, and only on
    /// text holding one of them (`LiteralScanner`).
    let detector: [CompiledPattern]?
    /// The scanner of every rule loaded together, which the patterns' gates index.
    var scanner: LiteralScanner?

    /// Whether a pattern could match a text: its words are there, or its rule's detector
    /// matched.
    /// By index, not by value: a rule holds hundreds of patterns, each tried on every form of
    /// every text, and a pattern taken out of the array is a copy (five references retained and
    /// released), though most are passed over by their gate.
    private func mayMatch(_ index: Int, detected: Bool, gates: [Bool]?) -> Bool {
        guard patterns[index].literals != nil else { return detected }
        guard let gate = patterns[index].gate, let gates else { return true }
        return gates[gate]
    }

    /// Every match in a normalised text, as (range in the normalised characters, what matched),
    /// leaving out matches that lie inside an exception.
    func matches(in text: MatchText) -> [(range: Range<Int>, pattern: Pattern)] {
        let detected = detector.map { $0.contains { $0.matches(text) } } ?? true
        let gates = scanner.map { text.gates($0) }
        var found: [(Range<Int>, Pattern)] = []
        for index in patterns.indices where mayMatch(index, detected: detected, gates: gates) {
            for range in patterns[index].expression.ranges(in: text) { found.append((range, patterns[index])) }
        }
        // Exceptions are searched only when a pattern matched: most text matches none.
        guard !found.isEmpty, !exceptions.isEmpty else { return found }
        let excused = exceptions.flatMap { $0.ranges(in: text) }
        return found.filter { match in
            !excused.contains(where: { $0.lowerBound <= match.0.lowerBound && match.0.upperBound <= $0.upperBound })
        }
    }

    /// Every word of a form that is in `words`, as ranges in the form's characters, leaving
    /// out those inside an exception.
    func wordMatches(in form: [(word: String, start: Int, end: Int)], text: MatchText) -> [Range<Int>] {
        guard !words.isEmpty else { return [] }
        let found = form.filter { CopyRule.lookup($0.word, in: words) }.map { $0.start..<$0.end }
        guard !found.isEmpty, !exceptions.isEmpty else { return found }
        let excused = exceptions.flatMap { $0.ranges(in: text) }
        return found.filter { match in !excused.contains(where: { $0.lowerBound <= match.lowerBound && match.upperBound <= $0.upperBound }) }
    }

    /// Whether a lower-cased word, or the word without a plural ending, is in a word list.
    static func lookup(_ word: String, in words: Set<String>) -> Bool {
        if words.contains(word) { return true }
        if word.hasSuffix("es"), words.contains(String(word.dropLast(2))) { return true }
        if word.hasSuffix("s"), words.contains(String(word.dropLast())) { return true }
        return false
    }

    /// Whether any pattern matches the text (the detector when there is one).
    func detects(_ text: MatchText) -> Bool {
        if let detector, detector.contains(where: { $0.matches(text) }) { return true }
        let gates = scanner.map { text.gates($0) }
        return patterns.indices.contains { index in
            (detector == nil || patterns[index].literals != nil) && mayMatch(index, detected: true, gates: gates)
                && patterns[index].expression.matches(text)
        }
    }

    /// The first pattern that matches the whole of `word`, unless an exception covers it. Only
    /// patterns that could match the word somewhere are tried whole (their words are in it, or
    /// the rule's detector matched it): a whole match is a match, so this leaves none out, and
    /// the guard asks it of every rule for every word of a run it tries joined.
    func wholeMatch(_ word: String) -> Pattern? {
        let text = MatchText(word)
        if exceptions.contains(where: { $0.matches(text) }) { return nil }
        let detected = detector.map { $0.contains { $0.matches(text) } } ?? true
        let gates = scanner.map { text.gates($0) }
        return patterns.indices.first { mayMatch($0, detected: detected, gates: gates) && patterns[$0].whole.matches(text) }
            .map { patterns[$0] }
    }

    func message(for match: String, pattern: Pattern?) -> String {
        switch kind {
        case .existence:
            return message.replacingFirst("%s", with: match)
        case .substitution:
            return message.replacingFirst("%s", with: pattern?.replacement ?? "").replacingFirst("%s", with: match)
        }
    }
}

/// What a rule's match does, as Vale's levels: only an error blocks.
public enum CopyLevel: String, Sendable, CaseIterable, Encodable, Comparable {
    case suggestion, warning, error

    public static func < (a: CopyLevel, b: CopyLevel) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

extension String {
    /// By the standard library's search: Foundation's bridged search was a few percent of
    /// linting copy that breaks rules (every violation's message is made this way).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
