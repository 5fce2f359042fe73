import Foundation

/// Sentences in which the product says what it does not do or claim: "The assistant can't diagnose,
/// prescribe, or tell you whether a result is dangerous.", "These counts don't say what brings your
/// headaches on.", "This app is not an emergency service.", "No one is being compared with anyone
/// here.", "A long streak is a count of days, not a sign of anything." The seeds ask for such
/// disclaimers, and a rule that reads "brings your headaches on" or "emergency service" in them
/// blocks the very sentence that denies it. A causal, forecast, reassurance, inference, alarm or
/// emergency match wholly inside such a sentence does not block when the sentence denies that claim
/// (`forms`: a question it does not answer denies any of them, "what brings ..." the cause, an act
/// it does not do the emergency, "does not predict" the forecast); a condition, a drug, a severity
/// or advice still blocks, denied or not ("The app can't confirm your migraine" presumes one).
/// What counts is grammar, read narrowly: the sentence's subject is the product or its output (the
/// app, this card, these counts, "we", nothing in this summary, no one), one negation governs a
/// verb of saying, judging or acting for the person (say or tell whether or what; mean; diagnose,
/// contact; "make one the reason"; "is not a prediction"), and nothing else is said: "can't say
/// wine triggers them" or "won't tell you that ..." puts a claim in words and denies only the
/// saying, while "is not proof that caffeine causes them" or "doesn't mean it triggers them" denies
/// that the data support it. A pronoun or a gerund phrase as subject ("It says nothing about
/// cause.", "Counting how often two things happen together can't show which came first.") has only
/// the verbs of saying, since what it stands for is unknown ("It isn't anything serious" is
/// reassurance). Also read as disclaimers: how not to read the output ("Don't read these patterns
/// as proof of what causes your headaches."), what not to use it for ("Don't use this app for
/// emergencies."), a disclaimer as the last clause after ", but", and a question about the product
/// that the next sentence answers "No.". A sentence with a second negation, a question left
/// unanswered, a turn ("but", "yet", "though", "unless", "because"), a second clause joined on
/// ("and your results are normal"), a clause break (";", ":", a dash, an ellipsis, a comma that is
/// not a list of those verbs or ", not a ..."), or an HTML comment denies nothing: it is judged as
/// ever. Markup tags and invisible characters are read as nothing, letters in their compatibility
/// forms and any other space as a plain one, as a person reads them. A verb that reports a finding
/// ("doesn't show anything serious", "found nothing worrying") is not one of the verbs: those
/// sentences are reassurance. A span starts at the negation: the subject's own words, and a label
/// before the sentence ("Insight:"), are not part of what it denies. A later sentence that answers
/// it back ("Trust us, it does.", "Honestly? Wine does, though.") undoes it.
enum DisclaimedSpans {
    /// The claims a disclaiming sentence can deny.
    static let deniable: Set<CopyClaim> = [.causal, .forecast, .reassurance, .inference, .alarm, .emergency]

