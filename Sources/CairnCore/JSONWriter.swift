/// JSON written as it goes into one byte buffer, the same bytes as `JSONText.encode` (Foundation's
/// encoder, pretty-printed, keys sorted, slashes unescaped) or, compact, as `ShardFile.line`:
/// no intermediate values, no second pass to indent. A type writes its own members, in sorted
/// key order; `JSONWriterTests` holds every value kind to the encoder's bytes.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    public let pretty: Bool
    /// Nesting depth, for indentation.
    private var depth = 0
    /// Whether the innermost open container has a member yet.
    private var filled: [Bool] = []
    /// Whether this writer writes a value as the text of a JSON string (`embedded`): every byte
    /// the value's JSON would have is written already escaped.
    private var escaping = false

    /// `depth`: the nesting the value is written at, for a value placed inside a listing (its
    /// continuation lines indented as the listing nests it).
    public init(pretty: Bool = true, depth: Int = 0, capacity: Int = 1024) {
        self.pretty = pretty
        self.depth = depth
        bytes.reserveCapacity(capacity)
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Containers

    public mutating func openObject() { open(UInt8(ascii: "{")) }
    public mutating func closeObject() { close(UInt8(ascii: "}")) }
    public mutating func openArray() { open(UInt8(ascii: "[")) }
    public mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// A member's key; its value follows.
    public mutating func key(_ key: String) {
        separate()
        string(key)
        if pretty {
            bytes.append(UInt8(ascii: " ")); bytes.append(UInt8(ascii: ":")); bytes.append(UInt8(ascii: " "))
        } else {
            bytes.append(UInt8(ascii: ":"))
        }
    }

    /// Before an array's element.
    public mutating func element() { separate() }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        depth += 1
        filled.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        let hadMembers = filled.removeLast()
        depth -= 1
        if pretty {
            // The encoder writes an empty container as its brackets on two lines, a blank between.
            if !hadMembers { lineBreak() }
            newline()
        }
        bytes.append(bracket)
    }

    private mutating func separate() {
        if filled[filled.count - 1] { bytes.append(UInt8(ascii: ",")) } else { filled[filled.count - 1] = true }
        if pretty { newline() }
    }

    private mutating func newline() {
        lineBreak()
        for _ in 0..<(depth * 2) { bytes.append(UInt8(ascii: " ")) }
    }

    private mutating func lineBreak() {
        if escaping { bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n")) } else { bytes.append(UInt8(ascii: "\n")) }
    }

    private mutating func quote() {
        if escaping { bytes.append(UInt8(ascii: "\\")) }
        bytes.append(UInt8(ascii: "\""))
    }

    // MARK: A value inside a string

    /// A value's pretty JSON (as `prettyJSON` writes it) as a JSON string: the very bytes of
    /// `string(value.prettyJSON)`, each escaped as it is written, with no text made between (a
    /// shard file keeps every listing item so, and a replay's shard is mostly its events).
    public mutating func embedded(_ write: (inout JSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "\""))
        var inner = JSONWriter(pretty: true, capacity: 0)
        inner.escaping = true
        swap(&inner.bytes, &bytes)
        write(&inner)
        swap(&inner.bytes, &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    // MARK: Values

    public mutating func string(_ text: String) {
        quote()
        var text = text
        // Runs of bytes that need no escape are copied whole (a byte at a time, with the
        // array's checks on every append, was most of writing a replay's shard lines).
        text.withUTF8 { utf8 in
            var run = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if run < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index])) }
                escape(byte)
                run = index + 1
            }
            if run < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...])) }
        }
        quote()
    }

    private mutating func escape(_ byte: UInt8) {
        // Inside a string, the escape's own backslash is escaped: "\"" is written "\\\"".
        if escaping {
            bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "\\"))
            default: escapeLetters(byte)
            }
            return
        }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
        default: bytes.append(UInt8(ascii: "\\")); escapeLetters(byte)
        }
    }

    /// What follows the backslash of a control character's escape.
    private mutating func escapeLetters(_ byte: UInt8) {
        switch byte {
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }

    public mutating func integer(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

    /// A finite number as the encoder writes it (its shortest form, no ".0" on a whole one);
    /// null for NaN and infinities, as `Evidence` encodes them.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    public mutating func bool(_ value: Bool) { bytes.append(contentsOf: (value ? "true" : "false").utf8) }

    public mutating func null() { bytes.append(contentsOf: "null".utf8) }

    /// Strings as an array.
    public mutating func strings(_ values: [String]) {
        openArray()
        for value in values { element(); string(value) }
        closeArray()
    }

    /// A dictionary as an object with its keys in the encoder's order. Inlinable, so that the
    /// sort is specialised for each dictionary type (unspecialised, it was most of the writing).
    @inlinable
    public mutating func object<Value>(_ values: [String: Value], _ write: (inout JSONWriter, Value) -> Void) {
        openObject()
        for (key, value) in values.sorted(by: { JSONWriter.precedes($0.key, $1.key) }) {
            self.key(key)
            write(&self, value)
        }
        closeObject()
    }

    /// The order of sorted keys.
    @inlinable
    public static func precedes(_ a: String, _ b: String) -> Bool { a < b }
}

/// A value that writes itself with `JSONWriter`, byte for byte as its `Encodable` form.
public protocol JSONWritable {
    func write(to json: inout JSONWriter)
}

extension JSONWritable {
    /// The value pretty-printed as `JSONText.encode` writes it, without the final newline.
    public var prettyJSON: String { prettyJSON(depth: 0) }

    /// As `prettyJSON`, nested `depth` levels (two spaces each) inside a listing.
    public func prettyJSON(depth: Int) -> String {
        var json = JSONWriter(pretty: true, depth: depth)
        write(to: &json)
        return json.text
    }
}
