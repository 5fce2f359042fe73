import Foundation

/// One rule of a rule pack, as a Vale rule is: `existence` bans terms, `substitution` names the
/// required replacement for each banned term. Scoped to every module or to some.
struct CopyRule: Sendable {
    enum Kind: String, CaseIterable, Sendable { case existence, substitution }

    enum Scope: Sendable, Equatable {
        case all
        case modules(Set<String>)

        func includes(_ module: String?) -> Bool {
            switch self {
            case .all: return true
            // Linting with no module applies every rule: the strictest reading.
            case .modules(let ids): return module.map(ids.contains) ?? true
            }
        }
    }

    /// One banned pattern, with the replacement a substitution rule requires.
    struct Pattern: @unchecked Sendable {
        let expression: NSRegularExpression
        let replacement: String?
    }

    let id: String
    let kind: Kind
    let message: String
    let level: String
    let scope: Scope
    let patterns: [Pattern]

    /// Every match in a normalised text, as (range in the normalised characters, what matched).
    func matches(in text: String) -> [(range: Range<Int>, pattern: Pattern)] {
        let nsText = text as NSString
        var found: [(Range<Int>, Pattern)] = []
        for pattern in patterns {
            for result in pattern.expression.matches(in: text, range: NSRange(location: 0, length: nsText.length)) {
                // NSString ranges count UTF-16 units; convert to character offsets.
                guard let range = Range(result.range, in: text) else { continue }
                let start = text.distance(from: text.startIndex, to: range.lowerBound)
                let end = start + text[range].count
                found.append((start..<end, pattern))
            }
        }
        return found
    }

    func message(for match: String, pattern: Pattern) -> String {
        switch kind {
        case .existence:
            return message.replacingFirst("%s", with: match)
        case .substitution:
            return message.replacingFirst("%s", with: pattern.replacement ?? "").replacingFirst("%s", with: match)
        }
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
