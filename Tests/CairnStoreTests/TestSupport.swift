import Foundation
import Testing
@testable import CairnStore

/// A directory under /tmp removed when the value is deallocated.
final class TemporaryDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "cairn-test-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes a file and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        write(name, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ name: String, bytes: [UInt8]) -> String {
        let file = path + "/" + name
        try! FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
        return file
    }
}

/// Reads every record of a CSV file as fields and starting lines.
func readAll(_ path: String, chunkSize: Int = 1 << 20) throws -> [(line: Int, fields: [String?], malformed: Int?)] {
    let reader = try CSVReader(path: path, chunkSize: chunkSize)
    var records: [(Int, [String?], Int?)] = []
    while try reader.readRecord() {
        records.append((reader.line, (0..<reader.fieldCount).map { reader.field($0) }, reader.malformedField))
    }
    return records
}

/// 2026-11-22T12:00:00Z, the "now" of import tests.
let testNow = 1_795_348_800

func fixturePath(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(name).path
}

/// Imports sources into a new dataset in the directory and returns both.
func importFiles(_ sources: [String], into directory: TemporaryDirectory, name: String = "data.sqlite",
                 format: ImportOptions.InputFormat? = nil) throws -> (Dataset, ImportReport) {
    let dataset = try Dataset.openOrCreate(directory.path + "/" + name)
    let report = try DatasetImporter(dataset: dataset, options: ImportOptions(inputFormat: format, now: testNow))
        .run(sources: sources)
    return (dataset, report)
}

extension Dataset {
    func count(_ sql: String) throws -> Int {
        try database.scalarInt(sql) ?? -1
    }

    func text(_ sql: String) throws -> String? {
        let statement = try database.prepare(sql)
        return try statement.step() ? statement.text(0) : nil
    }
}

extension ImportReport {
    /// The reasons of issues of one severity, in the order they were found.
    func reasons(_ severity: ImportIssue.Severity) -> [ImportIssue.Reason] {
        issues.filter { $0.severity == severity }.map(\.reason)
    }
}

/// The description of the error a call throws, or nil when it succeeds.
func failure(_ body: () throws -> Any) -> String? {
    do {
        _ = try body()
        return nil
    } catch {
        return String(describing: error)
    }
}
