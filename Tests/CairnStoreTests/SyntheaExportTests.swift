import CairnCore
import Foundation
import Testing
@testable import CairnStore

/// Synthea's full CSV export (Fixtures/synthea, 27 patients): patients, encounters,
/// observations, conditions and medications, each into its table, every row accounted for.
@Suite("Synthea export")
struct SyntheaExportTests {
    let directory = TemporaryDirectory()
    let export = fixturePath("synthea")

    @Test("the export directory imports file by file, patients first, every row imported or skipped with its reason")
    func wholeExport() throws {
        let (dataset, report) = try importFiles([export], into: directory)
        #expect(report.files.map(\.format) == ["synthea patients", "synthea encounters", "synthea observations",
                                               "synthea conditions", "synthea medications"])
        // Rows read per file: the data rows counted in PROVENANCE.md.
        #expect(report.files.map(\.rowsRead) == [27, 604, 990, 438, 30])
        for file in report.files { #expect(file.imported + file.rejected + file.skipped == file.rowsRead, "\(file.path)") }
        #expect(report.rejected == 0)
        #expect(try dataset.count("SELECT count(*) FROM profiles") == 27)
        #expect(report.createdProfiles.isEmpty, "every profile comes from patients.csv")
        #expect(try dataset.count("SELECT count(*) FROM visits") == 604)
        #expect(try dataset.count("SELECT count(*) FROM conditions") == 438)
        #expect(try dataset.count("SELECT count(*) FROM conditions WHERE stop IS NOT NULL") == 298)
        #expect(try dataset.count("SELECT count(*) FROM medication_orders") == 30)
        #expect(try dataset.count("SELECT count(*) FROM medications") == 0, "orders are not the diary's doses")
    }

    @Test("values checked by hand against the files: zones from the state, local days, deaths, visit types, orders")
    func values() throws {
        let (dataset, _) = try importFiles([export], into: directory)
        // Every patient lives in Massachusetts.
        #expect(try dataset.count("SELECT count(*) FROM profiles WHERE time_zone = 'America/New_York'") == 27)
        #expect(try dataset.text("SELECT display_name || '|' || birth_date || '|' || sex || '|' || deceased_date FROM profiles "
                                 + "WHERE profile_id = '261ad2a4-7c6f-da54-6a5b-3441beab9a6a'") == "Gene733 Mann644|1973-10-28|male|1976-07-25")
        #expect(try dataset.count("SELECT count(*) FROM profiles WHERE sex = 'female'") == 13)
        // 2023-10-26T00:11:22Z is 20:11 on the 25th in New York (EDT).
        #expect(try dataset.text("SELECT date_day || '|' || visit_type || '|' || visit_type_label || '|' || title FROM visits "
                                 + "WHERE date = '2023-10-26T00:11:22Z'") == "2023-10-25|other|ambulatory|Outpatient procedure")
        #expect(try dataset.text("SELECT visit_type || '|' || title FROM visits WHERE date = '2023-10-10T04:17:47Z'")
                == "physical|Well child visit (procedure)")
        for (label, rows) in [("ambulatory", 174), ("emergency", 17), ("inpatient", 11), ("outpatient", 52), ("urgent care", 2)] {
            #expect(try dataset.count("SELECT count(*) FROM visits WHERE visit_type = 'other' AND visit_type_label = '\(label)'") == rows)
        }
        #expect(try dataset.count("SELECT count(*) FROM visits WHERE visit_type = 'physical'") == 348)
        #expect(try dataset.text("SELECT start_day || '|' || stop_day || '|' || code || '|' || description FROM conditions "
                                 + "WHERE encounter_id = '57f2562b-445c-f11c-ba40-edc55af3c84f'")
                == "2023-01-27|2023-02-09|195662009|Acute viral pharyngitis (disorder)")
        #expect(try dataset.text("SELECT dispenses || '|' || reason || '|' || stop FROM medication_orders WHERE code = '313782'")
                == "1|Acute bronchitis (disorder)|2023-05-23T10:01:59Z")
    }

    @Test("files given one by one in any order load patients first; observations alone still make UTC profiles")
    func order() throws {
        let files = ["medications", "conditions", "observations", "encounters", "patients"].map { export + "/\($0).csv" }
        let (dataset, report) = try importFiles(files, into: directory)
        #expect(report.files.first?.format == "synthea patients")
        #expect(try dataset.count("SELECT count(*) FROM profiles WHERE time_zone = 'America/New_York'") == 27)
    }

    @Test("a patient outside the US states takes --time-zone, or UTC with a warning naming the state")
    func zones() throws {
        let text = "Id,BIRTHDATE,DEATHDATE,FIRST,LAST,GENDER,STATE\n"
            + "a,1990-01-01,,Ann,Lee,F,Ontario\nb,1991-02-02,,Bo,Ng,M,California\nc,1992-03-03,,Cy,Ho,X,Ohio\n"
        let file = directory.write("patients.csv", text)
        let (plain, report) = try importFiles([file], into: directory, name: "plain.sqlite")
        #expect(try plain.text("SELECT time_zone FROM profiles WHERE profile_id = 'a'") == "UTC")
        #expect(try plain.text("SELECT time_zone FROM profiles WHERE profile_id = 'b'") == "America/Los_Angeles")
        let warning = try #require(report.issues.first { $0.severity == .warning })
        #expect(warning.line == 2 && warning.column == 7 && warning.columnName == "STATE")
        #expect(warning.message == "no time zone is known for \"Ontario\"; UTC was used (pass --time-zone to choose one)")
        // An unknown gender rejects its row, with its place.
        let rejected = try #require(report.issues.first { $0.severity == .rejected })
        #expect(rejected.line == 4 && rejected.column == 6 && rejected.message == "\"X\" is not a Synthea gender; expected M or F")
        let dataset = try Dataset.openOrCreate(directory.path + "/zoned.sqlite")
        let zoned = try DatasetImporter(dataset: dataset, options: ImportOptions(
            now: testNow, defaultTimeZone: ProfileTimeZone(identifier: "America/Toronto"))).run(sources: [file])
        #expect(try dataset.text("SELECT time_zone FROM profiles WHERE profile_id = 'a'") == "America/Toronto")
        #expect(try dataset.text("SELECT time_zone FROM profiles WHERE profile_id = 'b'") == "America/Los_Angeles")
        #expect(zoned.warnings == 0)
    }

    @Test("Synthea's allergies.csv of before version 3, with exactly the conditions' columns, is not taken for conditions")
    func oldAllergiesAreNotConditions() throws {
        let header = "START,STOP,PATIENT,ENCOUNTER,CODE,DESCRIPTION"
        #expect(SyntheaFile.recognize(name: "allergies.csv", header: header.split(separator: ",").map(String.init)) == nil)
        #expect(SyntheaFile.recognize(name: "devices.csv", header: header.split(separator: ",").map(String.init)) == nil)
        #expect(SyntheaFile.recognize(name: "conditions.csv", header: header.split(separator: ",").map(String.init)) == .conditions)
        #expect(SyntheaFile.recognize(name: "export-conditions.csv", header: header.split(separator: ",").map(String.init)) == .conditions)
    }

    @Test("a Synthea file Cairn does not read is refused with what it is, and passed over in a directory")
    func otherSyntheaFiles() throws {
        let allergies = directory.write("export/allergies.csv",
                                        "START,STOP,PATIENT,ENCOUNTER,CODE,SYSTEM,DESCRIPTION,TYPE,CATEGORY\n2020-01-01,,p,e,1,SNOMED-CT,Dust,allergy,environment\n")
        #expect(failure { try importFiles([allergies], into: directory) }
                == "\(allergies):1: a file of a Synthea export that Cairn does not read; it reads patients.csv, encounters.csv, "
                + "observations.csv, conditions.csv, medications.csv")
        directory.write("export/patients.csv", "Id,BIRTHDATE,DEATHDATE,FIRST,LAST,GENDER,STATE\np,1990-01-01,,A,B,F,Ohio\n")
        let (_, report) = try importFiles([directory.path + "/export"], into: directory, name: "dir.sqlite")
        #expect(report.ignoredFiles == [allergies])
        #expect(report.imported == 1)
    }
}

