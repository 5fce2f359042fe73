@testable import CairnCopy
import CairnModules
import Testing

/// The person's own entries shown back to them, marked as theirs, are their record: a rule's
/// match wholly inside them does not block; the product's own words around them are judged as
/// ever. Cases written from the policy (issue 21: "data shown as data"; dev18's writer: "the
/// person's own data passes when attributed to them") before the code, both sides of each mark.
@Suite("Copy attributed to the person")
struct AttributedSpansTests {
    let copyGuard: CopyGuard

    init() throws {
        copyGuard = try ModuleHost.copyGuard()
    }

    func blocksByRules(_ text: String) -> Bool {
        !copyGuard.isSafe(text, module: nil, reads: false)
    }

    @Test("a quote beside 'your label' or 'you wrote', a field marked '(entered by you)', the list after 'you logged for':",
          arguments: [
              "Your label 'stress migraine' appears in 5 logs.",
              "Timeline: all visits for 'eczema' (your label)",
              "Condition: ear infection (entered by you)",
              "Common conditions you logged for Minh: ear infection (4), cough (3)",
              "Visit note you wrote: \"Root canal treatment, second session\"",
              "Medications (entered by you): metformin 500 mg, lisinopril 10 mg",
              // Marks of the fifteenth session (dev45, dev47), in phrasings of our own.
              "Chronic conditions (as you entered them for Grandad): Asthma",
              "Preventive (as you classified it): topiramate 25 mg",
              "Medicines on Dad's profile, as typed: lisinopril 10 mg",
              "Marked by you as 'Daily': amlodipine 5 mg",
              "You marked sumatriptan 50 mg as 'For headache relief'.",
              // A quoted name read with its quote marks, and a marker right before the quote as
              // the entry's label (sixteenth session, an attack of our own on the marks).
              "You tagged this visit \"diabetes check\".",
              "Your label \"tension headache\" appears in 2 logs.",
              "Your tag: 'asthma'",
          ])
    func ownEntriesPass(text: String) {
        #expect(!blocksByRules(text), "\(copyGuard.lint(text, module: nil, reads: false))")
    }

    @Test("the same words without the mark, or a claim outside the marked span, still block", arguments: [
        // No mark: the product's own label.
        "Timeline: all visits for 'eczema'",
        "Condition: ear infection",
        "Common conditions for Minh: ear infection (4), cough (3)",
        // A mark with no field label before it names no value.
        "You have migraine (your label)",
        // A combining mark on the marker's last letter makes it another word (a review found
        // a search by bytes read these as marked).
        "Self-reported\u{301} notes: diabetes",
        "Entered by you\u{301}: diabetes",
        "Tags as typed\u{301}: diabetes",
        // The claim is outside the quote.
        "Your label 'headache' is really migraine.",
        "You wrote \"headache\", but this is migraine.",
        // The list ends with its sentence; the next sentence is the product's.
        "Conditions you logged: cough (3). You have migraine.",
        // The mark is too far from the quote, past the end of its sentence.
        "You wrote a note. Our review says 'chronic migraine'.",
        // A field or list marked as the person's that says more than names is copy.
        "Notes (entered by you): you definitely have migraine",
        "Conditions you logged: migraine, which is probably chronic",
        // A quote beside the mark that says more than names would launder any claim.
        "Your note: \"You definitely have migraine, take 400 mg ibuprofen.\"",
        "You wrote 'this is chronic migraine'",
        // The quote's marks and its label are the entry's; what follows them is not.
        "You tagged this \"diabetes\" and you have diabetes.",
        "Your label: \"tension headache\" is probably migraine.",
        // A mark the person does not see attributes nothing.
        "<!-- your label -->'eczema'",
        "Your\u{200B}label 'eczema'",
        // What the product made from the person's entries is its own claim.
        "Conditions (generated from your entries): asthma, eczema",
        "Likely diagnoses, based on your entries: migraine",
        // What was marked says more than a name.
        "You marked take ibuprofen 400 mg twice daily as 'Daily'.",
        "You marked it as 'Daily', but you should take ibuprofen 400 mg.",
    ])
    func claimsStillBlock(text: String) {
        #expect(blocksByRules(text))
    }

    @Test("a visit record's fields are the person's entries in the family visit modules, and only there")
    func recordFields() {
        for text in ["Reason for visit: ear infection", "Title: Strep throat · Member: Mia · Doctor: Dr. Haddad · 2 photos",
                     "Condition/illness (as entered): asthma review"] {
            #expect(copyGuard.isSafe(text, module: "visit-history", reads: false), "\(text)")
            #expect(copyGuard.isSafe(text, module: "visit-statistics", reads: false), "\(text)")
        }
        // Outside those modules the same line is the product's own label.
        #expect(!copyGuard.isSafe("Reason for visit: ear infection", module: nil, reads: false))
        #expect(!copyGuard.isSafe("Reason for visit: ear infection", module: "trigger-cooccurrence", reads: false))
        // A value that says more than a name is copy.
        for text in ["Condition: ear infection, likely chronic", "Reason for visit: you have migraine",
                     "Notes: probably a sinus infection"] {
            #expect(!copyGuard.isSafe(text, module: "visit-history", reads: false), "\(text)")
        }
    }

    @Test("an apostrophe inside a word quotes nothing")
    func apostrophes() {
        #expect(AttributedSpans.ranges(in: "Your label isn't migraine, it's headache", module: nil).isEmpty)
        let text = "Your label 'sinus' and your note 'aura'"
        let quoted = AttributedSpans.ranges(in: text, module: nil).map { String(Array(text)[$0]) }
        // Each quote with its marks, and with the marker right before it as its label.
        #expect(quoted == ["Your label 'sinus'", "your note 'aura'"])
    }
}
