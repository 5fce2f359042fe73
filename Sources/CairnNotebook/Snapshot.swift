import CairnCore
import Foundation

/// A snapshot: the JSON of `cairn insights --format json`, read back for comparison. Evidence is
/// kept as JSON values so any module's numbers can be compared.
public struct Snapshot: Sendable, Decodable {
    public struct Entry: Sendable, Decodable, Equatable {
        public let module: String
        public let version: Int
        public let profile: String
        public let kind: String
        public let subject: String
        public let text: String
        public let evidence: JSONValue
        enum CodingKeys: String, CodingKey { case module, version, profile, kind, subject, text, evidence }
    }

    public let insights: [Entry]

    public enum LoadError: Error, CustomStringConvertible {
        case unreadable(path: String)
        case notASnapshot(path: String, detail: String)

        public var description: String {
            switch self {
            case .unreadable(let path):
                return "\(path): no such file, or it cannot be read"
            case .notASnapshot(let path, let detail):
                return "\(path): not a snapshot (the JSON of `cairn insights --format json`): \(detail)"
            }
        }
    }

    public static func load(_ path: String) throws(LoadError) -> Snapshot {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        return try parse(data, path: path)
    }

    public static func parse(_ data: Data, path: String) throws(LoadError) -> Snapshot {
        do {
            return try JSONDecoder().decode(Snapshot.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw .notASnapshot(path: path, detail: "missing key \"\(key.stringValue)\" at \(Snapshot.place(context))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw .notASnapshot(path: path, detail: "unexpected value at \(Snapshot.place(context))")
        } catch {
            throw .notASnapshot(path: path, detail: "\(error)")
        }
    }

    private static func place(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "the top level" : path
    }
}

/// Any JSON value, compared numerically where both sides are numbers.
public indirect enum JSONValue: Sendable, Decodable, Equatable {
    case number(Double), text(String), flag(Bool), null, list([JSONValue]), object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .flag(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .text(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .list(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    /// Leaf values by path ("odds_ratio_ci95[0]").
    func flattened(prefix: String = "") -> [String: JSONValue] {
        switch self {
        case .list(let values):
            var out: [String: JSONValue] = [:]
            for (index, value) in values.enumerated() { out.merge(value.flattened(prefix: prefix + "[\(index)]")) { $1 } }
            return out
        case .object(let values):
            var out: [String: JSONValue] = [:]
            for (key, value) in values { out.merge(value.flattened(prefix: prefix.isEmpty ? key : prefix + "." + key)) { $1 } }
            return out
        default:
            return [prefix: self]
        }
    }

    var text: String {
        switch self {
        case .number(let value): return NumberText.format(value, significantDigits: 15)
        case .text(let value): return "\"\(value)\""
        case .flag(let value): return String(value)
        case .null: return "null"
        case .list, .object: return "…"
        }
    }
}
