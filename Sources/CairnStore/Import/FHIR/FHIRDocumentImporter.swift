import CairnCore
import Foundation

/// A JSON document of FHIR R4: a Bundle (transaction, batch, collection, searchset or any other
/// type) whose entries are the records of the import, or a single resource, one record. A
/// Bundle is read whole (JSONSerialization), then its entries are imported patients first, then
/// practitioners, encounters, conditions, observations and the rest, so that references inside
/// it resolve whatever order it lists them in. JSON that does not parse is one rejected record
/// with its line; the other files of the import go on.
final class FHIRDocumentImporter: SourceImporter {
    private let path: String
    private let resources: FHIRResourceImporter

    init(path: String, context: ImportContext, intake: ReadingIntake, options: ImportOptions) {
        self.path = path
        resources = FHIRResourceImporter(context: context, intake: intake, defaultZone: options.defaultTimeZone)
    }

    var skippedCodes: [String: (description: String, rows: Int)] { resources.skippedCodes }

    func importRecords(into ledger: RecordLedger) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImportError.unreadable(path: path, reason: "cannot be opened")
        }
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            let line = FHIRJSONLines.line(of: error, in: Array(data))
            return try ledger.account(line: line, original: { Array(data.prefix(4096)) }) {
                throw RowRejection(reason: .invalidJSON, column: nil, columnName: "$",
                                   message: "the file is not valid JSON near line \(line), so none of it can be read; "
                                    + "check how it was written or export it again")
            }
        }
        guard let object = parsed as? [String: Any] else {
            return try ledger.account(line: 1, original: { Array(data.prefix(4096)) }) {
                throw RowRejection(reason: .invalidJSON, column: nil, columnName: "$",
                                   message: "the file holds \(FHIRElement.describe(parsed)), not a FHIR resource (a JSON object)")
            }
        }
        let document = FHIRElement(object, path: (object["resourceType"] as? String) ?? "$")
        guard document.string("resourceType") == "Bundle" else {
            return try ledger.account(line: 1, original: { Array(data) }) {
                try resources.importResource(document, fullURL: nil)
            }
        }
        do {
            try FHIRVersion.check(document, type: "Bundle")
        } catch {
            return try ledger.account(line: 1, original: { Array(data.prefix(4096)) }) { throw error }
        }
        let lines = FHIRJSONLines.entryLines(Array(data))
        let entries = document.array("entry")
        let order = entries.indices.sorted { a, b in
            let rankA = FHIRDocumentImporter.rank(entries[a]), rankB = FHIRDocumentImporter.rank(entries[b])
            return rankA != rankB ? rankA < rankB : a < b
        }
        for index in order {
            let entry = entries[index]
            let line = index < lines.count ? lines[index] : 1
            try ledger.account(line: line, original: { FHIRDocumentImporter.text(of: entry.fields) }) {
                guard let resource = entry.object("resource") else {
                    throw RowRejection(reason: .missingRequiredField, column: nil, columnName: entry.path("resource"),
                                       message: "the entry holds no resource; Cairn imports the resources of a Bundle")
                }
                return try resources.importResource(resource, fullURL: entry.string("fullUrl"))
            }
        }
    }

    static func rank(_ entry: FHIRElement) -> Int {
        let type = entry.object("resource")?.string("resourceType") ?? ""
        return FHIRFile.typeOrder.firstIndex(of: type) ?? FHIRFile.typeOrder.count
    }

    /// An entry's JSON text, for the rejects file.
    static func text(of fields: [String: Any]) -> [UInt8] {
        (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])).map { Array($0) } ?? []
    }
}
