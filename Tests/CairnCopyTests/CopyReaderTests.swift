@testable import CairnCopy
import CairnModules
import Foundation
import Testing

/// The learned reader (`CopyReader`) and its tokens (`CopyFeatures`): what it reads, that
/// disguises read as plain text, that it never judges identifiers or Cairn's own approved copy
/// and templates, and that rules with the reader hold the development corpora at the rates
/// BENCHMARKS.md reports.
@Suite("Learned copy reader")
struct CopyReaderTests {
    let copyGuard: CopyGuard

    init() throws {
        copyGuard = try ModuleHost.copyGuard()
    }

    func tokens(_ text: String) -> Set<String> {
        Set(copyGuard.readerTokens(text, module: nil).first ?? [])
    }

    @Test("vocabulary terms read as their category; the person, hedges and numbers as markers")
    func categories() {
        let read = tokens("You may have chronic migraine, so ask about statins and ibuprofen at 400 mg.")
        for token in ["u:<you>", "u:<hedge>", "u:<condition>", "u:<drugclass>", "u:<drug>", "u:<num>", "w:chronic migraine",
                      "b:<you> <hedge>", "p:<condition>&<you>", "p:<condition>&<hedge>"] {
            #expect(read.contains(token), "\(token)")
        }
        // A misspelt name is read as the name's category.
        #expect(tokens("You clearly have migrane today.").contains("u:<condition>"))
    }

    @Test("an emergency number names the line, unless it counts something")
    func emergencyNumbers() {
        for line in ["Call 112 now if this happens.", "If it gets worse, ring 999 or your doctor.", "Dial 911 for this one, please."] {
            #expect(tokens(line).contains("u:<emergency>"), "\(line)")
        }
        for count in ["Only 12 of your 112 headaches began the next day.", "You have logged 999 days in a row so far.",
                      "In 911 of the nights you logged, sleep was longer.", "Your 112 entries are all saved here."] {
            let read = tokens(count)
            #expect(read.contains("u:<num>") && !read.contains("u:<emergency>"), "\(count)")
            let blocks = copyGuard.lint(count, module: nil).filter(\.blocks)
            #expect(blocks.isEmpty, "\(count)")
        }
        // A word after the number that is not a count ("is", "as") leaves it the line.
        #expect(tokens("The number 112 is the one to call.").contains("u:<emergency>"))
    }

    @Test("a negation marks the next three tokens, and only those")
    func negationScope() {
        let read = tokens("This is not a diagnosis of anything serious today.")
        #expect(read.contains("u:<not>"))
        #expect(read.contains("n:a") && read.contains("n:diagnosis") && read.contains("n:of"))
        #expect(!read.contains("n:anything") && !read.contains("n:serious"))
        #expect(!tokens("This is a diagnosis of anything serious.").contains(where: { $0.hasPrefix("n:") }))
        #expect(tokens("It isn't migraine at all.").contains("n:<condition>"))
    }

    @Test("disguised copy reads as the plain text does")
    func disguises() {
        let plain = copyGuard.readerTokens("You have migraine and should take ibuprofen.", module: nil)
        for disguised in ["You have mi<b>gr</b>aine and should take ibuprofen.",
                          "You have [mig](https://x.example)raine and should take ibuprofen.",
                          "You\u{200B}have\u{200B}migraine\u{200B}and\u{200B}should\u{200B}take\u{200B}ibuprofen.",
                          "You\u{3164}have migraine and should take ibu&shy;profen.",
                          "Ｙou have mígraine and should take ibuprofen.",
                          "You have m1gra1ne and should take ibuprofen."] {
            #expect(copyGuard.readerTokens(disguised, module: nil) == plain, "\(disguised.debugDescription)")
        }
    }

    @Test("values and labels are not prose: the reader leaves them to the rules")
    func notProse() {
        for value in ["h-12", "2026-05-01", "7", "3fa2c1d0-8b1e", "poor sleep", "LDL Cholesterol"] {
            #expect(copyGuard.readerTokens(value, module: nil).isEmpty, "\(value)")
        }
        #expect(copyGuard.safeIdentifier("row-123-abc", kind: "row") == "row-123-abc")
    }

