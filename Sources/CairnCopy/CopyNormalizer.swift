import Foundation

/// Puts text into the forms rules match against, remembering where each character came from.
///
/// The plain form: HTML character references decoded; Unicode NFKD with combining marks
/// removed (so accents and enclosing marks fall away); every Default_Ignorable and bidi control
/// code point removed; look-alike letters folded to Latin (`ConfusableFolding`); every hyphen
/// and dash to "-"; typographic apostrophes and quotes to ASCII ones; every space, underscore
/// and middle dot to " " (line breaks remembered);
/// Markdown emphasis marks (`*`, `` ` ``, `~`) removed; runs of spaces collapsed. Case is kept:
/// rules match case-insensitively unless they say `ignorecase: false`.
///
/// The squeezed forms, built from the plain one, also rejoin words broken up to slip past
/// rules: a hyphen inside a word or at a line break ("diag-nosis"), spaced-out single letters
/// ("d i a g n o s i s"), and leetspeak anywhere in a word ("d1agn0sis", "diagnosi5"). Digit 1
/// reads as "i" in one squeezed form and as "l" in the other.
struct CopyNormalizer {
    /// A normalised text and, for each of its characters, the offset of the original character.
    struct Mapped {
        var characters: [Character] = []
        var origins: [Int] = []
        /// Indices of spaces that stand for a line break.
        var breaks: Set<Int> = []
        /// Indices of spaces that stand for a run of two or more: a word gap in spaced-out text
        /// ("y o u  s h o u l d").
        var wide: Set<Int> = []

        var text: String { String(characters) }

        mutating func append(_ character: Character, from origin: Int) {
            characters.append(character)
            origins.append(origin)
        }
    }

    static let separators: Set<Unicode.Scalar> = [
        "_", "\u{00B7}", "\u{2027}", "\u{2219}", "\u{2022}", "\u{22C5}", "\u{30FB}", "\u{0387}", "\u{16EB}", "\u{2E31}",
    ]
    static let emphasis: Set<Unicode.Scalar> = ["*", "`", "~"]
    /// Letters that show as nothing though Unicode does not call them ignorable (the blank
    /// Braille pattern) or that some fonts draw blank: read as a space.
    static let invisibleLetters: Set<Unicode.Scalar> = ["\u{2800}", "\u{3164}", "\u{115F}", "\u{1160}", "\u{FFA0}", "\u{180E}", "\u{17B4}", "\u{17B5}"]
    /// The ASCII scalars the rules below change (emphasis, separators, spaces and breaks,
    /// control codes): every other ASCII scalar stands for itself.
    static let asciiSpecial: Set<UInt32> = Set((0x00...0x20).map { UInt32($0) } + [0x7F] + ["*", "`", "~", "_", "-"].map { UInt32(Character($0).asciiValue!) })
    /// Typographic apostrophes and quotes, read as the ASCII ones patterns are written with.
    static let apostrophes: Set<Unicode.Scalar> = ["\u{2018}", "\u{2019}", "\u{201B}", "\u{02BC}", "\u{2032}", "\u{FF07}"]
    static let quotes: Set<Unicode.Scalar> = ["\u{201C}", "\u{201D}", "\u{201E}", "\u{201F}", "\u{2033}", "\u{00AB}", "\u{00BB}"]
    static let lineBreaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{2028}", "\u{2029}", "\u{0085}", "\u{000B}", "\u{000C}"]
    /// Punctuation that strings single letters together ("d.i.a.g", "d/i/a/g") as a space does.
    static let joiners: Set<Character> = [".", ",", "/", "\\", "+", "'", ":", "=", "^"]
    /// The letter a leetspeak symbol stands for, from a table by byte: every key is ASCII, and
    /// this runs for every character of every sentence.
    static func leetLetter(_ character: Character) -> Character? {
        guard let ascii = character.asciiValue, character.utf8.count == 1 else { return nil }
        return leetByByte[Int(ascii)]
    }

