@testable import CairnCopy
import CairnModules
import Testing

/// What the product says it does not do or claim is not a claim: a causal, forecast,
/// reassurance, inference, alarm or emergency match inside such a sentence does not block.
/// Cases written from the policy before the code (issue 21: "a negated disclaimer is not one";
/// the wrongly blocked "negated disclaimers" and app limits of the blind corpora dev20 and
/// dev22), both sides of each part of the grammar: the subject, the one negation, the verb, and
/// the sentence saying nothing more.
@Suite("Copy in which the product disclaims")
struct DisclaimedSpansTests {
    let copyGuard: CopyGuard

    init() throws {
        copyGuard = try ModuleHost.copyGuard()
    }

    func blocksByRules(_ text: String) -> Bool {
        !copyGuard.isSafe(text, module: nil, reads: false)
    }

    @Test("the product, its cards or its counts, one negation, a verb of saying, judging or acting for the person:", arguments: [
        "The assistant can't diagnose, prescribe, or tell you whether a result is dangerous.",
        "These counts don't say what brings your headaches on.",
        "Insight: These counts don't say what brings your headaches on.",
        "This app is not an emergency service.",
        "The app can't tell an ordinary headache from an emergency.",
        "The app has no way to contact a doctor or emergency services for you.",
        "Nothing in this summary is a prediction about anyone in your family.",
        "Good question. No one is being compared with anyone here.",
        "A long streak is a count of days, not a sign of anything.",
        "The app can't tell you whether wine triggers your headaches.",
        "The app isn't able to contact emergency services.",
        "This card doesn't mean you're fine.",
        // A pronoun or a gerund phrase as subject, with a verb of saying (dev24's shapes).
        "Counting how often two things happen together can't show which came first or whether one led to the other.",
        "It says nothing about cause.",
        "They can't tell you whether wine brings your headaches on.",
        "That doesn't make one the reason for the other.",
        "Showing up together isn't the same as one causing the other.",
        "We can't tell you what brings your headaches on.",
        "These counts aren't proof of cause.",
        // How not to read it, what not to use it for.
        "Don't read these patterns as proof of what causes your headaches.",
        "Don't use this app for emergencies.",
        "This app isn't for emergencies.",
        // A disclaimer as the last clause, after ", but".
        "The app shows which factors were logged near your headaches, but it can't tell which of them, if any, played a part.",
        // A question about the product answered "No.".
        "Can the app tell me what causes my headaches? No. It shows what you logged around each headache.",
        // More of how not to read it (dev26); a second sentence that goes on honestly.
        "None of these patterns is proof of cause.",
        "Don't take a high count as a sign of anything.",
        "Don't read the weather column as an explanation for your headaches.",
        "Please don't read this chart as a diagnosis.",
        "Don't treat these insights as medical advice.",
        "It can't tell you what causes your headaches. But it can show which factors appeared together.",
        // What it does not foresee, alone or last in a list of acts.
        "This app does not diagnose, prescribe, or predict.",
        "This app does not predict attacks.",
        "Cairn doesn't forecast anything.",
        // Markdown emphasis around or inside it; a colon after the negation before a list.
        "**It says nothing about cause.**",
        "**These counts don't say what brings your headaches on.**",
        "This app does not: diagnose, recommend treatments, or predict future episodes.",
        // "Any" in the claim puts it under the negation: denied, not presumed.
        "This doesn't show that any factor led to a headache.",
        "These counts don't prove that poor sleep led to any of your headaches.",
        "Wine came before 3 of them, but that isn't proof it played any part.",
        // What the data do not establish, and questions the product cannot work out (dev38, a
        // blind generator of subject x relation x negation).
        "This pattern is not proof that caffeine causes your headaches.",
        "Falling pressure showing up before headaches doesn't mean it triggers them.",
        "These patterns don't work out whether poor sleep causes your headaches.",
        "This chart is not able to determine whether your numbers are a problem.",
        "Nothing in this summary says what is causing your headaches.",
        // Timing it cannot tell: "your next headache" is the diary's, not a forecast.
        "The pattern view doesn't tell you when your next headache will come.",
        "The app can't tell you when your next attack will come.",
        // Invisible characters read as nothing, and other spaces as spaces.
        "Cairn\u{3000}can't\u{3000}tell\u{3000}you\u{3000}what\u{3000}ca\u{2063}u\u{2063}ses\u{3000}Leo's\u{3000}headaches.",
        "This \u{200C}summary \u{200C}won't \u{200C}work \u{200C}out \u{200C}whether \u{200C}wine \u{200C}triggers \u{200C}them.",
        // Markup tags and compatibility forms (fullwidth letters) are read as shown.
        "Th<b>i</b>s pattern is not proof that alcohol causes your headaches.",
        "This pattern is not proof that caffeine ｃａｕｓｅｓ your headaches.",
    ])
    func disclaimersPass(text: String) {
        #expect(!blocksByRules(text), "\(copyGuard.lint(text, module: nil, reads: false))")
    }

