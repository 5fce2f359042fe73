/// Words a rule pattern cannot match without: a set of ASCII strings, at least one of which
/// every match holds (compared without case). The guard scans a text once for every rule's
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
    /// `shortest`. A placeholder needs the longest ASCII run of each of its vocabulary's terms.
    static func of(_ source: String, vocabularies: [String: Vocabulary]) -> Set<String>? {
        var reader = Reader(Array(source.unicodeScalars), vocabularies: vocabularies)
        guard let words = reader.alternatives(), reader.atEnd, Reader.score(words).shortest >= shortest else { return nil }
        return words
    }

    /// The words a vocabulary's terms need: for each term, the longest run of ASCII letters,
    /// digits and marks inside one of its words (a space or hyphen between words may be
    /// either or nothing, and characters past ASCII may be written otherwise).
    static func words(of terms: [String]) -> Set<String> {
        var words: Set<String> = []
        for term in terms {
            var best = ""
            var run = ""
            for scalar in term.unicodeScalars {
                if scalar.isASCII, scalar != " ", scalar != "-" {
                    run.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: scalar).lowercasedASCII))
                } else {
                    if run.count > best.count { best = run }
                    run = ""
                }
            }
            if run.count > best.count { best = run }
            words.insert(best)
        }
        return words
    }

    /// A recursive-descent reading of PCRE2's syntax, as much of it as rule packs use.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        let vocabularies: [String: Vocabulary]
        var index = 0
        /// Set when the syntax is not understood: the whole pattern then needs nothing.
        var failed = false

        init(_ scalars: [Unicode.Scalar], vocabularies: [String: Vocabulary]) {
            self.scalars = scalars
            self.vocabularies = vocabularies
        }

        var atEnd: Bool { !failed && index == scalars.count }

        /// How good a set of words is as a gate: its shortest word, longer first; then fewer.
        static func score(_ words: Set<String>) -> (shortest: Int, count: Int) {
            (words.map(\.count).min() ?? 0, words.count)
        }

        private static func better(_ a: Set<String>, than b: Set<String>?) -> Bool {
            guard let b else { return true }
            let (x, y) = (score(a), score(b))
            return x.shortest != y.shortest ? x.shortest > y.shortest : x.count < y.count
        }

        private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        /// Branches up to the end or an unmatched ")": the union of the branches' words, or
        /// nil when one branch needs none.
        mutating func alternatives() -> Set<String>? {
            var union: Set<String> = []
            var everyBranchNeeds = true
            while true {
                let branch = sequence()
                if failed { return nil }
                if let branch { union.formUnion(branch) } else { everyBranchNeeds = false }
                guard peek() == "|" else { break }
                index += 1
            }
            return everyBranchNeeds ? union : nil
        }

        /// What one atom is, to a sequence.
        private enum Atom {
            /// A character that matches itself (or its other case).
            case literal(Unicode.Scalar)
            /// A group or placeholder, with the words it needs (nil: none).
            case words(Set<String>?)
            /// Anything else: a class, an escape, a lookaround, a character past ASCII.
            case other
        }

        /// Items up to "|" or ")": the best of the runs of literal characters between other
        /// items and the words of groups that are not optional.
        private mutating func sequence() -> Set<String>? {
            var best: Set<String>?
            var run = ""
            func closeRun() {
                let word = run.trimmingSpaces
                if !word.isEmpty, RequiredLiterals.Reader.better([word], than: best) { best = [word] }
                run = ""
            }
            while let scalar = peek(), scalar != "|", scalar != ")" {
                let item = atom()
                if failed { return nil }
                let times = quantifier()
                if failed { return nil }
                switch (item, times) {
                case (.literal(let character), .once):
                    run.unicodeScalars.append(character)
                case (.literal(let character), .atLeastOnce):
                    // "o+" holds one "o"; what follows may come after more of them.
                    run.unicodeScalars.append(character)
                    closeRun()
                case (.literal, .maybeNone):
                    closeRun()
                case (.words(let words), .once), (.words(let words), .atLeastOnce):
                    closeRun()
                    if let words, RequiredLiterals.Reader.better(words, than: best) { best = words }
                case (.words, .maybeNone), (.other, _):
                    closeRun()
                }
            }
            closeRun()
            return best
        }

        private mutating func atom() -> Atom {
            guard let scalar = peek() else { failed = true; return .other }
            switch scalar {
            case "\\":
                return escape()
            case "[":
                characterClass()
                return .other
            case "(":
                return .words(group())
            case "{":
                if let name = placeholder() {
                    guard let vocabulary = vocabularies[name] else { return .words(nil) }
                    return .words(vocabulary.requiredWords)
                }
                index += 1
                return .literal("{")
            case ".", "^", "$":
                index += 1
                return .other
            default:
                index += 1
                return scalar.isASCII ? .literal(Unicode.Scalar(UInt8(ascii: scalar).lowercasedASCII)) : .other
            }
        }

        /// `{{name}}` at the reading point, consumed.
        private mutating func placeholder() -> String? {
            guard peek(1) == "{" else { return nil }
            var end = index + 2
            var name = ""
            while end + 1 < scalars.count, !(scalars[end] == "}" && scalars[end + 1] == "}") {
                name.unicodeScalars.append(scalars[end])
                end += 1
            }
            guard end + 1 < scalars.count, !name.isEmpty else { return nil }
            index = end + 2
            return name
        }

        private mutating func escape() -> Atom {
            index += 1
            guard let next = peek() else { failed = true; return .other }
            index += 1
            switch next {
            case "Q", "E":
                failed = true
            case "p", "P", "x", "o", "N", "g", "k":
                if peek() == "{" {
                    skip(past: "}")
                } else if next == "k", let open = peek(), open == "<" || open == "'" {
                    skip(past: open == "<" ? ">" : "'")
                } else if next == "p" || next == "P" {
                    index += 1
                }
            default:
                // An escaped mark is the mark; an escaped letter or digit is a class, an
                // anchor or a reference.
                if next.isASCII, !next.properties.isAlphabetic, next.properties.numericType == nil { return .literal(next) }
            }
            return .other
        }

        private mutating func skip(past close: Unicode.Scalar) {
            while let scalar = peek(), scalar != close { index += 1 }
            if peek() == nil { failed = true } else { index += 1 }
        }

        private mutating func characterClass() {
            index += 1
            if peek() == "^" { index += 1 }
            if peek() == "]" { index += 1 }
            while let scalar = peek() {
                switch scalar {
                case "]":
                    index += 1
                    return
                case "\\":
                    _ = escape()
                    if failed { return }
                case "[" where peek(1) == ":":
                    index += 2
                    while let inner = peek(), !(inner == ":" && peek(1) == "]") { index += 1 }
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
        private mutating func group() -> Set<String>? {
            index += 1
            var counts = true
            if peek() == "?" {
                index += 1
                guard let kind = peek() else { failed = true; return nil }
                switch kind {
                case ":", ">":
                    index += 1
                case "=", "!":
                    index += 1
                    counts = false
                case "<":
                    if peek(1) == "=" || peek(1) == "!" {
                        index += 2
                        counts = false
                    } else {
                        skip(past: ">")
                    }
                case "P" where peek(1) == "<":
                    index += 1
                    skip(past: ">")
                case "'":
                    index += 1
                    skip(past: "'")
                case "#":
                    skip(past: ")")
                    return nil
                default:
                    // Options: `(?i)` sets them for what follows, `(?-i:...)` for the group.
                    while let option = peek(), option.properties.isAlphabetic || option == "-" || option == "^" { index += 1 }
                    if peek() == ")" {
                        index += 1
                        return nil
                    }
                    guard peek() == ":" else { failed = true; return nil }
                    index += 1
                }
            } else if peek() == "*" {
                failed = true
                return nil
            }
            let words = alternatives()
            guard !failed, peek() == ")" else { failed = true; return nil }
            index += 1
            return counts ? words : nil
        }

        private enum Times { case once, atLeastOnce, maybeNone }

        /// Reads a quantifier after an atom, if there is one.
        private mutating func quantifier() -> Times {
            guard let scalar = peek() else { return .once }
            let times: Times
            switch scalar {
            case "?", "*":
                index += 1
                times = .maybeNone
            case "+":
                index += 1
                times = .atLeastOnce
            case "{":
                guard let minimum = countedMinimum() else { return .once }
                times = minimum == 0 ? .maybeNone : .atLeastOnce
            default:
                return .once
            }
            if let suffix = peek(), suffix == "?" || suffix == "+" { index += 1 }
            return times
        }

        /// `{n}`, `{n,}`, `{n,m}` or `{,m}` at the reading point, consumed, as its minimum; nil
        /// (nothing consumed) when the brace is a literal.
        private mutating func countedMinimum() -> Int? {
            func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }
            var end = index + 1
            var digits = ""
            while end < scalars.count, isDigit(scalars[end]) {
                digits.unicodeScalars.append(scalars[end])
                end += 1
            }
            var maximumDigits = 0
            if end < scalars.count, scalars[end] == "," {
                end += 1
                while end < scalars.count, isDigit(scalars[end]) { end += 1; maximumDigits += 1 }
            } else if digits.isEmpty {
                return nil
            }
            guard end < scalars.count, scalars[end] == "}", !digits.isEmpty || maximumDigits > 0 else { return nil }
            index = end + 1
            return Int(digits) ?? 0
        }
    }
}

private extension UInt8 {
    var lowercasedASCII: UInt8 { self >= 0x41 && self <= 0x5A ? self + 0x20 : self }
}

private extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
