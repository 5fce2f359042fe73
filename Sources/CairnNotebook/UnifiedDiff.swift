/// Line differences in unified style (" ", "-", "+"), from a longest-common-subsequence table,
/// with unchanged runs longer than the context shortened.
public enum UnifiedDiff {
    public static func lines(_ old: String, _ new: String, context: Int = 2) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var edits: [(Character, String)] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count && j < b.count && a[i] == b[j] {
                edits.append((" ", a[i])); i += 1; j += 1
            } else if j < b.count && (i == a.count || table[i][j + 1] >= table[i + 1][j]) {
                edits.append(("+", b[j])); j += 1
            } else {
                edits.append(("-", a[i])); i += 1
            }
        }
        var out = ""
        for (index, edit) in edits.enumerated() {
            if edit.0 == " " {
                let nearChange = edits[max(0, index - context)...min(edits.count - 1, index + context)].contains { $0.0 != " " }
                if !nearChange { continue }
            }
            out += "\(edit.0)\(edit.1)\n"
        }
        return out
    }
}
