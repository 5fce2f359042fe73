import CairnCore

/// Query results as an aligned text table (numbers to the right, NULL spelled out) or JSON.
public enum TableRenderer {
    public enum Cell: Sendable, Encodable, Equatable {
        case null, integer(Int), real(Double), text(String)

        var display: String {
            switch self {
            case .null: return "NULL"
            case .integer(let value): return String(value)
            case .real(let value): return NumberText.format(value, significantDigits: 12)
            case .text(let value): return value
            }
        }

        var isNumber: Bool {
            switch self {
            case .integer, .real: return true
            default: return false
            }
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .integer(let value): try container.encode(value)
            case .real(let value): try container.encode(value)
            case .text(let value): try container.encode(value)
            }
        }
    }

    public static func text(columns: [String], rows: [[Cell]]) -> String {
        guard !columns.isEmpty else { return "" }
        var widths = columns.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.display.count) }
        }
        func pad(_ text: String, _ width: Int, right: Bool) -> String {
            let space = String(repeating: " ", count: max(0, width - text.count))
            return right ? space + text : text + space
        }
        var lines = [zip(columns, widths).map { pad($0, $1, right: false) }.joined(separator: "  ")]
        lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        for row in rows {
            lines.append(row.enumerated().map { pad($1.display, widths[$0], right: $1.isNumber) }.joined(separator: "  "))
        }
        return lines.map { $0.replacingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    public static func json(columns: [String], rows: [[Cell]]) -> String {
        struct Row: Encodable {
            let columns: [String], cells: [Cell]
            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                for (name, cell) in zip(columns, cells) { try container.encode(cell, forKey: Key(stringValue: name)!) }
            }
            struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init?(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
        }
        return JSONText.encode(rows.map { Row(columns: columns, cells: $0) })
    }
}

extension String {
    func replacingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
