/// Sentences in which the product says what it does not do or claim: "The assistant can't
/// diagnose, prescribe, or tell you whether a result is dangerous.", "These counts don't say
/// what brings your headaches on.", "This app is not an emergency service.", "No one is being
/// compared with anyone here.", "A long streak is a count of days, not a sign of anything." The
/// seeds ask for such disclaimers, and a rule that reads "brings your headaches on" or
/// "emergency service" in them blocks the very sentence that denies it. A causal, forecast,
/// reassurance, inference, alarm or emergency match wholly inside such a sentence does not
/// block; a condition, a drug, a severity or advice still does, denied or not ("The app can't
/// confirm your migraine" presumes one).
///
/// What counts is grammar, read narrowly: the sentence's subject is the product or its output
/// (the app, this card, these counts, nothing in this summary, no one), one negation governs a
/// verb of saying, judging or acting for the person (say or tell whether, what or why; mean;
/// diagnose, predict, compare, contact; "make one the reason"; "is not a prediction"), and
/// nothing else is said: "can't say wine triggers them" or "won't tell you that ..." puts a
/// claim in words and denies only the saying.
/// A sentence with a second negation, a question, a turn ("but", "yet", "though", "unless",
/// "because"), a second clause joined on ("and your results are normal"), a clause break (";",
/// ":", a dash, an ellipsis, a comma that is not a list of those verbs or ", not a ..."), markup
/// or an invisible character denies nothing: it is judged as ever. A verb that reports a finding
/// ("doesn't show anything serious", "found nothing worrying") is not one of the verbs: those
/// sentences are reassurance. A label before the sentence ("Insight:") is not part of what it
/// denies.
enum DisclaimedSpans {
    /// The claims a disclaiming sentence can deny.
    static let deniable: Set<CopyClaim> = [.causal, .forecast, .reassurance, .inference, .alarm, .emergency]

    private static let subject = #"(?:(?:the|this|these|that|those|our|each|every|a|an|cairn's|aurae's|glance's)\s+)?(?:[\w-]+\s+)?(?:app|apps|assistant|cairn|aurae|glance|medifamily|tool|card|cards|summary|summaries|report|reports|screen|page|view|chart|charts|graph|table|list|insights?|analysis|statistics|stats|counts?|tally|tallies|streaks?|figures|totals?|feature|module|modules|co-?occurrences?|correlations?)"#
    /// What a product can be said not to do: act for the person, or say, tell or know
    /// whether, what or why (not "that ...": that puts the claim in words).
    private static let deniedAct = #"(?:(?:diagnose|prescribe|treat|judge|decide|predict|forecast|replace|contact|call|reach|alert|notify|send|share|forward|monitor|answer|explain|compare|rank|score)\b|(?:tell|say|know|prove|claim)(?:\s+(?:you|anyone|us|me))?(?=\s+(?:whether|if|what|which|why|how|who|when|where|anything|much|more|for sure|for certain|the (?:cause|reason|difference))\b|\s*[.!]?$)|tell\s+(?:[\w'-]+\s+){1,4}from\b)"#
    private static let negatedVerb = #"(?:can't|cannot|can not|doesn't|does not|don't|do not|won't|will not|isn't|is not|aren't|are not|wasn't|was not|has no way to|have no way to|never)\s+(?:(?:(?:intended|meant|designed|able|built|there)\s+to\s+)?"# + deniedAct + #"|mean\b|make\s+(?:[\w']+\s+){0,2}(?:the\s+)?(?:reason|cause)\b|(?:a|an)\s+(?:emergency|medical|diagnosis|doctor|clinician|substitute|prediction|verdict|replacement|test|service)\b|the same as\b|(?:being\s+)?compared\b)"#
    private static let nothingIs = #"(?:nothing(?:\s+(?:in|on|about|here)(?:\s+[\w'-]+){0,3})?|(?:no one|nobody)(?:'s\s+[\w-]+)?|none of (?:this|these|it|them))\s+(?:here\s+)?(?:is|are|was|will be|gets?|has been|counts as)\s+(?:a\s+|an\s+|being\s+)?(?:prediction|diagnosis|verdict|judgement|judgment|assessment|forecast|compared|ranked|scored|rated|graded)\b"#
    private static let notA = #"\s+(?:is|are)\s+[^,]{1,60},\s+not\s+(?:a|an|any)\s+(?:sign|verdict|diagnosis|prediction|measure|judgement|judgment|test|warning)\b"#

