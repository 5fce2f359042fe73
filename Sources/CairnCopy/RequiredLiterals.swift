/// Words a rule pattern cannot match without (`NeededWords`): ASCII words, at least one of
/// which every match holds (compared without case). The guard scans a text once for every rule's
/// words (`LiteralScanner`) and tries a pattern only when one of its words is there: a
/// detector of all a rule's patterns was one scan of every text per chunk, and the rule packs
/// hold some 150 chunks, three quarters of a lint's time (BENCHMARKS.md, issue 24).
///
/// The reading is of the pattern's syntax and errs towards "needs nothing" (nil): a word counts
/// only where it is not optional, not one branch among others that lack a word, and not inside
/// a lookaround; anything unusual (`\Q`, a conditional group, a verb) gives nil, and nil leaves
/// the pattern in its rule's detector, tried on every text. So the reading can cost speed,
/// never a match.
enum RequiredLiterals {
    /// Shorter words are in too much copy to be worth a gate.
    static let shortest = 3

    /// The words of `source` (a pattern with `{{name}}` placeholders, before they are
    /// expanded), lower-cased; nil when none can be read or the best are shorter than
    /// `shortest`. A placeholder needs the longest ASCII run of each of its vocabulary's terms,
    /// kept as the vocabulary's name.
    static func of(_ source: String, vocabularies: [String: Vocabulary]) -> NeededWords? {
        var reader = Reader(Array(source.utf8), vocabularies: vocabularies)
        guard let best = reader.alternatives(), reader.atEnd, best.shortest >= shortest else { return nil }
        return NeededWords(words: Set(best.words), vocabularies: Set(best.vocabularies))
    }