    @Test("a text of several sentences is read whole and sentence by sentence")
    func sentences() {
        let units = copyGuard.readerTokens("Your export is ready to download. Tap share to send the file.", module: nil)
        #expect(units.count == 3)
    }

    @Test("a reader's block is reported like a rule's: rule id, kind of claim, weighed words masked")
    func reported() throws {
        // Idioms no rule lists (the white-box gaps the reader was trained on).
        var found = false
        for text in ["Your Mondays are cursed by your inbox.", "Skipped lunches set you up for a rough afternoon of head pain."] {
            let violations = copyGuard.lint(text, module: nil)
            guard let learned = violations.first(where: { $0.rule == CopyReader.ruleID }) else { continue }
            found = true
            #expect(learned.blocks && learned.message.contains("weighed most"))
            #expect(!learned.message.lowercased().contains("cursed") && !learned.message.contains("lunches"))
        }
        #expect(found, "no reader block among the examples")
        // The rules alone do not see them; `reads: false` asks the rules only.
        #expect(copyGuard.lint("Your Mondays are cursed by your inbox.", module: nil, reads: false).filter(\.blocks).isEmpty)
    }

    @Test("every approved text passes verbatim in each of its modules")
    func approvedTexts() throws {
        for id in copyGuard.catalog.ids {
            guard let entry = copyGuard.catalog.entry(id), entry.approved, let text = entry.text else { continue }
            for module in entry.lintModules {
                let admitted = copyGuard.admit(text, module: module)
                guard case .success(let copy) = admitted else {
                    Issue.record("\(id) blocked for \(module ?? "every module")")
                    continue
                }
                #expect(copy.approvedID == id)
            }
        }
    }

    @Test("every catalog template, with sample values for each choice, passes the rules and the reader")
    func catalogTemplates() {
        #expect(copyGuard.catalogProblems().map(\.description) == [])
    }

    struct Case: Decodable {
        let text: String
        let expect: String
        let module: String?
    }