    /// A disclaiming sentence, from its start (after a label such as "Insight:").
    private static let disclaimer = try? CompiledPattern(
        "^(?:" + subject + #"(?:\s+[\w'-]+){0,3}?\s+"# + negatedVerb + "|" + nothingIs + "|" + subject + notA + ")",
        ignoresCase: true)
    /// A label before the sentence: a few words and a colon.
    private static let label = try? CompiledPattern(#"^(?:[A-Za-z][\w'-]*\s+){0,3}[A-Za-z][\w'-]*\s*:\s+"#, ignoresCase: true)
    /// A second clause joined on: "... and your results are completely normal."
    private static let joinedClause = try? CompiledPattern(
        #"(?<![\w])(?:and|or|nor|plus|while|whereas)\s+(?:your|you|you're|it|it's|its|this|that|they|there|these|those|we|i|he|she|his|her|their|the|a|an|everything|something|anything|nothing)(?![\w])"#,
        ignoresCase: true)
    /// Words that turn or give a reason: what follows may say what the first part denied.
    private static let turn = try? CompiledPattern(
        #"(?<![\w])(?:but|yet|though|although|however|still|except|unless|instead|rather|otherwise|if|because|since|so|therefore|thus|hence|only|just|merely)(?![\w])"#,
        ignoresCase: true)
    private static let negation = try? CompiledPattern(
        #"(?<![\w])(?:not|no|never|nothing|none|nobody|neither|nor|cannot|without|[a-z]+n't)(?![\w])"#, ignoresCase: true)
    /// The verbs of a disclaimer listed with commas: "can't diagnose, prescribe, or tell".
    private static let verbList = try? CompiledPattern(
        #"(?:can't|cannot|can not|won't|will not|doesn't|does not|don't|do not)\s+[a-z]+(?:,\s+[a-z]+)+,?\s+(?:or|and|nor)\s+[a-z]+"#,
        ignoresCase: true)

    /// Character ranges of the text that are disclaiming sentences.
    static func ranges(in text: String) -> [Range<Int>] {
        guard !text.contains("<"), !text.contains(where: { CopyNormalizer.isInvisible($0) }),
              let disclaimer, let label, let turn, let negation, let verbList, let joinedClause else { return [] }
        let characters = Array(text.map { $0 == "’" ? "'" : $0 })
        var spans: [Range<Int>] = []
        var start = 0
        while start < characters.count {
            // The sentence runs to its mark (". ", "! ", "? " or one at the end), a line break
            // or the end; a question denies nothing.
            var end = start
            while end < characters.count, characters[end] != "\n",
                  !(".!?".contains(characters[end]) && (end + 1 == characters.count || characters[end + 1] == " ")) {
                end += 1
            }
            let question = end < characters.count && characters[end] == "?"
            if !question, let span = disclaiming(characters, start..<end, disclaimer: disclaimer, label: label, turn: turn,
                                                 joinedClause: joinedClause, negation: negation, verbList: verbList) {
                spans.append(span)
            }
            start = end + 1
            while start < characters.count && (characters[start] == " " || characters[start] == "\n") { start += 1 }
        }
        return spans
    }

    /// The sentence at `range` (its end mark included, a label before it not) when it is a
    /// disclaimer and nothing more.
    private static func disclaiming(_ characters: [Character], _ range: Range<Int>, disclaimer: CompiledPattern,
                                    label: CompiledPattern, turn: CompiledPattern, joinedClause: CompiledPattern,
                                    negation: CompiledPattern, verbList: CompiledPattern) -> Range<Int>? {
        let sentence = String(characters[range])
        var body = Substring(sentence)
        var start = range.lowerBound
        if let labelled = label.ranges(in: MatchText(sentence)).first {
            body = body.dropFirst(labelled.upperBound)
            start += labelled.upperBound
        }
        let bodyText = String(body)
        let matchBody = MatchText(bodyText)
        guard !bodyText.contains(where: { ";:—–()?…".contains($0) }), !bodyText.contains(" - "), !bodyText.contains(".."),
              disclaimer.matches(matchBody), !turn.matches(matchBody), !joinedClause.matches(matchBody),
              negation.ranges(in: matchBody).count == 1 else { return nil }
        // Commas only in a list of the denied verbs, or before the ", not a ..." that denies.
        var rest = bodyText
        if let list = verbList.ranges(in: matchBody).first {
            let characters = Array(bodyText)
            rest = String(characters[..<list.lowerBound]) + String(characters[list.upperBound...])
        }
        let commas = rest.split(separator: ",", omittingEmptySubsequences: false).dropFirst()
        guard commas.allSatisfy({ $0.hasPrefix(" not ") }) else { return nil }
        return start..<min(range.upperBound + 1, characters.count)
    }

    /// Whether a violation is a claim a disclaiming sentence denies, wholly inside one.
    static func denies(_ spans: [Range<Int>], _ violation: CopyViolation) -> Bool {
        deniable.contains(violation.claim) && violation.rule != CopyGuard.approvedCopyRuleID && AttributedSpans.covers(spans, violation.offsets)
    }
}
