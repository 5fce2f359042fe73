import Foundation
import Testing
import Yams
@testable import CairnCopy

/// The plain-YAML reader is a shortcut for the guard's start-up: it must read every bundled file
/// exactly as Yams (libyaml) does, and give up, never guess, on anything outside its subset.
@Suite("Plain YAML reads as Yams does")
struct PlainYAMLTests {
    /// A node as text with its kind, every scalar's string and whether YAML reads it as a bool,
    /// so that two readings compare whole.
    static func shape(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar):
            return "s(\(scalar.string.debugDescription),\(node.bool.map(String.init) ?? "-"))"
        case .sequence(let sequence):
            return "[" + sequence.map(shape).joined(separator: ",") + "]"
        case .mapping(let mapping):
            return "{" + mapping.map { shape($0.key) + ":" + shape($0.value) }.joined(separator: ",") + "}"
        case .alias:
            return "alias"
        }
    }

    static func yams(_ text: String) throws -> Node? {
        try Yams.compose(yaml: text)
    }

    @Test("every bundled rule, catalog and vocabulary file reads the same, and through the shortcut",
          arguments: ["Rules", "Catalog", "Vocabularies"])
    func bundledFiles(folder: String) throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CairnCopy/\(folder)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yml") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            let expected = try #require(try Self.yams(text))
            if folder != "Vocabularies" {
                // The rules and the catalog are what the shortcut is for: each must take it.
                let plain = try #require(PlainYAML.parse(text), "\(file) is not read as plain YAML")
                #expect(Self.shape(plain) == Self.shape(expected), "\(file)")
            } else if let plain = PlainYAML.parse(text) {
                #expect(Self.shape(plain) == Self.shape(expected), "\(file)")
            }
        }
    }

    @Test("plain block YAML reads as Yams reads it", arguments: [
        "a: b\nc: 'it''s'\nd: \"say \\\"hi\\\" \\\\ now\"\n",
        "tokens:\n  - 'x\\w+'\n  - \"(?:y|z)\"\n  - plain words here\nlevel: error\n",
        "tokens:\n- one\n- two\nafter: yes\n",
        "scope: [marker-trends, red-flags]\nignorecase: false\nflag: 'false'\n",
        "# comment\n\nswap:\n  strong correlation: Frequently present\n  weak one: Occasionally present\n",
        "- id: a.b\n  modules: [x]\n  slots:\n    label: [A b, C d]\n    n: count\n- id: c\n  text: \"Keep logging.\"\n",
        "k: a#b\nm: 50% off\nurl: http://example.com/x\n",
        "hours: [\"00:00–06:00\", 'it''s, here', plain, \"a, \\\"b\\\"\"]\n",
    ])
    func sameAsYams(text: String) throws {
        let plain = try #require(PlainYAML.parse(text))
        let expected = try #require(try Self.yams(text))
        #expect(Self.shape(plain) == Self.shape(expected))
    }

    @Test("anything outside the subset is left to Yams", arguments: [
        "a: b # trailing comment\n",
        "a: &anchor b\nc: *anchor\n",
        "a: !!str 1\n",
        "a: |\n  block\n  text\n",
        "a: >\n  folded\n",
        "a: first line\n  continued\n",
        "a: 'open\n  quote'\n",
        "a: b\na: c\n",
        "a:\tb\n",
        "a: {x: 1}\n",
        "a: [x, 'y' z]\n",
        "a: [x, [y]]\n",
        "a: [x,, y]\n",
        "a: \"\\u00e9\"\n",
        "- - nested\n",
        "a: b \n",
        "---\na: b\n",
        "a: ~\n",
        "a:\n",
        "'quoted key': v\n",
        "a: b: c\n",
    ])
    func declines(text: String) {
        #expect(PlainYAML.parse(text) == nil)
    }

    @Test("a list's items are numbered by the line they begin on")
    func itemLines() throws {
        var lines: [Int] = []
        _ = try #require(PlainYAML.parse("# head\n- id: a\n  text: x\n\n- id: b\n  slots:\n    n: count\n- id: c\n", itemLines: &lines))
        #expect(lines == [2, 5, 8])
    }

    @Test("a broken rule read through the shortcut still names its line")
    func errorsKeepLines() {
        let text = "extends: existence\nmessage: \"'%s' x\"\nlevel: loud\ntokens:\n  - 'x'\n"
        #expect(PlainYAML.parse(text) != nil)
        do {
            _ = try RulePackLoader.rule(from: text, file: "Broken.yml")
            Issue.record("a rule with an unknown level loaded")
        } catch {
            #expect(error.line == 3)
            #expect(error.key == "level")
        }
    }
}