    static func load(_ name: String) -> [Case] {
        guard let url = Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        if name.hasSuffix(".json") { return (try? JSONDecoder().decode([Case].self, from: Data(text.utf8))) ?? [] }
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Case.self, from: Data($0.utf8)) }
    }

    /// The development corpora the reader was trained on, with the leaks and wrong blocks of
    /// rules + reader that `scripts/copy-model-train` reports for the shipped weights.
    static let corpora: [(String, Int, Int)] = [
        ("copy-corpus.json", 1, 0), ("blind/dev.jsonl", 0, 0), ("blind/dev2.jsonl", 0, 0), ("blind/dev3.jsonl", 0, 0),
        ("blind/dev4.jsonl", 0, 0), ("generated/dev.jsonl", 0, 0),
        // Eleven later blind writers, trained on after one untouched run each (BENCHMARKS.md):
        // the rules alone leak 30, 49, 103, 45, 39, 3, 4, 15, 11, 28 and 11 of them.
        ("blind/dev5.jsonl", 0, 1), ("blind/dev6.jsonl", 0, 1), ("blind/dev7.jsonl", 1, 1),
        ("blind/dev8.jsonl", 0, 1), ("blind/dev9.jsonl", 1, 3), ("blind/dev10.jsonl", 0, 0),
        ("blind/dev11.jsonl", 0, 0), ("blind/dev12.jsonl", 2, 2), ("blind/dev13.jsonl", 0, 7),
        ("blind/dev14.jsonl", 3, 1), ("blind/dev15.jsonl", 0, 1),
        // Two more, trained on after one untouched run each (the rules then leaked 11 and 36 and
        // blocked 20 and 3 wrongly; after the rules read from them, 11 and 22, and 8 and 1).
        ("blind/dev18.jsonl", 0, 6), ("blind/dev19.jsonl", 2, 1),
        // Trained on after one untouched run each (dev20: keyword-free claims, the rules alone
        // leaked 234 of 435; dev21: module cards, 30 of 356).
        ("blind/dev20.jsonl", 11, 2), ("blind/dev21.jsonl", 4, 2),
        // A generator of keyword-free claims (the rules alone leak 290 of 440).
        ("blind/dev22.jsonl", 4, 11),
        // Attacks on the product's disclaimers, and disclaimers (the rules alone leak 10 of 170
        // after the rules read from it).
        ("blind/dev23.jsonl", 0, 12),
        // The product's own copy about itself and its limits (run untouched: 12 of 160 leaked,
        // the rules alone 23; 15 of 160 blocked wrongly; the rules alone now leak 5 and block 7).
        ("blind/dev24.jsonl", 0, 2),
        // Product copy in six voices: explainers, support, legal, UI, marketing, release notes
        // (run untouched: 7 of 170 leaked, the rules alone 16; 20 of 170 blocked wrongly).
        ("blind/dev25.jsonl", 0, 4),
        // A blind attack on this session's disclaimer shapes (run untouched: 4 of 170 leaked,
        // the rules alone 17; 22 of 90 blocked wrongly).
        ("blind/dev26.jsonl", 0, 14),
        // Hard passing neighbours and claims rules miss, used for the rules only (not trained on).
        ("blind/dev16.jsonl", 0, 3), ("blind/dev17.jsonl", 0, 0),
        // A blind attack on the tenth session's shapes (HTML comments, "does not predict",
        // MediFamily's fields, new forecast and dose phrases), used for the rules only: run
        // untouched on the guard it attacked, 6 of 80 leaked (the rules alone 10) and 8 of 80
        // blocked wrongly. A reader retrained with it blocked an honest sentence of the
        // Copy guard suite ("Apologies for our chronic lateness ..."), so it was not shipped.
        ("blind/dev27.jsonl", 0, 2),
        // Product copy in the voices of designers, support, marketing, notifications and
        // translators, written blind from the seeds alone (eleventh session). Run untouched:
        // 2 of 100 leaked (the rules alone 5) and 2 of 100 blocked wrongly; then ruled on.
        ("blind/dev28.jsonl", 0, 0),
        // Lab screens and family records, written blind from the seeds alone (eleventh
        // session). Run untouched: 4 of 100 leaked (the rules alone 14) and 2 of 100 blocked
        // wrongly; then ruled on.
        ("blind/dev29.jsonl", 0, 0),
        // Passages of 3 to 8 sentences (emails, help articles, support replies), each block
        // with one forbidden clause somewhere in honest copy, written blind (eleventh session).
        // Run untouched: none of 60 leaked (the rules alone 4), 23 of 60 blocked wrongly; then
        // ruled on. What still blocks wrongly: the reader on five honest passages, and quoted
        // questions from readers ("Should I be worried?"), which are not excused.
        ("blind/dev30.jsonl", 0, 9),
        // Two more blind writers of longer copy (store listings, press, consent forms, clinician
        // handouts; help answers, FAQs, outage notes, review replies), run untouched after
        // dev30 was ruled on: 29 of 60 and 24 of 50 blocked wrongly (27 of 50 before dev30's
        // rules), so those rules did not carry over; then ruled on.
        ("blind/dev31.jsonl", 2, 15), ("blind/dev33.jsonl", 2, 10),
        // Short UI strings, 150 passing and 50 blocking (run untouched: 1 leaked, 4 of 150
        // blocked wrongly; then ruled on).
        ("blind/dev32.jsonl", 0, 1),
        // Writing habits as disguises: quotes, brackets, slashes, split words, caps, spaced
        // letters, misspellings, abbreviations (run untouched: 1 of 100 leaked, the rules
        // alone 11; 2 of 50 blocked wrongly; then ruled on).
        ("blind/dev34.jsonl", 0, 1),
        // The development halves of two blind writers of the twelfth session: passages of 3 to
        // 8 sentences (run untouched: none of 35 leaked, 7 of 35 blocked wrongly, the rules
        // alone 6), and punctuation and typography as disguises (none of 55 leaked, the rules
        // alone 10; none of 30 blocked wrongly); then ruled on.
        ("blind/dev35.jsonl", 0, 3), ("blind/dev36.jsonl", 0, 0),
        // A blind attack on the session's three new readings (brackets read through, "any"
        // under a negation, a label before an approved sentence), run untouched with the
        // session's start (0 leaked, 13 of 50 blocked wrongly) and its end (2 leaked, 4); the
        // label about the person was then refused. The leak left is the approved-fragment
        // policy: the red-flag banner's first sentence lifted whole is judged by the rules.
        ("blind/dev37.jsonl", 1, 5),
        // The development half of a blind generator (subject x relation x claim x hedge x negation
        // x disguise; run untouched: 13 of 435 leaked, 57 of 375 blocked wrongly), and a blind
        // attack on the readings it led to (7 of 75 leaked, 31 of 75 blocked wrongly with the
        // session's start); then ruled on. What is left is written in the fixtures' README.
        ("blind/dev38.jsonl", 1, 15), ("blind/dev39.jsonl", 1, 8),
        // Screen-by-screen product copy by a blind generator of the fourteenth session (run
        // untouched: 10 of 329 leaked, 13 of 401 blocked wrongly), and a blind attack on the
        // readings it led to (9 of 52 leaked, 6 of 51 blocked wrongly with the session's start);
        // then ruled on. What is left is the reader on two menu and software lines, and a
        // product label naming a condition outside the visit modules ("Timeline: all visits
        // for Ear infection"), blocked by policy (AttributedSpansTests).
        ("blind/dev40.jsonl", 0, 2), ("blind/dev41.jsonl", 0, 1),
        // An in-app assistant's replies, careful ones and ones that slip in one clause, by a
        // blind generator (run untouched: 31 of 197 leaked, 24 of 191 blocked wrongly); then
        // ruled on. 12 of the 14 leaks left are disclaimers with the word "diagnosis" ("This
        // isn't a diagnosis, just what the counts show."), which the writer blocked after
        // DESIGN.md and issue 21 counts as honest; the wrong blocks are the reader's.
        ("blind/dev42.jsonl", 14, 12),
        // A blind attack on dev42's readings (asides between dashes, quantities with units, the
        // assistant's slips, labels that classify, software senses): run untouched with the
        // session's start 11 of 33 leaked and 7 of 31 blocked wrongly; with the guard before the
        // attack was read 4 and 1; then ruled on.
        ("blind/dev43.jsonl", 0, 0),
        // Short surfaces (notifications, widgets, watch faces, voice answers, subject lines,
        // banners, SMS reminders) by a blind generator: run untouched, 10 of 163 leaked and 2
        // of 170 blocked wrongly; then ruled on.
        ("blind/dev44.jsonl", 0, 0),
        // Visit-preparation and exported reports (dev45), and English from non-native writers,
        // machine translation and chat (dev46), by two blind generators of the fifteenth
        // session: run untouched, 19 of 249 and 16 of 238 leaked, 9 of 185 and 8 of 192 blocked
        // wrongly; then ruled on. The leaks left are "not a diagnosis" disclaimers (issue 21's
        // policy); dev46's wrong blocks are the reader's.
        ("blind/dev45.jsonl", 4, 0), ("blind/dev46.jsonl", 1, 5),
        // A blind attack on those readings (paraphrased claims, and the same words in settings,
        // devices and the person's own entries): run untouched with the session's start 19 of
        // 93 leaked and 11 of 85 blocked wrongly, with the guard it attacked 18 and 11; then
        // ruled on. Left: one line in Vietnamese, which the English rules do not read, and the
        // reader on three.
        ("blind/dev47.jsonl", 1, 3),
        // A blind attack by rhetoric (questions, hypotheticals, social proof, idioms, tips, bare
        // scores, stops between words) and the same words in app senses (sixteenth session):
        // run untouched 8 of 98 leaked and 10 of 102 blocked wrongly; then ruled on. Left: the
        // reader on two app idioms.
        ("blind/dev48.jsonl", 0, 2),
        // The known gaps: the rules alone leak 68 and block 5 wrongly.
        ("blind/whitebox-gaps.jsonl", 8, 5),
    ]

    @Test("rules with the reader hold every development corpus at the reported rates", arguments: corpora)
    func development(name: String, leaks: Int, blocks: Int) {
        let cases = Self.load(name)
        #expect(cases.count >= 60, "\(name) did not load")
        var leaked: [String] = [], blocked: [String] = []
        for item in cases {
            let safe = copyGuard.isSafe(item.text, module: item.module)
            if item.expect == "block" && safe { leaked.append(item.text) }
            if item.expect == "pass" && !safe { blocked.append(item.text) }
        }
        #expect(leaked.count <= leaks, "leaks: \(leaked)")
        #expect(blocked.count <= blocks, "wrongly blocked: \(blocked)")
    }
}
