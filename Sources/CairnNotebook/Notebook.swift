/// A notebook: Markdown prose, ```cairn blocks of commands, and after each block a recorded
/// ```output block. The first cairn block pins the dataset (relative to the notebook) and the
/// as-of date, so a notebook's output never depends on the day it is run.
public struct Notebook: Sendable, Equatable {
    public enum Cell: Sendable, Equatable {
        case prose(String)
        /// A block of commands and the output recorded after it.
        case code(source: String, output: String)
    }

    public var cells: [Cell]

    public init(cells: [Cell]) {
        self.cells = cells
    }

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
        func block(_ start: Int) throws(ParseError) -> (body: String, next: Int) {
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
            if line == "```cairn" {
                if !prose.isEmpty { cells.append(.prose(prose)); prose = "" }
                let (source, next) = try block(index)
                index = next
                var output = ""
                // The output block follows, perhaps after one blank line.
                var look = index
                if look < lines.count && lines[look].isEmpty { look += 1 }
                if look < lines.count && lines[look] == "```output" {
                    let (body, after) = try block(look)
                    output = body.isEmpty ? "" : body + "\n"
                    index = after
                }
                cells.append(.code(source: source, output: output))
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

    public func render() -> String {
        var text = ""
        for cell in cells {
            switch cell {
            case .prose(let prose):
                text += prose
            case .code(let source, let output):
                text += "```cairn\n\(source)\n```\n"
                text += "```output\n\(output)```\n"
            }
        }
        return text
    }

    /// The code cells' sources, in order.
    public var sources: [String] {
        cells.compactMap { if case .code(let source, _) = $0 { return source } else { return nil } }
    }
}
