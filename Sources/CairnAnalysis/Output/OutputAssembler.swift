import Foundation
import CairnCore

/// Puts profile outputs together into one listing, in text or JSON, written as it goes: the
/// same bytes as rendering the whole report at once, whether profiles arrive from workers of
/// one run or from shard files.
///
/// JSON is one object with sorted keys (as `JSONText` writes): fixed values known up front,
/// arrays gathered from profiles, counts summed. The array named `streamed` is written as
/// profiles arrive when every key before it is fixed; the others are kept until `finish`.
public struct OutputAssembler {
    public enum Format: Sendable { case text, json }

    public struct Layout: Sendable {
        /// Pre-encoded JSON values by key (nil values are left out, as the encoder does).
        public var fixed: [String: String]
        public var arrays: [String]
        public var counts: [String]
        public var streamed: String?
        /// Text printed when no profile had a body line ("No insights.").
        public var emptyBody: String?
        /// Text lines after the bodies and trailers, given the summed counts.
        public var closing: @Sendable ([String: Int]) -> [String]

        public init(fixed: [String: String] = [:], arrays: [String], counts: [String] = [], streamed: String? = nil,
                    emptyBody: String? = nil, closing: @escaping @Sendable ([String: Int]) -> [String] = { _ in [] }) {
            self.fixed = fixed
            self.arrays = arrays
            self.counts = counts
            self.streamed = streamed
            self.emptyBody = emptyBody
            self.closing = closing
        }
    }

    private let format: Format
    private let layout: Layout
    private let write: (String) -> Void
    private var bodyLines = 0
    private var trailer: [String] = []
    private var kept: [String: [String]] = [:]
    private var counts: [String: Int] = [:]
    private var streamedItems = 0
    private var keys: [String]
    private let streams: Bool

    public init(format: Format, layout: Layout, write: @escaping (String) -> Void) {
        self.format = format
        self.layout = layout
        self.write = write
        keys = Set(layout.fixed.keys).union(layout.arrays).union(layout.counts).sorted()
        if let streamed = layout.streamed, let position = keys.firstIndex(of: streamed) {
            streams = keys[..<position].allSatisfy { layout.fixed[$0] != nil }
        } else {
            streams = false
        }
    }

    public mutating func add(_ output: ProfileOutput) {
        for (key, value) in output.counts { counts[key, default: 0] += value }
        switch format {
        case .text:
            if !output.lines.isEmpty { write(output.lines.map { $0 + "\n" }.joined()) }
            bodyLines += output.lines.count
            trailer += output.trailer
        case .json:
            for (key, written) in output.items {
                // Items from a shard file (or a listing that writes them at the top level) are
                // nested here; the rest were written nested.
                let items = output.itemsNested ? written : written.map { indented($0, by: 4) }
                if streams && key == layout.streamed {
                    for item in items { writeStreamed(item) }
                } else {
                    kept[key, default: []] += items
                }
            }
        }
    }

    public mutating func finish() {
        switch format {
        case .text:
            var lines: [String] = []
            if bodyLines == 0, let empty = layout.emptyBody { lines.append(empty) }
            lines += trailer
            lines += layout.closing(counts)
            if !lines.isEmpty { write(lines.map { $0 + "\n" }.joined()) }
        case .json:
            if streams, let streamed = layout.streamed {
                if streamedItems == 0 { openStream() }
                write(streamedItems == 0 ? "\n\n  ]" : "\n  ]")
                let rest = keys.drop { $0 != streamed }.dropFirst()
                write(rest.map { ",\n" + member($0) }.joined() + "\n}\n")
            } else {
                write("{\n" + keys.map(member).joined(separator: ",\n") + "\n}\n")
            }
        }
    }

    private func member(_ key: String) -> String {
        if let fixed = layout.fixed[key] { return "  \(ProfileOutput.item(key)) : " + indented(fixed) }
        if layout.counts.contains(key) { return "  \(ProfileOutput.item(key)) : \(counts[key, default: 0])" }
        return "  \(ProfileOutput.item(key)) : " + array(kept[key] ?? [])
    }

    private func array(_ items: [String]) -> String {
        items.isEmpty ? "[\n\n  ]" : "[\n" + items.map { "    " + $0 }.joined(separator: ",\n") + "\n  ]"
    }

    private mutating func openStream() {
        guard let streamed = layout.streamed else { return }
        let before = keys.prefix { $0 != streamed }
        write("{\n" + before.map { member($0) + ",\n" }.joined() + "  \(ProfileOutput.item(streamed)) : [")
    }

    private mutating func writeStreamed(_ item: String) {
        if streamedItems == 0 { openStream() }
        write((streamedItems == 0 ? "\n" : ",\n") + "    " + item)
        streamedItems += 1
    }

    /// Continuation lines of a pretty-printed value moved right, as nesting puts them.
    /// Empty lines (inside an empty array) stay empty, as the encoder writes them.
    /// One pass over the bytes: splitting every value into lines and joining them again was a
    /// tenth of `cairn insights --format json` (issue 24).
    private func indented(_ value: String, by spaces: Int = 2) -> String {
        var value = value
        return value.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 8)
            for index in bytes.indices {
                out.append(bytes[index])
                if bytes[index] == UInt8(ascii: "\n"), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "\n") {
                    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
