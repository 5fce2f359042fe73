import CairnCore
import Foundation
import Yams

/// Reads rule packs: one YAML file per rule, in the style of Vale. Loading fails closed: an
/// empty or missing folder, a file that is not a rule, an unknown key, a scope naming an unknown
/// module, an invalid or empty pattern or a binary file is a `RulePackError` with its file and
/// line, never a rule silently left out.
enum RulePackLoader {
    static let allowedKeys: Set<String> = ["extends", "message", "level", "scope", "tokens", "swap", "ignorecase",
                                           "exceptions", "link", "description", "claim", "words"]

    static func loadRules(in directory: URL, vocabularies: [String: Vocabulary],
                          knownModules: Set<String>) throws(RulePackError) -> [CopyRule] {
        let files = try YAMLFolder.files(in: directory, describing: "rule")
        var texts: [String] = []
        for file in files { texts.append(try YAMLFolder.read(directory.appendingPathComponent(file), name: file)) }
        // Compiling the patterns is most of the load: the files are compiled on every core, and
        // the first problem in file order is the one reported.
        let shared = texts
        var rules = try IndexedResults<CopyRule>.collect(count: files.count) { index throws(RulePackError) in
            try rule(from: shared[index], file: files[index], vocabularies: vocabularies, knownModules: knownModules)
        }
        // One scan of each text for every rule's words: patterns with the same words share a gate.
        var gateOf: [NeededWords: Int] = [:]
        var gates: [NeededWords] = []
        for rule in rules.indices {
            for pattern in rules[rule].patterns.indices {
                guard let literals = rules[rule].patterns[pattern].literals else { continue }
                let gate = gateOf[literals] ?? gates.count
                if gate == gates.count {
                    gateOf[literals] = gate
                    gates.append(literals)
                }
                rules[rule].patterns[pattern].gate = gate
            }
        }
        let scanner = LiteralScanner(gates: gates, vocabularies: vocabularies)
        for rule in rules.indices { rules[rule].scanner = scanner }
        return rules
    }

    static func rule(from text: String, file: String, vocabularies: [String: Vocabulary] = [:],
                     knownModules: Set<String>? = nil) throws(RulePackError) -> CopyRule {
        // Read as plain YAML when it is; a problem is reported from Yams' reading, which knows
        // the lines.
        if let plain = PlainYAML.parse(text),
           let rule = try? rule(from: plain, file: file, vocabularies: vocabularies, knownModules: knownModules) {
            return rule
        }
        return try rule(from: YAMLFolder.compose(text, file: file), file: file, vocabularies: vocabularies, knownModules: knownModules)
    }

