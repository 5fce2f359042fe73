import Foundation
import Testing
@testable import CairnCopy

@Suite("Byte search")
struct ByteSearchTests {
    @Test("an ASCII word is found where Foundation finds it, and in ASCII text only there")
    func agreesWithFoundation() {
        let needles = ["you", "typed", "reported", "a", "aa", "Your note", "x"]
        var haystacks = ["", "y", "yo", "you", "You", "your", "bayou", "ayouy", "typed in", "re-ported", "aaa", "Your note:", "x"]
        // Non-ASCII around and inside the words: accents, a combining mark, an emoji, a
        // ligature, the Kelvin sign (canonically K), full-width letters.
        haystacks += ["yoú", "you\u{301}", "😀you😀", "ﬁyou", "\u{212A}you", "ｙｏｕ", "typéd", "caf\u{E9} typed", "a\u{300}a"]
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aytoudperx YN\u{301}é")
        for _ in 0..<2_000 {
            haystacks.append(String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        for haystack in haystacks {
            for needle in needles {
                let bytes = ByteSearch.contains(haystack, needle)
                let characters = haystack.contains(needle)
                // Bytes found are a superset of characters found; in ASCII text they are the same.
                if characters { #expect(bytes, "\(haystack) / \(needle)") }
                if haystack.utf8.allSatisfy({ $0 < 0x80 }) { #expect(bytes == characters, "\(haystack) / \(needle)") }
            }
        }
        #expect(ByteSearch.contains("anything", [UInt8]()))
        #expect(!ByteSearch.contains("ab", "abc"))
    }
}
