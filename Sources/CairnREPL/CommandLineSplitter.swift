/// Splits input into commands: one per line, and `;` ends one too, except inside quotes (SQL
/// strings, identifiers) or inside SQL where it ends the statement and stays part of it.
public enum CommandLineSplitter {
    public static func split(_ text: String) -> [String] {
        var commands: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "'", "\"", "`":
                quote = character
                current.append(character)
            case ";":
                let trimmed = current.trimmingCharacters(in: .whitespaces)
                if !trimmed.hasPrefix(".") && !trimmed.isEmpty { commands.append(trimmed + ";") }
                else if !trimmed.isEmpty { commands.append(trimmed) }
                current = ""
            case "\n":
                let trimmed = current.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty { commands.append(trimmed) }
                current = ""
            default:
                current.append(character)
            }
        }
        let trimmed = current.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty { commands.append(trimmed) }
        return commands
    }

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
}

import Foundation
