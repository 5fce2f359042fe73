/// The words of a dot-command line.
public enum CommandLineSplitter {
    /// Words of a dot-command line; double or single quotes group words with spaces.
    public static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var started = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            if character == "\"" || character == "'" {
                quote = character
                started = true
            } else if character == " " || character == "\t" {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    /// A word as it must be written to read back as itself: quoted when it holds a space or a
    /// quote (a word cannot hold both kinds of quote).
    public static func quoted(_ word: String) -> String {
        guard word.isEmpty || word.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" }) else { return word }
        return word.contains("\"") ? "'" + word + "'" : "\"" + word + "\""
    }
}

import Foundation
