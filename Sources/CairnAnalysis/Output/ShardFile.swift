import CairnCore
import Foundation

/// A shard's output: a first line describing the run, then one line per profile (JSON lines,
/// so a shard is written as it goes and read back one profile at a time). `cairn merge` checks
/// that the shards are of the same run and together cover it exactly once, then assembles them.
public struct ShardFile {
    public struct Header: Codable, Sendable, Equatable {
        /// The format of this file.
        public var cairnShard = 1
        /// insights, replay or evaluate.
        public var command: String
        /// What the run computed, identical across its shards: the dataset and every option
        /// that changes output.
        public var run: String
        public var shard: ShardSpec
        /// Profiles in the whole run, and in this shard.
        public var total: Int
        /// Values the listing's layout needs (encoded JSON by key), and its closing text.
        public var fixed: [String: String]
        public var closing: [String]

        public init(command: String, run: String, shard: ShardSpec, total: Int, fixed: [String: String] = [:], closing: [String] = []) {
            self.command = command
            self.run = run
            self.shard = shard
            self.total = total
            self.fixed = fixed
            self.closing = closing
        }

        enum CodingKeys: String, CodingKey {
            case cairnShard = "cairn_shard", command, run, shard, total, fixed, closing
        }
    }

    /// A shard file that cannot be merged, with the file and line.
    public struct Problem: Error, CustomStringConvertible {
        public let file: String
        public let line: Int?
        public let problem: String

        public init(file: String, line: Int?, problem: String) {
            self.file = file
            self.line = line
            self.problem = problem
        }

        public var description: String {
            "\(file)\(line.map { ":\($0)" } ?? ""): \(problem)"
        }
    }

    /// One line of JSON, no spaces or newlines inside (keys sorted, for identical bytes).
    public static func line<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { preconditionFailure("\(Value.self) failed to encode") }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A profile's output as its line: the bytes `line` gives, written directly (a replay's
    /// shard is mostly these lines).
    public static func line(_ output: ProfileOutput) -> String {
        var json = JSONWriter(pretty: false, capacity: 4096)
        output.write(to: &json)
        return json.text + "\n"
    }

    /// As `line(output)` for an output whose items are these values, each written as its pretty
    /// JSON item straight into the line, already escaped: the same bytes with no item made as
    /// text first (a replay's shard is mostly its events, and making each one text, keeping it
    /// and escaping it again was a seventh of a replay).
    public static func line(_ output: ProfileOutput, writing items: [String: [any JSONWritable]]) -> String {
        var json = JSONWriter(pretty: false, capacity: 1 << 16)
        output.write(to: &json) { json in
            json.object(items) { json, values in
                json.openArray()
                for value in values {
                    json.element()
                    json.embedded { value.write(to: &$0) }
                }
                json.closeArray()
            }
        }
        return json.text + "\n"
    }

    /// Reads a shard file one record at a time (the file is mapped, not loaded).
    public final class Reader<Record: Decodable> {
        public let path: String
        public let header: Header
        private let data: Data
        private var offset: Int
        private var lineNumber = 1
        private let decoder = JSONDecoder()

        public init(_ path: String) throws(Problem) {
            self.path = path
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
                throw Problem(file: path, line: nil, problem: "cannot be read")
            }
            self.data = data
            let end = data.firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            guard let header = try? decoder.decode(Header.self, from: data[data.startIndex..<end]), header.cairnShard == 1 else {
                throw Problem(file: path, line: 1, problem: "is not a Cairn shard file (write one with --shard K/N)")
            }
            self.header = header
            offset = min(end + 1, data.endIndex)
        }

        /// The next record, or nil at the end of the file.
        public func next() throws(Problem) -> Record? {
            guard offset < data.endIndex else { return nil }
            let end = data[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            lineNumber += 1
            defer { offset = min(end + 1, data.endIndex) }
            do {
                return try decoder.decode(Record.self, from: data[offset..<end])
            } catch {
                throw Problem(file: path, line: lineNumber, problem: "is not a complete record; the shard was cut short or edited, run it again")
            }
        }
    }
}