    @Test("a disclaimer that says more, turns, reports a finding or hides a claim still blocks", arguments: [
        // Something said after it: a comma splice, a turn, a reason, a clause break.
        "These counts don't say it, but wine brings your headaches on.",
        "The app can't diagnose you, you clearly have migraine.",
        "The app can't tell you this because wine is behind your headaches.",
        "The app can't prove it but wine brings your headaches on.",
        "This app is not an emergency service; call 999 now.",
        "The app can't call an ambulance, so call 911 yourself.",
        "This card doesn't mean you're fine - you are in danger.",
        "Nothing in this summary is a prediction, your headaches will get worse.",
        "These counts don't lie: wine brings your headaches on.",
        // A finding reported in the negative is reassurance; a question suggests.
        "The app found nothing worrying, your headaches are fine.",
        "The summary doesn't show anything serious.",
        "Your results don't show anything serious.",
        "Isn't the app telling you that wine brings your headaches on?",
        // A second negation affirms; an imperative is advice.
        "The app can't say wine is not behind your headaches.",
        "Don't worry, this app can't find anything wrong.",
        // A condition named is named, denied or not.
        "The app can't confirm your migraine.",
        // A claim put in words and only its saying denied.
        "The app can't say wine triggers your headaches.",
        "These counts don't tell you that wine brings your headaches on.",
        "This app is not designed to tell you that wine triggers your headaches.",
        "The app isn't able to warn you that your headaches are dangerous.",
        // What the question's own words presume is not denied.
        "No one is being compared with your worsening headaches.",
        "The app can't tell you when your worsening attacks will stop.",
        "These counts don't say why your headaches are getting worse.",
        "This card is not a prediction that your headaches will get worse.",
        "This card doesn't mean your worsening headaches are fine.",
        "A long streak is a sign your migraines are easing, not a sign of anything.",
        // A second sentence run on without a plain space after the mark.
        "The app can't tell you whether it is serious.\u{00A0}Wine triggers your headaches.",
        "The app can't tell you whether it is serious!Wine triggers your headaches.",
        "The app can't tell you whether it is serious.Wine triggers your headaches.",
        "The app can't tell you whether it is serious.\tWine triggers your headaches.",
        // A claim in the label before a disclaimer is the label's.
        "Wine triggers your headaches: the app can't say more.",
        // The person, not the product, as the subject.
        "You don't need to worry about these headaches.",
        // A pronoun says only what a verb of saying says: being, meaning and finding are claims.
        "It isn't anything serious.",
        "This is not an emergency.",
        "It's not a sign of anything serious.",
        "They don't mean you're fine.",
        "It can't say wine triggers your headaches.",
        // The subject's own words are judged as ever.
        "Knowing that wine triggers your headaches doesn't tell you whether it is serious.",
        "The app that predicts your next attack can't tell you whether it is serious.",
        // After ", but" only a last clause disclaims; what comes before it is judged.
        "The app can't say whether wine is the cause, but it is.",
        "Wine triggers your headaches, but the app can't say whether that is serious.",
        "Counting doesn't show it, but wine brings your headaches on.",
        "Tracking your sleep can't tell you whether it is serious, but poor sleep triggers your headaches.",
        // How not to read it, and then a claim.
        "Don't read these counts as proof, wine triggers your headaches.",
        "Don't read these patterns as proof that wine triggers your headaches.",
        "Don't read these patterns as proof of what causes your headaches, because wine does.",
        "It says nothing about cause, wine simply triggers your headaches.",
        "Don't use this app for emergencies, call 911 if you have chest pain.",
        "This app isn't for emergencies like yours.",
        // A disclaimer answered back by the next sentence (dev26).
        "They can't tell you whether wine brings your headaches on. Trust us, it does.",
        "These counts don't say whether wine brings your headaches on. It does.",
        "It can't tell you what causes your headaches. But wine really does.",
        "Can the app tell me whether wine triggers my headaches? No. But it does.",
        // Answered back behind a mark, a bracket, a comma, or a sentence later.
        "They can't tell you whether wine brings your headaches on. Honestly? It does.",
        "They can't tell you whether wine brings your headaches on. (It does.)",
        "They can't tell you whether wine brings your headaches on. Wine does, though.",
        "They can't tell you whether wine brings your headaches on. It really, truly does.",
        "They can't tell you whether wine brings your headaches on. We checked. It does.",
        "Don't use this app for emergencies. This headache isn't one, so you can relax.",
        "They can't tell you what causes your headaches — wine does.",
        // What the words after "of what" presume is not denied.
        "Don't read these patterns as a sign of what is wrong with you.",
        // Not foreseeing, then a forecast after all.
        "Cairn doesn't predict attacks, but your risk of one is high tomorrow.",
        "This app does not predict attacks; a bad week is coming.",
        // Emphasis hides nothing: a claim after a bold disclaimer, a bold claim, a forecast after
        // a turn that a list would not make.
        "**These counts don't say it.** But wine causes your headaches.",
        "**Wine causes your headaches.**",
        "We do not know yet, but we predict an attack.",
        // "Any" under one negation and then a claim after all, or a second negation.
        "This doesn't show that any factor led to a headache, but wine did.",
        "This doesn't show that any factor led to a headache. Trust us, it does.",
        "This doesn't show that any factor didn't lead to a headache.",
        // What the data do not establish, and then a claim, a second negation, or a word of
        // saying that only declines to say it.
        "This pattern is not proof that caffeine causes your headaches, but it does.",
        "This pattern is not proof that caffeine causes your headaches. Trust us, it does.",
        "This pattern is not proof that caffeine doesn't cause your headaches.",
        "This pattern is not just proof that caffeine causes your headaches.",
        "The chart doesn't tell you when your next headache will come, but it will be soon.",
        "Nothing in this summary says what is causing your headaches; wine is.",
        "Cairn\u{00A0}can't\u{00A0}say\u{00A0}whether\u{00A0}it\u{00A0}is\u{00A0}serious.\u{00A0}Wine\u{00A0}triggers\u{00A0}your\u{00A0}headaches.",
    ])
    func claimsStillBlock(text: String) {
        #expect(blocksByRules(text), "\(text)")
    }

