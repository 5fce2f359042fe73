import CairnCopy
import Testing

/// What the copy guard checks in a result: `cairn lint-copy`'s test (an error-level violation
/// fails), with `--module` for the strings of an object that names its module (an insight).
enum GuardCheck {
    /// Cairn's own vocabulary for analysts (module ids, kinds, change names), not copy.
    static let vocabulary: Set<String> = ["module", "kind", "change", "level", "rule", "copy_id"]

    /// A text of Cairn's part, with the module it is the copy of (nil: none known).
    struct Copy {
        var text: String
        var module: String?
    }

    /// Every string of a value, bar its vocabulary keys.
    static func copy(_ value: Any, key: String? = nil, module: String? = nil) -> [Copy] {
        switch value {
        case let text as String: return vocabulary.contains(key ?? "") ? [] : [Copy(text: text, module: module)]
        case let list as [Any]: return list.flatMap { copy($0, key: key, module: module) }
        case let object as [String: Any]:
            let named = object["module"] as? String ?? module
            return object.flatMap { copy($0.value, key: $0.key, module: named) }
        default: return []
        }
    }

    /// Every string anywhere in a value.
    static func strings(_ value: Any) -> [String] {
        switch value {
        case let text as String: return [text]
        case let list as [Any]: return list.flatMap(strings)
        case let object as [String: Any]: return object.values.flatMap(strings)
        default: return []
        }
    }

    /// Whether `cairn lint-copy [--module M]` would fail the text.
    static func fails(_ copy: Copy) -> Bool {
        ServedDataset.copyGuard.lint(copy.text, module: copy.module).contains { $0.level == .error }
    }

    /// The texts (copy of no module) that `cairn lint-copy` would fail.
    static func unsafe(_ texts: [String]) -> [String] {
        texts.filter { fails(Copy(text: $0, module: nil)) }
    }

    /// Records a failure for each text in Cairn's part of `result` that `cairn lint-copy` fails.
    static func expectGuarded(_ result: [String: Any], _ what: String) {
        let bad = copy(result["cairn"] ?? [String: Any]()).filter(fails).map(\.text)
        #expect(bad.isEmpty, "\(what): unguarded copy \(bad.prefix(3))")
    }
}
