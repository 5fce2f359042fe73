import Yams

/// The plain block YAML the guard's own files are written in, read without libyaml: block
/// mappings and sequences by indentation, plain, single- and double-quoted scalars on one line,
/// flow lists of plain words, and comment lines. Anything else (anchors, tags, multi-line or
/// folded scalars, flow mappings, trailing comments, duplicate keys, tabs) gives nil, and the
/// caller reads the text with Yams, which also reports errors with their lines. Yams was about a
/// fifth of a command's start-up; the test suite checks that every bundled file reads the same
/// both ways.
///
/// The nodes carry no marks (Yams keeps its `Mark` initialiser to itself), so a loader that
/// finds a problem in a node read here reads the file again with Yams to name the line.
enum PlainYAML {
    /// Read as UTF-8 bytes: every structural character is ASCII, and Character-level string
    /// work cost more than libyaml.
    typealias Bytes = ArraySlice<UInt8>

    static func parse(_ text: String) -> Node? {
        var itemLines: [Int] = []
        return parse(text, itemLines: &itemLines)
    }

    /// `itemLines`: when the text is a list, the line (from 1) each item begins on, for the
    /// messages a loader gives about an item.
    static func parse(_ text: String, itemLines: inout [Int]) -> Node? {
        let bytes = Array(text.utf8)
        var lines: [Line] = []
        var start = 0
        var number = 0
        while start < bytes.count {
            number += 1
            var end = start
            while end < bytes.count && bytes[end] != newline { end += 1 }
            var content = bytes[start..<end]
            start = end + 1
            if content.last == carriageReturn { content = content.dropLast() }
            if content.contains(tab) { return nil }
            let indent = content.prefix { $0 == space }.count
            let rest = content.dropFirst(indent)
            if rest.isEmpty || rest.first == hash { continue }
            if rest.starts(with: "---".utf8) || rest.starts(with: "...".utf8) || rest.first == UInt8(ascii: "%") { return nil }
            if content.last == space { return nil }
            lines.append(Line(indent: indent, text: rest, number: number))
        }
        guard !lines.isEmpty else { return nil }
        var reader = Reader(lines: lines)
        guard let node = reader.block(indent: lines[0].indent), reader.index == lines.count else { return nil }
        itemLines = lines.filter { $0.indent == lines[0].indent && reader.isSequenceEntry($0.text) }.map(\.number)
        return node
    }