    private static let leetByByte: [Character?] = (0..<128).map { byte in leet[Character(Unicode.Scalar(UInt8(byte)))] }

    /// Whether a character strings single letters together: every joiner is ASCII.
    static func isJoiner(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, character.utf8.count == 1 else { return false }
        return joinerBytes[Int(ascii)]
    }

    private static let joinerBytes: [Bool] = (0..<128).map { joiners.contains(Character(Unicode.Scalar(UInt8($0)))) }

    static let leet: [Character: Character] = [
        "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g", "@": "a", "$": "s", "!": "i", "|": "l",
    ]

    /// The plain normalised form.
    /// `invisibleAsSpace`: read invisible characters as a space (the plain form) or as nothing
    /// (the form that rejoins a word cut by one, "mi\u{200B}graine").
    /// `fillersAsSpace`: in the rejoined form, read the letters drawn blank as a space still.
    static func normalize(_ text: String, asciiFastPath: Bool = true, invisibleAsSpace: Bool = true,
                          fillersAsSpace: Bool = false) -> Mapped {
        let original = Array(text)
        var mapped = Mapped()
        var offset = 0
        let markup = MarkupSpans.find(in: original)
        while offset < original.count {
            // Markup is read as a browser or a Markdown viewer shows it: an inline tag or a
            // link's brackets and address vanish ("mi<b>gr</b>aine", "[mig](x)raine"), any
            // other tag separates words.
            if let span = markup[offset] {
                // A block tag parts words in the plain form and, like an invisible character,
                // joins them in the rejoined one ("mi<br>graine").
                if span.separates && invisibleAsSpace { append(" ", from: offset, to: &mapped, invisibleAsSpace: invisibleAsSpace, fillersAsSpace: fillersAsSpace) }
                offset = span.end
                continue
            }
            // ASCII (most copy) is its own NFKD form and holds no mark, ignorable or look-alike:
            // straight to the same rules, without Foundation's decomposition. "&" may open an
            // HTML character reference.
            if asciiFastPath, let scalar = original[offset].unicodeScalars.first, original[offset].utf8.count == 1, scalar != "&" {
                append(scalar, from: offset, to: &mapped, invisibleAsSpace: invisibleAsSpace, fillersAsSpace: fillersAsSpace)
                offset += 1
                continue
            }
            var piece = String(original[offset])
            var length = 1
            if let entity = HTMLEntities.decode(original, at: offset) {
                piece = entity.text
                length = entity.length
            }
            for scalar in piece.decomposedStringWithCompatibilityMapping.unicodeScalars {
                append(scalar, from: offset, to: &mapped, invisibleAsSpace: invisibleAsSpace, fillersAsSpace: fillersAsSpace)
            }
            offset += length
        }
        return mapped
    }

