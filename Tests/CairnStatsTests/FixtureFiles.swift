import Foundation

/// Reads the committed reference files.
enum FixtureFiles {
    static func url(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(name)
    }

    static func json(_ name: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url(name))) as! [String: Any]
    }

    /// The numbers on lines `first...last` (1-based) of a NIST .dat file, one row per line.
    static func nistRows(_ file: String, first: Int, last: Int? = nil) throws -> [[Double]] {
        let text = try String(contentsOf: url("nist-strd/" + file), encoding: .ascii)
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let end = min(last ?? lines.count, lines.count)
        return lines[(first - 1)..<end].compactMap { line in
            let numbers = line.split(whereSeparator: { $0 == " " || $0 == "\r" || $0 == "\t" }).compactMap { Double($0) }
            return numbers.isEmpty ? nil : numbers
        }
    }
}

/// Log relative error: how many significant digits two numbers share (NIST's LRE).
func digitsAgreeing(_ value: Double, _ certified: Double) -> Double {
    if value == certified { return 15 }
    let error = certified == 0 ? abs(value) : abs(value - certified) / abs(certified)
    return -log10(error)
}
