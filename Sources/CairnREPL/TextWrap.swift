/// Text broken at spaces to fit the terminal, never inside a word: the terminal itself would
/// cut words at the last column.
enum TextWrap {
    /// Words of `text` in lines of at most `width` characters (a longer word keeps its own line).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Each line of a listing that is wider than `width` (and that `wraps`), wrapped under its
    /// own indentation plus two spaces, so that a continued line reads as part of the one above.
    static func fit(_ text: String, width: Int, wraps: (Substring) -> Bool = { _ in true }) -> String {
        var out: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.count > width, wraps(line) else { out.append(String(line)); continue }
            let indent = String(line.prefix { $0 == " " })
            let body = wrap(String(line.dropFirst(indent.count)), width: max(20, width - indent.count - 2))
            out.append(indent + body[0])
            out += body.dropFirst().map { indent + "  " + $0 }
        }
        return out.joined(separator: "\n")
    }
}
