import CairnAnalysis
import CairnCore
import CairnModules
import Testing
@testable import MedicationOveruse

/// medication-overuse@2: version 1's rule and copy, with ICHD-3's days per drug class in
/// evidence. Expected counts are worked out by hand from ICHD-3 8.2 (simple analgesics from 15
/// days a month, triptans, ergots, opioids and combinations from 10, several classes together
/// from 10 with none overused alone, regularly for 3 months).
@Suite("medication-overuse@2")
struct MedicationOveruseV2Tests {
    /// One entry a day at 10:00 on the given days of the month.
    func entries(_ month: String, _ days: ClosedRange<Int>, _ name: String, from id: Int64 = 0) -> [Medication] {
        days.map { Build.medication(id + Int64($0), "\(month)-\(String(format: "%02d", $0))T10:00", name) }
    }

    func run(_ medications: [Medication], asOf: String = "2026-03-31") throws -> InsightReport {
        try Build.run(MedicationOveruseV2.self, ProfileData(profile: Build.profile(), medications: medications), asOf: Build.endOf(asOf))
    }

    func byClass(_ report: InsightReport) -> [String: Evidence] {
        guard case .object(let counts)? = report.insights.first?.evidence["days_by_class"] else { return [:] }
        return counts
    }

    @Test("the registered default is version 2; its copy is version 1's, verbatim")
    func registered() throws {
        #expect(try ModuleHost.registry().lookup("medication-overuse").version == 2)
        let report = try run(entries("2026-03", 1...10, "Ibuprofen"))
        #expect(report.insights.map(\.text.text) == [Seed.overuseWarning])
        #expect(try run(entries("2026-03", 1...9, "Ibuprofen")).insights.isEmpty)
    }

    @Test("triptans at 10 days are at their threshold, 9 are not; simple analgesics at 15, 14 are not")
    func classThresholds() throws {
        let ten = try run(entries("2026-03", 1...10, "Sumatriptan 50 mg") + entries("2026-03", 11...24, "Ibuprofen", from: 100))
        #expect(byClass(ten)["triptan"] == .integer(10) && byClass(ten)["simple_analgesic"] == .integer(14))
        #expect(ten.insights[0].evidence["ichd3_classes_at_threshold"] == .list([.text("triptan")]))
        #expect(ten.insights[0].evidence["ichd3_several_classes"] == .flag(false))
        // 9 triptan days and 14 simple-analgesic days: neither alone, 23 days of two classes together (8.2.6).
        let nine = try run(entries("2026-03", 1...9, "sumatriptan") + entries("2026-03", 11...24, "Ibuprofen", from: 100))
        #expect(nine.insights[0].evidence["ichd3_classes_at_threshold"] == .list([]))
        #expect(nine.insights[0].evidence["ichd3_several_classes"] == .flag(true))
        #expect(nine.insights[0].evidence["classified_days"] == .integer(23))
        let fifteen = try run(entries("2026-03", 1...15, "Paracetamol"))
        #expect(fifteen.insights[0].evidence["ichd3_classes_at_threshold"] == .list([.text("simple_analgesic")]))
        let fourteen = try run(entries("2026-03", 1...14, "Paracetamol"))
        #expect(fourteen.insights[0].evidence["ichd3_classes_at_threshold"] == .list([]))
        // One class alone under its threshold is not "several classes".
        #expect(fourteen.insights[0].evidence["ichd3_several_classes"] == .flag(false))
    }

    @Test("combinations: a listed product, two classes in one entry, an analgesic with caffeine; names the list lacks are unclassified")
    func combinations() throws {
        let report = try run(entries("2026-03", 1...3, "Excedrin") + entries("2026-03", 4...5, "paracetamol + caffeine", from: 100)
                             + entries("2026-03", 6...6, "Ibuprofen/Codeine", from: 200) + entries("2026-03", 7...8, "Co-codamol", from: 300)
                             + entries("2026-03", 9...10, "Feverfew", from: 400) + entries("2026-03", 10...10, "Tramadol", from: 500))
        #expect(byClass(report)["combination"] == .integer(8))
        #expect(byClass(report)["opioid"] == .integer(1) && byClass(report)["simple_analgesic"] == .integer(0))
        // Feverfew on the 9th and 10th; tramadol on the 10th: one day with nothing classified.
        #expect(report.insights[0].evidence["unclassified_days"] == .integer(1))
        #expect(AcuteMedicineClass.of("Nurofen (ibuprofen)") == .simpleAnalgesic)
        #expect(AcuteMedicineClass.of("Rizatriptan ODT") == .triptan)
        #expect(AcuteMedicineClass.of("Cafergot") == .ergot)
        #expect(AcuteMedicineClass.of("sumatriptanx") == nil)
    }

    @Test("three months in a row at a class threshold make the ICHD-3 pattern; a month under it breaks the run")
    func threeMonths() throws {
        let january = entries("2026-01", 1...10, "Rizatriptan")
        let february = entries("2026-02", 1...10, "Rizatriptan", from: 100)
        let march = entries("2026-03", 1...10, "Rizatriptan", from: 200)
        let three = try run(january + february + march)
        #expect(three.insights[0].evidence["ichd3_months_in_a_row"] == .integer(3))
        #expect(three.insights[0].evidence["ichd3_three_month_pattern"] == .flag(true))
        let broken = try run(january + entries("2026-02", 1...9, "Rizatriptan", from: 100) + march)
        #expect(broken.insights[0].evidence["ichd3_months_in_a_row"] == .integer(1))
        #expect(broken.insights[0].evidence["ichd3_three_month_pattern"] == .flag(false))
    }
}
