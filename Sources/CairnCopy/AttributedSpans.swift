/// Where copy shows the person's own words or entries back to them, said to be theirs: a quote
/// beside "you wrote" or "your label" (`Your label 'stress migraine' appears in 5 logs.`), a
/// field marked "(entered by you)", the list after "Conditions you logged for Minh:". What the
/// person wrote is their record, not a claim the product makes, so a rule's match that lies
/// wholly inside such a span does not block; the words around it are judged as ever ("Your label
/// 'migraine' is right: you have migraine" still blocks on its second half).
///
/// In the family visit modules (MediFamily's `visit-history` and `visit-statistics`) a record's
/// own fields are the person's entries by the product's design (its seed: "prompt for visit
/// metadata (date, title, condition/illness, doctor name, notes)"): "Reason for visit: ear
/// infection" is the record, while a value that says more than a name ("ear infection, likely
/// chronic") is judged as copy.
///
/// What is attributed must name no more than names and labels: a quote, field or list that
/// holds a verdict, a hedge, a cause or advice is judged as copy, so attribution cannot launder
/// a claim.
///
/// Only marked attribution counts, and only next to its marker: a quote with no "you wrote"
/// beside it, a field without "(entered by you)", text after the sentence that carried the
/// marker are all the product's own words.
enum AttributedSpans {
    /// Words that say the next or last quote is the person's. Lower case; matched at word edges.
    private static let marker = #"(?:your (?:own )?(?:labels?|notes?|entry|entries|words|tags?|description|title)|you (?:wrote|typed|entered|named|logged|added|recorded|chose|picked|labell?ed|tagged|marked|called it)|(?:entered|added|written|typed|named|labell?ed|chosen|logged|recorded|reported|classified|marked) by you|as typed|self[- ]?reported|as you (?:wrote|entered|typed|named|logged|classified|recorded|listed) (?:it|them))"#
    /// A field's mark that its value is the person's: `(entered by you)`, `(your label)`.
    private static let fieldMark = try? CompiledPattern(
        #"\((?:entered by you|added by you|logged by you|written by you|from you|your (?:own )?(?:labels?|entry|entries|words|notes?)|self[- ]?reported|as you (?:entered|wrote|typed|logged|classified|recorded|listed) (?:it|them)(?: (?:in|for|on|under) [^()\n]{1,30})?|you entered (?:it|this|them))\)"#,
        ignoresCase: true)
    /// What the product made from the person's entries is the product's, not theirs: "Problem
    /// list (generated from your entries): ..." (dev45).
    private static let madeFrom = #"(?<!generated from )(?<!derived from )(?<!inferred from )(?<!built from )(?<!compiled from )(?<!calculated from )(?<!estimated from )(?<!computed from )(?<!extracted from )(?<!based on )"#
    private static let markerExpression = try? CompiledPattern(#"(?<![\w])"# + madeFrom + marker + #"(?![\w])"#, ignoresCase: true)
    /// A marker and then, within a few words (a quoted label among them), a colon: what follows
    /// the colon is the entry.
    private static let markedColon = try? CompiledPattern(
        #"(?<![\w])"# + madeFrom + marker + #"(?![\w])(?:[^:.!?\n"“”'‘’]|'[^'\n]{1,30}'|‘[^’\n]{1,30}’|"[^"\n]{1,30}"|“[^”\n]{1,30}”){0,40}:"#, ignoresCase: true)

    /// "You marked <entry> as 'a category'": what the person marked, before the quoted
    /// category they gave it (Aurae has the person classify each medicine).
    private static let markedAs = try? CompiledPattern(
        #"(?<![\w])you (?:marked|set|saved|filed|tagged|labell?ed|classified|logged|entered|added|recorded) [^.!?\n:"“”'‘’]{1,40}? as ['‘"“]"#,
        ignoresCase: true)

    /// A visit record's field label and its colon; its value runs to the next field.
    private static let recordField = try? CompiledPattern(
        #"(?:^|(?<=[·|;•\n] )|(?<=[·|;•\n]))(?:title|condition|illness|condition ?(?:/|or) ?illness|reason(?: for (?:the )?visit)?|visit (?:reason|title)|chronic conditions|medications?|notes?)(?: \([^()\n]{1,30}\))? ?:"#,
        ignoresCase: true)
    /// Words that make a quote, a field's value or a list more than names: a verdict, a hedge,
    /// a cause, advice. A quote that says more is copy however it is attributed: "Your note: 'you
    /// definitely have migraine, take ibuprofen'" would otherwise launder any claim.
    private static let beyondName = try? CompiledPattern(
        #"(?<![\w])(?:is|are|was|were|be|likely|possibly|probably|maybe|may|might|could|should|must|will|would|can|cannot|means?|suggests?|looks?|seems?|signs?|risk|needs?|you|your|have|has|had|caused?|because|due|from|worse|serious|severe|chronic|confirmed|detected|diagnosed|take|stop|start|try|avoid|call|ring|dial)(?![\w])"#,
        ignoresCase: true)
    /// The modules whose records' fields are the person's own entries.
    private static let recordModules: Set<String> = ["visit-history", "visit-statistics"]

    /// Characters between a marker's end and a quote it introduces ("you wrote: " is 2).
    private static let reach = 40

    /// Character ranges of the text that are the person's own entries, marked as theirs, or
    /// (for `module`'s records) a visit record's fields.
    static func ranges(in text: String, module: String?) -> [Range<Int>] {
        // A mark the person may not see (inside a tag or a comment, or cut by an invisible
        // character) attributes nothing: "<!-- your label -->'migraine'" is the product's label.
        guard !text.contains("<"), !text.contains(where: { CopyNormalizer.isInvisible($0) }) else { return [] }
        var spans = module.map(recordModules.contains) == true ? recordFields(in: text) : []
        // Most copy quotes nobody and marks no field.
        let lowered = text.lowercased()
        // By bytes first (most copy holds none of the words), then as characters: a mark
        // joined to the word's last letter ("you\u{301}") is the word's bytes and not the word.
        guard ["you", "reported", "typed"].contains(where: { ByteSearch.contains(lowered, $0) && lowered.contains($0) }) else { return spans }
        // The expressions are fixed text; should one not compile, nothing is attributed (every
        // rule's match stands).
        guard let markerExpression, let fieldMark, let markedColon, let markedAs, let beyondName else { return spans }
        let characters = Array(text)
        let matchText = MatchText(text)
        let markers = markerExpression.ranges(in: matchText)
        // A field's value, a list or a quote names what the person entered; one that says more
        // than a name ("(entered by you): you definitely have migraine") is copy.
        func namesOnly(_ range: Range<Int>) -> Bool {
            !beyondName.matches(MatchText(String(characters[range])))
        }
        for quote in quotes(in: characters) where namesOnly(quote) {
            let before = markers.filter { mark in
                mark.upperBound <= quote.lowerBound - 1 && quote.lowerBound - 1 - mark.upperBound <= reach
                    && !endsSentence(characters[mark.upperBound..<(quote.lowerBound - 1)])
            }
            let after = markers.contains { mark in mark.lowerBound >= quote.upperBound + 1 && mark.lowerBound - (quote.upperBound + 1) <= 3 }
            guard !before.isEmpty || after else { continue }
            // The quote marks are the quote's: a rule reads a name in quotes with its marks
            // ("'diabetes'" is a term in quotes). A marker right before it, with nothing but a
            // colon or a dash between, is the entry's label ("Your label: 'tension headache'").
            let labelled = before.first { mark in
                characters[mark.upperBound..<(quote.lowerBound - 1)].allSatisfy { " :-–—".contains($0) }
            }
            spans.append((labelled?.lowerBound ?? (quote.lowerBound - 1))..<(quote.upperBound + 1))
        }
        for mark in fieldMark.ranges(in: matchText) {
            var after = mark.upperBound
            while after < characters.count && characters[after] == " " { after += 1 }
            if after < characters.count && characters[after] == ":" {
                let value = (after + 1)..<sentenceEnd(characters, from: after + 1)
                if namesOnly(value) { spans.append(value) }
            } else {
                // The field's value, back to the field's own label ("Condition: ear infection
                // (entered by you)"); with no label before it, the mark names no value.
                var start = mark.lowerBound
                while start > 0 && !":·|•—–;\n".contains(characters[start - 1]) { start -= 1 }
                if start > 0 && characters[start - 1] != "\n" && namesOnly(start..<mark.lowerBound) {
                    spans.append(start..<mark.lowerBound)
                }
            }
        }
        for match in markedAs.ranges(in: matchText) {
            // The entry lies between the verb and " as '".
            let verbEnd = (match.lowerBound + 4..<match.upperBound).first { characters[$0] == " " } ?? match.lowerBound
            let entry = (verbEnd + 1)..<(match.upperBound - 5)
            if !entry.isEmpty, namesOnly(entry) { spans.append(entry) }
        }
        for match in markedColon.ranges(in: matchText) {
            let list = match.upperBound..<sentenceEnd(characters, from: match.upperBound)
            if namesOnly(list) { spans.append(list) }
        }
        return spans
    }

    /// The fields of a visit record (label and value) whose values name no more than a name.
    private static func recordFields(in text: String) -> [Range<Int>] {
        guard let recordField, let beyondName else { return [] }
        let characters = Array(text)
        var spans: [Range<Int>] = []
        for label in recordField.ranges(in: MatchText(text)) {
            var end = label.upperBound
            while end < characters.count && !"·|;•\n".contains(characters[end]) { end += 1 }
            let value = String(characters[label.upperBound..<end])
            // The label with its value: "Condition/illness" names a field, not the person's.
            if !beyondName.matches(MatchText(value)) { spans.append(label.lowerBound..<end) }
        }
        return spans
    }

    /// Whether a violation lies wholly inside the person's own words.
    static func covers(_ spans: [Range<Int>], _ offsets: Range<Int>) -> Bool {
        spans.contains { $0.lowerBound <= offsets.lowerBound && offsets.upperBound <= $0.upperBound }
    }

    /// The insides of quotes on one line: "…", “…”, ‘…’, and '…' where the marks stand at word
    /// edges (an apostrophe inside a word, "isn't", quotes nothing).
    private static func quotes(in characters: [Character]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = 0
        let pairs: [Character: Character] = ["\"": "\"", "“": "”", "‘": "’", "'": "'"]
        while index < characters.count {
            let open = characters[index]
            guard let close = pairs[open] else { index += 1; continue }
            let startsWord = index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber)
            guard startsWord, index + 1 < characters.count, !characters[index + 1].isWhitespace else { index += 1; continue }
            var end = index + 1
            while end < characters.count && characters[end] != "\n" {
                if characters[end] == close && !characters[end - 1].isWhitespace
                    && (end + 1 == characters.count || !(characters[end + 1].isLetter || characters[end + 1].isNumber)) { break }
                end += 1
            }
            guard end < characters.count, characters[end] == close else { index += 1; continue }
            found.append((index + 1)..<end)
            index = end + 1
        }
        return found
    }

    private static func endsSentence(_ characters: ArraySlice<Character>) -> Bool {
        zip(characters, characters.dropFirst()).contains { ".!?".contains($0) && $1 == " " } || characters.contains("\n")
    }

    /// Where the sentence that starts at `start` ends: at ". ", "! ", "? ", a line break or the end.
    private static func sentenceEnd(_ characters: [Character], from start: Int) -> Int {
        var index = start
        while index < characters.count && characters[index] != "\n" {
            if ".!?".contains(characters[index]) && (index + 1 == characters.count || characters[index + 1] == " ") { return index }
            index += 1
        }
        return index
    }
}
