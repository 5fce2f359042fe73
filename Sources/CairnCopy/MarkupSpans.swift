/// Where copy holds markup a person never reads: HTML tags and comments, and the brackets and
/// address of a Markdown link or image. Copy is read as it would show, so a word cut in two by
/// markup ("mi<b>gr</b>aine", "[mig](https://x)raine") is read whole.
enum MarkupSpans {
    /// One stretch of markup: where it ends (exclusive) and whether it parts words (a block tag
    /// or a line break does; an inline tag or a link's brackets do not).
    struct Span: Equatable {
        let end: Int
        let separates: Bool
    }

    /// Tags a browser draws inline, so that letters on either side join.
    static let inlineTags: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "big", "cite", "code", "data", "del", "dfn", "em", "font", "i", "ins", "kbd",
        "label", "mark", "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "wbr",
    ]

    /// Spans by their start offset; empty (and cheap) for copy with no "<" or "[".
    static func find(in characters: [Character]) -> [Int: Span] {
        guard characters.contains(where: { $0 == "<" || $0 == "[" }) else { return [:] }
        var spans: [Int: Span] = [:]
        var index = 0
        while index < characters.count {
            if characters[index] == "<", let tag = tag(in: characters, at: index) {
                spans[index] = tag
                index = tag.end
            } else if characters[index] == "[" || (characters[index] == "!" && index + 1 < characters.count && characters[index + 1] == "["),
                      let link = link(in: characters, at: index) {
                // The opening bracket (and an image's "!") and, after the text, "](address)".
                spans[index] = Span(end: link.textStart, separates: false)
                spans[link.textEnd] = Span(end: link.end, separates: false)
                index = link.textStart
            } else {
                index += 1
            }
        }
        return spans
    }

    /// An HTML tag or comment starting at `start`: `<name ...>`, `</name>`, `<!-- ... -->`,
    /// `<!DOCTYPE ...>`; at most 400 characters, never across another "<".
    private static func tag(in characters: [Character], at start: Int) -> Span? {
        let limit = min(characters.count, start + 400)
        guard start + 1 < limit else { return nil }
        if characters[start + 1] == "!" {
            // A comment runs to "-->", whatever ">" it holds.
            if isCommentStart(characters, at: start) {
                return commentEnd(characters, from: start + 4, limit: limit).map { Span(end: $0 + 3, separates: false) }
            }
            var index = start + 2
            while index < limit {
                if characters[index] == ">" { return Span(end: index + 1, separates: false) }
                index += 1
            }
            return nil
        }
        var index = start + 1
        if characters[index] == "/" { index += 1 }
        let nameStart = index
        while index < limit, characters[index].isASCII, characters[index].isLetter || characters[index].isNumber {
            index += 1
        }
        guard index > nameStart, characters[nameStart].isLetter else { return nil }
        let name = String(characters[nameStart..<index]).lowercased()
        while index < limit, characters[index] != ">" {
            if characters[index] == "<" { return nil }
            index += 1
        }
        guard index < limit else { return nil }
        return Span(end: index + 1, separates: !inlineTags.contains(name))
    }

    static func isCommentStart(_ characters: [Character], at index: Int) -> Bool {
        index + 3 < characters.count && characters[index] == "<" && characters[index + 1] == "!"
            && characters[index + 2] == "-" && characters[index + 3] == "-"
    }

    /// Where the "-->" that closes a comment starts, searching from `from` up to `limit`.
    static func commentEnd(_ characters: [Character], from: Int, limit: Int) -> Int? {
        var index = from
        while index + 2 < limit {
            if characters[index] == "-" && characters[index + 1] == "-" && characters[index + 2] == ">" { return index }
            index += 1
        }
        return nil
    }

    /// The text with the marks of every HTML comment that holds a letter or a digit blanked (a
    /// space for each character, so positions still point into the text), its words left to
    /// read; nil when there is none. Copy shown outside a browser shows what a comment holds
    /// ("Call <!-- 911 --> now."); `find` reads the text as a browser shows it, the comment
    /// gone and the words around it joined ("mi<!-- -->graine"), and both readings are judged.
    static func commentsOpened(_ text: String) -> String? {
        guard text.contains("<!--") else { return nil }
        var characters = Array(text)
        var opened = false
        var index = 0
        while index < characters.count {
            guard isCommentStart(characters, at: index) else {
                index += 1
                continue
            }
            let close = commentEnd(characters, from: index + 4, limit: characters.count)
            let inside = (index + 4)..<(close ?? characters.count)
            if characters[inside].contains(where: { $0.isLetter || $0.isNumber }) {
                for position in index..<(index + 4) { characters[position] = " " }
                if let close { for position in close..<(close + 3) { characters[position] = " " } }
                opened = true
            }
            index = close.map { $0 + 3 } ?? characters.count
        }
        return opened ? String(characters) : nil
    }

    /// A Markdown link or image `[text](address)` or `[text][reference]` starting at `start`,
    /// on one line: where its text starts and ends and where the whole ends.
    private static func link(in characters: [Character], at start: Int) -> (textStart: Int, textEnd: Int, end: Int)? {
        let textStart = characters[start] == "!" ? start + 2 : start + 1
        var index = textStart
        let limit = min(characters.count, start + 600)
        while index < limit, characters[index] != "]" {
            if characters[index] == "[" || characters[index].isNewline { return nil }
            index += 1
        }
        guard index + 1 < limit else { return nil }
        let textEnd = index
        let opener = characters[index + 1]
        guard opener == "(" || opener == "[" else { return nil }
        let closer: Character = opener == "(" ? ")" : "]"
        index += 2
        while index < limit, characters[index] != closer {
            if characters[index].isNewline || characters[index] == " " && opener == "[" { return nil }
            index += 1
        }
        guard index < limit else { return nil }
        return (textStart, textEnd, index + 1)
    }
}