    private static func append(_ scalar: Unicode.Scalar, from origin: Int, to mapped: inout Mapped, invisibleAsSpace: Bool,
                               fillersAsSpace: Bool) {
        if scalar.isASCII && !asciiSpecial.contains(scalar.value) {
            mapped.append(Character(scalar), from: origin)
            return
        }
        // Underscores as Markdown emphasis inside a word ("beh__ind__", "_meta_bolic") are read
        // as nothing in the rejoined form; the plain form reads them as a space.
        if scalar == "_" && !invisibleAsSpace { return }
        let properties = scalar.properties
        // Invisible characters (zero-width and bidi controls, soft hyphens, Hangul fillers,
        // the blank Braille pattern) separate words as a space does, as Unicode's security
        // guidance (UTS #39) advises: used as the space between words they still part them,
        // and used inside a word the guard's joined-word check reads it whole again.
        // Letters drawn blank (Hangul fillers, the blank Braille pattern) read as a space where
        // they are the only spaces of a text ("Take\u{3164}ibu\u{200C}profen").
        if fillersAsSpace && invisibleLetters.contains(scalar) {
            if mapped.characters.last != " " && !mapped.characters.isEmpty { mapped.append(" ", from: origin) }
            return
        }
        if invisibleLetters.contains(scalar) || properties.isDefaultIgnorableCodePoint || properties.isBidiControl || properties.generalCategory == .format {
            if invisibleAsSpace && mapped.characters.last != " " && !mapped.characters.isEmpty { mapped.append(" ", from: origin) }
            return
        }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return
        default: break
        }
        if emphasis.contains(scalar) { return }
        if apostrophes.contains(scalar) { mapped.append("'", from: origin); return }
        if quotes.contains(scalar) { mapped.append("\"", from: origin); return }
        if lineBreaks.contains(scalar) || properties.isWhitespace || separators.contains(scalar) {
            if mapped.characters.last == " " {
                if lineBreaks.contains(scalar) { mapped.breaks.insert(mapped.characters.count - 1) }
                mapped.wide.insert(mapped.characters.count - 1)
                return
            }
            if lineBreaks.contains(scalar) { mapped.breaks.insert(mapped.characters.count) }
            mapped.append(" ", from: origin)
            return
        }
        if properties.generalCategory == .dashPunctuation || scalar == "\u{2212}" || scalar == "\u{2043}" {
            mapped.append("-", from: origin)
            return
        }
        if let latin = ConfusableFolding.latin(scalar) {
            for character in latin { mapped.append(character, from: origin) }
            return
        }
        mapped.append(Character(scalar), from: origin)
    }

    /// Whether a character shows as nothing, or holds a part that does (a joiner clings to the
    /// letter before it: "v\u{200D}" is one character): read as a space in the plain form, as
    /// nothing in the rejoined one. `countingFillers`: the letters drawn blank count too.
    static func isInvisible(_ character: Character, countingFillers: Bool = true) -> Bool {
        character.unicodeScalars.contains { scalar in
            guard !scalar.isASCII else { return false }
            let properties = scalar.properties
            return properties.isDefaultIgnorableCodePoint || properties.isBidiControl || properties.generalCategory == .format
                || (countingFillers && invisibleLetters.contains(scalar))
        }
    }

    /// A squeezed form, built from the plain one; `one` is the letter digit 1 stands for.
    static func squeeze(_ plain: Mapped, one: Character = "i") -> Mapped {
        if squeezesNothing(plain.characters) {
            // What the reading below gives back when it changes nothing: the same characters
            // and origins, without the marks of breaks and wide gaps.
            var same = plain
            same.breaks = []
            same.wide = []
            return same
        }
        return squeezeReading(plain, one: one)
    }

    /// `squeeze` without its shortcut for copy it leaves as it is (tests hold the two to agree).
    static func squeezeReading(_ plain: Mapped, one: Character = "i") -> Mapped {
        let leetForm = unleet(plain, one: one)
        let characters = leetForm.characters
        func isLetter(_ index: Int) -> Bool {
            index >= 0 && index < characters.count && characters[index].isLetterFast
        }
        func isSingleLetter(_ index: Int) -> Bool {
            isLetter(index) && !isLetter(index - 1) && !isLetter(index + 1)
        }
        var squeezed = Mapped()
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "-" && isLetter(index - 1) && isLetter(index + 1) { index += 1; continue }
            // A hyphen at the end of a line joins the word across the break.
            if character == "-" && isLetter(index - 1) && index + 1 < characters.count && characters[index + 1] == " "
                && leetForm.breaks.contains(index + 1) && isLetter(index + 2) {
                index += 2
                continue
            }
            // A word spelt out uses one mark between its letters: a space next to "l-e-t-h-a-l"
            // or "S.T.A.R.T" parts it from the word "a" beside it, rather than joining them.
            // The single letters first: most characters have none beside them.
            if isSingleLetter(index - 1) && isSingleLetter(index + 1)
                && (character == " " && !leetForm.wide.contains(index) || isJoiner(character))
                && (isSingleLetter(index - 3) || isSingleLetter(index + 3))
                && spellsWithOneMark(characters, at: index) {
                index += 1
                continue
            }
            squeezed.append(character, from: leetForm.origins[index])
            index += 1
        }
        return squeezed
    }

    /// Whether `squeeze` would change nothing, read from the bytes of ASCII copy (most copy):
    /// no word holds both a letter and a symbol or digit read as a letter, no hyphen follows a
    /// letter, and no two single letters stand one mark apart. Each test is wider than the
    /// reading's own, so a text it passes is one the reading leaves as it is; anything else,
    /// and any character past ASCII, goes through the reading.
    private static func squeezesNothing(_ characters: [Character]) -> Bool {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count)
        for character in characters {
            guard let ascii = character.asciiValue, character.utf8.count == 1 else { return false }
            bytes.append(ascii)
        }
        func isLetter(_ index: Int) -> Bool { index >= 0 && index < bytes.count && bytes[index].isASCIILetter }
        func isSingleLetter(_ index: Int) -> Bool { isLetter(index) && !isLetter(index - 1) && !isLetter(index + 1) }
        var index = 0
        while index < bytes.count {
            // A word as `unleet` reads one: letters, digits and symbols read as letters.
            func inWord(_ byte: UInt8) -> Bool { byte.isASCIILetterOrDigit || leetByByte[Int(byte)] != nil }
            guard inWord(bytes[index]) else { index += 1; continue }
            var letters = false, leet = false
            while index < bytes.count, inWord(bytes[index]) {
                if isLetter(index) { letters = true } else if leetByByte[Int(bytes[index])] != nil { leet = true }
                index += 1
            }
            if letters && leet { return false }
        }
        for index in bytes.indices {
            if bytes[index] == UInt8(ascii: "-") && isLetter(index - 1) { return false }
            if (bytes[index] == UInt8(ascii: " ") || joinerBytes[Int(bytes[index])]) && isSingleLetter(index - 1) && isSingleLetter(index + 1) {
                return false
            }
        }
        return true
    }

    /// Whether the space at `index` spells the same word as the marks beyond the single letters
    /// on either side: a different mark there that strings on another single letter ("a
    /// l-e-t-h-a-l") makes the space a gap between words; a full stop at the end ("m i g r a i
    /// n e.") does not.
    private static func spellsWithOneMark(_ characters: [Character], at index: Int) -> Bool {
        // A hyphen or a full stop between single letters always spells ("S.T.A.R.T a"); only a
        // space can be the gap between words.
        let mark = characters[index]
        guard mark == " " else { return true }
        func agrees(_ other: Int, _ beyond: Int) -> Bool {
            guard other >= 0 && other < characters.count else { return true }
            let near = characters[other]
            guard near != mark && (near == " " || near == "-" || isJoiner(near)) else { return true }
            return !(beyond >= 0 && beyond < characters.count && characters[beyond].isLetterFast)
        }
        return agrees(index - 2, index - 3) && agrees(index + 2, index + 3)
    }

    /// The plain form with quotation marks and brackets around one to three words taken out:
    /// "This is (probably) migraine", "You “probably” have migraine", "Your kidneys are ‘fine’"
    /// read as the sentence they dress up. A longer aside keeps its brackets ("Migraine (found in
    /// 3 visit notes)" is a label and where it was found); so does an apostrophe inside a word
    /// ("doesn't"). Spaced dashes around one to three words are an aside too ("You have — most
    /// likely — migraine"), a lone dash inside a clause, an ellipsis between two words a pause
    /// ("accounts … for"), and an emoji between two words nothing ("moderately ⭐ reduced").
    /// Nil when nothing is taken out.
    static func unquoted(_ plain: Mapped) -> Mapped? {
        let characters = plain.characters
        guard mayHoldAside(characters) else { return nil }
        func isLetter(_ index: Int) -> Bool { index >= 0 && index < characters.count && characters[index].isLetterFast }
        var dropped = Set<Int>()
        var index = 0
        while index < characters.count {
            // A pair of spaced dashes around one to three words is an aside like brackets:
            // "Your headaches - caused by - red wine".
            if isSpacedDash(characters, index) {
                if let end = asideClosing(characters, from: index) {
                    dropped.insert(index)
                    dropped.insert(end)
                    index = end + 1
                    continue
                }
                // A lone dash inside a clause, with the clause going on after it: "likely in — the
                // severe range".
                if isLetter(index - 2) && index + 2 < characters.count && characters[index + 2].isLowercase && isLetter(index + 2) {
                    dropped.insert(index)
                    index += 1
                    continue
                }
            }
            // A symbol standing between two words as a word would ("moderately ⭐ reduced"):
            // emoji and pictographs say nothing the words around them do not.
            if isPictograph(characters[index]), index > 0, characters[index - 1] == " " {
                var end = index
                while end < characters.count && isPictograph(characters[end]) { end += 1 }
                if end + 1 < characters.count && characters[end] == " " && isLetter(index - 2) && isLetter(end + 1) {
                    for symbol in index..<end { dropped.insert(symbol) }
                    index = end
                    continue
                }
            }
            // An ellipsis between two words is a pause, not a break: "Processed meat accounts …
            // for today's headache".
            if characters[index] == "\u{2026}" || (characters[index] == "." && index + 1 < characters.count && characters[index + 1] == ".") {
                var end = index
                while end < characters.count && (characters[end] == "." || characters[end] == "\u{2026}") { end += 1 }
                var before = index - 1, after = end
                while before >= 0 && characters[before] == " " { before -= 1 }
                while after < characters.count && characters[after] == " " { after += 1 }
                if isLetter(before) && isLetter(after) && (before < index - 1 || after > end) {
                    for dot in index..<end { dropped.insert(dot) }
                    index = end
                    continue
                }
            }
            // An opening mark with a word after it, closed by its pair after one to three words.
            let open = characters[index]
            guard let close = closingMark(open), index + 1 < characters.count,
                  characters[index + 1].isLetterFast || characters[index + 1].isNumberFast,
                  !(open == "'" && isLetter(index - 1)) else { index += 1; continue }
            var spaces = 0, end = index + 1
            while end < characters.count && end - index <= 40 {
                // A closing apostrophe has no letter after it ("'It doesn't'" closes at the end).
                if characters[end] == close && (close != "'" || !isLetter(end + 1)) { break }
                if characters[end] == " " { spaces += 1 }
                if spaces > 2 { break }
                end += 1
            }
            guard end < characters.count, characters[end] == close, spaces <= 2,
                  characters[(index + 1)..<end].contains(where: \.isLetterFast) else { index += 1; continue }
            dropped.insert(index)
            dropped.insert(end)
            index = end + 1
        }
        guard !dropped.isEmpty else { return nil }
        var out = Mapped()
        for index in characters.indices where !dropped.contains(index) {
            if characters[index] == " " && (out.characters.last == " " || out.characters.isEmpty) { continue }
            if plain.breaks.contains(index) { out.breaks.insert(out.characters.count) }
            if plain.wide.contains(index) { out.wide.insert(out.characters.count) }
            out.append(characters[index], from: plain.origins[index])
        }
        return out
    }

    /// Whether `unquoted` could take anything out: in ASCII text only a hyphen, two full stops,
    /// a double quote, an opening bracket or an apostrophe with no letter before it can start
    /// what it takes out (pictographs, ellipses and other marks are not ASCII). One look at
    /// each byte, where the full reading compares every character with each mark.
    private static func mayHoldAside(_ characters: [Character]) -> Bool {
        var previous: UInt8 = 0
        for character in characters {
            guard let ascii = character.asciiValue, character.utf8.count == 1 else { return true }
            switch ascii {
            case UInt8(ascii: "-"), UInt8(ascii: "\""), UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): return true
            case UInt8(ascii: "."): if previous == UInt8(ascii: ".") { return true }
            case UInt8(ascii: "'"):
                if !previous.isASCIILetter { return true }
            default: break
            }
            previous = ascii
        }
        return false
    }

    /// The plain form with each aside between a pair of spaced dashes taken out whole, words and
    /// all: "Your blood pressure — not the weather — will rise overnight" says that blood pressure
    /// will rise, and the aside's words, read through, stand between the claim's. Nil when the
    /// text has no such pair.
    static func withoutAsides(_ plain: Mapped) -> Mapped? {
        let characters = plain.characters
        var dropped = Set<Int>()
        var index = 0
        while index < characters.count {
            guard isSpacedDash(characters, index), let end = asideClosing(characters, from: index) else { index += 1; continue }
            // The space before the first dash stays; the aside, both dashes and the space after
            // the second go.
            for taken in index...(end + 1) { dropped.insert(taken) }
            index = end + 2
        }
        guard !dropped.isEmpty else { return nil }
        var out = Mapped()
        for index in characters.indices where !dropped.contains(index) {
            if plain.breaks.contains(index) { out.breaks.insert(out.characters.count) }
            if plain.wide.contains(index) { out.wide.insert(out.characters.count) }
            out.append(characters[index], from: plain.origins[index])
        }
        return out
    }

    /// Single words stopped one by one, read as one sentence: "Skip. The. Wine." says what
    /// "Skip the wine." says, and rules read a sentence's words together. In a run of two or more
    /// one-word sentences (letters, then one "." or "!"), the stops but the last are dropped; nil
    /// when there is no such run.
    static func withoutWordStops(_ plain: Mapped) -> Mapped? {
        let characters = plain.characters
        // Where the stops of the current run of one-word sentences stand.
        var stops: [Int] = []
        var dropped = Set<Int>()
        var index = 0
        while index < characters.count {
            let start = index
            while index < characters.count, characters[index] != " " { index += 1 }
            let word = characters[start..<index]
            let isStoppedWord = word.count >= 2 && (word.last == "." || word.last == "!")
                && word.dropLast().allSatisfy { $0.isLetterFast || $0 == "'" }
            if isStoppedWord {
                stops.append(index - 1)
            } else {
                if stops.count >= 2 { dropped.formUnion(stops.dropLast()) }
                stops = []
            }
            index += 1
        }
        if stops.count >= 2 { dropped.formUnion(stops.dropLast()) }
        guard !dropped.isEmpty else { return nil }
        var out = Mapped()
        for index in characters.indices where !dropped.contains(index) {
            if plain.breaks.contains(index) { out.breaks.insert(out.characters.count) }
            if plain.wide.contains(index) { out.wide.insert(out.characters.count) }
            out.append(characters[index], from: plain.origins[index])
        }
        return out
    }

    /// A dash with a space on either side.
    private static func isSpacedDash(_ characters: [Character], _ index: Int) -> Bool {
        index > 0 && index + 1 < characters.count && characters[index] == "-" && characters[index - 1] == " " && characters[index + 1] == " "
    }

    /// Where the spaced dash that closes an aside of one to three words opened by the spaced
    /// dash at `open` stands; nil when none does, or the aside holds no letter.
    private static func asideClosing(_ characters: [Character], from open: Int) -> Int? {
        var spaces = 0, end = open + 2
        while end + 1 < characters.count && spaces <= 3 && !isSpacedDash(characters, end) {
            if characters[end] == " " { spaces += 1 }
            end += 1
        }
        guard isSpacedDash(characters, end), spaces <= 3, characters[(open + 1)..<end].contains(where: \.isLetterFast) else { return nil }
        return end
    }

    /// An emoji or another pictographic symbol (not a letter, digit or punctuation mark).
    static func isPictograph(_ character: Character) -> Bool {
        guard !character.isASCII else { return false }
        return character.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isEmoji && scalar.value > 0xFF || scalar.properties.generalCategory == .otherSymbol
                || scalar.value == 0xFE0F || scalar.value == 0x200D
        }
    }

    /// The closing mark of an opening quotation mark or bracket, as the plain form has them.
    static func closingMark(_ open: Character) -> Character? {
        // Asked of every character: ASCII by its byte, the rest by the switch below.
        if let ascii = open.asciiValue, open.utf8.count == 1 {
            switch ascii {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "'"): return "'"
            case UInt8(ascii: "("): return ")"
            case UInt8(ascii: "["): return "]"
            case UInt8(ascii: "{"): return "}"
            default: return nil
            }
        }
        return switch open {
        case "\"": "\""
        case "'": "'"
        case "(": ")"
        case "[": "]"
        case "{": "}"
        case "\u{2039}": "\u{203A}"
        case "\u{300C}": "\u{300D}"
        case "\u{300E}": "\u{300F}"
        case "\u{3008}": "\u{3009}"
        case "\u{300A}": "\u{300B}"
        default: nil
        }
    }

    /// Leetspeak read as letters in every word that holds at least one letter.
    private static func unleet(_ plain: Mapped, one: Character) -> Mapped {
        var out = plain
        let characters = plain.characters
        var start = 0
        while start < characters.count {
            guard isWordCharacter(characters[start]) else { start += 1; continue }
            var end = start
            while end < characters.count && isWordCharacter(characters[end]) { end += 1 }
            let word = characters[start..<end]
            // A word of letters with digits or symbols in it; a plain number is left alone,
            // and so is a symbol at the edge of a word with no letters around it.
            if word.contains(where: \.isLetterFast) && word.contains(where: { leetLetter($0) != nil }) && !isMeasure(word) {
                for index in start..<end {
                    guard let letter = leetLetter(characters[index]) else { continue }
                    let touchesLetterRun = (index > start) || (index + 1 < end)
                    // Digit 1 and the bar | read as i in one squeezed form and as l in the other.
                    if touchesLetterRun { out.characters[index] = characters[index] == "1" || characters[index] == "|" ? one : letter }
                }
            }
            start = end
        }
        return out
    }

    /// A number with its unit ("5h", "11m", "400mg", "2nd", "10pm"): a quantity, not letters in
    /// disguise ("5h 11m" read as leetspeak held "llm").
    private static func isMeasure(_ word: ArraySlice<Character>) -> Bool {
        guard let firstLetter = word.firstIndex(where: \.isLetterFast), firstLetter > word.startIndex,
              word[word.startIndex..<firstLetter].allSatisfy({ $0.isNumberFast || $0 == "." || $0 == "," }),
              word[firstLetter...].allSatisfy(\.isLetterFast) else { return false }
        return measureUnits.contains(String(word[firstLetter...]).lowercased())
    }

    private static let measureUnits: Set<String> = [
        "h", "hr", "hrs", "m", "min", "mins", "s", "sec", "secs", "d", "w", "wk", "wks", "mo", "y", "yr", "yrs",
        "mg", "mcg", "g", "kg", "lb", "lbs", "ml", "l", "mmol", "km", "cm", "mm", "am", "pm", "st", "nd", "rd", "th", "x",
        "k", "bpm", "hpa", "mb", "gb", "kb", "tb", "ms",
    ]

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetterFast || character.isNumberFast || leetLetter(character) != nil
    }
}

extension Character {
    /// `isLetter`, answered from the byte for ASCII (A-Z, a-z, exactly what the Unicode property
    /// gives there): the guard asks for every character of every sentence it checks.
    var isLetterFast: Bool {
        guard let ascii = asciiValue else { return isLetter }
        return ascii.isASCIILetter
    }

    /// `isNumber`, answered from the byte for ASCII (0-9).
    var isNumberFast: Bool {
        guard let ascii = asciiValue else { return isNumber }
        return ascii.isASCIIDigit
    }
}
