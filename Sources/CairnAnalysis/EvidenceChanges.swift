import CairnCore

extension Replay {
    /// The evidence values that moved at a change, kept in the order JSON's sorted keys and the
    /// listing show them. A trigger table moves hundreds of values a step; kept as a dictionary,
    /// each key was hashed on insert and the whole sorted again to be written.
    public struct EvidenceChanges: Sendable, Equatable, Encodable {
        public struct Entry: Sendable, Equatable {
            public let key: String
            public let change: EvidenceChange
        }

        /// In key order, one entry per key.
        public let entries: [Entry]

        public static let none = EvidenceChanges(ordered: [])

        private init(ordered entries: [Entry]) {
            self.entries = entries
        }

        /// Entries in any order. Two entries under one key (a member named "b.c" beside an
        /// object "b" holding "c") keep the one whose values sort first, so the output does not
        /// hang on the order the evidence was walked in.
        init(_ unordered: [Entry]) {
            // Positions are sorted, not entries: moving an entry is three retains and releases,
            // and a replay sorts every changed insight's entries at every step.
            let order = unordered.indices.sorted { i, j in
                let (a, b) = (unordered[i], unordered[j])
                if a.key != b.key { return JSONWriter.precedes(a.key, b.key) }
                return (a.change.old ?? "", a.change.new ?? "") < (b.change.old ?? "", b.change.new ?? "")
            }
            var unique: [Entry] = []
            unique.reserveCapacity(order.count)
            for index in order where unique.last?.key != unordered[index].key { unique.append(unordered[index]) }
            self.init(ordered: unique)
        }

        public var isEmpty: Bool { entries.isEmpty }

        /// The change under a flattened key (see `Replay.flattened`).
        public subscript(key: String) -> EvidenceChange? {
            var low = 0, high = entries.count
            while low < high {
                let middle = (low + high) / 2
                if JSONWriter.precedes(entries[middle].key, key) { low = middle + 1 } else { high = middle }
            }
            return low < entries.count && entries[low].key == key ? entries[low].change : nil
        }

        private struct Key: CodingKey {
            let stringValue: String
            init(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for entry in entries { try container.encode(entry.change, forKey: Key(stringValue: entry.key)) }
        }
    }
}
