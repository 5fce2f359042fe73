import CICUSpoof
import Synchronization

/// Folds a letter that looks like a Latin one to that Latin letter, so that "dіagnosis" with a
/// Cyrillic і, "ԁiagnosis" with an Armenian-looking d, a Cherokee "Ꭰ" or a small capital "ᴅ"
/// read as the words they imitate. The look-alike data is Unicode's confusables (UTS #39) as
/// built into ICU's spoof checker (Debian's libicu, under the Unicode licence; see
/// THIRD-PARTY.md), rather than a hand-made table. Small capitals and other Latin letters that
/// UTS #39 does not fold are recognised by their Unicode name ("LATIN LETTER SMALL CAPITAL D").
enum ConfusableFolding {
    /// The Latin form of a non-ASCII scalar, or nil when it has none. Results are cached: the
    /// same few scalars recur in every text.
    static func latin(_ scalar: Unicode.Scalar) -> String? {
        if scalar.isASCII { return nil }
        if let known = cache.withLock({ $0[scalar.value] }) { return known }
        let result = fold(scalar)
        cache.withLock { $0[scalar.value] = result }
        return result
    }

    private static let cache = Mutex<[UInt32: String?]>([:])

    private static func fold(_ scalar: Unicode.Scalar) -> String? {
        if let byName = latinByName(scalar) { return byName }
        guard let skeleton = skeleton(of: scalar), skeleton != String(Character(scalar)) else { return nil }
        // UTS #39 folds capital I and small l alike to "l"; a letter named as an I ("GREEK
        // CAPITAL LETTER IOTA", "CYRILLIC ... I") reads as the i it imitates.
        if skeleton == "l", let name = scalar.properties.name,
           name.contains("IOTA") || name.hasSuffix(" LETTER I") || name.contains("UKRAINIAN I") || name.contains("PALOCHKA") {
            return "i"
        }
        if skeleton.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil) }),
           skeleton.unicodeScalars.count <= 3 {
            return skeleton
        }
        // A skeleton that is itself a small capital or similar ("ꭰ" → "ᴅ").
        if skeleton.unicodeScalars.count == 1, let next = skeleton.unicodeScalars.first, let byName = latinByName(next) {
            return byName
        }
        return nil
    }

    /// "LATIN LETTER SMALL CAPITAL D", "LATIN SMALL LETTER D WITH STROKE" → "d".
    private static func latinByName(_ scalar: Unicode.Scalar) -> String? {
        guard let name = scalar.properties.name, name.hasPrefix("LATIN ") else { return nil }
        let words = name.split(separator: " ")
        guard let letterIndex = words.firstIndex(of: "LETTER") else { return nil }
        var rest = words[(letterIndex + 1)...]
        if rest.starts(with: ["SMALL", "CAPITAL"]) { rest = rest.dropFirst(2) }
        guard let base = rest.first, base.count == 1, let character = base.first, character.isLetter, character.isASCII else {
            return nil
        }
        // Only the bare letter or the letter with a diacritic-like modifier.
        guard rest.count == 1 || rest.dropFirst().first == "WITH" else { return nil }
        return character.lowercased()
    }

    private static func skeleton(of scalar: Unicode.Scalar) -> String? {
        let input = Array(String(Character(scalar)).utf16)
        var output = [UInt16](repeating: 0, count: 32)
        let length = cairn_confusable_skeleton(input, Int32(input.count), &output, Int32(output.count))
        guard length > 0, length <= output.count else { return nil }
        return String(decoding: output[0..<Int(length)], as: UTF16.self)
    }
}