    private static let productNoun = #"(?:app|apps|assistant|cairn|aurae|glance|medifamily|tool|card|cards|summary|summaries|report|reports|screen|page|view|chart|charts|graph|table|list|insights?|analysis|statistics|stats|counts?|tally|tallies|streaks?|figures|totals?|feature|module|modules|co-?occurrences?|correlations?)"#
    /// The product or its output; "we" speaks for the product.
    private static let product = #"(?:(?:(?:the|this|these|that|those|our|each|every|a|an|cairn's|aurae's|glance's)\s+)?(?:[\w-]+\s+)?"# + productNoun + #"|we)"#
    /// A pronoun or a phrase led by a gerund ("Counting how often two things happen together"):
    /// what it stands for is not known, so only the forms of saying count for it, and its own
    /// words, before the negation, are judged as ever.
    private static let referent = #"(?:it|this|that|they|these|those|(?!(?:nothing|something|everything|anything)\b)[a-z]+ing(?:\s+[\w'-]+){0,8}?)"#
    private static let negationWords = #"(?:can't|cannot|can not|doesn't|does not|don't|do not|won't|will not|isn't|is not|aren't|are not|wasn't|was not|has no way to|have no way to|never)"#
    /// The subject, a few words, one negation, and "able to", "designed to" ... if any.
    private static func negated(_ subject: String) -> String {
        "^" + subject + #"(?:\s+[\w'-]+){0,3}?\s+"# + negationWords + #"\s+(?:(?:intended|meant|designed|able|built|there)\s+to\s+)?"#
    }
    /// A question about the product, answered "No." by the sentence after it.
    private static let askedPrefix = #"^(?:can|could|will|would|does|do)\s+"# + product + #"\s+"#
    private static let sayer = #"(?:tell|say|know|prove|claim|answer|judge|decide)(?:\s+(?:you|anyone|us|me))?"#
    /// The verbs of saying that take a question after them ("show which came first").
    private static let asker = #"(?:tell|say|know|prove|claim|answer|judge|decide|show|explain|determine|establish|work\s+out|figure\s+out)(?:\s+(?:you|anyone|us|me))?"#
    /// What the sentence then says, held to its end where more words could carry a claim.
    private static let end = #"(?:\s+(?:here|on this [\w-]+|in this [\w-]+))?\s*[.!]?$"#
    /// Verbs that say one thing makes another happen, in a clause a disclaimer denies.
    private static let causeVerb = #"(?:causes?|caused|causing|triggers?|triggered|triggering|brings?\s+on|brought\s+on|sets?\s+off|leads?\s+to|led\s+to|(?:is|are|was|were)\s+behind|gives?\s+(?:you|them|her|him))"#
    private static let people = #"(?:anyone|anybody|you|yourself|your family|anyone in your family|anyone else(?:'s)?|anybody else's|someone else(?:'s)?|others'?|other people(?:'s)?|other (?:users|families|profiles)|each other|one another|averages?|norms|your health|anyone's health|the future)"#
    private static let emergencies = #"(?:an?\s+)?(?:emergenc(?:y|ies)|medical emergencies|urgent\s+(?:care|situations?|problems?|symptoms))"#

    /// What follows the negation in each form of disclaimer, the claims it denies, and whether a
    /// pronoun or gerund subject may say it. A question it does not answer ("whether a result is
    /// dangerous") denies any claim inside it; "what brings your headaches on" only the cause (its
    /// words may presume the rest: "why your headaches are getting worse" is not denied, so
    /// "why", "how" and "when" are not forms, but for "when your next headache will come", which
    /// presumes only the diary's next entry); an act it does not do ("contact emergency
    /// services") only the emergency.
    private struct Form {
        let body: String
        let denies: Set<CopyClaim>
        let ofReferents: Bool
        /// Whether the form asked of the product ("Does this app predict attacks?") and answered
        /// "No." disclaims: the forms of saying, and what it does not foresee.
        let asked: Bool

        init(body: String, denies: Set<CopyClaim>, ofReferents: Bool, asked: Bool? = nil) {
            self.body = body
            self.denies = denies
            self.ofReferents = ofReferents
            self.asked = asked ?? ofReferents
        }
    }

