import CairnModuleKit
import Foundation
import Yams

/// Every text a module can emit, one entry per message, loaded from data files: its id, the
/// modules that may show it, where in the seeds it comes from, and either a template with typed
/// slots or an approved verbatim text. Approved texts live here and nowhere else.
public struct CopyCatalog: Sendable {
    public enum SlotType: Sendable, Equatable {
        case count, number, share, date, month, duration, marker
        case label(LabelKind)
        case choice([String])

        static let named: [String: SlotType] = [
            "count": .count, "number": .number, "share": .share, "date": .date, "month": .month, "duration": .duration,
            "marker": .marker, "factor": .label(.factor), "medication": .label(.medication),
            "visit_label": .label(.visitLabel), "custom_marker": .label(.customMarker),
            "visit_reason": .label(.visitReason),
        ]
    }

    enum Piece: Sendable, Equatable {
        case literal(String)
        case slot(String)
    }

    public struct Entry: Sendable {
        public let id: String
        let modules: CopyRule.Scope
        public let source: String
        public let approved: Bool
        /// The verbatim text of an approved entry.
        public let text: String?
        let pieces: [Piece]
        let slots: [String: SlotType]
        let file: String
        let line: Int?
    }

    let entries: [String: Entry]
    /// How known factor tokens read in a sentence ("skipped_meal" → "a skipped meal").
    let factorPhrases: [String: String]

    public func entry(_ id: String) -> Entry? { entries[id] }

    public var ids: [String] { entries.keys.sorted() }

    /// The phrase for a known factor token, if the catalog has one.
    public func factorPhrase(_ token: String) -> String? { factorPhrases[token] }

    static func load(in directory: URL, knownModules: Set<String>,
                     libraries: [ModuleLibraryCatalog] = []) throws(RulePackError) -> CopyCatalog {
        var entries: [String: Entry] = [:]
        var phrases: [String: String] = [:]
        for file in try YAMLFolder.files(in: directory, describing: "copy catalog") {
            let text = try YAMLFolder.read(directory.appendingPathComponent(file), name: file)
            // Read as plain YAML when it is; a problem is reported from Yams' reading, which
            // knows the line of every key.
            var itemLines: [Int] = []
            let content: FileContent
            if let plain = PlainYAML.parse(text, itemLines: &itemLines),
               let read = try? self.content(plain, file: file, knownModules: knownModules, itemLines: itemLines) {
                content = read
            } else {
                content = try self.content(YAMLFolder.compose(text, file: file), file: file, knownModules: knownModules, itemLines: nil)
            }
            switch content {
            case .phrases(let read):
                for (key, value) in read { phrases[key] = value }
            case .entries(let read):
                for entry in read { try add(entry, to: &entries) }
            }
        }
        // After Cairn's own entries, so that a clash names the library's line.
        for library in libraries {
            let root = try YAMLFolder.compose(library.text, file: library.source)
            for item in try entryList(root, file: library.source) {
                let entry = try self.entry(item, file: library.source, knownModules: knownModules, line: YAMLFolder.line(item))
                guard !entry.approved else {
                    throw RulePackError(file: library.source, line: entry.line, key: "approved",
                                        problem: "'\(entry.id)': only Cairn's own catalog approves verbatim text; give a template, which is linted")
                }
                guard case .modules(let ids) = entry.modules, ids.isSubset(of: library.modules) else {
                    throw RulePackError(file: library.source, line: entry.line, key: "modules",
                                        problem: "'\(entry.id)' must list only this library's modules ("
                                            + library.modules.sorted().joined(separator: ", ") + "): a library speaks only for its own")
                }
                try add(entry, to: &entries)
            }
        }
        return CopyCatalog(entries: entries, factorPhrases: phrases)
    }

    /// What one catalog file holds.
    private enum FileContent {
        case phrases([String: String])
        case entries([Entry])
    }

    /// `itemLines`: each entry's line when the nodes carry no marks.
    private static func content(_ root: Node, file: String, knownModules: Set<String>,
                                itemLines: [Int]?) throws(RulePackError) -> FileContent {
        if let mapping = root.mapping {
            return .phrases(try factorPhrases(root, mapping: mapping, file: file))
        }
        let items = try entryList(root, file: file)
        var read: [Entry] = []
        for (index, item) in items.enumerated() {
            let line = itemLines.flatMap { index < $0.count ? $0[index] : nil } ?? YAMLFolder.line(item)
            read.append(try entry(item, file: file, knownModules: knownModules, line: line))
        }
        return .entries(read)
    }

    private static func entryList(_ root: Node, file: String) throws(RulePackError) -> Node.Sequence {
        guard let items = root.sequence else {
            throw RulePackError(file: file, line: YAMLFolder.line(root), key: nil, problem: "must be a list of catalog entries")
        }
        return items
    }

    /// Adds an entry, refusing an id defined before (the error names the later one's line).
    private static func add(_ entry: Entry, to entries: inout [String: Entry]) throws(RulePackError) {
        if let earlier = entries[entry.id] {
            throw RulePackError(file: entry.file, line: entry.line, key: "id",
                                problem: "'\(entry.id)' is already defined in \(earlier.file):\(earlier.line ?? 0)")
        }
        entries[entry.id] = entry
    }

    static let entryKeys: Set<String> = ["id", "modules", "source", "approved", "text", "template", "slots"]

