import CairnModuleKit
import CairnCore
import Dispatch
import Foundation
import Synchronization

/// The one gate every user-facing text passes. Modules hand it catalog messages, never free
/// text: it fills the slots (user labels only after their own check), admits approved copy only
/// verbatim and only for its modules, and checks everything else, normalised, against every rule
/// in scope. Text that breaks an error-level rule is blocked, never rewritten.
///
/// The guard fails closed: it exists only when its rules, vocabularies and catalog all loaded,
/// and a catalog template is rendered only once it has passed the rules (all of them at load,
/// or each on its first use for the bundled catalog, which the test suite lints whole).
public struct CopyGuard: Sendable {
    let rules: [CopyRule]
    public let catalog: CopyCatalog
    /// Runs of `approvedRun` words from each approved text: copy that repeats such a run without
    /// being the exact approved text, or a sentence (or part of one) lifted from it, has been
    /// altered ("— not a diagnosis" cut from the overuse warning).
    private(set) var approvedRuns: [String: String]
    /// Every word of those runs: a run of copy is looked up only when each of its words is one.
    private(set) var approvedRunWords: Set<String> = []
    /// Approved entries by their exact text: every lint asks first whether a text is one.
    private(set) var approvedByText: [String: [CopyCatalog.Entry]]
    /// The same texts, each with its length and its ASCII bytes, for finding one inside copy.
    private(set) var approvedInside: [ApprovedText] = []

    /// An approved text as `blankingApprovedTexts` looks for it in longer copy.
    struct ApprovedText: Sendable {
        let text: String
        let length: Int
        /// Its canonical decomposition's bytes when that is all ASCII: in ASCII copy the text
        /// can be found only as those bytes; nil when it can never be found in ASCII copy.
        let asciiForm: [UInt8]?
        let entries: [CopyCatalog.Entry]
    }
    /// Lint results by module and text: replays and populations check the same sentences again
    /// and again.
    private let memo = BoundedMemo<ModuleText, [CopyViolation]>(capacity: 20_000)
    /// Rendered messages by module and message: a replay renders the same message step after
    /// step, and a population the same sentences profile after profile.
    private let rendered = BoundedMemo<ModuleMessage, Result<RenderedCopy, CopyRejection>>(capacity: 20_000)
    /// Whether a run of words, joined, is a word some rule names: the same neighbours ("your
    /// 12", "headaches clearly") recur in copy after copy, and each check searches every pattern.
    private let joinedWords = BoundedMemo<String, Bool>(capacity: 100_000)
    /// Identifiers as shown, by identifier, kind and module: every insight of a population
    /// carries the same evidence keys and subjects, and each look-up of the lint memo escapes,
    /// respaces and hashes the text twice.
    private let identifiers = BoundedMemo<ShownIdentifier, String>(capacity: 20_000)
    /// Misspelt condition and medicine names, read as the name.
    let spelling: SpellingIndex
    /// The tokens the learned reader weighs, from the same vocabularies as the rules.
    let features: CopyFeatures
    /// The learned reader, judging prose the rules pass; nil for a guard built without one.
    let reader: CopyReader?

    struct ModuleText: Hashable, Sendable {
        let module: String?
        let text: String
        let reads: Bool
    }

    struct ShownIdentifier: Hashable, Sendable {
        let identifier: String
        let kind: String
        let module: String?
    }

    struct ModuleMessage: Hashable, Sendable {
        let module: String
        let message: CopyMessage
    }

    static let approvedRun = 8

    /// The bundled rule packs, vocabularies and copy catalog, checked against the modules Cairn
    /// has registered.
    /// `libraries`: the catalogs of module libraries loaded at run time, linted whole now.
    public static func bundled(knownModules: Set<String>, libraries: [ModuleLibraryCatalog] = []) throws(RulePackError) -> CopyGuard {
        guard let rules = Bundle.module.url(forResource: "Rules", withExtension: nil),
              let catalog = Bundle.module.url(forResource: "Catalog", withExtension: nil),
              let vocabularies = Bundle.module.url(forResource: "Vocabularies", withExtension: nil),
              let reader = Bundle.module.url(forResource: "Reader", withExtension: nil)?.appendingPathComponent(CopyGuard.readerFile),
              FileManager.default.fileExists(atPath: reader.path) else {
            throw RulePackError(file: "CairnCopy resources", line: nil, key: nil,
                                problem: "are missing from this build; rebuild Cairn")
        }
        return try CopyGuard(rulesDirectory: rules, catalogDirectory: catalog, vocabularyDirectory: vocabularies,
                             knownModules: knownModules, lintsCatalog: false, libraries: libraries, readerFile: reader)
    }

    /// The learned reader's weights, in the bundle's `Reader` folder.
    static let readerFile = "copy-reader.bin"


