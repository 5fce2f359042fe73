import Foundation

/// A file of FHIR R4 resources, recognised by its content: one JSON document (a Bundle of any
/// type, or a single resource) or a Bulk Data export file (`.ndjson`, one resource per line).
/// The resource type of an ndjson file's first line sets when it loads: patients before what
/// refers to them.
struct FHIRFile: Equatable, Sendable {
    var isNDJSON: Bool
    /// The `resourceType` of the document or of the ndjson file's first line.
    var resourceType: String?

    /// The load order of resource types: profiles first, then the visits conditions fold into,
    /// then everything that refers to them.
    static let typeOrder = ["Patient", "Practitioner", "Encounter", "Condition", "Observation", "MedicationRequest",
                            "MedicationStatement"]

    var loadRank: Int {
        guard isNDJSON else { return 0 }
        return 1 + (resourceType.flatMap { FHIRFile.typeOrder.firstIndex(of: $0) } ?? FHIRFile.typeOrder.count)
    }

    /// A FHIR file from its first bytes, or nil. A JSON object naming a `resourceType` near its
    /// start is a FHIR document; a `.ndjson` file whose first line does is a Bulk Data file.
    static func recognize(prefix: [UInt8], path: String) -> FHIRFile? {
        let body = prefix.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        let isNDJSON = path.lowercased().hasSuffix(".ndjson")
        // An empty Bulk Data file (a type with no resources) holds nothing to import.
        if isNDJSON && body.isEmpty { return FHIRFile(isNDJSON: true, resourceType: nil) }
        guard body.first == UInt8(ascii: "{") else { return nil }
        let scope = isNDJSON ? Array(body.prefix { $0 != 0x0A }) : Array(body)
        guard let type = resourceType(in: scope) else { return isNDJSON ? FHIRFile(isNDJSON: true, resourceType: nil) : nil }
        return FHIRFile(isNDJSON: isNDJSON, resourceType: type)
    }

    /// The value of the first `"resourceType"` key in some JSON text.
    static func resourceType(in bytes: [UInt8]) -> String? {
        let key = Array("\"resourceType\"".utf8)
        guard bytes.count >= key.count else { return nil }
        var i = 0
        while i + key.count <= bytes.count {
            if bytes[i] == key[0] && Array(bytes[i..<(i + key.count)]) == key {
                var j = i + key.count
                while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
                guard j < bytes.count, bytes[j] == UInt8(ascii: ":") else { return nil }
                j += 1
                while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
                guard j < bytes.count, bytes[j] == UInt8(ascii: "\"") else { return nil }
                let start = j + 1
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                guard end < bytes.count else { return nil }
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
            i += 1
        }
        return nil
    }
}
