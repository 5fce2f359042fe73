/// Instants to ask an `EntryIndex` about many times (each factor, each lag), with their order
/// by time worked out once, so that each question over all of them is a merge
/// (`EntryIndex.any(within:before:shift:)`), not a binary search per instant.
public struct InstantQueries: Sendable {
    public let instants: [Int]
    /// Places in `instants` by increasing instant.
    let order: [Int]

    public init(_ instants: [Int]) {
        self.instants = instants
        order = instants.indices.sorted { instants[$0] < instants[$1] }
    }

    public var count: Int { instants.count }
}
