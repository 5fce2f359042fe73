import Foundation
import Testing
@testable import CairnStore
@testable import CairnSynth

@Suite("Demo dataset")
struct DemoDatasetTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let demo = repository.appendingPathComponent("Datasets/demo").path

    @Test("the committed files are exactly what the generator makes")
    func regenerates() throws {
        for (name, text) in DemoDatasetGenerator().files() {
            let committed = try String(contentsOfFile: DemoDatasetTests.demo + "/" + name, encoding: .utf8)
            #expect(committed == text, "\(name) differs from the generator's output; run `cairn synth demo --out Datasets/demo`")
        }
    }

    @Test("the generator is deterministic, and its seed matters")
    func deterministic() {
        #expect(DemoDatasetGenerator(seed: 5).files() == DemoDatasetGenerator(seed: 5).files())
        #expect(DemoDatasetGenerator(seed: 5).files()["sleep.csv"] != DemoDatasetGenerator(seed: 6).files()["sleep.csv"])
    }

    @Test("imports with no warning or rejection")
    func importsCleanly() throws {
        let dataset = try Dataset.inMemory(location: "demo")
        let report = try DatasetImporter(dataset: dataset, options: ImportOptions(now: 1_795_348_800))
            .run(sources: [DemoDatasetTests.demo])
        #expect(report.rejected == 0 && report.warnings == 0 && report.skipped == 0)
        #expect(report.createdProfiles.isEmpty)
    }

    func demoDataset() throws -> Dataset {
        try Dataset.open(DemoDatasetTests.demo, now: 1_795_348_800)
    }

    func rows(_ dataset: Dataset, _ sql: String) throws -> [String] {
        let statement = try dataset.database.prepare(sql)
        var rows: [String] = []
        while try statement.step() {
            rows.append((0..<statement.columnCount).map { statement.text($0) ?? "" }.joined(separator: "|"))
        }
        return rows
    }

    @Test("three households in different time zones")
    func profiles() throws {
        let dataset = try demoDataset()
        #expect(try rows(dataset, "SELECT DISTINCT time_zone FROM profiles ORDER BY 1")
                == ["America/Chicago", "Australia/Sydney", "Europe/Berlin"])
        #expect(try rows(dataset, "SELECT count(*) FROM profiles WHERE time_zone = 'Australia/Sydney'") == ["4"])
        #expect(try rows(dataset, "SELECT group_concat(DISTINCT visit_type) FROM (SELECT visit_type FROM visits ORDER BY 1)")
                == ["dental,imaging,labWork,other,physical,specialist,vision"])
    }

    @Test("the lab tracker: three years, a dozen markers, trends and out-of-range readings")
    func labTracker() throws {
        let dataset = try demoDataset()
        #expect(try rows(dataset, "SELECT count(DISTINCT marker) >= 12, min(date_day) <= '2023-10-31', max(date_day) >= '2026-09-01' FROM readings WHERE profile_id = 'maya'")
                == ["1|1|1"])
        // The last three LDL readings rise, the last three HDL readings fall.
        let ldl = try rows(dataset, "SELECT value FROM readings WHERE profile_id = 'maya' AND marker = 'ldl' ORDER BY date_epoch DESC LIMIT 3").compactMap(Double.init)
        #expect(ldl[0] > ldl[1] && ldl[1] > ldl[2])
        let hdl = try rows(dataset, "SELECT value FROM readings WHERE profile_id = 'maya' AND marker = 'hdl' ORDER BY date_epoch DESC LIMIT 3").compactMap(Double.init)
        #expect(hdl[0] < hdl[1] && hdl[1] < hdl[2])
        #expect(try rows(dataset, "SELECT count(*) > 0 FROM readings WHERE profile_id = 'maya' AND marker = 'a1c' AND value > 5.6") == ["1"])
        #expect(try rows(dataset, "SELECT count(*) FROM readings WHERE entered_unit = 'nmol/L'") == ["1"])
    }

    @Test("the headache diary: six months, onset speeds, a month of ten or more acute days, all the diary tables")
    func headacheDiary() throws {
        let dataset = try demoDataset()
        #expect(try rows(dataset, "SELECT min(onset_at_day) >= '2026-03-01', max(onset_at_day) <= '2026-08-31', count(*) >= 30 FROM headaches WHERE profile_id = 'lena'")
                == ["1|1|1"])
        #expect(try rows(dataset, "SELECT DISTINCT coalesce(onset_speed, 'not sure') FROM headaches ORDER BY 1")
                == ["gradual", "instantaneous", "moderate", "not sure"])
        #expect(try rows(dataset, "SELECT severity FROM headaches WHERE onset_speed = 'instantaneous' ORDER BY severity") == ["3", "5"])
        #expect(try rows(dataset, "SELECT count(*) FROM headaches WHERE resolved_at IS NULL") == ["1"])
        #expect(try rows(dataset, "SELECT count(*) > 0 FROM headaches WHERE aura = 1 AND visual_disturbance = 1") == ["1"])
        // Acute-medication days per month (true, or unclassified and not magnesium, a preventive).
        let acuteDays = try rows(dataset, """
            SELECT substr(taken_at_day, 1, 7), count(DISTINCT taken_at_day) FROM medications
            WHERE is_acute = 1 OR (is_acute IS NULL AND name <> 'Magnesium') GROUP BY 1 ORDER BY 1
            """)
        #expect(acuteDays.filter { Int($0.split(separator: "|")[1])! >= 10 } == ["2026-05|14"])
        #expect(try rows(dataset, "SELECT count(DISTINCT coalesce(is_acute, 'empty')) FROM medications") == ["3"])
        #expect(try rows(dataset, "SELECT count(*) FROM sleep WHERE profile_id = 'lena'") == ["184"])
        #expect(try rows(dataset, "SELECT count(*) FROM weather WHERE profile_id = 'lena'") == [String(185 * 24)])
        #expect(try rows(dataset, "SELECT count(DISTINCT at_day) FROM factors WHERE factor = 'caffeine'") == ["184"])
    }
}
