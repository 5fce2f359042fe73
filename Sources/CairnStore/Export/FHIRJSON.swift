import CairnCore

/// A JSON value written in a fixed key order, so a FHIR export is the same bytes every time
/// (JSONSerialization orders keys by hash on Linux and writes 0.1 as 0.10000000000000001).
indirect enum FHIRJSON {
    case object([(String, FHIRJSON)])
    case array([FHIRJSON])
    case string(String)
    case number(Double)

    /// An object of the pairs whose value is present.
    static func fields(_ pairs: [(String, FHIRJSON?)]) -> FHIRJSON {
        .object(pairs.compactMap { key, value in value.map { (key, $0) } })
    }

    /// The text: compact on one line (ndjson) or indented by two spaces.
    /// `level` is the indentation the value starts at, for a value written inside another.
    func text(indented: Bool, level: Int = 0) -> String {
        var out = ""
        write(into: &out, indent: indented ? level : nil)
        return out
    }

    private func write(into out: inout String, indent: Int?) {
        let newline = indent.map { "\n" + String(repeating: "  ", count: $0 + 1) } ?? ""
        let close = indent.map { "\n" + String(repeating: "  ", count: $0) } ?? ""
        let inner = indent.map { $0 + 1 }
        switch self {
        case .string(let text): out += JSONText.quoted(text)
        case .number(let value): out += DatasetExport.exactText(value)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "["
            for (index, item) in items.enumerated() {
                out += (index == 0 ? "" : ",") + newline
                item.write(into: &out, indent: inner)
            }
            out += close + "]"
        case .object(let pairs):
            guard !pairs.isEmpty else { out += "{}"; return }
            out += "{"
            for (index, (key, value)) in pairs.enumerated() {
                out += (index == 0 ? "" : ",") + newline + JSONText.quoted(key) + (indent == nil ? ":" : ": ")
                value.write(into: &out, indent: inner)
            }
            out += close + "}"
        }
    }
}
