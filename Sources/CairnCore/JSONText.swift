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
}
