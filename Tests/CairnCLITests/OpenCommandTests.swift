import Foundation
import Testing

@Suite("cairn and cairn summary")
struct OpenCommandTests {
    @Test("with no arguments, cairn opens the bundled demo dataset")
    func demo() throws {
        let result = try CLI.run(["-c", ".profiles"])
        #expect(result.status == 0)
        #expect(result.output.contains("lena     Lena Hoffmann  Europe/Berlin     adult          0         38       0"))
        let summary = try CLI.run(["summary", demoPath])
        #expect(summary.output.contains("Profiles (6):"))
    }

    @Test("the summary in JSON has stable keys")
    func json() throws {
        let result = try CLI.run(["summary", "--format", "json", demoPath])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(Set(json.keys) == ["dataset", "contract_version", "profiles", "tables"])
        let profiles = try #require(json["profiles"] as? [[String: Any]])
        #expect(profiles.map { $0["profile_id"] as? String } == ["ade", "ife", "lena", "maya", "ngozi", "tobi"])
    }

    @Test("the same dataset gives byte-identical output")
    func deterministic() throws {
        #expect(try CLI.run(["summary", demoPath]).output == CLI.run(["summary", demoPath]).output)
    }

    @Test("a missing dataset is one clear line and exit 2")
    func missing() throws {
        let result = try CLI.run(["summary", "/nonexistent/data.sqlite"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("cairn: error: /nonexistent/data.sqlite: no such file or directory"))
        #expect(result.error.split(separator: "\n").count == 1)
    }

    var demoPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Datasets/demo").path
    }
}
