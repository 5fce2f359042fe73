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

    @Test("the squeeze's shortcut for copy it leaves as it is gives exactly the full reading's form, on every ASCII mark, random text and the corpus")
    func squeezeShortcut() throws {
        var texts: [String] = []
        for value in 0..<128 {
            let character = String(Character(Unicode.Scalar(UInt8(value))))
            texts += ["a\(character)b", "I\(character)a", "x \(character) y", "word\(character)", "d\(character)i\(character)a\(character)g",
                      "12\(character)34 days", "head\(character)\nache"]
        }
        // Random text over the marks the reading looks at: letters, single letters, digits,
        // leetspeak symbols, hyphens, joiners, spaces and line breaks.
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdeIoa xyz 0123456789@$!|-.,/'+:= \n\té")
        for _ in 0..<3_000 {
            texts.append(String((0..<Int.random(in: 0...16, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        texts += CopyCorpusTests.cases.map(\.text)
        var unchanged = 0
        for text in texts {
            let plain = CopyNormalizer.normalize(text)
            for one in ["i", "l"] as [Character] {
                let squeezed = CopyNormalizer.squeeze(plain, one: one), read = CopyNormalizer.squeezeReading(plain, one: one)
                #expect(CopyNormalizerTests.same(squeezed, read), "\(text.debugDescription)")
            }
            if CopyNormalizer.squeezeReading(plain).characters == plain.characters { unchanged += 1 }
        }
        #expect(unchanged > 1_000, "the texts include many the reading leaves as they are")
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
