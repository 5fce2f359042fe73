/// Which insight is which across two listings (replay's steps, `.compare`'s two versions,
/// `cairn diff`'s two snapshots): its scope (profile and module), its subject, whether it is a
/// progress line or an insight, and its place among the earlier ones sharing all three (a
/// marker has a status and a trend insight). Kind is not part of it beyond progress: an
/// insight whose kind changes (awareness to finding) is the same insight, changed. One rule in
/// one place: replay counted places by kind, so a finding and an awareness on one subject took
/// one identity and one of them was lost (issue 24).
public enum InsightIdentity {
    public struct Item: Sendable {
        public var scope: String, subject: String, isProgress: Bool

        public init(scope: String, subject: String, isProgress: Bool) {
            (self.scope, self.subject, self.isProgress) = (scope, subject, isProgress)
        }
    }

    /// One key per item, in listing order; keys sort by scope, subject, then insight before progress.
    public static func keys(_ items: [Item]) -> [String] {
        var seen: [String: Int] = [:]
        return items.map { item in
            let base = "\(item.scope)|\(item.subject)|\(item.isProgress ? "progress" : "insight")"
            let place = seen[base, default: 0]
            seen[base] = place + 1
            return base + "|\(place)"
        }
    }

    /// Insights keyed by identity within `scope` (one profile's run of one module, say).
    public static func keyed(_ insights: [Insight], scope: (Insight) -> String) -> [String: Insight] {
        let keys = keys(insights.map { Item(scope: scope($0), subject: $0.subject, isProgress: $0.kind == .progress) })
        return Dictionary(zip(keys, insights), uniquingKeysWith: { first, _ in first })
    }
}
