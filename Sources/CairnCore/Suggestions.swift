/// "Did you mean" hints for a name that names nothing: the known names within a few edits
/// (a third of the name's length, at least 2), nearest first, or that begin with it.
public enum Suggestions {
    public static func closest(to name: String, among known: [String], limit: Int = 3) -> [String] {
        let key = name.lowercased()
        guard !key.isEmpty else { return [] }
        let tolerance = max(2, key.count / 3)
        var scored: [(distance: Int, name: String)] = []
        for candidate in Set(known) {
            let lowered = candidate.lowercased()
            if lowered.hasPrefix(key) && lowered != key {
                scored.append((0, candidate))
            } else if let distance = EditDistance.within(tolerance, key, lowered) {
                scored.append((distance, candidate))
            }
        }
        return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(limit).map(\.name)
    }

    /// "; did you mean a or b?", or nothing when no name is close.
    public static func didYouMean(_ name: String, among known: [String], prefix: String = "") -> String {
        let close = closest(to: name, among: known)
        return close.isEmpty ? "" : "; did you mean " + close.map { prefix + $0 }.joined(separator: " or ") + "?"
    }
}
