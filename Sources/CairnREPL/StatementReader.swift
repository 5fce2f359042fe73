/// Turns typed or piped lines into commands, as the sqlite3 shell reads its input: SQL runs to
/// its `;` across as many lines as it takes (comments, `--` and `/* */`, anywhere; `;` inside
/// quotes is text), a dot-command is one line. On a line that starts with a dot-command, `;`
/// also separates commands (`.profile lena; .run medication-overuse; SELECT 1;`), for `-c`.
/// Input that is only comments runs nothing.
public struct StatementReader: Sendable {
    /// SQL typed so far that has not reached its `;`.
    private var pending = ""
    /// Where a pending comment or quote stands: the scan resumes there on the next line.
    private var state = Scan()

    public init() {}

    /// Whether a statement has begun and not ended (the REPL shows its continuation prompt).
    public var isIncomplete: Bool { !pending.isEmpty }

    /// Forgets a statement begun (Ctrl-C while typing it).
    public mutating func reset() {
        pending = ""
        state = Scan()
    }

    /// The commands a line completes, in order.
    public mutating func feed(_ line: String) -> [String] {
        if pending.isEmpty, line.drop(while: { $0 == " " || $0 == "\t" }).first == "." {
            return StatementReader.dotLine(line)
        }
        pending += pending.isEmpty ? line : "\n" + line
        var commands: [String] = []
        while let end = state.advance(through: pending) {
            let statement = String(pending[..<end])
            let rest = String(pending[end...])
            if state.hasContent { commands.append(statement.trimmingWhitespace()) }
            pending = ""
            state = Scan()
            // What follows a statement on its line may be a dot-command (`SELECT 1; .tables`).
            if rest.drop(while: { $0 == " " || $0 == "\t" }).first == "." { return commands + StatementReader.dotLine(rest) }
            pending = rest
        }
        // Nothing but blanks and finished comments: nothing is pending.
        if !state.hasContent && !state.isInside { pending = ""; state = Scan() }
        return commands
    }

    /// The end of input: a statement without its `;` runs as it is (as sqlite3 does).
    public mutating func finish() -> [String] {
        defer { reset() }
        return state.hasContent ? [pending.trimmingWhitespace()] : []
    }

    /// Every command in a text (a `-c` argument, piped input, a notebook block, a `.read` file).
    public static func commands(in text: String) -> [String] {
        numberedCommands(in: text).map(\.text)
    }

    /// Every command in a text with the line it begins on (from 1), for messages.
    public static func numberedCommands(in text: String) -> [(line: Int, text: String)] {
        var reader = StatementReader()
        var commands: [(line: Int, text: String)] = []
        var start = 1
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if !reader.isIncomplete { start = index + 1 }
            for (order, command) in reader.feed(String(line.hasSuffix("\r") ? line.dropLast() : line)).enumerated() {
                commands.append((order == 0 ? start : index + 1, command))
            }
        }
        return commands + reader.finish().map { (start, $0) }
    }

    /// A line of dot-commands: `;` outside quotes separates them; a part that is not a
    /// dot-command is a statement of SQL (completed with its `;`).
    static func dotLine(_ line: String) -> [String] {
        var commands: [String] = []
        var current = ""
        var quote: Character?
        func close() {
            let part = current.trimmingWhitespace()
            if !part.isEmpty { commands.append(part.hasPrefix(".") ? part : part + ";") }
            current = ""
        }
        for character in line {
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
                current.append(character)
            } else if character == ";" {
                close()
            } else {
                current.append(character)
            }
        }
        let last = current.trimmingWhitespace()
        if !last.isEmpty { commands.append(last) }
        return commands
    }

    /// A scan of SQL text for the `;` that ends a statement, outside strings, quoted names and
    /// comments; resumable where the previous line left it.
    struct Scan: Sendable {
        enum Place: Sendable, Equatable { case code, quoted(Character), lineComment, blockComment }
        var place = Place.code
        /// Characters scanned so far.
        var offset = 0
        /// Whether anything but blanks and comments was seen.
        var hasContent = false

        var isInside: Bool { place != .code && place != .lineComment }

        /// The index just past the `;` ending the statement in `text` (scanning on from where the
        /// last call stopped), or nil when it has not ended.
        mutating func advance(through text: String) -> String.Index? {
            var index = text.index(text.startIndex, offsetBy: offset)
            while index < text.endIndex {
                let character = text[index]
                let next = text.index(after: index)
                let following = next < text.endIndex ? text[next] : nil
                defer { offset += 1 }
                switch place {
                case .quoted(let close):
                    if character == close { place = .code }
                case .lineComment:
                    if character == "\n" { place = .code }
                case .blockComment:
                    if character == "*" && following == "/" {
                        place = .code
                        offset += 1
                        index = text.index(after: next)
                        continue
                    }
                case .code:
                    switch character {
                    case "'", "\"", "`":
                        place = .quoted(character)
                        hasContent = true
                    case "[":
                        place = .quoted("]")
                        hasContent = true
                    case "-" where following == "-":
                        place = .lineComment
                    case "/" where following == "*":
                        place = .blockComment
                        offset += 1
                        index = text.index(after: next)
                        continue
                    case ";":
                        return next
                    case " ", "\t", "\n", "\r":
                        break
                    default:
                        hasContent = true
                    }
                }
                index = next
            }
            return nil
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