    /// `lintsCatalog`: lint every template now and refuse to load on the first that breaks a
    /// rule; otherwise (the bundled catalog, which the test suite and `cairn lint-copy --catalog`
    /// lint whole) each template is linted the first time it is rendered, and never rendered if
    /// it fails, so a command pays only for the messages it shows.
    public init(rulesDirectory: URL, catalogDirectory: URL, vocabularyDirectory: URL,
                knownModules: Set<String>, lintsCatalog: Bool = true, libraries: [ModuleLibraryCatalog] = [],
                readerFile: URL? = nil) throws(RulePackError) {
        let vocabularies = try Vocabulary.loadAll(in: vocabularyDirectory)
        spelling = SpellingIndex(vocabularies: vocabularies)
        features = CopyFeatures(vocabularies: vocabularies, spelling: spelling)
        reader = readerFile.map(CopyReader.init(file:))
        // The rules and the catalog load side by side (each is most of a core's work for a few
        // milliseconds, and a REPL command waits for both).
        let rulesAndCatalog = IndexedResults<Result<Loaded, RulePackError>>(count: 2)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            do throws(RulePackError) {
                rulesAndCatalog.set(index, .success(index == 0
                    ? .rules(try RulePackLoader.loadRules(in: rulesDirectory, vocabularies: vocabularies, knownModules: knownModules))
                    : .catalog(try CopyCatalog.load(in: catalogDirectory, knownModules: knownModules, libraries: libraries))))
            } catch {
                rulesAndCatalog.set(index, .failure(error))
            }
        }
        var loadedRules: [CopyRule] = [], loadedCatalog: CopyCatalog?
        for result in rulesAndCatalog.values {
            switch try result.get() {
            case .rules(let value): loadedRules = value
            case .catalog(let value): loadedCatalog = value
            }
        }
        rules = loadedRules
        catalog = loadedCatalog!
        entriesChecked = lintsCatalog
        approvedRuns = [:]
        approvedByText = [:]
        for id in catalog.ids {
            guard let entry = catalog.entry(id), entry.approved, let text = entry.text else { continue }
            approvedByText[text, default: []].append(entry)
        }
        approvedInside = approvedByText.sorted { $0.key < $1.key }.map { text, entries in
            let decomposed = Array(text.decomposedStringWithCanonicalMapping.utf8)
            return ApprovedText(text: text, length: text.count, asciiForm: decomposed.allSatisfy { $0 < 0x80 } ? decomposed : nil,
                                entries: entries)
        }
        approvedRuns = approvedTextRuns()
        approvedRunWords = Set(approvedRuns.keys.flatMap { $0.split(separator: " ").map(String.init) })
        for id in catalog.ids {
            guard let entry = catalog.entry(id), entry.approved, let text = entry.text else { continue }
            let form = CopyNormalizer.normalize(text)
            approvedSentences[id] = Set(CopyGuard.sentences(of: CopyGuard.words(in: form), in: form).map(\.words))
        }
        approvedSentenceWords = approvedSentences.sorted { $0.key < $1.key }.map {
            ($0.key, $0.value.sorted().map { $0.split(separator: " ").map(String.init) })
        }
        if lintsCatalog {
            try lintCatalog()
        } else if !libraries.isEmpty {
            // A library's copy is new to this Cairn: checked whole before any of it can show.
            let sources = Set(libraries.map(\.source))
            let entries = catalog.ids.compactMap { catalog.entry($0) }.filter { sources.contains($0.file) && !$0.approved }
            if let problem = entries.lazy.compactMap(lintProblem).first { throw problem }
        }
    }

    /// Whether every template was linted at load; when not, `templateProblems` holds each one's
    /// result from its first render.
    private let entriesChecked: Bool
    private let templateProblems = BoundedMemo<String, RulePackError?>(capacity: 10_000)

    /// Every template of the catalog that breaks a rule (with sample values for each choice),
    /// and every factor phrase that does: empty for a catalog fit to ship.
    public func catalogProblems() -> [RulePackError] {
        var problems = catalog.ids.compactMap { catalog.entry($0) }.filter { !$0.approved }.compactMap(lintProblem)
        for (token, phrase) in catalog.factorPhrases.sorted(by: { $0.key < $1.key }) where !isSafe(phrase, module: nil) {
            problems.append(RulePackError(file: "factor phrases", line: nil, key: token, problem: "the phrase breaks a copy rule"))
        }
        return problems
    }

    /// Every template of the catalog rendered with sample values for each choice (labels as
    /// their neutral references), once for each module it is linted for: Cairn's own copy,
    /// which `scripts/copy-model-train` teaches the reader to pass.
    public func catalogSamples() -> [(module: String?, text: String)] {
        var out: [(module: String?, text: String)] = []
        for entry in catalog.ids.compactMap({ catalog.entry($0) }) where !entry.approved {
            for sample in CopyGuard.samples(entry) {
                let (text, _) = fill(entry, slots: sample, neutral: Set(sample.compactMap { name, value in
                    if case .label = value { return name } else { return nil }
                }))
                for module in entry.lintModules { out.append((module, text)) }
            }
        }
        return out
    }

    /// What the two parallel loads give.
    private enum Loaded: Sendable {
        case rules([CopyRule])
        case catalog(CopyCatalog)
    }


    /// Runs of `approvedRun` words of each approved text.
    private func approvedTextRuns() -> [String: String] {
        var runs: [String: String] = [:]
        for id in catalog.ids {
            guard let entry = catalog.entry(id), entry.approved, let text = entry.text else { continue }
            let words = CopyGuard.words(in: CopyNormalizer.normalize(text)).map(\.word)
            if words.count >= CopyGuard.approvedRun {
                for start in 0...(words.count - CopyGuard.approvedRun) {
                    let run = words[start..<(start + CopyGuard.approvedRun)].joined(separator: " ")
                    if runs[run] == nil { runs[run] = id }
                }
            }
        }
        return runs
    }

    /// The ids of the rules, for listings.
    public var ruleIDs: [String] { rules.map(\.id) }

    /// The approved verbatim text with this catalog id.
    public func approvedText(_ id: String) -> String? {
        guard let entry = catalog.entry(id), entry.approved else { return nil }
        return entry.text
    }

    // MARK: Checking text

    /// Every violation in a text, in order of position; none for exact approved copy. Prose the
    /// rules pass is also read by the learned reader.
    public func lint(_ text: String, module: String?) -> [CopyViolation] {
        lint(text, module: module, reads: true)
    }

    /// As `lint`; `reads: false` asks the rules alone (identifiers, Cairn's own rendered
    /// templates, and reports of what the rules do without the reader).
    public func lint(_ text: String, module: String?, reads: Bool) -> [CopyViolation] {
        if approvedMatch(text, module: module) != nil { return [] }
        return memo.value(ModuleText(module: module, text: text, reads: reads)) {
            let blanked = blankingApprovedTexts(in: text, module: module)
            var violations = computeViolations(blanked, module: module)
            // What an HTML comment holds is read too: copy shown outside a browser shows it.
            if let opened = MarkupSpans.commentsOpened(blanked) {
                let found = Set(violations.map { "\($0.rule):\($0.offsets.lowerBound)" })
                violations += computeViolations(opened, module: module).filter { !found.contains("\($0.rule):\($0.offsets.lowerBound)") }
                violations.sort { ($0.line, $0.column, $0.rule) < ($1.line, $1.column, $1.rule) }
            }
            // The person's own words, marked as theirs, are their record, not a claim.
            let attributed = AttributedSpans.ranges(in: text, module: module)
            if !attributed.isEmpty {
                violations.removeAll { $0.rule != CopyGuard.approvedCopyRuleID && AttributedSpans.covers(attributed, $0.offsets) }
            }
            // What the product says it does not do or claim is not a claim.
            var disclaimed: [DisclaimedSpans.Span]?
            if !violations.isEmpty {
                disclaimed = DisclaimedSpans.ranges(in: text)
                if let disclaimed, !disclaimed.isEmpty { violations.removeAll { DisclaimedSpans.denies(disclaimed, $0) } }
            }
            // Nor is a text read that is nothing but disclaimers: a disclaimer names the claim it
            // denies ("This pattern is not proof that caffeine causes your headaches."), and the
            // reader learned those words. Beside other sentences it is read whole, as they may
            // lean on it.
            if reads, !violations.contains(where: \.blocks),
               !CopyGuard.onlyDisclaims(blanked, disclaimed ?? DisclaimedSpans.ranges(in: text)),
               let learned = readerViolation(blanked) {
                violations.append(learned)
            }
            return violations
        }
    }

    /// The reader's tokens for a text as copy of a module, as `lint` scores them (`cairn
    /// lint-copy --features`, which the training script reads): none for exact approved copy or
    /// text that is not prose, else the whole text's (approved texts inside it blanked) and then
    /// each sentence's.
    public func readerTokens(_ text: String, module: String?) -> [[String]] {
        if approvedMatch(text, module: module) != nil { return [] }
        return features.units(of: blankingApprovedTexts(in: text, module: module))
    }

    /// A block by the learned reader: the text (or one of its sentences) scores over the
    /// threshold. Named like a rule's block, with the claim its heaviest tokens point to and
    /// those tokens (words masked).
    func readerViolation(_ text: String) -> CopyViolation? {
        guard let reader else { return nil }
        let units = features.units(of: text)
        guard !units.isEmpty else { return nil }
        let characters = Array(text)
        let first = characters.firstIndex(where: { !$0.isWhitespace }) ?? 0
        let last = characters.lastIndex(where: { !$0.isWhitespace }) ?? max(characters.count - 1, 0)
        func violation(_ claim: CopyClaim, _ message: String) -> CopyViolation {
            let match = first <= last && !characters.isEmpty ? String(characters[first...last]) : text
            let (line, column) = CopyGuard.position(of: first, in: characters)
            return CopyViolation(rule: CopyReader.ruleID, claim: claim, message: message, match: CopyViolation.mask(match),
                                 line: line, column: column, level: .error, offsets: first..<(first <= last ? last + 1 : first))
        }
        switch reader.weights {
        case .failure(let error):
            return violation(.learned, "the learned reader's weights (\(error.file)) \(error.problem): prose is blocked until they load")
        case .success(let weights):
            var best: (score: Float, tokens: [String])?
            for unit in units {
                let score = weights.score(unit)
                if score > weights.threshold && score > (best?.score ?? 0) { best = (score, unit) }
            }
            guard let best else { return nil }
            let heaviest = best.tokens.map { ($0, weights.weight($0)) }.filter { $0.1 > 0 }
                .sorted { ($0.1, $1.0) > ($1.1, $0.0) }.prefix(4).map(\.0)
            let shown = heaviest.map { "'" + CopyReader.display($0) + "'" }.joined(separator: ", ")
            return violation(CopyReader.claim(of: heaviest),
                             "reads as a claim Cairn does not make (learned reader, score "
                                 + String(format: "%.2f over %.2f", best.score, weights.threshold) + "); weighed most: " + shown)
        }
    }

    /// Whether every letter of the text lies in a disclaiming sentence (its subject included).
    private static func onlyDisclaims(_ text: String, _ spans: [DisclaimedSpans.Span]) -> Bool {
        guard !spans.isEmpty else { return false }
        return text.enumerated().allSatisfy { index, character in
            !character.isLetter || spans.contains { $0.sentence.contains(index) }
        }
    }

    /// The text with every approved text it holds whole (for this module) blanked out, one
    /// space for each character so that positions still point into the original: an approved
    /// warning followed by a button label is the warning, checked, and a label, to check.
    private func blankingApprovedTexts(in text: String, module: String?) -> String {
        var blanked: String?
        let length = text.count
        // In ASCII copy an approved text is there as characters only if its ASCII form is there
        // as bytes: most copy holds none, and searching for each by characters was most of this.
        let asciiText = text.utf8.allSatisfy { $0 < 0x80 }
        for candidate in approvedInside where candidate.length < length && candidate.entries.contains(where: { $0.includes(module) }) {
            if asciiText, !(candidate.asciiForm.map { ByteSearch.contains(text, $0) } ?? false) { continue }
            let approved = candidate.text
            var current = blanked ?? text
            while let range = current.range(of: approved) {
                current.replaceSubrange(range, with: String(repeating: " ", count: approved.count))
            }
            if current != (blanked ?? text) { blanked = current }
        }
        return blanked ?? text
    }

    /// Whether a text shows as it is: no violation that blocks.
    public func isSafe(_ text: String, module: String?) -> Bool {
        isSafe(text, module: module, reads: true)
    }

    /// As `isSafe`; `reads: false` asks the rules alone.
    public func isSafe(_ text: String, module: String?, reads: Bool) -> Bool {
        !lint(text, module: module, reads: reads).contains(where: \.blocks)
    }

    /// Free text as `SafeCopy` when nothing in it blocks, or the rules it broke. Modules do not
    /// use this: their copy comes from the catalog through `render`.
    public func admit(_ text: String, module: String?) -> Result<SafeCopy, CopyRejection> {
        if let id = approvedMatch(text, module: module) { return .success(SafeCopy(text: text, approvedID: id)) }
        let violations = lint(text, module: module)
        guard !violations.contains(where: \.blocks) else {
            return .failure(CopyRejection(text: text, module: module, violations: violations.filter(\.blocks)))
        }
        return .success(SafeCopy(text: text, approvedID: nil))
    }

    /// Text read back from elsewhere (a snapshot, a recorded notebook output) with every
    /// blocking match masked, for channels that print what they did not compose.
    public func masked(_ text: String, module: String?) -> String {
        let violations = lint(text, module: module).filter(\.blocks)
        guard !violations.isEmpty else { return text }
        var characters = Array(text)
        for violation in violations where violation.offsets.upperBound <= characters.count {
            let masked = Array(CopyViolation.mask(String(characters[violation.offsets])))
            characters.replaceSubrange(violation.offsets, with: masked)
        }
        return String(characters)
    }

    /// Printed output read back from a file (a notebook's recorded output, a diff of it), line by
    /// line: an approved text stays as it is, any other line has its blocking matches masked.
    /// Module-scoped rules are left out, since the module of a line is not known.
    public func maskedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let content = line.drop { $0 == "+" || $0 == "-" || $0 == " " }
            if approvedMatch(String(content), module: nil) != nil { return String(line) }
            return masked(String(line), module: "")
        }.joined(separator: "\n")
    }

    /// An identifier from the data (a profile, headache or row id, a subject) as it may be
    /// printed: itself when it breaks no rule, else a stable neutral reference such as
    /// "profile-3fa2c1d0" that still tells identifiers apart.
    public func safeIdentifier(_ identifier: String, kind: String, module: String? = nil) -> String {
        if CopyGuard.carriesNoWords(identifier) { return identifier }
        return identifiers.value(ShownIdentifier(identifier: identifier, kind: kind, module: module)) {
            shownIdentifier(identifier, kind: kind, module: module)
        }
    }

    private func shownIdentifier(_ identifier: String, kind: String, module: String?) -> String {
        // Data shown as an identifier keeps no control character (a terminal would obey it).
        let identifier = TerminalText.escaped(identifier)
        // In an identifier, hyphens, dots and slashes separate words as spaces do.
        let spaced = String(identifier.map { "-./:".contains($0) ? " " : $0 })
        // An identifier is not prose: the rules judge it, the learned reader does not.
        if isSafe(identifier, module: module, reads: false) && isSafe(spaced, module: module, reads: false) { return identifier }
        return "\(kind)-" + CopyGuard.stableHash(identifier)
    }

    // MARK: Catalog messages

    /// A catalog message rendered and checked: labels that break a rule are replaced by a
    /// neutral reference (and named in `neutralizedSlots`); anything else that breaks a rule
    /// withholds the text.
    public func render(_ message: CopyMessage, module: String) -> Result<RenderedCopy, CopyRejection> {
        rendered.value(ModuleMessage(module: module, message: message)) { renderAnew(message, module: module) }
    }

    /// As `render`, with every label holding the person's own words (a visit label, a factor
    /// the catalog has no phrase for) shown as its neutral reference: for channels that return
    /// the data's words beside Cairn's sentence, never inside it (`cairn mcp`).
    public func renderWithoutLabels(_ message: CopyMessage, module: String) -> Result<RenderedCopy, CopyRejection> {
        let labels = Set(message.slots.compactMap { name, value -> String? in
            guard case .label(let kind, let raw) = value else { return nil }
            return kind == .factor && catalog.factorPhrase(raw) != nil ? nil : name
        })
        if labels.isEmpty { return render(message, module: module) }
        return renderAnew(message, module: module, neutral: labels)
    }

    private func renderAnew(_ message: CopyMessage, module: String, neutral labels: Set<String> = []) -> Result<RenderedCopy, CopyRejection> {
        func refuse(_ problem: String) -> Result<RenderedCopy, CopyRejection> {
            .failure(CopyRejection(text: "", module: module, violations: [CopyViolation(
                rule: "CopyCatalog", claim: .wording, message: problem, match: message.id, line: 1, column: 1, level: .error, offsets: 0..<0)]))
        }
        guard let entry = catalog.entry(message.id) else { return refuse("no catalog entry '\(message.id)'") }
        guard entry.includes(module) else { return refuse("catalog entry '\(message.id)' is not for module \(module)") }
        if entry.approved, let text = entry.text {
            return .success(RenderedCopy(copy: SafeCopy(text: text, approvedID: entry.id), neutralizedSlots: [], warnings: []))
        }
        for (name, type) in entry.slots {
            guard let value = message.slots[name] else { return refuse("'\(message.id)' needs slot {\(name)}") }
            if let problem = CopyGuard.mismatch(value, type) { return refuse("'\(message.id)' slot {\(name)}: \(problem)") }
        }
        if let extra = Set(message.slots.keys).subtracting(entry.slots.keys).sorted().first {
            return refuse("'\(message.id)' has no slot {\(extra)}")
        }
        // On first render, the rules alone: the reader's verdict on the bundled templates is
        // the test suite's and `lint-copy --catalog`'s, so a command does not pay for it.
        if !entriesChecked, let problem = templateProblems.value(entry.id, compute: { lintProblem(entry, reads: false) }) {
            return refuse(problem.description)
        }
        var neutral = labels
        for (name, value) in message.slots {
            if case .label(_, let raw) = value, !isSafe(CopyGuard.display(raw), module: module) { neutral.insert(name) }
        }
        if let checked = renderedFromCheckedParts(entry, slots: message.slots, neutral: neutral, module: module) {
            return .success(checked)
        }
        // A label safe on its own may still form a violation with its neighbours: replace the
        // labels a violation touches, and withhold only when what breaks a rule is Cairn's own.
        while true {
            let (text, labelSpans) = fill(entry, slots: message.slots, neutral: neutral)
            // A template's own words passed the reader with the catalog (a test holds them to
            // it); its labels were read on their own above.
            let violations = lint(text, module: module, reads: false)
            let blocking = violations.filter(\.blocks)
            if blocking.isEmpty {
                return .success(RenderedCopy(copy: SafeCopy(text: text, approvedID: nil),
                                             neutralizedSlots: neutral.sorted(), warnings: violations))
            }
            let touched = labelSpans.filter { span in blocking.contains { $0.offsets.overlaps(span.range) } }.map(\.slot)
            if touched.isEmpty || Set(touched).isSubset(of: neutral) {
                return .failure(CopyRejection(text: text, module: module, violations: blocking))
            }
            neutral.formUnion(touched)
        }
    }

    /// A message whose every slot is Cairn's own, checked without linting its whole sentence: a
    /// population renders each template with the profile's counts and dates, so nearly every
    /// sentence is new, and linting each whole was a quarter of `cairn insights`.
    ///
    /// Why this keeps the guarantee: the template passed the rules on its first render, and each
    /// slot value is linted here in the template's own words (the other values at their sample
    /// values), memoised by that text, so a value that makes a claim with its neighbours ("call
    /// {count}" with 911, "take {count}", "stage {count}") is caught as the whole sentence would
    /// catch it. Choices, markers, factor phrases and neutral references are finite and Cairn's
    /// own words: they stand at their real values in every one of those texts. What is not
    /// checked is two values making a claim together; no rule names a pair of numbers, and
    /// values parted by no word ("{a} {b}", "{a}:{b}", which the split-word search could read as
    /// one token) take the whole-sentence path. So does any slot holding the person's own words
    /// (a label shown as written): a label safe on its own can make a claim with the template's
    /// words around it ("{factor} came before"), and only the whole sentence shows that.
    /// Nil when the whole sentence must be linted: a label shown as written, values parted by no
    /// word, no value to check apart, or any match (even a warning) in one of the texts, so that
    /// whatever the sentence reports is reported as before, from the whole.
    private func renderedFromCheckedParts(_ entry: CopyCatalog.Entry, slots: [String: SlotValue], neutral: Set<String>,
                                          module: String) -> RenderedCopy? {
        var varying: [String] = []
        for (name, value) in slots {
            switch value {
            case .count, .number, .share, .date, .month, .duration: varying.append(name)
            case .marker, .choice: continue
            case .label(let kind, let raw):
                if neutral.contains(name) || (kind == .factor && catalog.factorPhrase(raw) != nil) { continue }
                return nil
            }
        }
        guard !varying.isEmpty, CopyGuard.valuesPartedByWords(entry, varying: Set(varying)) else { return nil }
        let samples = CopyGuard.sampleValues(entry)
        var context = slots
        for name in varying { context[name] = samples[name] }
        for name in varying.sorted() {
            var probe = context
            probe[name] = slots[name]
            if !lint(fill(entry, slots: probe, neutral: neutral).0, module: module, reads: false).isEmpty { return nil }
        }
        return RenderedCopy(copy: SafeCopy(text: fill(entry, slots: slots, neutral: neutral).0, approvedID: nil),
                            neutralizedSlots: neutral.sorted(), warnings: [])
    }

    /// Whether every two value slots of a template have a word between them: values side by
    /// side could be read as one token or one number, which only the whole sentence shows.
    static func valuesPartedByWords(_ entry: CopyCatalog.Entry, varying: Set<String>) -> Bool {
        var afterValue = false
        for piece in entry.pieces {
            switch piece {
            case .literal(let literal):
                if literal.contains(where: \.isLetter) { afterValue = false }
            case .slot(let name):
                guard varying.contains(name) else { afterValue = false; continue }
                if afterValue { return false }
                afterValue = true
            }
        }
        return true
    }

    private func fill(_ entry: CopyCatalog.Entry, slots: [String: SlotValue],
                      neutral: Set<String>) -> (String, [(slot: String, range: Range<Int>)]) {
        var text = ""
        var count = 0
        var spans: [(slot: String, range: Range<Int>)] = []
        // Characters are counted only for the spans of labels: most messages have none, and
        // counting them was most of filling a template.
        let hasLabels = slots.values.contains { if case .label = $0 { true } else { false } }
        for piece in entry.pieces {
            let part: String
            switch piece {
            case .literal(let literal): part = literal
            case .slot(let name):
                let value = slots[name]!
                part = neutral.contains(name) ? CopyGuard.neutralText(value) : render(value)
                if case .label = value { spans.append((name, count..<(count + part.count))) }
            }
            text += part
            if hasLabels { count += part.count }
        }
        return (text, spans)
    }

    private func render(_ value: SlotValue) -> String {
        switch value {
        case .count(let n): return String(n)
        case .number(let x): return CopyGuard.numberText(x)
        case .share(let share): return CopyGuard.shareText(share)
        case .date(let text), .month(let text), .marker(let text), .choice(let text): return text
        case .duration(let minutes):
            let hours = minutes / 60, rest = minutes % 60
            if hours == 0 { return "\(rest) minutes" }
            return rest == 0 ? "\(hours) hours" : "\(hours) hours \(rest) minutes"
        case .label(let kind, let raw):
            if kind == .factor, let phrase = catalog.factorPhrase(raw) { return phrase }
            return "“" + CopyGuard.display(raw) + "”"
        }
    }

    private static func neutralText(_ value: SlotValue) -> String {
        if case .label(let kind, _) = value { return kind.neutralReference }
        return ""
    }

    /// A label as the person wrote it, tidied for a sentence: underscores as spaces, runs of
    /// white space as one, at most 60 characters.
    static func display(_ raw: String) -> String {
        let words = TerminalText.escaped(raw).replacingOccurrences(of: "_", with: " ").split(whereSeparator: { $0.isWhitespace })
        let joined = words.joined(separator: " ")
        return joined.count > 60 ? String(joined.prefix(59)) + "…" : joined
    }

    static func numberText(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// 0.2 → "2 of every 10"; a share above zero that rounds to none → "fewer than 1 of every 10".
    static func shareText(_ share: Double) -> String {
        let tenths = Int((share * 10).rounded())
        if tenths == 0 && share > 0 { return "fewer than 1 of every 10" }
        return "\(tenths) of every 10"
    }

    static func mismatch(_ value: SlotValue, _ type: CopyCatalog.SlotType) -> String? {
        switch (value, type) {
        case (.count(let n), .count): return n >= 0 ? nil : "a count cannot be negative"
        case (.number(let x), .number): return x.isFinite ? nil : "a number must be finite"
        case (.share(let x), .share): return (0...1).contains(x) ? nil : "a share lies between 0 and 1"
        case (.date(let text), .date):
            return text.count == 10 && text.allSatisfy({ $0.isNumber || $0 == "-" }) ? nil : "a date is YYYY-MM-DD"
        case (.month(let text), .month):
            return text.count == 7 && text.allSatisfy({ $0.isNumber || $0 == "-" }) ? nil : "a month is YYYY-MM"
        case (.duration(let minutes), .duration): return minutes >= 0 ? nil : "a duration cannot be negative"
        case (.marker, .marker), (.label(.customMarker, _), .marker): return nil
        case (.choice(let text), .choice(let choices)):
            return choices.contains(text) ? nil : "'\(text)' is not one of " + choices.joined(separator: ", ")
        case (.label(let kind, _), .label(let expected)):
            return kind == expected ? nil : "expects a \(expected.rawValue) label, not a \(kind.rawValue) label"
        default:
            return "the value does not have the slot's type"
        }
    }

    /// Every template of the catalog, rendered with sample values for each choice, must pass
    /// the rules for each of its modules; a template that does not refuses to load.
    private func lintCatalog() throws(RulePackError) {
        let entries = catalog.ids.compactMap { catalog.entry($0) }.filter { !$0.approved }
        // Every entry on every core; the first problem in id order is the one reported.
        let problems = IndexedResults<RulePackError?>(count: entries.count)
        let copyGuard = self
        DispatchQueue.concurrentPerform(iterations: entries.count) { index in
            problems.set(index, copyGuard.lintProblem(entries[index]))
        }
        if let problem = problems.values.compactMap({ $0 }).first { throw problem }
        for (token, phrase) in catalog.factorPhrases where !isSafe(phrase, module: nil) {
            throw RulePackError(file: "factor phrases", line: nil, key: token, problem: "the phrase breaks a copy rule")
        }
    }

    /// `reads`: also ask the learned reader (the whole-catalog checks and a library's catalog).
    private func lintProblem(_ entry: CopyCatalog.Entry) -> RulePackError? {
        lintProblem(entry, reads: true)
    }

    private func lintProblem(_ entry: CopyCatalog.Entry, reads: Bool) -> RulePackError? {
        for sample in CopyGuard.samples(entry) {
            for module in entry.lintModules {
                let (text, _) = fill(entry, slots: sample, neutral: Set(sample.compactMap { name, value in
                    if case .label = value { return name } else { return nil }
                }))
                // Without the split-word search: templates are Cairn's own words, and each
                // rendered text is linted in full again before it is shown.
                if let violation = computeViolations(text, module: module, joins: false).first(where: \.blocks)
                    ?? (reads ? readerViolation(text) : nil) {
                    return RulePackError(file: entry.file, line: entry.line, key: "template",
                                         problem: "'\(entry.id)' breaks rule \(violation.rule) for \(module ?? "every module") "
                                             + "at column \(violation.column): \(violation.message)")
                }
            }
        }
        return nil
    }

    private static func samples(_ entry: CopyCatalog.Entry) -> [[String: SlotValue]] {
        let base = sampleValues(entry)
        var samples = [base]
        for (name, type) in entry.slots {
            guard case .choice(let choices) = type else { continue }
            for choice in choices.dropFirst() {
                var sample = base
                sample[name] = .choice(choice)
                samples.append(sample)
            }
        }
        return samples
    }

    /// The value each slot of a template is linted with on its first render.
    private static func sampleValues(_ entry: CopyCatalog.Entry) -> [String: SlotValue] {
        var base: [String: SlotValue] = [:]
        for (name, type) in entry.slots {
            switch type {
            case .count: base[name] = .count(7)
            case .number: base[name] = .number(2.5)
            case .share: base[name] = .share(0.2)
            case .date: base[name] = .date("2026-05-01")
            case .month: base[name] = .month("2026-05")
            case .duration: base[name] = .duration(minutes: 90)
            case .marker: base[name] = .marker("LDL Cholesterol")
            case .label(let kind): base[name] = .label(kind, "label")
            case .choice(let choices): base[name] = .choice(choices[0])
            }
        }
        return base
    }

    // MARK: Matching

    private func approvedMatch(_ text: String, module: String?) -> String? {
        approvedByText[text]?.first { $0.includes(module) }?.id
    }

    private func computeViolations(_ text: String, module: String?, joins: Bool = true) -> [CopyViolation] {
        let original = Array(text)
        let plain = CopyNormalizer.normalize(text)
        // The words of the plain and squeezed forms are split once and used by every step below.
        let plainWords = CopyGuard.words(in: plain)
        // The two squeezes differ only in reading "1" and "|" as i or as l: without either,
        // the second is the first.
        let readsOne = plain.characters.contains { $0.asciiValue == UInt8(ascii: "1") || $0.asciiValue == UInt8(ascii: "|") }
        let squeezedI = CopyNormalizer.squeeze(plain, one: "i")
        let squeezedL = readsOne ? CopyNormalizer.squeeze(plain, one: "l") : squeezedI
        // Most copy has nothing to squeeze: each distinct form is matched once.
        var forms = [plain]
        let squeezesI = squeezedI.characters != plain.characters
        if squeezesI { forms.append(squeezedI) }
        if squeezedL.characters != squeezedI.characters { forms.append(squeezedL) }
        // A misspelt name ("migrane") is also read as the name.
        if let respelt = respelt(plain, words: plainWords) { forms.append(respelt) }
        // Quotation marks and brackets around a word hide nothing: "This is (probably) migraine".
        // What an exception excuses in the text as written it excuses there too ("Type
        // 'migraine' in the search box").
        let unquotedIndex: Int?
        if let unquoted = CopyNormalizer.unquoted(plain) {
            unquotedIndex = forms.count
            forms.append(unquoted)
        } else {
            unquotedIndex = nil
        }
        // An aside between spaced dashes taken out whole, as a reader skips it.
        if let withoutAsides = CopyNormalizer.withoutAsides(plain) { forms.append(withoutAsides) }
        // One-word sentences read as one ("Skip. The. Wine.").
        if let joined = CopyNormalizer.withoutWordStops(plain) { forms.append(joined) }
        // An invisible character inside a word is read as nothing as well as a space.
        var hasRejoined = false
        // Not when invisible characters are the only spaces ("Send\u{200B}a\u{200B}report"):
        // there they part words, and the plain form reads them so. Where letters drawn blank
        // are the spaces ("Take\u{3164}ibu\u{200C}profen"), they stay spaces and only the
        // other invisible characters are read as nothing.
        var fillersAreSpaces = false
        if text.utf8.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") })
            || CopyGuard.hasEmphasisUnderscores(text) {
            let spaced = text.utf8.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\t") })
            fillersAreSpaces = !spaced && text.unicodeScalars.contains(where: CopyNormalizer.invisibleLetters.contains)
            if spaced || fillersAreSpaces {
                let rejoined = CopyNormalizer.normalize(text, invisibleAsSpace: false, fillersAsSpace: fillersAreSpaces)
                if rejoined.characters != plain.characters {
                    forms.append(rejoined)
                    hasRejoined = true
                }
            }
        }
        let invisible = hasRejoined
            ? original.indices.filter { CopyNormalizer.isInvisible(original[$0], countingFillers: !fillersAreSpaces) || original[$0] == "&" } : []
        var violations: [CopyViolation] = []
        var seen = Set<String>()
        func record(_ rule: CopyRule, start: Int, end: Int, pattern: CopyRule.Pattern?) {
            guard seen.insert("\(rule.id):\(start)").inserted else { return }
            let matched = String(original[start...end])
            let masked = CopyViolation.mask(matched)
            let (line, column) = CopyGuard.position(of: start, in: original)
            violations.append(CopyViolation(
                rule: rule.id, claim: rule.claim, message: rule.message(for: masked, pattern: pattern),
                match: masked, line: line, column: column, level: rule.level, offsets: start..<(end + 1)))
        }
        let scoped = rules.filter { $0.scope.judges(module) }
        let texts = forms.map { MatchText($0.text) }
        let formWords = forms.indices.map { $0 == 0 ? plainWords : CopyGuard.words(in: forms[$0]) }
        for rule in scoped {
            // What an exception excuses read through a symbol or a pause ("The 👀 weather
            // service 👀 crashed.") it excuses as written: found once, used in every other form.
            let excusedThrough: [ClosedRange<Int>] = unquotedIndex.map { through in
                rule.exceptions.flatMap { $0.ranges(in: texts[through]) }.map {
                    forms[through].origins[$0.lowerBound]...forms[through].origins[$0.upperBound - 1]
                }
            } ?? []
            for (index, (form, text)) in zip(forms, texts).enumerated() {
                // Where the rejoined form read a word cut by an invisible character whole, the
                // other forms' reading of the two pieces as words is not the text a person sees.
                let readsPieces = hasRejoined && index != forms.count - 1
                // An exception read in the rejoined form ("avoid dupl\u{AD}icate entries")
                // excuses the same words in every form.
                var excused: [ClosedRange<Int>] = readsPieces && !rule.exceptions.isEmpty
                    ? rule.exceptions.flatMap { $0.ranges(in: texts[forms.count - 1]) }.map {
                        forms[forms.count - 1].origins[$0.lowerBound]...forms[forms.count - 1].origins[$0.upperBound - 1]
                    } : []
                if index == unquotedIndex && !rule.exceptions.isEmpty {
                    excused += rule.exceptions.flatMap { $0.ranges(in: texts[0]) }.map { plain.origins[$0.lowerBound]...plain.origins[$0.upperBound - 1] }
                }
                if index != unquotedIndex && !readsPieces { excused += excusedThrough }
                for (range, pattern) in rule.matches(in: text) {
                    let start = form.origins[range.lowerBound], end = form.origins[range.upperBound - 1]
                    if readsPieces && invisible.contains(where: { (start...end).contains($0) }) { continue }
                    if excused.contains(where: { $0.contains(start) && $0.contains(end) }) { continue }
                    record(rule, start: start, end: end, pattern: pattern)
                }
                for range in rule.wordMatches(in: formWords[index], text: text) {
                    let start = form.origins[range.lowerBound], end = form.origins[range.upperBound - 1]
                    if readsPieces && invisible.contains(where: { (start...end).contains($0) }) { continue }
                    if excused.contains(where: { $0.contains(start) && $0.contains(end) }) { continue }
                    record(rule, start: start, end: end, pattern: nil)
                }
            }
        }
        // Words split by a space or separator ("diab etes", "dia_gno_sis"): each run of two or
        // three neighbouring words is tried joined.
        let squeezed = squeezedI
        let words = squeezesI ? formWords[1] : plainWords
        for index in words.indices where joins {
            for count in 2...3 where index + count <= words.count {
                let run = words[index..<(index + count)]
                guard zip(run.dropLast(), run.dropFirst()).allSatisfy({ $1.start == $0.end + 1 }) else { break }
                // Words parted only by invisible characters were read joined, in context, in the
                // rejoined form ("send a dia\u{00AD}gnostic report" is the technical sense).
                if hasRejoined, run.dropLast().contains(where: { word in
                    let origin = squeezed.origins[word.end]
                    return origin < original.count && (CopyNormalizer.isInvisible(original[origin], countingFillers: !fillersAreSpaces)
                        || HTMLEntities.decode(original, at: origin).map {
                            CopyNormalizer.isInvisible(Character($0.text), countingFillers: !fillersAreSpaces)
                        } == true)
                }) { continue }
                let joined = run.map(\.word).joined()
                let isWord = joinedWords.value(joined) {
                    let text = MatchText(joined)
                    // A joined run is one token, so a rule's detector (its patterns between word
                    // edges) matches it only whole: no second, anchored copy of every pattern.
                    return rules.indices.contains { rules[$0].detects(text) || CopyRule.lookup(joined, in: rules[$0].words) }
                }
                guard isWord else { continue }
                let start = squeezed.origins[run.first!.start], end = squeezed.origins[run.last!.end - 1]
                for rule in scoped {
                    // Only a word that exists joined: a match already found in either part stands.
                    let pattern = rule.wholeMatch(joined)
                    // A word that a rule names on its own was judged where it stands, with the
                    // rule's exceptions ("send a diagnostic report"): joining adds nothing.
                    guard pattern != nil || CopyRule.lookup(joined, in: rule.words),
                          !run.contains(where: { rule.wholeMatch($0.word) != nil || CopyRule.lookup($0.word, in: rule.words) }),
                          !violations.contains(where: { $0.rule == rule.id && $0.offsets.overlaps(start..<(end + 1)) }) else { continue }
                    // The words as written are excused where an exception of the rule covers them
                    // in the text as read ("the red flag notice", "red-flags v1.2"): joined, they
                    // are the same words.
                    guard !rule.exceptions.contains(where: { exception in
                        exception.ranges(in: texts[0]).contains { range in
                            plain.origins[range.lowerBound] <= start && end <= plain.origins[range.upperBound - 1]
                        }
                    }) else { continue }
                    record(rule, start: start, end: end, pattern: pattern)
                }
            }
        }
        // Approved copy altered: a long run of an approved text's words, not the text itself.
        // A sentence that is, word for word, a sentence of that approved text is not altered
        // copy: it is judged by the rules like any other sentence.
        if plainWords.count >= CopyGuard.approvedRun {
            // A label before a sentence ("Insight: It may be worth ...") is not part of it. The
            // sentences are made, and a run joined and looked up, only where every word of the
            // run is an approved text's: most copy has no such run.
            lazy var sentences = CopyGuard.sentences(of: plainWords, in: plain).map { CopyGuard.unlabelled($0, words: plainWords, in: plain) }
            let approvedWord = plainWords.map { approvedRunWords.contains($0.word) }
            for start in 0...(plainWords.count - CopyGuard.approvedRun) {
                guard !approvedWord[start..<(start + CopyGuard.approvedRun)].contains(false) else { continue }
                let run = plainWords[start..<(start + CopyGuard.approvedRun)]
                guard let id = approvedRuns[run.map(\.word).joined(separator: " ")] else { continue }
                // One sentence lifted is judged by the rules; two or more of the same text
                // without the rest are that text with a part cut out.
                let lifted = sentences.filter { sentence in
                    approvedSentences[id]?.contains { CopyGuard.isRun(sentence.words, of: $0) } == true
                }
                if lifted.count == 1, let sentence = lifted.first,
                   sentence.range.contains(start) && sentence.range.contains(start + CopyGuard.approvedRun - 1) { continue }
                let from = plain.origins[run.first!.start], to = plain.origins[run.last!.end - 1]
                guard seen.insert("\(CopyGuard.approvedCopyRuleID):\(id)").inserted else { continue }
                let (line, column) = CopyGuard.position(of: from, in: original)
                violations.append(CopyViolation(
                    rule: CopyGuard.approvedCopyRuleID, claim: .approved,
                    message: "repeats approved copy '\(id)' without being its exact text; approved copy is shown only verbatim, "
                        + "and only by its modules",
                    match: CopyViolation.mask(String(original[from...to])), line: line, column: column, level: .error,
                    offsets: from..<(to + 1)))
            }
        }
        // A sentence an approved sentence with a few words changed ("not medical advice" made
        // "not a diagnosis"): read as the person sees it, invisible characters and all.
        let seenForm = hasRejoined ? forms[forms.count - 1] : plain
        let seenWords = hasRejoined ? CopyGuard.words(in: seenForm) : plainWords
        for sentence in CopyGuard.sentences(of: seenWords, in: seenForm).map({ CopyGuard.unlabelled($0, words: seenWords, in: seenForm) })
        where sentence.range.count >= 6 {
            let words = sentence.words.split(separator: " ").map(String.init)
            guard let id = approvedSentenceWords.first(where: { _, sentences in
                sentences.contains { CopyGuard.isNearCopy(words, of: $0) }
            })?.key, seen.insert("\(CopyGuard.approvedCopyRuleID):\(id)").inserted else { continue }
            let from = seenForm.origins[seenWords[sentence.range.lowerBound].start]
            let to = seenForm.origins[seenWords[sentence.range.upperBound].end - 1]
            let (line, column) = CopyGuard.position(of: from, in: original)
            violations.append(CopyViolation(
                rule: CopyGuard.approvedCopyRuleID, claim: .approved,
                message: "alters a sentence of approved copy '\(id)'; approved copy is shown only verbatim, and only by its modules",
                match: CopyViolation.mask(String(original[from...to])), line: line, column: column, level: .error,
                offsets: from..<(to + 1)))
        }
        return violations.sorted { ($0.line, $0.column, $0.rule) < ($1.line, $1.column, $1.rule) }
    }

    /// The sentences of a text as ranges of word indices, each with its words joined by
    /// spaces: a sentence ends at ".", "!" or "?" followed by a space or the end.
    static func sentences(of words: [(word: String, start: Int, end: Int)], in form: CopyNormalizer.Mapped)
        -> [(range: ClosedRange<Int>, words: String)] {
        var out: [(ClosedRange<Int>, String)] = []
        var first = 0
        let characters = form.characters
        for index in words.indices {
            var next = words[index].end
            while next < characters.count, characters[next] == "\"" || characters[next] == "'" || characters[next] == ")" { next += 1 }
            let ends = index == words.count - 1
                || (next < characters.count && ".!?".contains(characters[next])
                    && (next + 1 == characters.count || characters[next + 1] == " " || characters[next + 1] == "\""))
            if ends {
                out.append((first...index, words[first...index].map(\.word).joined(separator: " ")))
                first = index + 1
            }
        }
        return out
    }

    /// A sentence without the label of one to three words and a colon that opens it, if any:
    /// "Insight: It may be worth mentioning ..." is the label "Insight" and the sentence after it.
    /// A label about the person ("Your trigger: ...") names what follows as theirs: not a label
    /// here, so the approved sentence after it reads as altered (a blind attack, 2026-11-28).
    static func unlabelled(_ sentence: (range: ClosedRange<Int>, words: String), words: [(word: String, start: Int, end: Int)],
                           in form: CopyNormalizer.Mapped) -> (range: ClosedRange<Int>, words: String) {
        for index in sentence.range.lowerBound..<min(sentence.range.lowerBound + 3, sentence.range.upperBound) {
            if ["you", "your", "yours", "you're"].contains(words[index].word) { break }
            let end = words[index].end
            guard end < form.characters.count, form.characters[end] == ":" else { continue }
            let rest = (index + 1)...sentence.range.upperBound
            return (rest, words[rest].map(\.word).joined(separator: " "))
        }
        return sentence
    }

    /// Whether a sentence is an approved sentence with a few of its words changed: it shares
    /// the approved sentence's first or last five words, differs from it by one to three words
    /// (replaced, added or cut), and is not a run of it.
    static func isNearCopy(_ words: [String], of approved: [String]) -> Bool {
        guard words != approved, abs(words.count - approved.count) <= 3,
              words.prefix(5).elementsEqual(approved.prefix(5)) || words.suffix(5).elementsEqual(approved.suffix(5)) else { return false }
        if isRun(words.joined(separator: " "), of: approved.joined(separator: " ")) { return false }
        // Word-level edit distance, at most 3.
        var previous = Array(0...approved.count)
        for (i, word) in words.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: approved.count)
            for (j, other) in approved.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (word == other ? 0 : 1))
            }
            previous = current
        }
        return (1...3).contains(previous[approved.count])
    }

    /// Each approved text's sentences as words, by entry id, in id order: made once at load,
    /// since every lint of a long sentence compares it with each of them.
    private(set) var approvedSentenceWords: [(key: String, value: [[String]])] = []

    /// Whether `words` (joined by spaces) is `sentence` or a run of its words.
    static func isRun(_ words: String, of sentence: String) -> Bool {
        words == sentence || sentence.hasPrefix(words + " ") || sentence.hasSuffix(" " + words) || sentence.contains(" " + words + " ")
    }

    /// Each approved text's sentences, words joined by spaces, by entry id.
    private(set) var approvedSentences: [String: Set<String>] = [:]

    /// The built-in check for altered approved copy, reported like an error-level rule.
    static let approvedCopyRuleID = "ApprovedCopy"

    /// Words (runs of letters and digits) of a normalised text, lower-cased, with their spans.
    /// Underscores as Markdown emphasis ("beh__ind__", "_meta_bolic"): a doubled one, or one
    /// opening a word. A single underscore between words (`change_percent`, `poor_sleep`, in
    /// every evidence line) is not, and costs no second reading.
    static func hasEmphasisUnderscores(_ text: String) -> Bool {
        var previous: UInt8 = UInt8(ascii: " ")
        for byte in text.utf8 {
            if byte == UInt8(ascii: "_") && (previous == UInt8(ascii: "_") || previous == UInt8(ascii: " ")) { return true }
            previous = byte
        }
        return false
    }

    /// The plain form with each misspelt condition or medicine name replaced by the name (each
    /// letter of the name keeps the origin of the misspelt word's letter at its place); nil
    /// when there is none.
    private func respelt(_ plain: CopyNormalizer.Mapped, words: [(word: String, start: Int, end: Int)]) -> CopyNormalizer.Mapped? {
        var result = CopyNormalizer.Mapped()
        var copied = 0
        var changed = false
        for word in words where word.end - word.start >= SpellingIndex.shortestWord {
            guard let name = spelling.name(for: word.word) else { continue }
            for index in copied..<word.start { result.append(plain.characters[index], from: plain.origins[index]) }
            for (offset, character) in name.enumerated() {
                result.append(character, from: plain.origins[min(word.start + offset, word.end - 1)])
            }
            copied = word.end
            changed = true
        }
        guard changed else { return nil }
        for index in copied..<plain.characters.count { result.append(plain.characters[index], from: plain.origins[index]) }
        return result
    }

    static func words(in form: CopyNormalizer.Mapped) -> [(word: String, start: Int, end: Int)] {
        var out: [(String, Int, Int)] = []
        var index = 0
        let characters = form.characters
        while index < characters.count {
            guard characters[index].isLetterFast || characters[index].isNumberFast else { index += 1; continue }
            let start = index
            while index < characters.count && (characters[index].isLetterFast || characters[index].isNumberFast || characters[index] == "'") {
                index += 1
            }
            out.append((CopyGuard.lowercasedWord(characters[start..<index]), start, index))
        }
        return out
    }

    /// A run of characters as one lower-cased word: byte by byte when every character is ASCII
    /// (where lower-casing is A-Z to a-z), as the lint of every form of every sentence splits
    /// it into words, and the general conversion was a tenth of linting clean copy.
    static func lowercasedWord(_ run: ArraySlice<Character>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(run.count)
        for character in run {
            guard let ascii = character.asciiValue, character.utf8.count == 1 else { return String(run).lowercased() }
            bytes.append(ascii.lowercasedASCII)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func position(of offset: Int, in characters: [Character]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for character in characters[..<offset] {
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    /// Whether an identifier holds no word a rule could name: ASCII digits, separators and
    /// letter runs of at most two letters or of hex digits only (row numbers, UUIDs, "h-12").
    /// Such values are never linted: a population's provenance is hundreds of thousands of
    /// them, and checking each cost most of the guard's time.
    static func carriesNoWords(_ identifier: String) -> Bool {
        var run = 0, hexOnly = true
        for byte in identifier.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"):
                if run > 2 && !hexOnly { return false }
                run = 0
                hexOnly = true
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                run += 1
                let lower = byte | 0x20
                if lower > UInt8(ascii: "f") { hexOnly = false }
            default:
                return false
            }
        }
        return run <= 2 || hexOnly
    }

    /// FNV-1a, 32 bits, as 8 hex digits: stable across runs and machines.
    static func stableHash(_ text: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}

/// A rendered catalog message: the checked text, the label slots shown as neutral references,
/// and any warning-level matches (reported, not blocking).
public struct RenderedCopy: Sendable {
    public let copy: SafeCopy
    public let neutralizedSlots: [String]
    public let warnings: [CopyViolation]
}
