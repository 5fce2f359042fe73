import Foundation
import Testing
@testable import CairnCopy

@Suite("Copy normaliser")
struct CopyNormalizerTests {
    static func same(_ a: CopyNormalizer.Mapped, _ b: CopyNormalizer.Mapped) -> Bool {
        a.characters == b.characters && a.origins == b.origins && a.breaks == b.breaks && a.wide == b.wide
    }

    @Test("the ASCII fast path gives exactly the full path's form: every ASCII character in every position, and the corpus")
    func asciiFastPath() throws {
        var texts: [String] = []
        for value in 0..<128 {
            let character = String(Character(Unicode.Scalar(UInt8(value))))
            texts += [character, "a\(character)b", "\(character) x", "x \(character)", "d\(character)i\(character)a\(character)g",
                      "you\(character)\(character)should", "\(character)\n\(character)"]
        }
        #expect(CopyCorpusTests.cases.count > 700)
        texts += CopyCorpusTests.cases.map(\.text)
        for text in texts {
            let fast = CopyNormalizer.normalize(text), full = CopyNormalizer.normalize(text, asciiFastPath: false)
            #expect(CopyNormalizerTests.same(fast, full), "\(text.debugDescription)")
        }
    }

    @Test("the byte answers for letters, digits, leetspeak and joiners equal the full ones on every ASCII character, CR LF included")
    func asciiClasses() {
        var characters = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
        characters += ["\r\n", "é", "ß", "٣", "Ⅻ"]
        for character in characters {
            #expect(CopyNormalizer.leetLetter(character) == CopyNormalizer.leet[character], "\(character.debugDescription)")
            #expect(CopyNormalizer.isJoiner(character) == CopyNormalizer.joiners.contains(character), "\(character.debugDescription)")
            #expect(character.isLetterFast == character.isLetter, "\(character.debugDescription)")
            #expect(character.isNumberFast == character.isNumber, "\(character.debugDescription)")
        }
    }
}
