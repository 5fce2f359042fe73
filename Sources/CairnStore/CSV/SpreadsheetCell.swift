/// CSV cells a spreadsheet would run as a formula, neutralised as OWASP advises ("CSV
/// Injection"): a cell starting with `=`, `+`, `@`, a tab or a carriage return, or with `-` when
/// it is not a number, is written with a leading `'`, which spreadsheets show as text. A cell
/// that already starts with quotes before such a character gets one more, so that Cairn's own
/// import takes exactly one away (`restored`) and an export read back is the same value:
/// export → import → export stays byte-exact.
public enum SpreadsheetCell {
    /// The text as written to a CSV file.
    public static func neutralised(_ text: String) -> String {
        guard let first = text.utf8.first, first == UInt8(ascii: "'") || isTrigger(first) else { return text }
        return wouldRun(text.drop { $0 == "'" }) ? "'" + text : text
    }

    /// The text as it was before `neutralised`: one leading `'` taken from a cell it guarded.
    public static func restored(_ text: String) -> String {
        guard text.utf8.first == UInt8(ascii: "'") else { return text }
        let rest = text.dropFirst()
        return wouldRun(rest.drop { $0 == "'" }) ? String(rest) : text
    }

    /// Whether a spreadsheet would read `text` (its leading quotes removed) as a formula.
    static func wouldRun(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, isTrigger(first) else { return false }
        if first == UInt8(ascii: "-") { return !isPlainNumber(text) }
        return true
    }

    /// A finite number written in decimal digits (`-5`, `-0.25`, `-1e5`): what a spreadsheet reads
    /// as a number. `Double` alone also takes `-nan`, `-inf` and hex (`-0x1p3`), which a
    /// spreadsheet reads as a formula.
    static func isPlainNumber(_ text: Substring) -> Bool {
        guard text.utf8.allSatisfy({ (48...57).contains($0) || $0 == 46 || $0 == 45 || $0 == 43 || $0 == 101 || $0 == 69 }),
              let value = Double(text) else { return false }
        return value.isFinite
    }

    static func isTrigger(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "@"), UInt8(ascii: "-"), 0x09, 0x0D: return true
        default: return false
        }
    }
}
