import Foundation
import Yams

/// A list of terms kept as data with its source (condition names, condition adjectives...),
/// which rules use as `{{name}}` inside a pattern. Terms are literal words or phrases: a space
/// or hyphen in a term matches a space, a hyphen or nothing, and a plural "s"/"es" is allowed.
struct Vocabulary: Sendable {
    let name: String
    let source: String
    let terms: [String]
    /// The terms as one regular-expression group, built once: rules name a vocabulary many
    /// times.
    let alternation: String

    init(name: String, source: String, terms: [String]) {
        self.name = name
        self.source = source
        self.terms = terms
        alternation = Vocabulary.alternation(of: terms)
    }

    private static func alternation(of terms: [String]) -> String {
        // Longest first, so "chronic kidney disease" wins over "kidney disease".
        let patterns = terms.sorted { ($0.count, $0) > ($1.count, $1) }.map { term -> String in
            let words = term.split(whereSeparator: { $0 == " " || $0 == "-" }).map { NSRegularExpression.escapedPattern(for: String($0)) }
            return words.joined(separator: "[ -]?") + "(?:s|es)?"
        }
        return "(?:" + patterns.joined(separator: "|") + ")"
    }

    /// The common shape of a vocabulary file read without a YAML parser: comment lines, one
    /// `source: "..."` line, `terms:` and `  - term` lines of plain words (no quote, colon, hash
    /// or other YAML syntax in a term). Anything else returns nil and is read by Yams, which
    /// also reports its errors. Parsing thousands of terms with Yams was a tenth of a command's
    /// start.
    static func plainList(_ text: String, file: String) -> Vocabulary? {
        var source: String?
        var terms: [String] = []
        var inTerms = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("source: \""), line.hasSuffix("\""), source == nil, !inTerms {
                let value = line.dropFirst("source: \"".count).dropLast()
                guard !value.contains("\""), !value.contains("\\"), !value.isEmpty else { return nil }
                source = String(value)
            } else if line == "terms:" && source != nil && !inTerms {
                inTerms = true
            } else if inTerms, line.hasPrefix("  - ") {
                let raw = line.dropFirst(4)
                guard !raw.isEmpty, raw.allSatisfy({ $0.isLetter || $0.isNumber || " -'.|()".contains($0) }),
                      raw.first != "'", raw.first != "-", raw.last != " " else { return nil }
                let term = raw.split(separator: "|", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                guard !term.isEmpty else { return nil }
                terms.append(term)
            } else {
                return nil
            }
        }
        guard let source, !terms.isEmpty else { return nil }
        return Vocabulary(name: (file as NSString).deletingPathExtension, source: source, terms: terms)
    }

    static func loadAll(in directory: URL) throws(RulePackError) -> [String: Vocabulary] {
        var vocabularies: [String: Vocabulary] = [:]
        for file in try YAMLFolder.files(in: directory, describing: "vocabulary") {
            let vocabulary = try load(YAMLFolder.read(directory.appendingPathComponent(file), name: file), file: file)
            vocabularies[vocabulary.name] = vocabulary
        }
        return vocabularies
    }

    static func load(_ text: String, file: String) throws(RulePackError) -> Vocabulary {
        if let plain = plainList(text, file: file) { return plain }
        let root = try YAMLFolder.compose(text, file: file)
        guard let mapping = root.mapping else {
            throw RulePackError(file: file, line: YAMLFolder.line(root), key: nil, problem: "must be a mapping with source and terms")
        }
        for (key, _) in mapping where !["source", "terms"].contains(key.string ?? "") {
            throw RulePackError(file: file, line: YAMLFolder.line(key), key: key.string,
                                problem: "is not a vocabulary key; allowed: source, terms")
        }
        guard let source = root["source"]?.string, !source.isEmpty else {
            throw RulePackError(file: file, line: YAMLFolder.line(root), key: "source", problem: "is missing: say where the terms come from")
        }
        guard let items = root["terms"]?.sequence, !items.isEmpty else {
            throw RulePackError(file: file, line: YAMLFolder.line(root), key: "terms", problem: "must be a non-empty list of terms")
        }
        var terms: [String] = []
        for item in items {
            // A term may carry a comment-like reference after " # ", which YAML keeps out already;
            // "term | reference" keeps the reference beside the term in the data.
            guard let raw = item.string else {
                throw RulePackError(file: file, line: YAMLFolder.line(item), key: "terms", problem: "every term must be text")
            }
            let term = raw.split(separator: "|", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard !term.isEmpty else {
                throw RulePackError(file: file, line: YAMLFolder.line(item), key: "terms", problem: "holds an empty term")
            }
            terms.append(term)
        }
        return Vocabulary(name: (file as NSString).deletingPathExtension, source: source, terms: terms)
    }
}
