import CairnCore

/// One profile's share of a listing, already rendered: text lines, JSON array items (encoded,
/// by the array's key) and counts. A run streams these as profiles finish; a sharded run
/// writes them to a shard file, and `cairn merge` assembles shards into the very bytes of the
/// unsharded run.
public struct ProfileOutput: Codable, Sendable, Equatable {
    /// The profile's position among the dataset's profiles (sorted ids): the merge order.
    public var index: Int
    /// Lines of the body, printed as the profile finishes.
    public var lines: [String] = []
    /// Lines printed after every profile's body (withheld insights).
    public var trailer: [String] = []
    /// JSON array items by the array's key, each encoded as JSONText does at the top level.
    public var items: [String: [String]] = [:]
    public var counts: [String: Int] = [:]
    /// Whether `items` were written already nested as an assembled listing nests them (an
    /// array's element, two levels in), so that it writes them as they are; never in a shard
    /// file, whose items are as `JSONText` writes them.
    public var itemsNested = false
    /// The output's shard file line, when the worker wrote it already (`ShardFile.line(_:writing:)`);
    /// never in a shard file, and then written as it is.
    public var shardLine: String?

    enum CodingKeys: String, CodingKey { case index, lines, trailer, items, counts }

    /// The depth an array's element of an assembled listing is written at.
    public static let itemDepth = 2

    public init(index: Int) {
        self.index = index
    }

    /// A value as a JSON item, pretty-printed like `JSONText` with the final newline removed.
    public static func item<Value: Encodable>(_ value: Value) -> String {
        String(JSONText.encode(value).dropLast())
    }
}
