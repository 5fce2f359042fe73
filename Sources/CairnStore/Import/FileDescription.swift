import Foundation

/// What a file seems to be, from its first bytes, for a message that refuses it: the kind of
/// file and what identifies it (an XML root element, a JSON object's first keys).
enum FileDescription {
    static func of(prefix: [UInt8], path: String) -> String {
        let text = String(decoding: prefix.prefix(8192), as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if trimmed.first == "<" {
            // The first element that is not a declaration, a comment or a doctype.
            var rest = Substring(trimmed)
            while let open = rest.firstIndex(of: "<") {
                let after = rest[rest.index(after: open)...]
                if after.first == "?" || after.first == "!" {
                    rest = after.drop { $0 != ">" }.dropFirst()
                    continue
                }
                let name = after.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
                return "an XML file whose root element is <\(name)>"
            }
            return "an XML file"
        }
        if trimmed.first == "{" || trimmed.first == "[" {
            if trimmed.first == "{", let object = JSONFile.object(at: path) {
                let keys = object.keys.sorted().prefix(6).joined(separator: ", ")
                return "a JSON object with the keys \(keys)\(object.count > 6 ? ", ..." : "")"
            }
            return "a JSON file"
        }
        return "a text file"
    }
}
