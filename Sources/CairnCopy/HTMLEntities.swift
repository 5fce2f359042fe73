/// Decodes the HTML character references a disguise might use ("diagn&oacute;sis",
/// "diagn&#111;sis", "diag&shy;nosis"), so the guard reads what a browser would show.
enum HTMLEntities {
    /// Named references that stand for something other than a letter with a diacritic.
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "shy": "\u{00AD}",
        "zwj": "\u{200D}", "zwnj": "\u{200C}", "lrm": "\u{200E}", "rlm": "\u{200F}", "ndash": "\u{2013}",
        "mdash": "\u{2014}", "hyphen": "\u{2010}", "dash": "\u{2010}", "minus": "\u{2212}", "middot": "\u{00B7}",
        "bull": "\u{2022}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "szlig": "ss",
        "aelig": "ae", "oelig": "oe", "ast": "*", "lowbar": "_", "period": ".", "comma": ",", "colon": ":",
        "lsquo": "\u{2018}", "rsquo": "\u{2019}", "ldquo": "\u{201C}", "rdquo": "\u{201D}", "hellip": "\u{2026}",
        "dotless": "\u{0131}", "imath": "\u{0131}", "ZeroWidthSpace": "\u{200B}", "NoBreak": "\u{2060}",
        "NegativeThinSpace": "\u{200B}", "NegativeMediumSpace": "\u{200B}", "NegativeThickSpace": "\u{200B}",
        "NegativeVeryThinSpace": "\u{200B}", "InvisibleTimes": "\u{2062}", "InvisibleComma": "\u{2063}",
        "ic": "\u{2063}", "it": "\u{2062}", "af": "\u{2061}", "ApplyFunction": "\u{2061}", "NonBreakingSpace": "\u{00A0}",
    ]
    /// Diacritic suffixes of named references for accented letters ("eacute", "Ouml").
    static let diacritics = ["acute", "grave", "circ", "uml", "tilde", "ring", "cedil", "slash", "caron", "macr",
                             "breve", "ogon", "dot", "strok", "dblac"]

    /// The text a reference at the start of `characters[start...]` stands for, and its length
    /// in characters; nil when no reference starts there.
    static func decode(_ characters: [Character], at start: Int) -> (text: String, length: Int)? {
        guard characters[start] == "&" else { return nil }
        var end = start + 1
        while end < characters.count, end - start <= 32, characters[end] != ";" {
            guard characters[end].isASCII, characters[end].isLetter || characters[end].isNumber || characters[end] == "#" else {
                return nil
            }
            end += 1
        }
        guard end < characters.count, characters[end] == ";", end > start + 1 else { return nil }
        let body = String(characters[(start + 1)..<end])
        let length = end - start + 1
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            guard let value = UInt32(body.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
            return (String(Character(scalar)), length)
        }
        if body.hasPrefix("#") {
            guard let value = UInt32(body.dropFirst()), let scalar = Unicode.Scalar(value) else { return nil }
            return (String(Character(scalar)), length)
        }
        if let text = named[body] ?? named[body.lowercased()] { return (text, length) }
        if let first = body.first, first.isLetter,
           diacritics.contains(String(body.dropFirst())) {
            return (String(first), length)
        }
        return nil
    }
}
