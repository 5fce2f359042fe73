import Foundation
import Testing

/// `.provenance` and `.open-row`: from an insight of the last listing to the rows it rests on.
@Suite("Provenance drill-down")
struct ProvenanceCommandTests {
    var demo: String { WorkbenchTests.root.appendingPathComponent("Datasets/demo").path }

    func run(_ commands: String) throws -> CLI.Result {
        try CLI.run([demo, "--now", "2026-11-22", "-c", commands])
    }

    @Test(".provenance N shows the rows behind the Nth insight: Lena's acute medicines of May")
    func rowsBehindAnInsight() throws {
        let result = try run(".profile lena; .asof 2026-05-31; .run medication-overuse; .provenance; .provenance 1")
        #expect(result.status == 0, "\(result.error)")
        // In May Lena logged ibuprofen on 4 days, paracetamol on 2, sumatriptan on 4 and
        // naproxen (acute left empty, not a preventive) on 5: 15 rows, one a day each
        // (Datasets/demo/medications.csv). Magnesium and propranolol never count.
        #expect(result.output.contains("1  lena  medication-overuse@2 awareness 2026-05  15 rows"), "\(result.output)")
        #expect(result.output.contains("medications: 15 rows\n"))
        let rows = result.output.split(separator: "\n").filter { $0.contains("  lena  ") && $0.contains("T") }
        #expect(rows.count == 15)
        #expect(rows.allSatisfy { $0.contains("2026-05-") })
        #expect(!rows.contains { $0.contains("Magnesium") || $0.contains("Propranolol") })
    }

    @Test(".open-row reads rows by TABLE:ID, names ids the dataset lacks, and refuses anything else")
    func openRow() throws {
        let result = try run(".open-row medications:11 readings:99999999")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("medications: 1 row\n"))
        #expect(result.output.contains("Not in this dataset: readings:99999999"))
        // A headache is cited by its own id (headache_id), in the chosen profile.
        let headache = try run(".profile lena; .open-row headaches:h003")
        #expect(headache.output.hasPrefix("headaches: 1 row\n"), "\(headache.output)\(headache.error)")
        #expect(headache.output.contains("2026-03-11T17:31"))
        #expect(try run(".profile lena; .open-row headaches:h999").output.contains("Not in this dataset: headaches:h999"))
        let refused = try run(".open-row 'readings:1 OR 1=1'")
        #expect(refused.status == 1)
        #expect(refused.error.contains("is not TABLE:ID"))
        #expect(try run(".open-row sqlite_master:1").error.contains("is not TABLE:ID"))
        #expect(try run(".provenance 1").error.contains("no insights listed yet"))
        #expect(try run(".profile lena; .asof 2026-05-31; .run medication-overuse; .provenance 2").error.contains("give 1 to 1"))
    }
}
