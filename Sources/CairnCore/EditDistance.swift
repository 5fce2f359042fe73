/// Levenshtein distance over characters, for "did you mean" hints on names.
public enum EditDistance {
    /// The longest text a hint is looked for: no name is longer, and the distance costs the
    /// product of the lengths.
    public static let longestName = 80

    /// The distance when it can be at most `limit`, else nil, without computing it for texts
    /// whose lengths alone rule it out (or that are longer than any name).
    public static func within(_ limit: Int, _ a: String, _ b: String) -> Int? {
        guard a.count <= longestName, b.count <= longestName, abs(a.count - b.count) <= limit else { return nil }
        let distance = between(a, b)
        return distance <= limit ? distance : nil
    }

    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1,
                                 previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