    /// The words a vocabulary's terms need: for each term, the longest run of ASCII letters,
    /// digits and marks inside one of its words (a space or hyphen between words may be
    /// either or nothing, and characters past ASCII may be written otherwise).
    static func words(of terms: [String]) -> Set<String> {
        var words: Set<String> = []
        for term in terms {
            var best: ArraySlice<UInt8> = []
            var runStart = 0
            let bytes = Array(term.utf8)
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : UInt8(ascii: " ")
                guard byte >= 0x80 || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") else { continue }
                if index - runStart > best.count { best = bytes[runStart..<index] }
                runStart = index + 1
            }
            words.insert(String(decoding: best.map(\.lowercasedASCII), as: UTF8.self))
        }
        return words
    }

    /// A gate being chosen, with what decides how good it is. Its words are lists until one is
    /// chosen: sets built for every run and branch were most of the reading's time.
    private struct Candidate {
        var words: [String] = []
        var vocabularies: [String] = []
        /// Its shortest word: longer is better.
        var shortest: Int
        /// How many words: fewer is better (a word in two branches or vocabularies counted twice).
        var count: Int

        func isBetter(than other: Candidate?) -> Bool {
            Candidate.isBetter(shortest: shortest, count: count, than: other)
        }

        /// The same for a gate not yet made (a run of literal characters is one word).
        static func isBetter(shortest: Int, count: Int, than other: Candidate?) -> Bool {
            guard let other else { return true }
            return shortest != other.shortest ? shortest > other.shortest : count < other.count
        }
    }

    /// A recursive-descent reading of PCRE2's syntax, as much of it as rule packs use, over the
    /// pattern's UTF-8 bytes: a byte past ASCII is never a literal in a word, so the bytes of a
    /// character past ASCII read as one item that needs nothing, as the character would.
    private struct Reader {
        let bytes: [UInt8]
        let vocabularies: [String: Vocabulary]
        var index = 0
        /// Set when the syntax is not understood: the whole pattern then needs nothing.
        var failed = false

        init(_ bytes: [UInt8], vocabularies: [String: Vocabulary]) {
            self.bytes = bytes
            self.vocabularies = vocabularies
        }

        var atEnd: Bool { !failed && index == bytes.count }

        private func peek(_ offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        /// Branches up to the end or an unmatched ")": the union of the branches' words, or
        /// nil when one branch needs none.
        mutating func alternatives() -> Candidate? {
            var union: Candidate?
            var everyBranchNeeds = true
            while true {
                let branch = sequence()
                if failed { return nil }
                if let branch {
                    if var joined = union {
                        joined.words += branch.words
                        joined.vocabularies += branch.vocabularies
                        joined.shortest = min(joined.shortest, branch.shortest)
                        joined.count += branch.count
                        union = joined
                    } else {
                        union = branch
                    }
                } else {
                    everyBranchNeeds = false
                }
                guard peek() == UInt8(ascii: "|") else { break }
                index += 1
            }
            return everyBranchNeeds ? union : nil
        }

        /// What one atom is, to a sequence.
        private enum Atom {
            /// A character that matches itself (or its other case), lower-cased.
            case literal(UInt8)
            /// A group or placeholder, with the words it needs (nil: none).
            case words(Candidate?)
            /// Anything else: a class, an escape, a lookaround, a byte past ASCII.
            case other
        }

        /// Items up to "|" or ")": the best of the runs of literal characters between other
        /// items and the words of groups that are not optional.
        private mutating func sequence() -> Candidate? {
            var best: Candidate?
            var run: [UInt8] = []
            func closeRun() {
                var word = run[...]
                while word.first == UInt8(ascii: " ") { word.removeFirst() }
                while word.last == UInt8(ascii: " ") { word.removeLast() }
                run.removeAll(keepingCapacity: true)
                guard !word.isEmpty, Candidate.isBetter(shortest: word.count, count: 1, than: best) else { return }
                best = Candidate(words: [String(decoding: word, as: UTF8.self)], shortest: word.count, count: 1)
            }
            while let byte = peek(), byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") {
                let item = atom()
                if failed { return nil }
                let times = quantifier()
                if failed { return nil }
                switch (item, times) {
                case (.literal(let character), .once):
                    run.append(character)
                case (.literal(let character), .atLeastOnce):
                    // "o+" holds one "o"; what follows may come after more of them.
                    run.append(character)
                    closeRun()
                case (.literal, .maybeNone):
                    closeRun()
                case (.words(let words), .once), (.words(let words), .atLeastOnce):
                    closeRun()
                    if let words, words.isBetter(than: best) { best = words }
                case (.words, .maybeNone), (.other, _):
                    closeRun()
                }
            }
            closeRun()
            return best
        }

        private mutating func atom() -> Atom {
            guard let byte = peek() else { failed = true; return .other }
            switch byte {
            case UInt8(ascii: "\\"):
                return escape()
            case UInt8(ascii: "["):
                characterClass()
                return .other
            case UInt8(ascii: "("):
                return .words(group())
            case UInt8(ascii: "{"):
                if let name = placeholder() {
                    guard let vocabulary = vocabularies[name] else { return .words(nil) }
                    return .words(Candidate(vocabularies: [name], shortest: vocabulary.shortestRequiredWord,
                                            count: vocabulary.requiredWords.count))
                }
                index += 1
                return .literal(byte)
            case UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"):
                index += 1
                return .other
            default:
                index += 1
                return byte < 0x80 ? .literal(byte.lowercasedASCII) : .other
            }
        }

        /// `{{name}}` at the reading point, consumed.
        private mutating func placeholder() -> String? {
            guard peek(1) == UInt8(ascii: "{") else { return nil }
            var end = index + 2
            while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "}") && bytes[end + 1] == UInt8(ascii: "}")) { end += 1 }
            guard end + 1 < bytes.count, end > index + 2 else { return nil }
            let name = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            index = end + 2
            return name
        }

        private mutating func escape() -> Atom {
            index += 1
            guard let next = peek() else { failed = true; return .other }
            index += 1
            switch next {
            case UInt8(ascii: "Q"), UInt8(ascii: "E"):
                failed = true
            case UInt8(ascii: "p"), UInt8(ascii: "P"), UInt8(ascii: "x"), UInt8(ascii: "o"), UInt8(ascii: "N"),
                 UInt8(ascii: "g"), UInt8(ascii: "k"):
                if peek() == UInt8(ascii: "{") {
                    skip(past: UInt8(ascii: "}"))
                } else if next == UInt8(ascii: "k"), let open = peek(), open == UInt8(ascii: "<") || open == UInt8(ascii: "'") {
                    skip(past: open == UInt8(ascii: "<") ? UInt8(ascii: ">") : UInt8(ascii: "'"))
                } else if next == UInt8(ascii: "p") || next == UInt8(ascii: "P") {
                    index += 1
                } else if next == UInt8(ascii: "x") {
                    // "\x41": up to two hex digits are the character's code, not literals.
                    skipDigits(upTo: 2, hex: true)
                } else if next == UInt8(ascii: "g") {
                    // "\g1", "\g-1": a reference by number.
                    if peek() == UInt8(ascii: "-") || peek() == UInt8(ascii: "+") { index += 1 }
                    skipDigits(upTo: .max, hex: false)
                }
            case UInt8(ascii: "c"):
                // "\cA": the control character of the next one.
                guard peek() != nil else { failed = true; return .other }
                index += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                // An octal code ("\012") or a back reference ("\1", "\12"): its digits are
                // part of it.
                skipDigits(upTo: .max, hex: false)
            default:
                // An escaped mark is the mark; an escaped letter or digit is a class, an
                // anchor or a reference.
                if next < 0x80, !next.isASCIILetterOrDigit { return .literal(next) }
            }
            return .other
        }

        private mutating func skipDigits(upTo limit: Int, hex: Bool) {
            var taken = 0
            while taken < limit, let byte = peek(),
                  (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (hex && ((UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte))) {
                index += 1
                taken += 1
            }
        }

        private mutating func skip(past close: UInt8) {
            while let byte = peek(), byte != close { index += 1 }
            if peek() == nil { failed = true } else { index += 1 }
        }

        private mutating func characterClass() {
            index += 1
            if peek() == UInt8(ascii: "^") { index += 1 }
            if peek() == UInt8(ascii: "]") { index += 1 }
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "]"):
                    index += 1
                    return
                case UInt8(ascii: "\\"):
                    _ = escape()
                    if failed { return }
                case UInt8(ascii: "[") where peek(1) == UInt8(ascii: ":"):
                    index += 2
                    while let inner = peek(), !(inner == UInt8(ascii: ":") && peek(1) == UInt8(ascii: "]")) { index += 1 }
                    guard peek() != nil else { failed = true; return }
                    index += 2
                default:
                    index += 1
                }
            }
            failed = true
        }

        /// A group: its content's words when the group matches its content (plain, capturing,
        /// named, atomic, or with options); nil for lookarounds, comments and option settings.
        private mutating func group() -> Candidate? {
            index += 1
            var counts = true
            if peek() == UInt8(ascii: "?") {
                index += 1
                guard let kind = peek() else { failed = true; return nil }
                switch kind {
                case UInt8(ascii: ":"), UInt8(ascii: ">"):
                    index += 1
                case UInt8(ascii: "="), UInt8(ascii: "!"):
                    index += 1
                    counts = false
                case UInt8(ascii: "<"):
                    if peek(1) == UInt8(ascii: "=") || peek(1) == UInt8(ascii: "!") {
                        index += 2
                        counts = false
                    } else {
                        skip(past: UInt8(ascii: ">"))
                    }
                case UInt8(ascii: "P") where peek(1) == UInt8(ascii: "<"):
                    index += 1
                    skip(past: UInt8(ascii: ">"))
                case UInt8(ascii: "'"):
                    index += 1
                    skip(past: UInt8(ascii: "'"))
                case UInt8(ascii: "#"):
                    skip(past: UInt8(ascii: ")"))
                    return nil
                default:
                    // Options: `(?i)` sets them for what follows, `(?-i:...)` for the group.
                    while let option = peek(), option.isASCIILetter || option == UInt8(ascii: "-") || option == UInt8(ascii: "^") {
                        // Extended mode ("(?x)") makes spaces and "#" mean nothing: not read here.
                        if option == UInt8(ascii: "x") { failed = true; return nil }
                        index += 1
                    }
                    if peek() == UInt8(ascii: ")") {
                        index += 1
                        return nil
                    }
                    guard peek() == UInt8(ascii: ":") else { failed = true; return nil }
                    index += 1
                }
            } else if peek() == UInt8(ascii: "*") {
                failed = true
                return nil
            }
            let words = alternatives()
            guard !failed, peek() == UInt8(ascii: ")") else { failed = true; return nil }
            index += 1
            return counts ? words : nil
        }

        private enum Times { case once, atLeastOnce, maybeNone }

        /// Reads a quantifier after an atom, if there is one.
        private mutating func quantifier() -> Times {
            guard let byte = peek() else { return .once }
            let times: Times
            switch byte {
            case UInt8(ascii: "?"), UInt8(ascii: "*"):
                index += 1
                times = .maybeNone
            case UInt8(ascii: "+"):
                index += 1
                times = .atLeastOnce
            case UInt8(ascii: "{"):
                guard let minimum = countedMinimum() else { return .once }
                times = minimum == 0 ? .maybeNone : .atLeastOnce
            default:
                return .once
            }
            if let suffix = peek(), suffix == UInt8(ascii: "?") || suffix == UInt8(ascii: "+") { index += 1 }
            return times
        }

        /// `{n}`, `{n,}`, `{n,m}` or `{,m}` at the reading point, consumed, as its minimum; nil
        /// (nothing consumed) when the brace is a literal.
        private mutating func countedMinimum() -> Int? {
            func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            var end = index + 1
            var minimum = 0
            var minimumDigits = 0
            while end < bytes.count, isDigit(bytes[end]) {
                minimum = min(minimum * 10 + Int(bytes[end] - UInt8(ascii: "0")), 1_000_000)
                minimumDigits += 1
                end += 1
            }
            var maximumDigits = 0
            if end < bytes.count, bytes[end] == UInt8(ascii: ",") {
                end += 1
                while end < bytes.count, isDigit(bytes[end]) { end += 1; maximumDigits += 1 }
            } else if minimumDigits == 0 {
                return nil
            }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "}"), minimumDigits > 0 || maximumDigits > 0 else { return nil }
            index = end + 1
            return minimum
        }
    }
}
