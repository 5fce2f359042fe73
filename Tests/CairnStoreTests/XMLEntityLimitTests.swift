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

    /// One 50 kB entity used `uses` times in an attribute, or in an element's text.
    static func quadratic(inAttribute: Bool, uses: Int = 20_000) -> String {
        let references = String(repeating: "&b;", count: uses)
        let record = inAttribute
            ? "<Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"\(references)\" unit=\"count/min\" "
                + "creationDate=\"2017-09-01 10:00:00 +0000\" startDate=\"2017-09-01 10:00:00 +0000\" endDate=\"2017-09-01 10:00:00 +0000\" value=\"60\"/>"
            : "<Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"x\" unit=\"count/min\" "
                + "creationDate=\"2017-09-01 10:00:00 +0000\" startDate=\"2017-09-01 10:00:00 +0000\" endDate=\"2017-09-01 10:00:00 +0000\" value=\"60\">\(references)</Record>"
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!ENTITY b "\(String(repeating: "A", count: 50_000))">
            ]>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="ok" unit="count/min" creationDate="2017-09-01 09:00:00 +0000" \
            startDate="2017-09-01 09:00:00 +0000" endDate="2017-09-01 09:00:00 +0000" value="61"/>
             \(record)
            </HealthData>

            """
    }

    @Test("one entity used thousands of times (a quadratic blow-up) in an attribute refuses the file whole; no record is imported")
    func quadraticBlowUp() throws {
        let path = directory.path + "/quadratic.xml"
        try Data(Self.quadratic(inAttribute: true).utf8).write(to: URL(fileURLWithPath: path))
        let dataset = try Dataset.openOrCreate(directory.path + "/quadratic.sqlite")
        let started = Date()
        let error = failure { try DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow)).run(sources: [path]) }
        #expect(Date().timeIntervalSince(started) < 10)
        let message = try #require(error)
        #expect(message.hasPrefix("\(path):"), "\(message)")
        #expect(message.contains("a value grows past libxml2's limit of 10,000,000 bytes"), "\(message)")
        #expect(!message.contains("\n"))
        #expect(try dataset.count("SELECT count(*) FROM readings") == 0)
    }

    @Test("the same entities in an element's text are never expanded (Cairn reads no text): the file imports, quickly")
    func quadraticTextIsNeverBuilt() throws {
        let path = directory.path + "/quadratic-text.xml"
        try Data(Self.quadratic(inAttribute: false).utf8).write(to: URL(fileURLWithPath: path))
        let dataset = try Dataset.openOrCreate(directory.path + "/quadratic-text.sqlite")
        let started = Date()
        #expect(failure { try DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow)).run(sources: [path]) } == nil)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(try dataset.count("SELECT count(*) FROM readings") >= 1)
    }
}