    private static func rule(from root: Node, file: String, vocabularies: [String: Vocabulary],
                             knownModules: Set<String>?) throws(RulePackError) -> CopyRule {
        guard let mapping = root.mapping else {
            throw RulePackError(file: file, line: YAMLFolder.line(root), key: nil, problem: "must be a mapping of rule keys")
        }
        var values: [String: Node] = [:]
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            guard allowedKeys.contains(key) else {
                throw RulePackError(file: file, line: YAMLFolder.line(keyNode), key: key,
                                    problem: "is not a rule key; allowed: " + allowedKeys.sorted().joined(separator: ", "))
            }
            values[key] = value
        }
        func required(_ key: String) throws(RulePackError) -> Node {
            guard let node = values[key] else {
                throw RulePackError(file: file, line: YAMLFolder.line(root), key: key, problem: "is missing")
            }
            return node
        }
        let extendsNode = try required("extends")
        guard let kind = CopyRule.Kind(rawValue: extendsNode.string ?? "") else {
            throw RulePackError(file: file, line: YAMLFolder.line(extendsNode), key: "extends",
                                problem: "must be one of " + CopyRule.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                                    + " (found '\(extendsNode.string ?? "")')")
        }
        let messageNode = try required("message")
        guard let message = messageNode.string, message.contains("%s") else {
            throw RulePackError(file: file, line: YAMLFolder.line(messageNode), key: "message", problem: "must be text holding %s")
        }
        let levelText = values["level"]?.string ?? "error"
        guard let level = CopyLevel(rawValue: levelText) else {
            throw RulePackError(file: file, line: values["level"].flatMap(YAMLFolder.line), key: "level",
                                problem: "must be one of " + CopyLevel.allCases.reversed().map(\.rawValue).joined(separator: ", ")
                                    + " (found '\(levelText)')")
        }
        // Copy is matched case-insensitively unless a rule asks otherwise (Vale's key, with
        // the default a copy guard needs).
        var ignoreCase = true
        if let node = values["ignorecase"] {
            guard let flag = node.bool else {
                throw RulePackError(file: file, line: YAMLFolder.line(node), key: "ignorecase", problem: "must be true or false")
            }
            ignoreCase = flag
        }
        let scope = try self.scope(values["scope"], file: file, knownModules: knownModules)
        var claim = CopyClaim.wording
        if let node = values["claim"] {
            guard let value = node.string.flatMap(CopyClaim.init(rawValue:)) else {
                throw RulePackError(file: file, line: YAMLFolder.line(node), key: "claim",
                                    problem: "must be one of " + CopyClaim.allCases.map(\.rawValue).joined(separator: ", "))
            }
            claim = value
        }
        let id = (file as NSString).deletingPathExtension
        let compile = { (source: String, replacement: String?, line: Int?, key: String) throws(RulePackError) -> CopyRule.Pattern in
            try pattern(source, replacement: replacement, ignoreCase: ignoreCase, vocabularies: vocabularies,
                        file: file, line: line, key: key)
        }
        var patterns: [CopyRule.Pattern] = []
        /// Where each pattern was written, to name it if the detector shows a problem.
        var places: [(source: String, line: Int?, key: String)] = []
        switch kind {
        case .existence:
            let tokens = try required("tokens")
            guard let items = tokens.sequence, !items.isEmpty else {
                throw RulePackError(file: file, line: YAMLFolder.line(tokens), key: "tokens", problem: "must be a non-empty list of patterns")
            }
            for item in items {
                patterns.append(try compile(item.string ?? "", nil, YAMLFolder.line(item), "tokens"))
                places.append((item.string ?? "", YAMLFolder.line(item), "tokens"))
            }
        case .substitution:
            let swap = try required("swap")
            guard let pairs = swap.mapping, !pairs.isEmpty else {
                throw RulePackError(file: file, line: YAMLFolder.line(swap), key: "swap", problem: "must map each banned term to its replacement")
            }
            for (banned, replacement) in pairs {
                patterns.append(try compile(banned.string ?? "", replacement.string, YAMLFolder.line(banned), "swap"))
                places.append((banned.string ?? "", YAMLFolder.line(banned), "swap"))
            }
        }
        var exceptions: [CompiledPattern] = []
        if let node = values["exceptions"] {
            guard let items = node.sequence, !items.isEmpty else {
                throw RulePackError(file: file, line: YAMLFolder.line(node), key: "exceptions", problem: "must be a non-empty list of patterns")
            }
            for item in items {
                exceptions.append(try pattern(item.string ?? "", replacement: nil, ignoreCase: ignoreCase, vocabularies: vocabularies,
                                              file: file, line: YAMLFolder.line(item), key: "exceptions", eager: true).expression)
            }
        }
        var words: Set<String> = []
        if let node = values["words"] {
            guard let names = node.sequence, !names.isEmpty else {
                throw RulePackError(file: file, line: YAMLFolder.line(node), key: "words", problem: "must be a list of vocabulary names")
            }
            for nameNode in names {
                guard let name = nameNode.string, let vocabulary = vocabularies[name] else {
                    throw RulePackError(file: file, line: YAMLFolder.line(nameNode), key: "words",
                                        problem: "names no vocabulary '\(nameNode.string ?? "")'; vocabularies: "
                                            + vocabularies.keys.sorted().joined(separator: ", "))
                }
                for term in vocabulary.terms {
                    guard term.allSatisfy({ $0.isLetter }) else {
                        throw RulePackError(file: file, line: YAMLFolder.line(nameNode), key: "words",
                                            problem: "vocabulary '\(name)' holds '\(term)', which is not one word of letters")
                    }
                    words.insert(term.lowercased())
                }
            }
        }
        // The detector is every pattern in one expression (or a few): compiling it checks that
        // each pattern is valid and that none matches empty text, and the patterns themselves
        // compile only when a text makes the detector match. When the detector does not
        // compile or matches empty text, each pattern is compiled on its own to name the one
        // at fault.
        // Patterns with words of their own are tried only on text holding one of them, so the
        // detector holds the others; the first are compiled together once here all the same, to
        // check them.
        for (index, place) in places.enumerated() {
            patterns[index].literals = RequiredLiterals.of(place.source, vocabularies: vocabularies)
        }
        let detector = CompiledPattern.union(patterns.filter { $0.literals == nil }.map(\.source),
                                             prefix: wordStart, suffix: wordEnd, ignoresCase: ignoreCase)
        let checked = CompiledPattern.union(patterns.filter { $0.literals != nil }.map(\.source),
                                            prefix: wordStart, suffix: wordEnd, ignoresCase: ignoreCase)
        if detector == nil || checked == nil || (detector! + checked!).contains(where: \.matchesEmptyText) {
            for place in places {
                _ = try self.pattern(place.source, replacement: nil, ignoreCase: ignoreCase, vocabularies: vocabularies,
                                     file: file, line: place.line, key: place.key, eager: true)
            }
        }
        var rule = CopyRule(id: id, kind: kind, claim: claim, message: message, level: level, scope: scope, patterns: patterns,
                            exceptions: exceptions, detector: detector)
        rule.words = words
        return rule
    }

    static func scope(_ node: Node?, file: String, knownModules: Set<String>?) throws(RulePackError) -> CopyRule.Scope {
        guard let node else { return .all }
        if node.string == "all" { return .all }
        guard let items = node.sequence, !items.isEmpty else {
            throw RulePackError(file: file, line: YAMLFolder.line(node), key: "scope", problem: "must be 'all' or a list of module ids")
        }
        var ids: Set<String> = []
        for item in items {
            guard let id = item.string, !id.isEmpty else {
                throw RulePackError(file: file, line: YAMLFolder.line(item), key: "scope", problem: "must list module ids as text")
            }
            if let knownModules, !knownModules.contains(id) {
                throw RulePackError(file: file, line: YAMLFolder.line(item), key: "scope",
                                    problem: "names no module '\(id)'; modules: " + knownModules.sorted().joined(separator: ", "))
            }
            ids.insert(id)
        }
        return .modules(ids)
    }

    /// Word edges, matched without case folding (a case-insensitive `\w` is the same class, and
    /// saying so keeps the edges cheap in any engine).
    static let wordStart = "(?-i:(?<![\\w]))"
    static let wordEnd = "(?-i:(?![\\w]))"
    /// An optional quote mark or bracket before and after a vocabulary's term.
    static let openQuote = "(?:[\"'“‘(\\[«‹])?", closeQuote = "(?:[\"'”’)\\]»›])?"

    /// Compiles a pattern to match whole words of normalised text, as written (no lower-casing:
    /// `\W` stays `\W`), with `{{vocabulary}}` expanded to that vocabulary's terms.
    /// `eager`: compile now and check it (exceptions, and a pattern being named as the one at
    /// fault); otherwise the pattern compiles on first use and its rule's detector checks it.
    static func pattern(_ source: String, replacement: String?, ignoreCase: Bool, vocabularies: [String: Vocabulary],
                        file: String, line: Int?, key: String, eager: Bool = false) throws(RulePackError) -> CopyRule.Pattern {
        guard source.contains(where: { !$0.isWhitespace }) else {
            throw RulePackError(file: file, line: line, key: key, problem: "holds an empty pattern")
        }
        // `{{name}}` expanded in one pass over the source's bytes (Foundation's string search
        // over the growing expansion, and then the standard library's search by characters,
        // were each a noticeable part of loading).
        let bytes = Array(source.utf8)
        /// Where the next pair of `mark` is, at or after `start`.
        func pair(of mark: UInt8, from start: Int) -> Int? {
            var index = start
            while index + 1 < bytes.count {
                if bytes[index] == mark && bytes[index + 1] == mark { return index }
                index += 1
            }
            return nil
        }
        var expanded = ""
        var start = 0
        while let open = pair(of: UInt8(ascii: "{"), from: start) {
            expanded += String(decoding: bytes[start..<open], as: UTF8.self)
            guard let close = pair(of: UInt8(ascii: "}"), from: open + 2) else {
                throw RulePackError(file: file, line: line, key: key, problem: "'\(source)' opens {{ without closing it")
            }
            let name = String(decoding: bytes[(open + 2)..<close], as: UTF8.self)
            guard let vocabulary = vocabularies[name] else {
                throw RulePackError(file: file, line: line, key: key,
                                    problem: "'\(source)' names no vocabulary '\(name)'; vocabularies: "
                                        + vocabularies.keys.sorted().joined(separator: ", "))
            }
            // A term may stand in quotes or brackets ("You have 'migraine'.", "You have
            // (migraine)."): that does not make it a mention rather than a claim, and the marks
            // broke every pattern around it.
            expanded += RulePackLoader.openQuote + vocabulary.alternation + RulePackLoader.closeQuote
            start = close + 2
        }
        expanded += String(decoding: bytes[start...], as: UTF8.self)
        guard eager else {
            return CopyRule.Pattern(compiled: LazyPattern(wordStart + "(?:" + expanded + ")" + wordEnd, ignoresCase: ignoreCase),
                                    source: expanded, ignoreCase: ignoreCase, replacement: replacement)
        }
        let expression: CompiledPattern
        do {
            expression = try CompiledPattern(wordStart + "(?:" + expanded + ")" + wordEnd, ignoresCase: ignoreCase)
        } catch {
            throw RulePackError(file: file, line: line, key: key,
                                problem: "'\(source)' is not a valid regular expression: \(error.message)")
        }
        // A pattern that matches nothing at all would switch its rule off silently.
        if expression.matchesEmptyText {
            throw RulePackError(file: file, line: line, key: key, problem: "'\(source)' matches empty text")
        }
        return CopyRule.Pattern(compiled: LazyPattern(expression), source: expanded, ignoreCase: ignoreCase, replacement: replacement)
    }
}

