import CairnCore
import Foundation
import Testing
@testable import CairnStore

/// Issue 22, item 6: nested entities used in an attribute of an Apple Health export must not
/// expand without end; libxml2's amplification limits stay on (no XML_PARSE_HUGE).
@Suite("XML entity limits")
struct XMLEntityLimitTests {
    let directory = TemporaryDirectory()

    @Test("a billion laughs in an attribute is refused whole, quickly, with nothing written")
    func nestedEntitiesInAttribute() throws {
        var entities = "<!ENTITY l0 \"lollollollollollollollollollol\">\n"
        for level in 1...9 {
            let previous = "&l\(level - 1);"
            entities += "<!ENTITY l\(level) \"\(String(repeating: previous, count: 10))\">\n"
        }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            \(entities)]>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="&l9;" unit="count/min" \
            creationDate="2017-09-01 10:00:00 +0000" startDate="2017-09-01 10:00:00 +0000" \
            endDate="2017-09-01 10:00:00 +0000" value="60"/>
            </HealthData>

            """
        #expect(text.utf8.count < 1_500)
        let path = directory.path + "/export.xml"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let dataset = try Dataset.openOrCreate(directory.path + "/laughs.sqlite")
        let started = Date()
        let error = failure { try DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow)).run(sources: [path]) }
        #expect(Date().timeIntervalSince(started) < 10)
        let message = try #require(error)
        #expect(message.hasPrefix("\(path):"), "\(message)")
        #expect(message.contains("not well-formed XML"), "\(message)")
        #expect(!message.contains("\n"))
        #expect(try dataset.count("SELECT count(*) FROM readings") == 0)
    }
}