    @Test("a disclaimer covers its own sentence only, and denies only what it can deny")
    func reach() {
        let text = "This app is not an emergency service. Call 999 now."
        let spans = DisclaimedSpans.ranges(in: text)
        // From the negation on: the subject's own words are judged as ever.
        #expect(spans.map(\.range) == [12..<37])
        #expect(spans.first?.denies == DisclaimedSpans.deniable)
        #expect(blocksByRules(text))
        #expect(DisclaimedSpans.ranges(in: "The app can't diagnose diabetes.").map(\.range) == [8..<32])
        #expect(DisclaimedSpans.ranges(in: "Note: the app can't say.").map(\.range) == [14..<24])
        // An act not done denies only the emergency (and, for whom it does not reach, the word
        // "emergency" in their name); "what brings ..." only the cause.
        #expect(DisclaimedSpans.ranges(in: "The app can't diagnose anything.").first?.denies == [.emergency])
        #expect(DisclaimedSpans.ranges(in: "The app can't contact emergency services.").first?.denies == [.emergency, .alarm])
        #expect(DisclaimedSpans.ranges(in: "These counts don't say what brings your headaches on.").first?.denies == [.causal])
        #expect(blocksByRules("The app can't diagnose diabetes."))
        // Not foreseeing denies the forecast; of a pronoun, nothing (what it stands for is unknown).
        #expect(DisclaimedSpans.ranges(in: "The app can't predict attacks.").first?.denies == [.forecast, .emergency])
        #expect(DisclaimedSpans.ranges(in: "It can't predict attacks.").isEmpty)
        // Asked of the product and answered "No.": the forecast is denied; answered yes, nothing.
        #expect(!blocksByRules("Does this app predict attacks? No. It shows how often each factor was present in your logs."))
        #expect(blocksByRules("Does this app predict attacks? Yes. Expect one Friday."))
        // A markup tag or an invisible character is read as nothing ("an\u{200B}emergency" as
        // "anemergency"), another space as a space, and the span is given in the text's own
        // positions; around an HTML comment nothing is read as a disclaimer.
        #expect(DisclaimedSpans.ranges(in: "This app is <b>not</b> an emergency service.").map(\.range) == [15..<44])
        #expect(DisclaimedSpans.ranges(in: "This app is not an emergency service.<!-- it is -->").isEmpty)
        #expect(DisclaimedSpans.ranges(in: "This app is not an\u{200B}emergency service.").isEmpty)
        #expect(DisclaimedSpans.ranges(in: "This\u{3000}app\u{3000}is\u{3000}not an emergency service.").map(\.range) == [12..<37])
        #expect(DisclaimedSpans.ranges(in: "This app is no\u{200B}t an emergency service.").map(\.range) == [12..<38])
        // "Of what" denies only what a cause's words leave open: "what is wrong" presumes.
        #expect(DisclaimedSpans.ranges(in: "These counts aren't proof of what is wrong with you.").isEmpty)
        #expect(!DisclaimedSpans.ranges(in: "These counts aren't proof of what causes your headaches.").isEmpty)
    }

    @Test("a question about the product disclaims only when the next sentence answers it no")
    func answeredQuestions() {
        let asked = "Can the app tell me what causes my headaches?"
        #expect(DisclaimedSpans.ranges(in: asked + " No. It shows what you logged.").map(\.range) == [0..<45])
        #expect(DisclaimedSpans.ranges(in: asked + " No, it can't.").map(\.range) == [0..<45])
        #expect(DisclaimedSpans.ranges(in: asked).isEmpty)
        #expect(DisclaimedSpans.ranges(in: asked + " Yes. Wine does.").isEmpty)
        #expect(DisclaimedSpans.ranges(in: asked + " No, but wine does.").isEmpty)
        #expect(DisclaimedSpans.ranges(in: "Can't the app tell me what causes my headaches? No.").isEmpty)
    }
}
