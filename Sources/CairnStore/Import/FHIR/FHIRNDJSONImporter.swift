import CairnCore
import Foundation

/// A Bulk Data export file (`Observation.ndjson`): one FHIR R4 resource per line, read a line at
/// a time from a 1 MiB buffer, so memory stays flat however large the file. Each line is a
/// record; one that is not JSON is rejected with its line and the rest go on.
final class FHIRNDJSONImporter: SourceImporter {
    private let path: String
    private let resources: FHIRResourceImporter
    /// A line longer than this is rejected unread.
    static let lineLimit = 64 << 20

    init(path: String, context: ImportContext, intake: ReadingIntake, options: ImportOptions) {
        self.path = path
        resources = FHIRResourceImporter(context: context, intake: intake, defaultZone: options.defaultTimeZone)
    }

    var skippedCodes: [String: (description: String, rows: Int)] { resources.skippedCodes }

    func importRecords(into ledger: RecordLedger) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImportError.unreadable(path: path, reason: "cannot be opened")
        }
        defer { try? handle.close() }
        var pending: [UInt8] = []
        var lineNumber = 0
        var skippingLongLine = false
        while true {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: 1 << 20) ?? Data()
            } catch {
                throw ImportError.unreadable(path: path, reason: "\(error.localizedDescription)")
            }
            if chunk.isEmpty { break }
            var start = chunk.startIndex
            while let newline = chunk[start...].firstIndex(of: 0x0A) {
                lineNumber += 1
                if skippingLongLine {
                    skippingLongLine = false
                    try rejectLong(line: lineNumber, ledger: ledger)
                } else {
                    pending.append(contentsOf: chunk[start..<newline])
                    try importLine(pending, number: lineNumber, ledger: ledger)
                }
                pending.removeAll(keepingCapacity: true)
                start = chunk.index(after: newline)
            }
            if !skippingLongLine { pending.append(contentsOf: chunk[start...]) }
            if pending.count > FHIRNDJSONImporter.lineLimit {
                skippingLongLine = true
                pending = []
            }
        }
        if skippingLongLine {
            try rejectLong(line: lineNumber + 1, ledger: ledger)
        } else if !pending.isEmpty {
            try importLine(pending, number: lineNumber + 1, ledger: ledger)
        }
    }

    private func rejectLong(line: Int, ledger: RecordLedger) throws {
        try ledger.account(line: line, original: { [] }) {
            throw RowRejection(reason: .fieldTooLong, column: nil, columnName: "$",
                               message: "the line is longer than 64 MiB and was not read into memory; a Bulk Data line holds one resource")
        }
    }

    private func importLine(_ bytes: [UInt8], number: Int, ledger: RecordLedger) throws {
        var line = bytes[...]
        while let last = line.last, last == 0x0D || last == 0x20 || last == 0x09 { line = line.dropLast() }
        while let first = line.first, first == 0x20 || first == 0x09 || first == 0xEF || first == 0xBB || first == 0xBF { line = line.dropFirst() }
        guard !line.isEmpty else { return }
        try ledger.account(line: number, original: { Array(line) }) {
            let parsed: Any
            do {
                parsed = try JSONSerialization.jsonObject(with: Data(line), options: [])
            } catch {
                throw RowRejection(reason: .invalidJSON, column: nil, columnName: "$",
                                   message: "the line is not valid JSON; a Bulk Data file holds one JSON resource per line")
            }
            guard let object = parsed as? [String: Any] else {
                throw RowRejection(reason: .invalidJSON, column: nil, columnName: "$",
                                   message: "the line holds \(FHIRElement.describe(parsed)), not a FHIR resource (a JSON object)")
            }
            return try resources.importResource(FHIRElement(object, path: (object["resourceType"] as? String) ?? "$"), fullURL: nil)
        }
    }
}
