/// The contract's rules for reading one CSV field: numbers, booleans, lists, severities and
/// tokens. Each parser says precisely what was wrong so the import report can pass it on.
public enum ContractValue {
    public enum Problem: Error, Equatable, Sendable {
        case notANumber
        case notFinite
        case notAnInteger
        case outOfRange(ClosedRange<Int>)
        case notABoolean
        case notInChoices([String])
        case notASeverity
        case notAToken

        /// What was wrong and what the field should hold instead.
        public var explanation: String {
            switch self {
            case .notANumber: return "is not a number; use digits with '.' as the decimal point"
            case .notFinite: return "is not a finite number (NaN and infinities are not allowed)"
            case .notAnInteger: return "is not a whole number"
            case .outOfRange(let range): return "is outside \(range.lowerBound)-\(range.upperBound)"
            case .notABoolean: return "is not a boolean; use true/false, yes/no or 1/0"
            case .notInChoices(let choices): return "is not one of " + choices.joined(separator: ", ")
            case .notASeverity: return "is outside the severity scale; use 1, 3, 5 or mild, moderate, severe"
            case .notAToken: return "is not a token; use lower-case letters, digits and '_' (e.g. skipped_meal)"
            }
        }
    }

    /// A decimal number: optional sign, digits with an optional '.', optional exponent. Rejects
    /// what `Double(_:)` would also take but the contract does not (hex floats, "inf", "nan",
    /// commas as decimal points), so that NaN and infinities are caught by name.
    public static func number(_ text: Substring) throws(Problem) -> Double {
        let utf8 = text.utf8
        var sawDigit = false
        var index = utf8.startIndex
        if index < utf8.endIndex, utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") {
            index = utf8.index(after: index)
        }
        var sawDot = false
        var sawExponent = false
        while index < utf8.endIndex {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                sawDigit = true
            case UInt8(ascii: ".") where !sawDot && !sawExponent:
                sawDot = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard sawDigit, !sawExponent else { throw .notANumber }
                sawExponent = true
                sawDigit = false
                let next = utf8.index(after: index)
                if next < utf8.endIndex, utf8[next] == UInt8(ascii: "-") || utf8[next] == UInt8(ascii: "+") {
                    index = next
                }
            default:
                let lowered = text.lowercased()
                if ["nan", "+nan", "-nan", "inf", "+inf", "-inf", "infinity", "+infinity", "-infinity"]
                    .contains(lowered) { throw .notFinite }
                throw .notANumber
            }
            index = utf8.index(after: index)
        }
        guard sawDigit, let value = Double(text) else { throw .notANumber }
        guard value.isFinite else { throw .notFinite }
        return value
    }

    public static func integer(_ text: Substring, in range: ClosedRange<Int>) throws(Problem) -> Int {
        let value = try number(text)
        guard value.rounded() == value, let whole = Int(exactly: value) else { throw .notAnInteger }
        guard range.contains(whole) else { throw .outOfRange(range) }
        return whole
    }

    /// true/false, yes/no, 1/0, in any case.
    public static func boolean(_ text: Substring) throws(Problem) -> Bool {
        switch text.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default: throw .notABoolean
        }
    }

    /// The `|`-separated list form; empty items are dropped and items are trimmed.
    public static func list(_ text: Substring) -> [String] {
        text.split(separator: "|").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    /// One of the given choices, matched case-insensitively, returned in its canonical spelling.
    public static func choice(_ text: Substring, from choices: [String]) throws(Problem) -> String {
        let key = text.lowercased()
        guard let match = choices.first(where: { $0.lowercased() == key }) else { throw .notInChoices(choices) }
        return match
    }

    /// Severity on the contract's scale: 1, 3, 5 or mild, moderate, severe, stored as 1, 3, 5.
    public static func severity(_ text: Substring) throws(Problem) -> Int {
        switch text.lowercased() {
        case "1", "mild": return 1
        case "3", "moderate": return 3
        case "5", "severe": return 5
        default: throw .notASeverity
        }
    }

    /// A factor token: lower-cased, letters, digits and `_`; spaces and hyphens become `_`.
    public static func token(_ text: Substring) throws(Problem) -> String {
        // ASCII, the usual case, from the bytes; other text (whose lower case may be ASCII, as
        // the Kelvin sign's is) by Unicode's rules below.
        if let token = asciiToken(text.utf8) { return token }
        let lowered = text.lowercased().map { $0 == " " || $0 == "-" ? "_" : $0 }
        let token = String(lowered)
        guard !token.isEmpty,
              token.unicodeScalars.allSatisfy({ ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "_" })
        else { throw .notAToken }
        return token
    }
}

extension ContractValue {
    /// The token of ASCII text, or nil when the text is not ASCII or not a token (the full
    /// rules then decide).
    static func asciiToken(_ utf8: Substring.UTF8View) -> String? {
        guard !utf8.isEmpty else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity(utf8.count)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                bytes.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
            case UInt8(ascii: " "), UInt8(ascii: "-"): bytes.append(UInt8(ascii: "_"))
            default: return nil
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    public func trimmingSpaces() -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
