import Foundation

/// JSON for programs, the same way everywhere: pretty-printed, keys sorted so output is
/// byte-identical from run to run, slashes unescaped, a final newline.
public enum JSONText {
    public static func encode<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else {
            preconditionFailure("\(Value.self) failed to encode as JSON")
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// One string as a JSON string literal, for output written a row at a time (where encoding
    /// a whole value at once would hold it all in memory).
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