    private static func entry(_ node: Node, file: String, knownModules: Set<String>, line: Int?) throws(RulePackError) -> Entry {
        guard let mapping = node.mapping else {
            throw RulePackError(file: file, line: line, key: nil, problem: "every catalog entry must be a mapping")
        }
        for (key, _) in mapping where !entryKeys.contains(key.string ?? "") {
            throw RulePackError(file: file, line: YAMLFolder.line(key), key: key.string,
                                problem: "is not a catalog key; allowed: " + entryKeys.sorted().joined(separator: ", "))
        }
        guard let id = node["id"]?.string, !id.isEmpty else {
            throw RulePackError(file: file, line: line, key: "id", problem: "is missing")
        }
        guard let source = node["source"]?.string, !source.isEmpty else {
            throw RulePackError(file: file, line: line, key: "source", problem: "is missing: name the seed section the copy comes from")
        }
        guard node["modules"] != nil else {
            throw RulePackError(file: file, line: line, key: "modules", problem: "is missing: 'all' or a list of module ids")
        }
        let modules = try RulePackLoader.scope(node["modules"], file: file, knownModules: knownModules)
        let approved = node["approved"]?.bool ?? false
        if approved {
            guard let text = node["text"]?.string, !text.isEmpty, node["template"] == nil, node["slots"] == nil else {
                throw RulePackError(file: file, line: line, key: "text",
                                    problem: "an approved entry has its verbatim text and no template or slots")
            }
            return Entry(id: id, modules: modules, source: source, approved: true, text: text, pieces: [.literal(text)],
                         slots: [:], file: file, line: line)
        }
        guard let template = node["template"]?.string, !template.isEmpty, node["text"] == nil else {
            throw RulePackError(file: file, line: line, key: "template", problem: "is missing (only approved entries have a text)")
        }
        var slots: [String: SlotType] = [:]
        for (key, value) in node["slots"]?.mapping ?? [:] {
            let name = key.string ?? ""
            if let choices = value.sequence {
                let words = choices.compactMap(\.string)
                guard !words.isEmpty, words.count == choices.count else {
                    throw RulePackError(file: file, line: YAMLFolder.line(value), key: "slots", problem: "'\(name)' lists no choices")
                }
                slots[name] = .choice(words)
            } else if let typeName = value.string, let type = SlotType.named[typeName] {
                slots[name] = type
            } else {
                throw RulePackError(file: file, line: YAMLFolder.line(value), key: "slots",
                                    problem: "'\(name)' has no type; types: " + SlotType.named.keys.sorted().joined(separator: ", ")
                                        + ", or a list of choices")
            }
        }
        let pieces = try parse(template, slots: slots, file: file, line: line)
        return Entry(id: id, modules: modules, source: source, approved: false, text: nil, pieces: pieces, slots: slots,
                     file: file, line: line)
    }

    /// Splits "{label}: you had..." into literals and slots; every slot used is declared and
    /// every declared slot is used.
    private static func parse(_ template: String, slots: [String: SlotType], file: String, line: Int?) throws(RulePackError) -> [Piece] {
        var pieces: [Piece] = []
        var used: Set<String> = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw RulePackError(file: file, line: line, key: "template", problem: "opens { without closing it")
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard slots[name] != nil else {
                throw RulePackError(file: file, line: line, key: "template", problem: "uses slot {\(name)}, which slots does not declare")
            }
            used.insert(name)
            pieces.append(.slot(name))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.literal(String(rest))) }
        if let unused = Set(slots.keys).subtracting(used).sorted().first {
            throw RulePackError(file: file, line: line, key: "slots", problem: "declares {\(unused)}, which the template never uses")
        }
        return pieces
    }

    private static func factorPhrases(_ root: Node, mapping: Node.Mapping, file: String) throws(RulePackError) -> [String: String] {
        for (key, _) in mapping where !["source", "phrases"].contains(key.string ?? "") {
            throw RulePackError(file: file, line: YAMLFolder.line(key), key: key.string, problem: "is not a phrase-list key; allowed: source, phrases")
        }
        guard root["source"]?.string?.isEmpty == false else {
            throw RulePackError(file: file, line: YAMLFolder.line(root), key: "source", problem: "is missing")
        }
        guard let pairs = root["phrases"]?.mapping, !pairs.isEmpty else {
            throw RulePackError(file: file, line: YAMLFolder.line(root), key: "phrases", problem: "must map factor tokens to phrases")
        }
        var phrases: [String: String] = [:]
        for (token, phrase) in pairs {
            guard let key = token.string, let value = phrase.string, !key.isEmpty, !value.isEmpty else {
                throw RulePackError(file: file, line: YAMLFolder.line(token), key: "phrases", problem: "every phrase maps a token to text")
            }
            phrases[key] = value
        }
        return phrases
    }
}

extension CopyCatalog.Entry {
    func includes(_ module: String?) -> Bool { modules.includes(module) }

    /// The module ids an entry is linted for when the catalog loads (none: every rule).
    var lintModules: [String?] {
        switch modules {
        case .all: return [nil]
        case .modules(let ids): return ids.sorted()
        }
    }
}

/// The copy catalog a module library brings (its manifest's YAML), joined to the bundled one.
/// Its entries may speak only for the library's own modules, and all are linted when it loads.
public struct ModuleLibraryCatalog: Sendable {
    /// Where it came from, for errors: the library's path.
    public let source: String
    public let text: String
    public let modules: Set<String>

    public init(source: String, text: String, modules: Set<String>) {
        self.source = source
        self.text = text
        self.modules = modules
    }
}
