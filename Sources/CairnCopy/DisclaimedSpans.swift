/// Sentences in which the product says what it does not do or claim: "The assistant can't
/// diagnose, prescribe, or tell you whether a result is dangerous.", "These counts don't say
/// what brings your headaches on.", "This app is not an emergency service.", "No one is being
/// compared with anyone here.", "A long streak is a count of days, not a sign of anything." The
/// seeds ask for such disclaimers, and a rule that reads "brings your headaches on" or
/// "emergency service" in them blocks the very sentence that denies it. A causal, forecast,
/// reassurance, inference, alarm or emergency match wholly inside such a sentence does not
/// block when the sentence denies that claim (`forms`: a question it does not answer denies
/// any of them, "what brings ..." the cause, an act it does not do the emergency); a
/// condition, a drug, a severity or advice still blocks, denied or not ("The app can't confirm
/// your migraine" presumes one).
///
/// What counts is grammar, read narrowly: the sentence's subject is the product or its output
/// (the app, this card, these counts, nothing in this summary, no one), one negation governs a
/// verb of saying, judging or acting for the person (say or tell whether or what; mean;
/// diagnose, contact; "make one the reason"; "is not a prediction"), and nothing else is said:
/// "can't say wine triggers them" or "won't tell you that ..." puts a claim in words and
/// denies only the saying.
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
    /// The subject, a few words, one negation, and "able to", "designed to" ... if any.
    private static let negated = "^" + subject + #"(?:\s+[\w'-]+){0,3}?\s+(?:can't|cannot|can not|doesn't|does not|don't|do not|won't|will not|isn't|is not|aren't|are not|wasn't|was not|has no way to|have no way to|never)\s+(?:(?:intended|meant|designed|able|built|there)\s+to\s+)?"#
    private static let sayer = #"(?:tell|say|know|prove|claim|answer|judge|decide)(?:\s+(?:you|anyone|us|me))?"#
    /// What the sentence then says, held to its end where more words could carry a claim.
    private static let end = #"(?:\s+(?:here|on this [\w-]+|in this [\w-]+))?\s*[.!]?$"#
    private static let people = #"(?:anyone|anybody|you|yourself|your family|anyone in your family|anyone else(?:'s)?|anybody else's|someone else(?:'s)?|others'?|other people(?:'s)?|other (?:users|families|profiles)|each other|one another|averages?|norms|your health|anyone's health|the future)"#

    /// Each form of disclaimer, with the claims it denies. A question it does not answer
    /// ("whether a result is dangerous") denies any claim inside it; "what brings your headaches
    /// on" only the cause (its words may presume the rest: "why your headaches are getting
    /// worse", "when your next attack will come" are not denied, so "why", "how" and "when" are
    /// not forms); an act it does not do ("contact emergency services") only the emergency.
    private static let forms: [(pattern: CompiledPattern?, denies: Set<CopyClaim>)] = [
        (try? CompiledPattern(negated + #"(?:[\w,'-]+\s+){0,6}?"# + sayer + #"\s+whether\b"#, ignoresCase: true), deniable),
        (try? CompiledPattern(negated + sayer + #"(?:\s+(?:anything|much|more|for sure|for certain))?"# + end, ignoresCase: true), deniable),
        (try? CompiledPattern(negated + #"(?:tell|say|know|explain)(?:\s+(?:you|anyone|us|me))?\s+(?:what|which|who|the (?:cause|reason))\b"#, ignoresCase: true), [.causal]),
        (try? CompiledPattern(negated + #"make\s+(?:[\w']+\s+){0,2}(?:the\s+)?(?:reason|cause)\b"#, ignoresCase: true), [.causal]),
        (try? CompiledPattern(negated + #"the same as\b"#, ignoresCase: true), [.causal]),
        // What it does not mean, of a plain subject: "your worsening headaches" presumes.
        (try? CompiledPattern(negated + #"mean\s+(?:that\s+)?(?:you(?:'re| are)?|your (?:headaches?|migraines?|numbers?|results?|readings?|levels?|health|body)|it(?:'s| is)?|this|that|anything|something|everything)\b"#, ignoresCase: true), deniable),
        (try? CompiledPattern(negated + #"tell\s+(?:[\w'-]+\s+){1,4}from\b"#, ignoresCase: true), [.emergency, .alarm]),
        (try? CompiledPattern(negated + #"(?:diagnose|prescribe|treat|replace|monitor)\b"#, ignoresCase: true), [.emergency]),
        // Whom it does not reach: "emergency services" names them.
        (try? CompiledPattern(negated + #"(?:contact|call|reach|alert|notify|send|share|forward)\b"#, ignoresCase: true), [.emergency, .alarm]),
        (try? CompiledPattern(negated + #"(?:a|an)\s+(?:emergency|medical|diagnosis|doctor|clinician|substitute|prediction|verdict|replacement|test|service)(?:\s+(?!that\b)[\w'-]+){0,4}"# + end, ignoresCase: true), deniable),
        (try? CompiledPattern(negated + #"(?:being\s+)?(?:compared|ranked|scored|rated)(?:\s+(?:with|to|against)\s+"# + people + ")?" + end, ignoresCase: true), deniable),
        (try? CompiledPattern(#"^(?:nothing(?:\s+(?:in|on|about|here)(?:\s+[\w'-]+){0,3})?|(?:no one|nobody)(?:'s\s+[\w-]+)?|none of (?:this|these|it|them))\s+(?:here\s+)?(?:is|are|was|will be|gets?|has been|counts as)\s+(?:a\s+|an\s+|being\s+)?(?:prediction|diagnosis|verdict|judgement|judgment|assessment|forecast|compared|ranked|scored|rated|graded)(?:\s+(?:about|of|for|with|to|against)\s+"# + people + ")?" + end, ignoresCase: true), deniable),
        (try? CompiledPattern("^" + subject + #"\s+(?:is|are)\s+(?:a|an|the)?\s*(?:count|tally|number|record|list|total|log|sum|measure)\s+of\s+(?:[\w'-]+\s+){0,3}?[\w'-]+,\s+not\s+(?:a|an|any)\s+(?:sign|verdict|diagnosis|prediction|measure|judgement|judgment|test|warning)(?:\s+of\s+(?:anything|illness|health|your health|how you are|how healthy you are))?"# + end, ignoresCase: true), deniable),
    ]

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
    static func ranges(in text: String) -> [Span] {
        guard !text.contains("<"), !text.contains(where: { CopyNormalizer.isInvisible($0) }),
              let label, let turn, let negation, let verbList, let joinedClause else { return [] }
        let characters = Array(text.map { $0 == "’" ? "'" : $0 })
        var spans: [Span] = []
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
            if !question, let span = disclaiming(characters, start..<end, label: label, turn: turn,
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
    private static func disclaiming(_ characters: [Character], _ range: Range<Int>,
                                    label: CompiledPattern, turn: CompiledPattern, joinedClause: CompiledPattern,
                                    negation: CompiledPattern, verbList: CompiledPattern) -> Span? {
        let sentence = String(characters[range])
        var body = Substring(sentence)
        var start = range.lowerBound
        if let labelled = label.ranges(in: MatchText(sentence)).first {
            body = body.dropFirst(labelled.upperBound)
            start += labelled.upperBound
        }
        let bodyText = String(body)
        let matchBody = MatchText(bodyText)
        let denied = forms.reduce(into: Set<CopyClaim>()) { denied, form in
            if form.pattern?.matches(matchBody) == true { denied.formUnion(form.denies) }
        }
        // One sentence: no mark inside it ("serious.Wine ...", "serious!Wine ...") and no space
        // but the plain one (a no-break space or a tab after a full stop ends no sentence here).
        guard !denied.isEmpty, !bodyText.contains(where: { ";:—–()?….!".contains($0) || ($0.isWhitespace && $0 != " ") }),
              !bodyText.contains(" - "), !turn.matches(matchBody), !joinedClause.matches(matchBody),
              negation.ranges(in: matchBody).count == 1 else { return nil }
        // Commas only in a list of the denied verbs, or before the ", not a ..." that denies.
        var rest = bodyText
        if let list = verbList.ranges(in: matchBody).first {
            let characters = Array(bodyText)
            rest = String(characters[..<list.lowerBound]) + String(characters[list.upperBound...])
        }
        let commas = rest.split(separator: ",", omittingEmptySubsequences: false).dropFirst()
        guard commas.allSatisfy({ $0.hasPrefix(" not ") }) else { return nil }
        return Span(range: start..<min(range.upperBound + 1, characters.count), denies: denied)
    }

    /// A disclaiming sentence and the claims it denies.
    struct Span: Equatable {
        let range: Range<Int>
        let denies: Set<CopyClaim>
    }

    /// Whether a violation is a claim a disclaiming sentence denies, wholly inside it.
    static func denies(_ spans: [Span], _ violation: CopyViolation) -> Bool {
        violation.rule != CopyGuard.approvedCopyRuleID && spans.contains { span in
            span.denies.contains(violation.claim) && AttributedSpans.covers([span.range], violation.offsets)
        }
    }
}
