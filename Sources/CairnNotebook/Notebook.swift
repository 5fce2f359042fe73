import Foundation

/// A notebook: Markdown prose, ```cairn blocks of commands, and after each block its recorded
/// ```output block and the links to the pictures it drew. Its output is rendered at the width a
/// `<!-- cairn: width=N -->` line records (100 when none), never a terminal's.
public struct Notebook: Sendable, Equatable {
    public static let defaultWidth = 100

    public enum Cell: Sendable, Equatable {
        case prose(String)
        case code(Block)
    }

    /// A picture a block drew: an SVG file beside the notebook, linked after the output.
    public struct Figure: Sendable, Equatable {
        public var title: String
        /// Relative to the notebook's folder (`NAME.figures/figure-3.svg`).
        public var path: String

        public init(title: String, path: String) {
            self.title = title
            self.path = path
        }
    }

    /// A ```cairn block: its commands, the output recorded for them, and its options from the
    /// info string: `error` (a command is expected to fail) and `mask="REGEX"` (matches are
    /// replaced by `[masked]` before output is recorded or compared, for volatile values).
    public struct Block: Sendable, Equatable {
        public var source: String
        public var output: String
        public var expectsError: Bool
        public var masks: [String]
        public var figures: [Figure]

        public init(source: String, output: String = "", expectsError: Bool = false, masks: [String] = [],
                    figures: [Figure] = []) {
            self.source = source
            self.output = output
            self.expectsError = expectsError
            self.masks = masks
            self.figures = figures
        }

        /// The info string after ```: `cairn`, then the options.
        var infoString: String {
            "cairn" + (expectsError ? " error" : "")
                + masks.map { " mask=\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }.joined()
        }

        /// Output with every mask's matches replaced by `[masked]` (PCRE2, under a match limit:
        /// `MaskPattern`).
        public func masked(_ text: String) -> String {
            masks.reduce(text) { MaskPattern.replace($1, in: $0) }
        }
    }

    public var cells: [Cell]

    public init(cells: [Cell]) {
        self.cells = cells
    }

    /// The width recorded in the notebook, or the default.
    public var width: Int {
        for case .prose(let text) in cells {
            if let match = text.range(of: #"<!-- cairn: width=(\d+) -->"#, options: .regularExpression) {
                let digits = text[match].filter(\.isNumber)
                if let value = Int(digits), value >= 40 { return value }
            }
        }
        return Notebook.defaultWidth
    }

    /// The code blocks, in order.
    public var blocks: [Block] {
        cells.compactMap { if case .code(let block) = $0 { return block } else { return nil } }
    }

    /// The code blocks' sources, in order.
    public var sources: [String] { blocks.map(\.source) }

    public struct ParseError: Error, CustomStringConvertible, Sendable {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    public static func parse(_ text: String) throws(ParseError) -> Notebook {
        var cells: [Cell] = []
        var prose = ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        func fenced(_ start: Int) throws(ParseError) -> (body: String, next: Int) {
            var body: [String] = []
            var i = start + 1
            while i < lines.count {
                if lines[i] == "```" { return (body.joined(separator: "\n"), i + 1) }
                body.append(lines[i])
                i += 1
            }
            throw ParseError(line: start + 1, message: "the block opened here is never closed with ```")
        }
        while index < lines.count {
            let line = lines[index]
            if line == "```cairn" || line.hasPrefix("```cairn ") {
                if !prose.isEmpty { cells.append(.prose(prose)); prose = "" }
                var block = try options(String(line.dropFirst("```cairn".count)), line: index + 1)
                let (source, next) = try fenced(index)
                block.source = source
                index = next
                // The output block follows, perhaps after one blank line, then the figures.
                var look = index
                if look < lines.count && lines[look].isEmpty { look += 1 }
                if look < lines.count && lines[look] == "```output" {
                    let (body, after) = try fenced(look)
                    block.output = body.isEmpty ? "" : body + "\n"
                    index = after
                    if index + 1 < lines.count, lines[index].isEmpty, figure(lines[index + 1]) != nil {
                        index += 1
                        while index < lines.count, let figure = figure(lines[index]) {
                            block.figures.append(figure)
                            index += 1
                        }
                    }
                }
                cells.append(.code(block))
                continue
            }
            if line == "```output" {
                throw ParseError(line: index + 1, message: "an output block must follow a cairn block")
            }
            prose += line + (index + 1 < lines.count ? "\n" : "")
            index += 1
        }
        if !prose.isEmpty { cells.append(.prose(prose)) }
        return Notebook(cells: cells)
    }

    /// A figure link `![title](NAME.figures/FILE.svg)`, or nil for any other line.
    static func figure(_ line: String) -> Figure? {
        guard line.hasPrefix("!["), line.hasSuffix(".svg)"), let middle = line.range(of: "](") else { return nil }
        let path = String(line[middle.upperBound..<line.index(before: line.endIndex)])
        guard path.contains(".figures/") else { return nil }
        return Figure(title: String(line[line.index(line.startIndex, offsetBy: 2)..<middle.lowerBound]), path: path)
    }

    /// The options of a block's info string: `error` and `mask="REGEX"`, in any order.
    static func options(_ text: String, line: Int) throws(ParseError) -> Block {
        var block = Block(source: "")
        var rest = Substring(text)
        while true {
            rest = rest.drop(while: { $0 == " " })
            if rest.isEmpty { return block }
            if rest.hasPrefix("error") && (rest.count == 5 || rest.dropFirst(5).first == " ") {
                block.expectsError = true
                rest = rest.dropFirst(5)
            } else if rest.hasPrefix("mask=\"") {
                rest = rest.dropFirst(6)
                var pattern = ""
                var closed = false
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if character == "\\", let next = rest.first, next == "\"" || next == "\\" {
                        pattern.append(next)
                        rest = rest.dropFirst()
                    } else if character == "\"" {
                        closed = true
                        break
                    } else {
                        pattern.append(character)
                    }
                }
                guard closed else { throw ParseError(line: line, message: "mask=\" is never closed; write mask=\"REGEX\"") }
                do {
                    try MaskPattern.validate(pattern)
                } catch {
                    throw ParseError(line: line, message: "mask=\"\(pattern)\" is not a regular expression (\(error.message))")
                }
                block.masks.append(pattern)
            } else {
                let word = rest.prefix(while: { $0 != " " })
                throw ParseError(line: line, message: "unknown block option \(word); a cairn block takes error and mask=\"REGEX\"")
            }
        }
    }

    public func render() -> String {
        var text = ""
        for cell in cells {
            switch cell {
            case .prose(let prose):
                text += prose
            case .code(let block):
                text += "```\(block.infoString)\n\(block.source)\n```\n"
                text += "```output\n\(block.output)```\n"
                if !block.figures.isEmpty {
                    text += "\n" + block.figures.map { "![\($0.title)](\($0.path))\n" }.joined()
                }
            }
        }
        return text
    }
}
