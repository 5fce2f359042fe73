/// A search for bytes in a string's UTF-8: the guard asks of every text whether it holds a few
/// fixed words, and Foundation's search by characters bridges the string for each ask. For an
/// ASCII needle, bytes found are a superset of characters found (no other characters are
/// canonically equal to an ASCII letter or mark), so a miss here is a miss there.
enum ByteSearch {
    static func contains(_ haystack: String, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        var haystack = haystack
        return haystack.withUTF8 { bytes in
            guard bytes.count >= needle.count else { return false }
            var start = 0
            while start <= bytes.count - needle.count {
                if bytes[start] == first {
                    var matched = 1
                    while matched < needle.count && bytes[start + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return true }
                }
                start += 1
            }
            return false
        }
    }

    static func contains(_ haystack: String, _ needle: String) -> Bool {
        contains(haystack, Array(needle.utf8))
    }
}
