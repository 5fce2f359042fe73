import CairnModules
import Testing
@testable import CairnCopy

/// A misspelt condition or medicine name is still the name to a reader; an everyday word one
/// edit from a name, a name's own endings and words of multi-word names are not respelt.
@Suite("Misspelt names")
struct SpellingIndexTests {
    let guardian = try! ModuleHost.copyGuard()

    @Test("one edit from a one-word name of seven letters or more reads as the name", arguments: [
        ("migrane", "migraine"),     // a letter left out
        ("migriane", "migraine"),    // two letters swapped
        ("ibuprofin", "ibuprofen"),  // a letter changed
        ("stattins", "statins"),     // a letter added, to the plural of a short name
        ("diabetis", "diabetes"),
    ])
    func respelt(word: String, name: String) {
        #expect(guardian.spelling.name(for: word) == name)
    }

    @Test("left alone: names, their endings, short words, everyday neighbours, words of longer names", arguments: [
        "migraine", "migraines", "statins", "injection", "injected", "stations",
        "asthma",     // six letters: no name that short is respelt
        "headach",    // "headache" is a word of multi-word names only
        "migrnae1", "weather", "cholestrol",
    ])
    func leftAlone(word: String) {
        #expect(guardian.spelling.name(for: word) == nil)
    }

    @Test("the optimal string alignment distance", arguments: [
        ("migraine", "migrane", 1), ("migraine", "migriane", 1), ("kitten", "sitting", 3), ("", "abc", 3), ("abc", "abc", 0),
        ("ca", "abc", 3),  // a swap is not edited again (OSA, not full Damerau-Levenshtein: 2)
    ])
    func distance(a: String, b: String, expected: Int) {
        #expect(SpellingIndex.distance(Array(a.utf8), Array(b.utf8)) == expected)
    }

    @Test("a claim with a misspelt name is judged as the claim; the same words about data pass")
    func judged() {
        #expect(!guardian.isSafe("You probly have migrane.", module: nil))
        #expect(!guardian.isSafe("Ur cholesterol is to high, you need stattins.", module: nil))
        #expect(!guardian.isSafe("Ask your doctor about ibuprofin.", module: nil))
        #expect(guardian.isSafe("You logged your insulin injection at 8:00 on 12 of 14 days.", module: nil))
        #expect(guardian.isSafe("The nearest weather stations reported rain on 3 days.", module: nil))
    }
}
