import CairnCore
import Foundation
import Testing
@testable import CairnStore

/// Apple Health exports (Fixtures/apple-health): the real 2017 extract imported with every element
/// accounted for, the malformed sample refused with its place. Expected values come from a separate
/// Python reading of the same file under the documented rules (source priority per type and day,
/// nights by Aurae's 10 PM to 10 AM window, the union of Asleep intervals), with UTC as the zone;
/// the sleep figures from Fixtures/apple-health/sleep_window.py.
@Suite("Apple Health import")
struct AppleHealthImportTests {
    let directory = TemporaryDirectory()
    let subset = fixturePath("apple-health/export_subset.xml")

    /// An export.xml of these records alone, exported on 5 May 2024.
    func minimalExport(_ records: [String]) -> String {
        directory.write("export.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="2024-05-05 08:00:00 +0000"/>
             \(records.joined(separator: "\n "))
            </HealthData>
            """)
    }

    func importExport(_ path: String, zone: String? = "UTC", profile: String? = nil, into name: String = "health.sqlite")
        throws -> (Dataset, ImportReport) {
        let dataset = try Dataset.openOrCreate(directory.path + "/" + name)
        let report = try DatasetImporter(dataset: dataset, options: ImportOptions(
            now: testNow, defaultTimeZone: zone.flatMap(ProfileTimeZone.init(identifier:)), profile: profile)).run(sources: [path])
        return (dataset, report)
    }

    @Test("the real extract: every element read is imported or skipped with its reason; readings and nights as the rules give")
    func subsetImports() throws {
        let (dataset, report) = try importExport(subset)
        #expect(report.files.map(\.format) == ["apple health"])
        // 5,044 top-level records, 84 nested in correlations, 21 correlations, 15 workouts.
        #expect(report.rowsRead == 5_164)
        #expect(report.imported == 3_359 && report.rejected == 0 && report.skipped == 1_805 && report.warnings == 0)
        let skipped = report.counts(of: .skipped)
        #expect(skipped[.listedApart] == 105 && skipped[.lowerPrioritySource] == 202 && skipped[.unmappedCode] == 1_495)
        #expect(skipped[.outsideSleepWindow] == 3)
        #expect(report.skippedCodes["HKQuantityTypeIdentifierDistanceWalkingRunning"]?.rows == 1_158)
        #expect(report.skippedCodes["Workout"]?.rows == 15)
        for (marker, rows) in [("heart-rate", 2_177), ("steps", 1_127), ("weight", 10), ("blood-glucose", 3)] {
            #expect(try dataset.count("SELECT count(*) FROM readings WHERE marker = '\(marker)'") == rows, "\(marker)")
        }
        #expect(try dataset.text("SELECT DISTINCT unit || ' ' || entered_unit FROM readings WHERE marker = 'heart-rate'") == "bpm count/min")
        #expect(try dataset.count("SELECT sum(value) FROM readings WHERE marker = 'steps'") == 77_598)
        #expect(try dataset.count("SELECT sum(value) FROM readings WHERE marker = 'steps' AND date_day = '2017-09-05'") == 5_025)
        #expect(try dataset.count("SELECT count(*) FROM sleep") == 32)
        #expect(try dataset.count("SELECT sum(duration_min) FROM sleep") == 13_669)
        #expect(try dataset.text("SELECT duration_min || ' ' || source FROM sleep WHERE night_of = '2017-09-02'") == "405.0 lark")
        #expect(try dataset.text("SELECT duration_min || ' ' || source FROM sleep WHERE night_of = '2017-08-31'") == "180.0 SleepTrack")
        #expect(try dataset.text("SELECT date FROM readings WHERE marker = 'blood-glucose' ORDER BY date_epoch LIMIT 1")
                == "2017-09-13T10:55:00+02:00")
    }

    @Test("the malformed sample is refused whole with its line and column; nothing is written")
    func malformed() throws {
        let path = fixturePath("apple-health/exportSmall_malformed.xml")
        let dataset = try Dataset.openOrCreate(directory.path + "/bad.sqlite")
        let error = failure { try DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow)).run(sources: [path]) }
        #expect(error == "\(path):153:11: not well-formed XML (Opening and ending tag mismatch: HealthData line 80 and Record); "
                + "the export is damaged or cut short: export it again from the Health app")
        #expect(try dataset.count("SELECT count(*) FROM readings") == 0)
        #expect(try dataset.count("SELECT count(*) FROM profiles") == 0)
    }

    @Test("percentages as fractions, blood pressure in correlations, one source per day, Me, a new profile without a zone")
    func rules() throws {
        let export = directory.write("export.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
            <!ATTLIST HealthData locale CDATA #REQUIRED>
            ]>
            <HealthData locale="en_US">
             <ExportDate value="2024-05-02 08:00:00 +0000"/>
             <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-02-03" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet"/>
             <Record type="HKQuantityTypeIdentifierOxygenSaturation" sourceName="Ana’s Apple Watch" unit="%" creationDate="2024-05-01 07:00:00 +0000" startDate="2024-05-01 07:00:00 +0000" endDate="2024-05-01 07:00:00 +0000" value="0.97"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ana’s iPhone" unit="count" creationDate="2024-05-01 09:00:00 +0000" startDate="2024-05-01 09:00:00 +0000" endDate="2024-05-01 09:10:00 +0000" value="500"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ana’s Apple Watch" unit="count" creationDate="2024-05-01 09:00:00 +0000" startDate="2024-05-01 09:00:00 +0000" endDate="2024-05-01 09:10:00 +0000" value="480"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ana’s iPhone" unit="count" creationDate="2024-05-02 09:00:00 +0000" startDate="2024-05-02 09:00:00 +0000" endDate="2024-05-02 09:10:00 +0000" value="300"/>
             <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Ana’s Apple Watch" unit="count/min" creationDate="2024-05-01 09:00:00 +0000" startDate="2024-05-01 09:00:00 +0000" endDate="2024-05-01 09:00:00 +0000" value="70"/>
             <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Ana’s Apple Watch" unit="count/min" creationDate="2024-05-01 09:04:00 +0000" startDate="2024-05-01 09:04:00 +0000" endDate="2024-05-01 09:04:00 +0000" value="70"/>
             <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" creationDate="2024-05-01 08:00:00 +0000" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:00:00 +0000" value="121"/>
             <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" creationDate="2024-05-01 08:00:00 +0000" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:00:00 +0000" value="79"/>
             <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" creationDate="2024-05-01 08:00:00 +0000" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:00:00 +0000">
              <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" creationDate="2024-05-01 08:00:00 +0000" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:00:00 +0000" value="121"/>
              <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" creationDate="2024-05-01 08:00:00 +0000" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:00:00 +0000" value="79"/>
             </Correlation>
             <Record type="HKQuantityTypeIdentifierBloodGlucose" sourceName="Meter" unit="mmol&lt;180.1558800000541&gt;/L" creationDate="2024-05-01 08:00:00 +0000" startDate="2024-05-01 08:00:00 +0000" endDate="2024-05-01 08:00:00 +0000" value="5.5"/>
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Ana’s Apple Watch" creationDate="2024-05-02 06:00:00 +0000" startDate="2024-05-01 22:00:00 +0000" endDate="2024-05-02 01:00:00 +0000" value="HKCategoryValueSleepAnalysisAsleepCore"/>
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Ana’s Apple Watch" creationDate="2024-05-02 06:00:00 +0000" startDate="2024-05-02 00:30:00 +0000" endDate="2024-05-02 06:00:00 +0000" value="HKCategoryValueSleepAnalysisAsleepDeep"/>
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Sleep App" creationDate="2024-05-02 06:00:00 +0000" startDate="2024-05-01 21:00:00 +0000" endDate="2024-05-02 07:00:00 +0000" value="HKCategoryValueSleepAnalysisAsleep"/>
            </HealthData>
            """)
        let (dataset, report) = try importExport(export, zone: nil, profile: "ana")
        #expect(report.rowsRead == 15 && report.imported + report.skipped == 15 && report.rejected == 0)
        #expect(report.counts(of: .skipped)[.listedApart] == 3)
        #expect(report.counts(of: .skipped)[.lowerPrioritySource] == 2, "the iPhone's steps on the 1st, the app's night")
        #expect(try dataset.text("SELECT value FROM readings WHERE marker = 'oxygen-saturation'") == "97.0")
        #expect(try dataset.text("SELECT group_concat(value, ' ') FROM (SELECT value FROM readings WHERE marker = 'steps' ORDER BY date_epoch)")
                == "480.0 300.0")
        #expect(try dataset.count("SELECT count(*) FROM readings WHERE marker IN ('systolic-bp', 'diastolic-bp')") == 2)
        #expect(try dataset.count("SELECT round(value * 1000) FROM readings WHERE marker = 'blood-glucose'") == 99_088)
        // Samples four minutes apart with the same value are not duplicates.
        #expect(!report.reasons(.warning).contains(.duplicateReading))
        // 22:00-01:00 and 00:30-06:00 overlap: 8 hours of the watch's, not the app's 10.
        #expect(try dataset.text("SELECT night_of || ' ' || duration_min || ' ' || source FROM sleep") == "2024-05-01 480.0 Ana’s Apple Watch")
        #expect(try dataset.text("SELECT birth_date || ' ' || sex || ' ' || time_zone FROM profiles WHERE profile_id = 'ana'")
                == "1980-02-03 female UTC")
        #expect(report.issues.first { $0.severity == .warning }?.message
                == "profile ana is new and the export names no time zone; UTC was used for its days and nights "
                + "(pass --time-zone, or import a profiles row first)")
    }

    @Test("sleep by Aurae's window, 10 PM to 10 AM local (D-04): clipped at both ends, naps outside it skipped, the boundaries either side")
    func sleepWindow() throws {
        func asleep(_ start: String, _ end: String) -> String {
            "<Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"Watch\" creationDate=\"\(start)\" "
                + "startDate=\"\(start)\" endDate=\"\(end)\" value=\"HKCategoryValueSleepAnalysisAsleepCore\"/>"
        }
        // Europe/Berlin is UTC+2 in May: local 21:00 is 19:00Z.
        let records = [
            asleep("2024-05-01 19:00:00 +0000", "2024-05-02 04:00:00 +0000"),  // 21:00-06:00 local: 22:00-06:00 counts, 8 h
            asleep("2024-05-02 07:59:00 +0000", "2024-05-02 09:00:00 +0000"),  // 09:59-11:00: one minute, same night
            asleep("2024-05-02 08:00:00 +0000", "2024-05-02 09:30:00 +0000"),  // 10:00-11:30: a nap, outside
            asleep("2024-05-02 12:00:00 +0000", "2024-05-02 13:00:00 +0000"),  // 14:00-15:00: a nap, outside
            asleep("2024-05-02 19:59:00 +0000", "2024-05-02 20:01:00 +0000"),  // 21:59-22:01: one minute, night of the 2nd
            asleep("2024-05-03 20:00:00 +0000", "2024-05-04 07:00:00 +0000"),  // 22:00-09:00: 11 h, night of the 3rd
            // 8 May 20:00 to 10 May 12:00: the nights of the 8th and 9th, 12 h each (an outside tester's case).
            asleep("2024-05-08 18:00:00 +0000", "2024-05-10 10:00:00 +0000"),
        ]
        let export = minimalExport(records)
        let (dataset, report) = try importExport(export, zone: "Europe/Berlin", profile: "ana")
        #expect(report.rowsRead == 7 && report.imported == 5 && report.counts(of: .skipped)[.outsideSleepWindow] == 2)
        #expect(try dataset.text("SELECT group_concat(night_of || ' ' || duration_min, ', ') FROM (SELECT * FROM sleep ORDER BY night_of)")
                == "2024-05-01 481.0, 2024-05-02 1.0, 2024-05-03 660.0, 2024-05-08 720.0, 2024-05-09 720.0")
    }

    @Test("menstrual flow becomes the factor menstruation on its day (Aurae 5.3: cycle phase auto-filled from Apple Health): the heaviest flow, None skipped, one source a day")
    func menstrualFlow() throws {
        func flow(_ day: String, _ value: String, source: String = "Ana’s iPhone") -> String {
            "<Record type=\"HKCategoryTypeIdentifierMenstrualFlow\" sourceName=\"\(source)\" creationDate=\"\(day) 09:00:00 +0200\" "
                + "startDate=\"\(day) 00:00:00 +0200\" endDate=\"\(day) 00:00:00 +0200\" value=\"HKCategoryValueMenstrualFlow\(value)\"/>"
        }
        let records = [flow("2024-05-01", "Light"), flow("2024-05-01", "Heavy"), flow("2024-05-02", "Unspecified"),
                       flow("2024-05-03", "None"), flow("2024-05-04", "Medium"), flow("2024-05-04", "Heavy", source: "Cycle App")]
        let export = minimalExport(records)
        let (dataset, report) = try importExport(export, zone: "Europe/Berlin", profile: "ana")
        #expect(report.rowsRead == 6 && report.imported == 4 && report.rejected == 0)
        #expect(report.counts(of: .skipped)[.noMenstrualFlow] == 1 && report.counts(of: .skipped)[.lowerPrioritySource] == 1)
        #expect(try dataset.text("SELECT group_concat(at || ' ' || factor || ' ' || COALESCE(value, '-'), ', ') FROM (SELECT * FROM factors ORDER BY at)")
                == "2024-05-01 menstruation 3.0, 2024-05-02 menstruation -, 2024-05-04 menstruation 2.0")
    }

    @Test("an XML file that is not an Apple Health export is refused with what it seems to be")
    func otherXML() throws {
        let gpx = directory.write("track.xml", "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk/></gpx>\n")
        #expect(failure { try importExport(gpx) } == "\(gpx): an XML file whose root element is <gpx>; Cairn reads XML only as "
                + "an Apple Health export (export.xml from the Health app)")
    }
}
