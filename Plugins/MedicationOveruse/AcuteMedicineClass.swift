import Foundation

/// ICHD-3's drug classes for medication overuse (8.2.1 to 8.2.5), each with the days a month
/// from which its regular intake counts as overuse: 15 for simple (non-opioid) analgesics, 10
/// for the others. Names come from the bundled acute-medicine-classes.txt.
public enum AcuteMedicineClass: String, CaseIterable, Sendable, Comparable {
    case ergot
    case triptan
    case simpleAnalgesic = "simple-analgesic"
    case opioid
    case combination

    /// ICHD-3 8.2: "regular intake ... on 15 or more days per month" for 8.2.3, "10 or more
    /// days per month" for 8.2.1, 8.2.2, 8.2.4 and 8.2.5 (and 8.2.6, several classes together).
    public var thresholdDays: Int { self == .simpleAnalgesic ? 15 : 10 }

    /// The evidence key: `simple_analgesic`.
    public var key: String { rawValue.replacingOccurrences(of: "-", with: "_") }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The bundled names, normalised as entries are (" sumatriptan ").
    static let names: [(words: String, kind: AcuteMedicineClass)] = {
        guard let url = Bundle.module.url(forResource: "acute-medicine-classes", withExtension: "txt"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            preconditionFailure("the bundled acute-medicine-classes.txt is missing; rebuild Cairn")
        }
        var current: AcuteMedicineClass?
        var names: [(String, AcuteMedicineClass)] = []
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                current = AcuteMedicineClass(rawValue: String(line.dropFirst().dropLast()))
                precondition(current != nil, "acute-medicine-classes.txt names an unknown class \(line)")
            } else if let current {
                names.append((words(line), current))
            }
        }
        return names
    }()

    /// A name as space-separated lower-case words with a space at each end, so that a listed
    /// name matches whole words only ("co-codamol" and "Co Codamol" alike).
    static func words(_ name: String) -> String {
        var out = " "
        for character in name.lowercased() {
            if character.isLetter || character.isNumber { out.append(character) }
            else if out.last != " " { out.append(" ") }
        }
        return out.last == " " ? out : out + " "
    }

    /// The class of a logged medicine's name: a listed combination product, or medicines of two
    /// classes or one with caffeine in one entry, are a combination; nil when no listed name is in it.
    public static func of(_ name: String) -> AcuteMedicineClass? {
        let entry = words(name)
        let found = Set(names.filter { entry.contains($0.words) }.map(\.kind))
        if found.contains(.combination) || found.count >= 2 { return .combination }
        guard let single = found.first else { return nil }
        return entry.contains(" caffeine ") ? .combination : single
    }
}
