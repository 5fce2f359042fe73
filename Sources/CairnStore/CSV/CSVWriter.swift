/// Writes RFC 4180 CSV text: a field is quoted when it holds a comma, quote, line break or
/// leading or trailing space, with quotes doubled; a field a spreadsheet would run as a formula
/// is neutralised first (`SpreadsheetCell`).
public enum CSVWriter {
    public static func field(_ raw: String) -> String {
        let text = SpreadsheetCell.neutralised(raw)
        let needsQuotes = text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || text.first == " " || text.last == " "
        guard needsQuotes else { return text }
        return "\"" + text.replacingQuotes() + "\""
    }

    public static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }

    /// A field quoted always, from raw bytes kept intact (even when they are not valid UTF-8),
    /// but for a `'` before bytes a spreadsheet would run as a formula (`SpreadsheetCell`).
    public static func quotedBytes(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        if let first = bytes.first, SpreadsheetCell.isTrigger(first) || first == UInt8(ascii: "'") {
            let text = String(decoding: bytes.prefix(64), as: UTF8.self)
            if SpreadsheetCell.neutralised(text) != text { out.append(UInt8(ascii: "'")) }
        }
        out.reserveCapacity(bytes.count + 2)
        for byte in bytes {
            out.append(byte)
            if byte == UInt8(ascii: "\"") { out.append(byte) }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }
}

extension String {
    fileprivate func replacingQuotes() -> String {
        var out = ""
        out.reserveCapacity(utf8.count + 2)
        for character in self {
            out.append(character)
            if character == "\"" { out.append("\"") }
        }
        return out
    }
}
