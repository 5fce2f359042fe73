import Foundation
import Yams

/// Reads rule packs (one YAML file per rule, in the style of Vale) and the approved verbatim
/// copy. A broken file is refused with its file, line, key and the values allowed there.
enum RulePackLoader {
    static let allowedKeys: Set<String> = ["extends", "message", "level", "scope", "tokens", "swap", "ignorecase"]
    static let levels = ["error", "warning", "suggestion"]

    static func loadRules(in directory: URL) throws(RulePackError) -> [CopyRule] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted()
        var rules: [CopyRule] = []
        for file in files {
            let url = directory.appendingPathComponent(file)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw RulePackError(file: file, line: nil, key: nil, problem: "cannot be read as UTF-8 text")
            }
            rules.append(try rule(from: text, file: file))
        }
        return rules
    }

    static func rule(from text: String, file: String) throws(RulePackError) -> CopyRule {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw RulePackError(file: file, line: nil, key: nil, problem: "is empty; a rule needs extends, message and tokens or swap")
            }
            root = node
        } catch let error as RulePackError {
            throw error
        } catch let error as YamlError {
            throw RulePackError(file: file, line: nil, key: nil, problem: "is not valid YAML: \(error)")
        } catch {
            throw RulePackError(file: file, line: nil, key: nil, problem: "is not valid YAML: \(error)")
        }
        guard let mapping = root.mapping else {
            throw RulePackError(file: file, line: line(root), key: nil, problem: "must be a mapping of rule keys")
        }
        var values: [String: Node] = [:]
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            guard allowedKeys.contains(key) else {
                throw RulePackError(file: file, line: line(keyNode), key: key,
                                    problem: "is not a rule key; allowed: " + allowedKeys.sorted().joined(separator: ", "))
            }
            values[key] = value
        }
        func required(_ key: String) throws(RulePackError) -> Node {
            guard let node = values[key] else {
                throw RulePackError(file: file, line: line(root), key: key, problem: "is missing")
            }
            return node
        }
        let extendsNode = try required("extends")
        guard let kind = CopyRule.Kind(rawValue: extendsNode.string ?? "") else {
            throw RulePackError(file: file, line: line(extendsNode), key: "extends",
                                problem: "must be one of " + CopyRule.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                                    + " (found '\(extendsNode.string ?? "")')")
        }
        let messageNode = try required("message")
        guard let message = messageNode.string, message.contains("%s") else {
            throw RulePackError(file: file, line: line(messageNode), key: "message", problem: "must be text holding %s")
        }
        let level = values["level"]?.string ?? "error"
        guard levels.contains(level) else {
            throw RulePackError(file: file, line: values["level"].flatMap(line), key: "level",
                                problem: "must be one of " + levels.joined(separator: ", ") + " (found '\(level)')")
        }
        let scope: CopyRule.Scope
        switch values["scope"] {
        case nil: scope = .all
        case let node? where node.string == "all": scope = .all
        case let node? where node.sequence != nil:
            scope = .modules(Set(node.sequence!.compactMap(\.string)))
        case let node?:
            throw RulePackError(file: file, line: line(node), key: "scope", problem: "must be 'all' or a list of module ids")
        }
        let id = (file as NSString).deletingPathExtension
        var patterns: [CopyRule.Pattern] = []
        switch kind {
        case .existence:
            let tokens = try required("tokens")
            guard let items = tokens.sequence, !items.isEmpty else {
                throw RulePackError(file: file, line: line(tokens), key: "tokens", problem: "must be a non-empty list of patterns")
            }
            for item in items {
                patterns.append(try pattern(item.string ?? "", replacement: nil, file: file, line: line(item), key: "tokens"))
            }
        case .substitution:
            let swap = try required("swap")
            guard let pairs = swap.mapping, !pairs.isEmpty else {
                throw RulePackError(file: file, line: line(swap), key: "swap", problem: "must map each banned term to its replacement")
            }
            for (banned, replacement) in pairs {
                patterns.append(try pattern(banned.string ?? "", replacement: replacement.string, file: file,
                                            line: line(banned), key: "swap"))
            }
        }
        return CopyRule(id: id, kind: kind, message: message, level: level, scope: scope, patterns: patterns)
    }

    /// Compiles a pattern to match whole words of normalised (lower-case) text.
    private static func pattern(_ source: String, replacement: String?, file: String, line: Int?,
                                key: String) throws(RulePackError) -> CopyRule.Pattern {
        let normalized = CopyNormalizer.normalize(source).text
        do {
            let expression = try NSRegularExpression(pattern: "(?<![\\w])(?:" + normalized + ")(?![\\w])",
                                                     options: [.caseInsensitive])
            return CopyRule.Pattern(expression: expression, replacement: replacement)
        } catch {
            throw RulePackError(file: file, line: line, key: key, problem: "'\(source)' is not a valid regular expression")
        }
    }

    private static func line(_ node: Node) -> Int? {
        node.mark.map { $0.line }
    }

    /// The approved verbatim texts.
    static func loadApproved(_ url: URL) throws(RulePackError) -> [ApprovedCopy] {
        let file = url.lastPathComponent
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw RulePackError(file: file, line: nil, key: nil, problem: "cannot be read")
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            throw RulePackError(file: file, line: nil, key: nil, problem: "is not valid YAML: \(error)")
        }
        guard let entries = node?.sequence else {
            throw RulePackError(file: file, line: nil, key: nil, problem: "must be a list of approved texts")
        }
        var approved: [ApprovedCopy] = []
        for entry in entries {
            guard let id = entry["id"]?.string, let text = entry["text"]?.string else {
                throw RulePackError(file: file, line: line(entry), key: "id/text", problem: "every entry needs an id and a text")
            }
            let modules: CopyRule.Scope
            if let list = entry["modules"]?.sequence {
                modules = .modules(Set(list.compactMap(\.string)))
            } else if entry["modules"]?.string == "all" {
                modules = .all
            } else {
                throw RulePackError(file: file, line: line(entry), key: "modules", problem: "must be 'all' or a list of module ids")
            }
            approved.append(ApprovedCopy(id: id, text: text, modules: modules))
        }
        return approved
    }
}

/// A text admitted only verbatim, for the modules named.
struct ApprovedCopy: Sendable {
    let id: String
    let text: String
    let modules: CopyRule.Scope
}