    private static let bodies: [Form] = [
        // A question it does not answer presumes nothing, a verdict included: "This chart can't
        // say whether your numbers are good or bad."
        Form(body: #"(?:[\w,'-]+\s+){0,6}?"# + asker + #"\s+whether\b"#, denies: deniable.union([.severity]), ofReferents: true),
        Form(body: sayer + #"(?:\s+(?:anything|much|more|for sure|for certain))?"# + end, denies: deniable, ofReferents: true),
        Form(body: asker + #"\s+(?:what|which|who|the (?:cause|reason))\b"#, denies: [.causal], ofReferents: true),
        Form(body: #"make\s+(?:[\w']+\s+){0,2}(?:the\s+)?(?:reason|cause)\b"#, denies: [.causal], ofReferents: true),
        Form(body: #"the same as\b"#, denies: [.causal], ofReferents: true),
        // A claim that holds "any" is inside the negation's scope: "This doesn't show that any
        // factor led to a headache.", "that isn't proof it played any part." The word "any"
        // is only said under a negation, so what it stands in is denied, not presumed.
        Form(body: #"(?:show|prove|mean|say|tell(?:\s+you)?|suggest|proof|evidence)\s+(?:that\s+)?(?:[\w'-]+\s+){0,5}?(?:any|anything)\b(?:\s+[\w'-]+){0,6}"# + end,
             denies: [.causal, .inference], ofReferents: true),
        Form(body: #"(?:proof|evidence)(?:\s+of\s+(?:cause|causation|a cause|anything|what\s+(?:causes|caused|brings|triggers|sets off)(?:\s+[\w'-]+){0,3}?))?"# + end,
             denies: [.causal, .inference], ofReferents: true),
        // What the evidence does not establish: "This pattern is not proof that caffeine causes
        // your headaches.", "Falling pressure before headaches doesn't mean it triggers them."
        // Unlike "can't say wine triggers them", these deny that the data support the cause;
        // they do not put it in words and decline to say it.
        Form(body: #"(?:show|prove|mean|imply|establish|confirm|(?:a\s+)?proof|evidence)\s+(?:that\s+)?(?:[\w'-]+\s+){1,8}?"# + causeVerb + #"(?:\s+[\w'-]+){0,5}"# + end,
             denies: [.causal, .inference], ofReferents: true),
        // What the data do not show to be safe: "It doesn't show that caffeine is safe for you."
        Form(body: #"(?:show|prove|mean|imply|establish|confirm|(?:a\s+)?proof|evidence)\s+(?:that\s+)?(?:[\w'-]+\s+){1,6}?(?:is|are|was|were)\s+(?:safe|harmless|fine|okay|ok)(?:\s+(?:for|to)\s+[\w'-]+){0,2}"# + end,
             denies: [.reassurance], ofReferents: true),
        // When the next one comes is a question about timing it does not answer: "The chart
        // doesn't tell you when your next headache will come."
        Form(body: asker + #"\s+when\s+(?:your|the|their|his|her|[a-z]+'s)\s+next\s+(?:headache|migraine|attack|episode|flare)\s+(?:will\s+(?:come|start|happen|arrive|hit)|is\s+(?:coming|due))"# + end,
             denies: [.forecast, .causal], ofReferents: true),
        // What it does not mean, of a plain subject: "your worsening headaches" presumes.
        Form(body: #"mean\s+(?:that\s+)?(?:you(?:'re| are)?|your (?:headaches?|migraines?|numbers?|results?|readings?|levels?|health|body)|it(?:'s| is)?|this|that|anything|something|everything)\b"#,
             denies: deniable, ofReferents: false),
        Form(body: #"tell\s+(?:[\w'-]+\s+){1,4}from\b"#, denies: [.emergency, .alarm], ofReferents: false),
        Form(body: #"(?:diagnose|prescribe|treat|replace|monitor)\b"#, denies: [.emergency], ofReferents: false),
        // What it does not foresee, alone or last in a list of those acts: "does not diagnose,
        // prescribe, or predict."
        Form(body: #"(?:(?:diagnose|prescribe|treat|replace|monitor)(?:,\s+(?:or\s+|and\s+|nor\s+)?|\s+(?:or|and|nor)\s+))*(?:predict|forecast)\b"#,
             denies: [.forecast, .emergency], ofReferents: false, asked: true),
        // Whom it does not reach: "emergency services" names them.
        Form(body: #"(?:contact|call|reach|alert|notify|send|share|forward)\b"#, denies: [.emergency, .alarm], ofReferents: false),
        Form(body: #"(?:a|an)\s+(?:emergency|medical|diagnosis|doctor|clinician|substitute|prediction|verdict|replacement|test|service)(?:\s+(?!that\b)[\w'-]+){0,4}"# + end,
             denies: deniable, ofReferents: false),
        Form(body: #"(?:being\s+)?(?:compared|ranked|scored|rated)(?:\s+(?:with|to|against)\s+"# + people + ")?" + end,
             denies: deniable, ofReferents: false),
        // What it is not for: "This app isn't for emergencies."
        Form(body: #"(?:(?:meant|made|designed|built|intended)\s+)?for\s+"# + emergencies + end, denies: [.emergency, .alarm], ofReferents: false),
    ]

    private static func compiled(_ source: String) -> CompiledPattern? { try? CompiledPattern(source, ignoresCase: true) }

    typealias Pattern = (pattern: CompiledPattern?, denies: Set<CopyClaim>)
    private static let subjectOrReferent = "^(?:" + product + "|" + referent + #")(?:\s+[\w'-]+){0,3}?\s+"#
    /// Each form after a negated product, and after a negated pronoun or gerund.
    private static let negatedForms: [Pattern] = bodies.map { (compiled(negated(product) + $0.body), $0.denies) }
        + bodies.filter(\.ofReferents).map { (compiled(negated(referent) + $0.body), $0.denies) }
    /// Forms whose negation is their own: "nothing", "no one", ", not a", "don't read ... as".
    private static let ownForms: [Pattern] = [
        (compiled(#"^(?:nothing(?:\s+(?:in|on|about|here)(?:\s+[\w'-]+){0,3})?|(?:no one|nobody)(?:'s\s+[\w-]+)?|none of (?:this|these|it|them))\s+(?:here\s+)?(?:is|are|was|will be|gets?|has been|counts as)\s+(?:a\s+|an\s+|being\s+)?(?:prediction|diagnosis|verdict|judgement|judgment|assessment|forecast|compared|ranked|scored|rated|graded)(?:\s+(?:about|of|for|with|to|against)\s+"# + people + ")?" + end), deniable),
        (compiled("^" + product + #"\s+(?:is|are)\s+(?:a|an|the)?\s*(?:count|tally|number|record|list|total|log|sum|measure)\s+of\s+(?:[\w'-]+\s+){0,3}?[\w'-]+,\s+not\s+(?:a|an|any)\s+(?:sign|verdict|diagnosis|prediction|measure|judgement|judgment|test|warning)(?:\s+of\s+(?:anything|illness|health|your health|how you are|how healthy you are))?"# + end), deniable),
        // "It says nothing about cause."
        (compiled(subjectOrReferent + #"(?:says?|tells?(?:\s+you)?|shows?|proves?|means?)\s+nothing\s+about\s+(?:(?:the\s+)?causes?|causation|(?:what\s+)?caused\s+(?:it|them|what))"# + end), deniable),
        (compiled(subjectOrReferent + #"(?:says?|tells?(?:\s+you)?|shows?|proves?)\s+nothing\s+about\s+whether\b"#), deniable),
        // "Nothing in this summary says what is causing your headaches."
        (compiled(#"^nothing\s+(?:in|on|about|here)(?:\s+[\w'-]+){0,3}\s+(?:says?|tells?(?:\s+you)?|shows?|proves?|explains?)\s+whether\b"#), deniable.union([.severity])),
        (compiled(#"^nothing\s+(?:in|on|about|here)(?:\s+[\w'-]+){0,3}\s+(?:says?|tells?(?:\s+you)?|shows?|proves?|explains?)\s+(?:what|which)\b"#), [.causal]),
        (compiled(subjectOrReferent + #"(?:says?|tells?(?:\s+you)?|shows?|proves?)\s+nothing\s+about\s+(?:what|which)\b"#), [.causal]),
        (compiled(#"^none of (?:these|the|those|our|its|this)\s+(?:[\w-]+\s+)?(?:patterns?|"# + productNoun + #")\s+(?:is|are)\s+(?:proof|evidence)(?:\s+of\s+(?:cause|causation|a cause|anything))?"# + end), [.causal, .inference]),
        // How not to read it: "Don't read these patterns as proof of what causes your headaches."
        (compiled(#"^(?:please\s+)?(?:don't|do not|never)\s+(?:read|take|treat|see|count|mistake)\s+(?:this|these|the|any|that|those|our|a|an)\s+(?:[\w-]+\s+){0,2}?(?:patterns?|counts?|results?|numbers?|links?|associations?|columns?|rows?|"# + productNoun + #")\s+as\s+(?:proof|evidence|a sign|a diagnosis|a verdict|medical advice|a prediction|a forecast|a cause|the cause|a reason|the reason|an explanation|the explanation)(?:\s+of\s+(?:cause|causation|anything|what\s+(?:causes|caused|brings|triggers|sets off)(?:\s+[\w'-]+){0,3}?)|\s+for\s+(?:your|the|these|any)\s+(?:headaches?|migraines?|attacks?|symptoms?))?"# + end),
         [.causal, .inference, .forecast]),
        // What not to use it for: "Don't use this app for emergencies."
        (compiled(#"^(?:please\s+)?(?:don't|do not|never)\s+(?:use|rely on)\s+"# + product + #"\s+(?:for|in|during)\s+"# + emergencies + end), [.emergency, .alarm]),
    ]
    private static let forms: [Pattern] = negatedForms + ownForms

    /// The forms of saying asked as a question: "Can the app tell me what causes my headaches?"
    private static let questions: [Pattern] =
        bodies.filter(\.asked).map { (compiled(askedPrefix + $0.body), $0.denies) }
    /// The answer that makes such a question a disclaimer: "No." or "No, it can't."
    private static let no = compiled(#"^no(?:\s*[.!]|,\s+(?:it|we|they|the app|this app|[\w-]+)\s+(?:can't|cannot|doesn't|does not|won't|will not|don't|do not|isn't|is not)(?:\s+[\w'-]+){0,3}\s*[.!])"#)

    /// A label before the sentence: a few words and a colon.
    private static let label = compiled(#"^(?:[A-Za-z][\w'-]*\s+){0,3}[A-Za-z][\w'-]*\s*:\s+"#)
    /// A second clause joined on: "... and your results are completely normal."
    private static let joinedClause = compiled(
        #"(?<![\w])(?:and|or|nor|plus|while|whereas)\s+(?:your|you|you're|it|it's|its|this|that|they|there|these|those|we|i|he|she|his|her|their|the|a|an|everything|something|anything|nothing)(?![\w])"#)
    /// Words that turn or give a reason: what follows may say what the first part denied.
    private static let turn = compiled(
        #"(?<![\w])(?:but|yet|though|although|however|still|except|unless|instead|rather|otherwise|if|because|since|so|therefore|thus|hence|only|just|merely)(?![\w])"#)
    private static let negation = compiled(
        #"(?<![\w])(?:not|no|never|nothing|none|nobody|neither|nor|cannot|without|[a-z]+n't)(?![\w])"#)
    /// The verbs of a disclaimer listed with commas: "can't diagnose, prescribe, or tell".
    private static let verbList = compiled(
        #"(?:can't|cannot|can not|won't|will not|doesn't|does not|don't|do not)\s+[a-z]+(?:,\s+[a-z]+)+,?\s+(?:or|and|nor)\s+[a-z]+"#)

    /// Character ranges of the text that are disclaiming sentences.
    static func ranges(in text: String) -> [Span] {
        // An HTML comment is not shown, and its words are read as copy elsewhere: a sentence
        // around one disclaims nothing.
        guard !text.contains("<!"), !text.contains("-->") else { return [] }
        // Read as a person reads it ("Cairn\u{3000}can't\u{3000}tell\u{3000}you ...",
        // "Th<b>i</b>s"); spans are found in that reading and given back in the text's own
        // positions.
        let (read, origins) = readAsShown(text)
        // Markdown emphasis ("**It says nothing about cause.**") is read as spaces.
        let characters = read.map { $0 == "’" ? "'" : $0 == "*" ? " " : $0 }
        return spans(in: characters).map { span in
            let start = origins[span.range.lowerBound]
            let end = origins[span.range.upperBound - 1] + 1
            let sentenceStart = origins[span.sentence.lowerBound], sentenceEnd = origins[span.sentence.upperBound - 1] + 1
            return Span(range: start..<end, denies: span.denies, sentence: sentenceStart..<sentenceEnd)
        }
    }

    /// The text as shown: without markup tags or invisible characters, letters in their
    /// compatibility forms ("ｃａｕｓｅｓ" as "causes"), every space but a line break as " ";
    /// and where each character of that came from in the text.
    private static func readAsShown(_ text: String) -> (characters: [Character], origins: [Int]) {
        var characters: [Character] = [], origins: [Int] = []
        characters.reserveCapacity(text.count)
        let written = Array(text)
        var index = 0
        while index < written.count {
            let character = written[index]
            // A tag ("Th<b>i</b>s", "cau<span></span>ses") shows nothing.
            if character == "<", index + 1 < written.count, written[index + 1].isLetter || written[index + 1] == "/",
               let close = written[index...].prefix(120).firstIndex(of: ">") {
                index = close + 1
                continue
            }
            defer { index += 1 }
            // A joiner clings to the letter before it ("v\u{200D}" is one character): the
            // letter stays.
            let visible = CopyNormalizer.isInvisible(character)
                ? String(String.UnicodeScalarView(character.unicodeScalars.filter { !CopyNormalizer.isInvisible(Character($0)) }))
                : String(character)
            let shown = visible.unicodeScalars.allSatisfy(\.isASCII) ? visible : visible.precomposedStringWithCompatibilityMapping
            for character in shown {
                if character.isWhitespace && character != "\n" && character != " " {
                    let isBreak = character.unicodeScalars.contains { CopyNormalizer.lineBreaks.contains($0) }
                    characters.append(isBreak ? "\n" : " ")
                } else {
                    characters.append(character)
                }
                origins.append(index)
            }
        }
        return (characters, origins)
    }

    private static func spans(in characters: [Character]) -> [Span] {
        // Each sentence runs to its mark (". ", "! ", "? " or one at the end), a line break or
        // the end.
        var sentences: [Range<Int>] = []
        var start = characters.prefix { $0 == " " }.count
        while start < characters.count {
            var end = start
            while end < characters.count, characters[end] != "\n",
                  !(".!?".contains(characters[end]) && (end + 1 == characters.count || characters[end + 1] == " ")) {
                end += 1
            }
            sentences.append(start..<end)
            start = end + 1
            while start < characters.count && (characters[start] == " " || characters[start] == "\n") { start += 1 }
        }
        // A later sentence that takes back what a disclaimer denied ("Trust us, it does.",
        // "Honestly? It does.", "(Wine does, though.)") undoes every disclaimer before it. Read
        // as words only, so brackets, commas and marks hide nothing.
        var answeredFrom = sentences.count
        if let affirmation {
            for index in sentences.indices.reversed() {
                let words = String(characters[sentences[index]].map { $0.isLetter || $0.isNumber || $0 == "'" || $0 == "-" ? $0 : " " })
                    .split(separator: " ").joined(separator: " ")
                if affirmation.matches(MatchText(words)) {
                    answeredFrom = index
                    break
                }
            }
        }
        func affirmsBack(_ index: Int) -> Bool { answeredFrom >= index && answeredFrom < sentences.count }
        return sentences.indices.compactMap { index in
            let range = sentences[index]
            guard range.upperBound < characters.count, characters[range.upperBound] == "?" else {
                return affirmsBack(index + 1) ? nil : disclaiming(characters, range, forms: forms, asked: false)
            }
            // A question denies nothing, unless the next sentence answers it "No.".
            guard index + 1 < sentences.count, let no, !affirmsBack(index + 2),
                  no.matches(MatchText(String(characters[sentences[index + 1]]) + ".")) else { return nil }
            return disclaiming(characters, range, forms: questions, asked: true)
        }
    }

    /// A sentence (its words only) that answers a disclaimer back: an aside that vouches
    /// ("Trust us", "Between us", "Spoiler"), a yes, or an auxiliary standing for the denied
    /// claim ("It does", "But it is", "Wine really, truly does, though").
    private static let affirmation = compiled(
        #"^(?:(?:trust|believe) (?:us|me)|spoiler|between (?:us|you and me)|off the record|psst|hint|ps|yes|yeah|yep|we know|everyone knows)\b|^(?:(?:but|and|yet|though|well|oh|honestly|frankly|seriously|sadly|actually)\s+)*(?:[\w'-]+\s+){0,2}(?:(?:really|truly|definitely|totally|certainly|clearly|absolutely|probably|likely|so|sure|actually)\s+)*(?:does|do|did|is|are|was|were|will|can|could|has|have)(?:\s+(?:too|though|tho|anyway|still|indeed))*$"#)

    /// The sentence at `range` (its end mark included, a label before it not; from its negation
    /// on, when it has one) when it is a disclaimer and nothing more, or ends in one after ", but".
    private static func disclaiming(_ characters: [Character], _ range: Range<Int>,
                                    forms: [Pattern], asked: Bool) -> Span? {
        guard let label, let turn, let negation, let verbList, let joinedClause else { return nil }
        var start = range.lowerBound
        if let labelled = label.ranges(in: MatchText(String(characters[range]))).first { start += labelled.upperBound }
        // A last clause after ", but" may disclaim alone; what comes before it is judged as ever.
        var bodies = [start]
        let sentence = String(characters[start..<range.upperBound])
        if let turned = sentence.range(of: ", but "), sentence.ranges(of: ", but ").count == 1 {
            bodies.append(start + sentence.distance(from: sentence.startIndex, to: turned.upperBound))
        }
        for bodyStart in bodies {
            let bodyText = String(characters[bodyStart..<range.upperBound])
            let matchBody = MatchText(bodyText)
            let denied = forms.reduce(into: Set<CopyClaim>()) { denied, form in
                if form.pattern?.matches(matchBody) == true { denied.formUnion(form.denies) }
            }
            // ", if any," qualifies what it follows and turns nothing.
            let checked = bodyText.replacingOccurrences(of: ", if any,", with: "")
            let checkedMatch = MatchText(checked)
            let negations = negation.ranges(in: matchBody)
            // One sentence: no mark inside it ("serious.Wine ...", "serious!Wine ...") and no space
            // but the plain one (a no-break space or a tab after a full stop ends no sentence here).
            guard !denied.isEmpty, !checked.contains(where: { ";:—–()?….!".contains($0) || ($0.isWhitespace && $0 != " ") }),
                  !checked.contains(" - "), !turn.matches(checkedMatch), !joinedClause.matches(checkedMatch),
                  negations.count == (asked ? 0 : 1) else { continue }
            // Commas only in a list of the denied verbs, or before the ", not a ..." that denies.
            var rest = checked
            if let list = verbList.ranges(in: checkedMatch).first {
                let listed = Array(checked)
                rest = String(listed[..<list.lowerBound]) + String(listed[list.upperBound...])
            }
            guard rest.split(separator: ",", omittingEmptySubsequences: false).dropFirst().allSatisfy({ $0.hasPrefix(" not ") }) else { continue }
            // The subject's own words are not denied: "Knowing wine triggers them doesn't tell ...".
            let from = bodyStart + (negations.first?.lowerBound ?? 0)
            let end = min(range.upperBound + 1, characters.count)
            return Span(range: from..<end, denies: denied, sentence: range.lowerBound..<end)
        }
        return nil
    }

    /// A disclaiming sentence and the claims it denies.
    struct Span: Equatable {
        let range: Range<Int>
        let denies: Set<CopyClaim>
        /// The whole sentence: its subject, and a label before it, too.
        let sentence: Range<Int>
    }

    /// Whether a violation is a claim a disclaiming sentence denies, wholly inside it.
    static func denies(_ spans: [Span], _ violation: CopyViolation) -> Bool {
        violation.rule != CopyGuard.approvedCopyRuleID && spans.contains { span in
            span.denies.contains(violation.claim) && AttributedSpans.covers([span.range], violation.offsets)
        }
    }
}