    static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), tab = UInt8(ascii: "\t")
    static let space = UInt8(ascii: " "), hash = UInt8(ascii: "#"), colon = UInt8(ascii: ":"), dash = UInt8(ascii: "-")
    static let singleQuote = UInt8(ascii: "'"), doubleQuote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    private struct Line {
        let indent: Int
        let text: Bytes
        let number: Int
    }

    private struct Reader {
        let lines: [Line]
        var index = 0

        /// A mapping or a sequence whose entries start at exactly this indentation.
        mutating func block(indent: Int) -> Node? {
            guard index < lines.count, lines[index].indent == indent else { return nil }
            return isSequenceEntry(lines[index].text) ? sequence(indent: indent) : mapping(indent: indent, first: nil)
        }

        func isSequenceEntry(_ text: Bytes) -> Bool {
            text.first == dash && (text.count == 1 || text[text.startIndex + 1] == space)
        }

        mutating func sequence(indent: Int) -> Node? {
            var items: [Node] = []
            while index < lines.count, lines[index].indent == indent, isSequenceEntry(lines[index].text) {
                let text = lines[index].text
                guard text.count > 2 else { return nil }
                let item = text.dropFirst(2)
                if item.first == space || isSequenceEntry(item) { return nil }
                if let colon = keyEnd(item) {
                    // "- key: value" opens a mapping whose other keys sit two columns in.
                    guard let node = mapping(indent: indent + 2, first: (item[..<colon], item[colon...].dropFirst())) else { return nil }
                    items.append(node)
                } else {
                    guard let value = scalar(item) else { return nil }
                    items.append(value)
                    index += 1
                }
            }
            return Node(items)
        }

        /// `first`: a mapping's first entry, written after a sequence's "- ".
        mutating func mapping(indent: Int, first: (key: Bytes, value: Bytes)?) -> Node? {
            var pairs: [(Node, Node)] = []
            var keys: Set<String> = []
            var pending = first
            while true {
                let key: Bytes, value: Bytes
                if let entry = pending {
                    (key, value) = entry
                    pending = nil
                } else {
                    guard index < lines.count, lines[index].indent == indent, !isSequenceEntry(lines[index].text) else { break }
                    guard let colon = keyEnd(lines[index].text) else { return nil }
                    key = lines[index].text[..<colon]
                    value = lines[index].text[colon...].dropFirst()
                }
                guard isPlainKey(key) else { return nil }
                let keyText = String(decoding: key, as: UTF8.self)
                guard keys.insert(keyText).inserted else { return nil }
                index += 1
                let valueNode: Node
                if value.isEmpty {
                    // A block below: deeper, or a sequence at the key's own indentation.
                    guard index < lines.count else { return nil }
                    let next = lines[index]
                    if next.indent > indent {
                        guard let nested = block(indent: next.indent) else { return nil }
                        valueNode = nested
                    } else if next.indent == indent && isSequenceEntry(next.text) {
                        guard let nested = sequence(indent: indent) else { return nil }
                        valueNode = nested
                    } else {
                        return nil
                    }
                } else {
                    guard value.first == space, let node = inlineValue(value.dropFirst()) else { return nil }
                    valueNode = node
                }
                pairs.append((Node(keyText), valueNode))
            }
            // A line deeper than this mapping that no entry took is a continuation: not plain.
            if index < lines.count, lines[index].indent > indent { return nil }
            return Node(pairs)
        }

        /// Where a key ends: the first ":" followed by a space or the end of the line; nil for a
        /// line that opens with a quote or a bracket.
        func keyEnd(_ text: Bytes) -> Int? {
            guard let first = text.first, first != singleQuote, first != doubleQuote,
                  first != UInt8(ascii: "["), first != UInt8(ascii: "{") else { return nil }
            var position = text.startIndex
            while position < text.endIndex {
                if text[position] == colon && (position + 1 == text.endIndex || text[position + 1] == space) { return position }
                position += 1
            }
            return nil
        }

        func isPlainKey(_ key: Bytes) -> Bool {
            guard let first = key.first, first != dash, key.last != space else { return false }
            return key.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: " "), UInt8(ascii: "."): true
                default: false
                }
            }
        }

        func inlineValue(_ text: Bytes) -> Node? {
            guard text.first == UInt8(ascii: "[") else { return scalar(text) }
            guard text.last == UInt8(ascii: "]") else { return nil }
            let inner = text.dropFirst().dropLast()
            var items: [Node] = []
            var position = inner.startIndex
            // Items: quoted scalars, or plain words without flow indicators, between commas.
            while true {
                while position < inner.endIndex && inner[position] == space { position += 1 }
                guard position < inner.endIndex else { return nil }
                var end = position
                if inner[position] == singleQuote || inner[position] == doubleQuote {
                    guard let close = quotedEnd(inner, from: position) else { return nil }
                    end = close
                } else {
                    while end < inner.endIndex && inner[end] != UInt8(ascii: ",") { end += 1 }
                    while end > position && inner[end - 1] == space { end -= 1 }
                }
                let item = inner[position..<end]
                guard !item.isEmpty, item.first == singleQuote || item.first == doubleQuote
                        || !item.contains(where: { "[]{}'\"".utf8.contains($0) }),
                      let node = scalar(item) else { return nil }
                items.append(node)
                position = end
                while position < inner.endIndex && inner[position] == space { position += 1 }
                if position == inner.endIndex { break }
                guard inner[position] == UInt8(ascii: ",") else { return nil }
                position += 1
            }
            return Node(items, .implicit, .flow)
        }

        /// One past the closing quote of the quoted scalar opening at `start`.
        func quotedEnd(_ text: Bytes, from start: Int) -> Int? {
            let quote = text[start]
            var position = start + 1
            while position < text.endIndex {
                let byte = text[position]
                if quote == doubleQuote && byte == backslash {
                    position += 2
                    continue
                }
                if byte == quote {
                    if quote == singleQuote && position + 1 < text.endIndex && text[position + 1] == singleQuote {
                        position += 2
                        continue
                    }
                    return position + 1
                }
                position += 1
            }
            return nil
        }

        func scalar(_ text: Bytes) -> Node? {
            switch text.first {
            case singleQuote: return singleQuoted(text)
            case doubleQuote: return doubleQuoted(text)
            default: return plain(text)
            }
        }

        static let indicators = Set("-?:,[]{}#&*!|>'\"%@`".utf8)

        func plain(_ text: Bytes) -> Node? {
            guard let first = text.first, !Reader.indicators.contains(first), text.last != colon else { return nil }
            var previous: UInt8 = 0
            for byte in text {
                // ": " would be a mapping, " #" a comment.
                if (previous == colon && byte == space) || (previous == space && byte == hash) { return nil }
                previous = byte
            }
            let value = String(decoding: text, as: UTF8.self)
            if ["~", "null", "Null", "NULL"].contains(value) { return nil }
            return Node(value)
        }

        func singleQuoted(_ text: Bytes) -> Node? {
            var value: [UInt8] = []
            var position = text.startIndex + 1
            while position < text.endIndex {
                let byte = text[position]
                position += 1
                if byte == singleQuote {
                    if position < text.endIndex && text[position] == singleQuote {
                        value.append(singleQuote)
                        position += 1
                        continue
                    }
                    return position == text.endIndex ? Node(String(decoding: value, as: UTF8.self), Tag(.str), .singleQuoted) : nil
                }
                value.append(byte)
            }
            return nil
        }

        func doubleQuoted(_ text: Bytes) -> Node? {
            var value: [UInt8] = []
            var position = text.startIndex + 1
            while position < text.endIndex {
                let byte = text[position]
                position += 1
                switch byte {
                case doubleQuote:
                    return position == text.endIndex ? Node(String(decoding: value, as: UTF8.self), Tag(.str), .doubleQuoted) : nil
                case backslash:
                    guard position < text.endIndex else { return nil }
                    let escaped = text[position]
                    position += 1
                    switch escaped {
                    case backslash, doubleQuote, UInt8(ascii: "/"): value.append(escaped)
                    case UInt8(ascii: "n"): value.append(newline)
                    case UInt8(ascii: "t"): value.append(tab)
                    default: return nil
                    }
                default:
                    value.append(byte)
                }
            }
            return nil
        }
    }
}