/// Datasets made by an earlier Cairn (Fixtures/layouts): read as they are, brought up to date by
/// an import inside its transaction.
@Suite("Dataset layouts")
struct DatasetMigrationTests {
    let directory = TemporaryDirectory()

    func copyOfVersion1() throws -> String {
        let path = directory.path + "/old.sqlite"
        try FileManager.default.copyItem(atPath: fixturePath("layouts/layout-v1.sqlite"), toPath: path)
        return path
    }

    @Test("a layout 1 dataset opens read-only as it is: its rows read, what it lacks reads as empty")
    func readsVersion1() throws {
        let path = try copyOfVersion1()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let dataset = try Dataset.open(path, now: testNow)
        #expect(dataset.layoutVersion == 1)
        #expect(try dataset.count("SELECT count(*) FROM readings") == 3)
        #expect(try dataset.text("SELECT birth_date FROM profiles WHERE profile_id = 'ben'") == "2015-06-30")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("an import migrates a layout 1 dataset (new tables and columns, version recorded); a refused one changes no byte")
    func migratesOnImport() throws {
        let path = try copyOfVersion1()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let bad = directory.write("in/conditions.csv", "profile_id,start,description\nana,not a date,Sprain\n\"open\n")
        #expect(throws: ImportError.self) {
            try DatasetImporter(dataset: try Dataset.openOrCreate(path), options: ImportOptions(now: testNow)).run(sources: [bad])
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let good = directory.write("in2/conditions.csv", "profile_id,start,stop,description\nana,2025-01-02,2025-01-20,Sprain\n")
        let report = try DatasetImporter(dataset: try Dataset.openOrCreate(path), options: ImportOptions(now: testNow))
            .run(sources: [good])
        #expect(report.imported == 1)
        let migrated = try Dataset.open(path, now: testNow)
        #expect(migrated.layoutVersion == DatasetSchema.layoutVersion)
        #expect(try migrated.text("SELECT value FROM cairn_meta WHERE key = 'layout_version'") == String(DatasetSchema.layoutVersion))
        #expect(try migrated.text("SELECT start_day || '|' || stop_day || '|' || description FROM conditions") == "2025-01-02|2025-01-20|Sprain")
        #expect(try migrated.count("SELECT count(*) FROM medication_orders") == 0)
        #expect(try migrated.count("SELECT count(*) FROM profiles WHERE deceased_date IS NULL") == 2)
        // The old rows are untouched.
        #expect(try migrated.count("SELECT count(*) FROM readings") == 3)
        #expect(try migrated.count("SELECT count(*) FROM headaches") == 1)
    }
}
