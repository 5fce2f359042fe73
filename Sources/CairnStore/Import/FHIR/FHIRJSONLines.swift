/// Line numbers in JSON text, which JSONSerialization does not give: the line on which each
/// element of a Bundle's `entry` array starts, so a message about an entry names its line.
enum FHIRJSONLines {
    /// The 1-based line of each element of the top-level object's `entry` array, in order.
    static func entryLines(_ bytes: [UInt8]) -> [Int] {
        var lines: [Int] = []
        var line = 1, depth = 0
        var inString = false, escaped = false
        var current: [UInt8] = []
        var lastString = ""
        var entryDepth: Int?
        for byte in bytes {
            if byte == 0x0A { line += 1 }
            if inString {
                if escaped { escaped = false; if depth == 1 { current.append(byte) }; continue }
                if byte == UInt8(ascii: "\\") { escaped = true; continue }
                if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 1 { lastString = String(decoding: current, as: UTF8.self) }
                    continue
                }
                if depth == 1 { current.append(byte) }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                current.removeAll(keepingCapacity: true)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if byte == UInt8(ascii: "{"), let entryDepth, depth == entryDepth { lines.append(line) }
                if byte == UInt8(ascii: "["), depth == 1, lastString == "entry" { entryDepth = 2 }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 1 { entryDepth = nil }
            case UInt8(ascii: ","):
                if depth == 1 { lastString = "" }
            default:
                break
            }
        }
        return lines
    }

    /// The line a JSONSerialization error points at: its "around character N" (an offset), or
    /// for "Unexpected end of file" the last line holding text; else 1.
    static func line(of error: Error, in bytes: [UInt8]) -> Int {
        let text = "\(error)"
        var offset: Int?
        if let range = text.range(of: "character ") {
            offset = Int(text[range.upperBound...].prefix { $0.isNumber })
        } else if text.contains("end of file") {
            offset = bytes.lastIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } ?? 0
        }
        guard let offset else { return 1 }
        return 1 + bytes.prefix(min(offset, bytes.count)).count(where: { $0 == 0x0A })
    }
}
