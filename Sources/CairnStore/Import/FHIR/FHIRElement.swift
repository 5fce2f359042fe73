import CairnCore
import Foundation

/// One JSON object of a FHIR resource as JSONSerialization read it, with its JSON path
/// (`Bundle.entry[3].resource.subject`), so every message can say where in the file it is.
struct FHIRElement {
    let fields: [String: Any]
    let path: String

    init(_ fields: [String: Any], path: String) {
        self.fields = fields
        self.path = path
    }

    func path(_ key: String) -> String { path + "." + key }

    /// A string element; nil when absent, empty or not a string.
    func string(_ key: String) -> String? {
        guard let text = fields[key] as? String else { return nil }
        let trimmed = text.trimmingSpaces()
        return trimmed.isEmpty ? nil : trimmed
    }

    func object(_ key: String) -> FHIRElement? {
        (fields[key] as? [String: Any]).map { FHIRElement($0, path: path(key)) }
    }

    /// The objects of an array element (a single object counts as an array of one).
    func array(_ key: String) -> [FHIRElement] {
        if let single = fields[key] as? [String: Any] { return [FHIRElement(single, path: path(key))] }
        guard let items = fields[key] as? [Any] else { return [] }
        return items.enumerated().compactMap { index, item in
            (item as? [String: Any]).map { FHIRElement($0, path: path(key) + "[\(index)]") }
        }
    }

    func has(_ key: String) -> Bool { fields[key] != nil }

    /// A number element: nil when absent; a string or other non-number is a rejection naming it.
    func number(_ key: String) throws(RowRejection) -> Double? {
        guard let raw = fields[key] else { return nil }
        if !(raw is String), let number = raw as? NSNumber {
            let value = number.doubleValue
            guard value.isFinite else {
                throw RowRejection(reason: .nonFiniteNumber, column: nil, columnName: path(key),
                                   message: "\(path(key)) is not a finite number")
            }
            return value
        }
        // A decimal written as a JSON string ("150"), as Python's pydantic writes Decimal with
        // `model_dump(mode="json")`: the number it holds, exactly as its text says.
        if let text = raw as? String, let value = try? ContractValue.number(text.trimmingSpaces()[...]) { return value }
        throw RowRejection(reason: .unparseableNumber, column: nil, columnName: path(key),
                           message: "\(path(key)) is \(FHIRElement.describe(raw)), not a JSON number; write the value as a number")
    }

    /// The codings of a CodeableConcept element, with its text.
    func codings(_ key: String) -> (codings: [FHIRElement], text: String?) {
        guard let concept = object(key) else { return ([], nil) }
        return (concept.array("coding"), concept.string("text"))
    }

    /// The value of an extension with one of the URLs, as text.
    func extensionText(_ urls: [String]) -> String? {
        for item in array("extension") where urls.contains(item.string("url") ?? "") {
            for key in ["valueString", "valueCode", "valueUri", "valueDate", "valueDateTime"] {
                if let text = item.string(key) { return text }
            }
            if let number = item.fields["valueDecimal"] as? NSNumber { return DatasetExport.exactText(number.doubleValue) }
        }
        return nil
    }

    static func describe(_ value: Any) -> String {
        switch value {
        case let text as String: return "the text \"\(text.prefix(40))\""
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        case is NSNull: return "null"
        default: return "\(value)"
        }
    }
}
