import Foundation
import Testing
@testable import CairnCore

/// `JSONWriter` against Foundation's encoder, which wrote Cairn's JSON before it: the same
/// bytes for every kind of value, pretty (as `JSONText`) and compact (as shard lines).
@Suite("JSON writer")
struct JSONWriterTests {
    indirect enum Value: Encodable {
        case string(String), integer(Int), number(Double), flag(Bool), null
        case list([Value]), object([String: Value])

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let value): try container.encode(value)
            case .integer(let value): try container.encode(value)
            case .number(let value): if value.isFinite { try container.encode(value) } else { try container.encodeNil() }
            case .flag(let value): try container.encode(value)
            case .null: try container.encodeNil()
            case .list(let values): try container.encode(values)
            case .object(let values): try container.encode(values)
            }
        }

        func write(to json: inout JSONWriter) {
            switch self {
            case .string(let value): json.string(value)
            case .integer(let value): json.integer(value)
            case .number(let value): json.number(value)
            case .flag(let value): json.bool(value)
            case .null: json.null()
            case .list(let values):
                json.openArray()
                for value in values { json.element(); value.write(to: &json) }
                json.closeArray()
            case .object(let values): json.object(values) { json, value in json.write(value) }
            }
        }
    }

    static func encoded(_ value: Value, pretty: Bool) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(value), as: UTF8.self)
    }

    static func written(_ value: Value, pretty: Bool) -> String {
        var json = JSONWriter(pretty: pretty)
        value.write(to: &json)
        return json.text
    }

    static func check(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) {
        for pretty in [true, false] {
            #expect(written(value, pretty: pretty) == encoded(value, pretty: pretty), sourceLocation: sourceLocation)
        }
    }

    @Test("every ASCII character and some others in a string, alone and as a key")
    func strings() {
        var texts = (0...0x7F).map { String(UnicodeScalar(UInt8($0))) }
        texts += ["é", "😀", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{00AD}", "a/b", "\"quoted\" \\ back", "line\nbreak\r\ttab", "", "ﬁ", "e\u{301}"]
        for text in texts {
            Self.check(.list([.string(text)]))
            Self.check(.object([text: .string(text)]))
        }
    }

    @Test("numbers: whole, fractional, tiny, huge, negative zero, and random bit patterns")
    func numbers() {
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 0.2 + 0.1, 1.5, 123456789.123, 1e-7, 1e-5, 0.0001, 1e15, 1e16, 1e17, 1e21, 1e22,
                                -2.5e-8, 5e-324, .greatestFiniteMagnitude, .leastNormalMagnitude, 2.0 / 3, 100, 4503599627370496.5,
                                .nan, .infinity, -.infinity]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let value = Double(bitPattern: generator.next())
            if value.isFinite { values.append(value) }
            values.append(Double(Int.random(in: -100_000...100_000)) / Double([1, 10, 100, 1000, 7].randomElement()!))
        }
        Self.check(.list(values.map { .number($0) }))
        Self.check(.list([Int.min, Int.max, 0, -1, 42].map { .integer($0) } + [.flag(true), .flag(false), .null]))
    }

    @Test("nesting, empty containers and the order of keys")
    func nesting() {
        let keys = ["a10", "a9", "a", "B", "b", "Z", "_x", "x_", "a.b", "a b", "A1", "é", "e", "z", "10", "9", "aa", "a-b", "😀", "ｆ"]
        var object: [String: Value] = [:]
        for (position, key) in keys.enumerated() { object[key] = .integer(position) }
        Self.check(.object(object))
        Self.check(.object([:]))
        Self.check(.list([]))
        Self.check(.object(["empty": .list([]), "none": .object([:]), "deep": .list([.object(["a": .list([.list([]), .object([:])])])]),
                            "mixed": .list([.integer(1), .string("two"), .number(3.5), .null, .flag(true)])]))
        Self.check(.list([.object(object), .list([.object([:])])]))
    }

    @Test("a value embedded as a string is the string of its pretty JSON, byte for byte, in both kinds of writer")
    func embedded() {
        var texts = (0...0x7F).map { String(UnicodeScalar(UInt8($0))) }
        texts += ["é", "😀", "\u{2028}", "a/b", "\"quoted\" \\ back", "line\nbreak\r\ttab", "", "\\\"", "\u{1}\u{1F}"]
        var values: [Value] = [.object([:]), .list([]), .null, .number(-0.5), .integer(7), .flag(false)]
        for text in texts {
            values.append(.string(text))
            values.append(.object([text: .list([.string(text), .object([:]), .object(Dictionary([("k", .string(text)), (text, .null)], uniquingKeysWith: { first, _ in first }))])]))
        }
        values.append(.list(values))
        for pretty in [false, true] {
            for value in values {
                var escaped = JSONWriter(pretty: pretty)
                escaped.openArray(); escaped.element(); escaped.string(Self.written(value, pretty: true)); escaped.closeArray()
                var direct = JSONWriter(pretty: pretty)
                direct.openArray(); direct.element(); direct.embedded { value.write(to: &$0) }; direct.closeArray()
                #expect(direct.text == escaped.text)
            }
        }
    }

    @Test("a value written nested has its continuation lines indented, blank lines left blank")
    func nested() {
        let value = Value.object(["a": .list([]), "b": .object(["c": .list([.integer(1), .object([:])])]), "d": .string("x\ny")])
        var json = JSONWriter(pretty: true, depth: 2)
        value.write(to: &json)
        let flat = Self.written(value, pretty: true)
        let indented = flat.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 || $0.element.isEmpty ? String($0.element) : "    " + $0.element }.joined(separator: "\n")
        #expect(json.text == indented)
    }
}

extension JSONWriter {
    mutating func write(_ value: JSONWriterTests.Value) { value.write(to: &self) }
}
