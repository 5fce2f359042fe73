import CairnCore

/// `--shard K/N`: the share of profiles one machine takes. A profile belongs to share
/// (FNV-1a 64 of its id's UTF-8) mod N, so the split depends on nothing but the id: the same on
/// every machine, whatever else the dataset holds or in which order profiles were added.
public struct ShardSpec: Sendable, Equatable, Codable, CustomStringConvertible {
    /// 1...count.
    public let index: Int
    public let count: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    public func contains(_ profileID: String) -> Bool {
        Int(ShardSpec.hash(profileID) % UInt64(count)) == index - 1
    }

    /// FNV-1a, 64 bits: stable across runs, machines and Swift versions (unlike `Hasher`).
    public static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
