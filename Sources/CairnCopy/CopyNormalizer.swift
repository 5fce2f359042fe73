import Foundation

/// Puts text into the form rules match against, remembering where each character came from:
/// Unicode NFKC, case folding, zero-width characters and soft hyphens removed, confusable
/// letters folded to Latin, every hyphen and dash variant to "-", every space variant to " ",
/// runs of spaces collapsed. A second, "squeezed" form also joins words broken up to slip past
/// rules: hyphens inside words ("diag-nosis"), spaced-out letters ("d i a g n o s i s") and
/// digits standing for letters inside words ("diagn0sis").
struct CopyNormalizer {
    /// A normalised text and, for each of its characters, the offset of the original character.
    struct Mapped {
        var characters: [Character] = []
        var origins: [Int] = []

        var text: String { String(characters) }

        mutating func append(_ character: Character, from origin: Int) {
            characters.append(character)
            origins.append(origin)
        }
    }

    static let invisible: Set<Unicode.Scalar> = [
        "\u{00AD}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{180E}", "\u{034F}",
    ]
    static let hyphens: Set<Unicode.Scalar> = [
        "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}", "\u{FE58}",
        "\u{FE63}", "\u{FF0D}", "\u{2043}",
    ]
    /// Letters from other scripts that look like Latin ones (Unicode's confusables, the common
    /// subset for Cyrillic and Greek).
    static let confusables: [Unicode.Scalar: Character] = [
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
        "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w",
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
        "υ": "u", "χ": "x", "ϲ": "c", "ı": "i", "ɡ": "g", "ɑ": "a",
    ]
    static let digitLetters: [Character: Character] = ["0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s"]

    /// The plain normalised form.
    static func normalize(_ text: String) -> Mapped {
        var mapped = Mapped()
        for (offset, original) in text.enumerated() {
            let compatible = String(original).precomposedStringWithCompatibilityMapping.lowercased()
            for scalar in compatible.unicodeScalars {
                if invisible.contains(scalar) { continue }
                let character: Character
                if hyphens.contains(scalar) {
                    character = "-"
                } else if scalar.properties.isWhitespace {
                    character = " "
                } else if let latin = confusables[scalar] {
                    character = latin
                } else if scalar.properties.generalCategory == .nonspacingMark {
                    continue  // accents left over from decomposition
                } else {
                    character = Character(scalar)
                }
                if character == " ", mapped.characters.last == " " { continue }
                mapped.append(character, from: offset)
            }
        }
        return mapped
    }

    /// The squeezed form, built from the normalised one.
    static func squeeze(_ normalized: Mapped) -> Mapped {
        let characters = normalized.characters
        func isLetter(_ index: Int) -> Bool {
            index >= 0 && index < characters.count && characters[index].isLetter
        }
        func isSingleLetter(_ index: Int) -> Bool {
            isLetter(index) && !isLetter(index - 1) && !isLetter(index + 1)
        }
        var squeezed = Mapped()
        for index in characters.indices {
            let character = characters[index]
            if character == "-" && isLetter(index - 1) && isLetter(index + 1) { continue }
            if character == " " && isSingleLetter(index - 1) && isSingleLetter(index + 1) { continue }
            if let letter = digitLetters[character], isLetter(index - 1), isLetter(index + 1) {
                squeezed.append(letter, from: normalized.origins[index])
                continue
            }
            squeezed.append(character, from: normalized.origins[index])
        }
        return squeezed
    }
}
