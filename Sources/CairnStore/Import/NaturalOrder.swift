/// Names compared as people read them: runs of digits by their value, so `part-2` comes before
/// `part-10`; otherwise byte by byte (ties broken by the plain comparison, so the order is total).
enum NaturalOrder {
    static func precedes(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var i = 0, j = 0
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                let startI = i, startJ = j
                while i < x.count && isDigit(x[i]) { i += 1 }
                while j < y.count && isDigit(y[j]) { j += 1 }
                let left = x[startI..<i].drop { $0 == UInt8(ascii: "0") }, right = y[startJ..<j].drop { $0 == UInt8(ascii: "0") }
                if left.count != right.count { return left.count < right.count }
                if !left.elementsEqual(right) { return left.lexicographicallyPrecedes(right) }
                continue
            }
            if x[i] != y[j] { return x[i] < y[j] }
            i += 1
            j += 1
        }
        if x.count - i != y.count - j { return x.count - i < y.count - j }
        return a < b
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
