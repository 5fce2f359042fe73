import Testing
@testable import CairnStore

/// The Synthea importer on a real Synthea v3.0.0 export (Fixtures/synthea, 27 patients).
@Suite("Synthea import")
struct SyntheaImportTests {
    let directory = TemporaryDirectory()
    let observations = fixturePath("synthea/observations.csv")

    @Test("is recognised by its header, and every row is imported or skipped")
    func wholeExport() throws {
        let (dataset, report) = try importFiles([observations], into: directory)
        #expect(report.files.map(\.format) == ["synthea observations"])
        #expect(report.rowsRead == 990)
        #expect(report.imported + report.rejected + report.skipped == 990)
        #expect(report.rejected == 0)
        #expect(report.counts(of: .skipped)[.textObservation] == 391)
        #expect(try dataset.count("SELECT count(*) FROM readings") == report.imported)
        // Two of the 27 patients have only text or unmapped observations: skipped rows create
        // no profile.
        #expect(try dataset.count("SELECT count(DISTINCT profile_id) FROM readings") == 25)
        #expect(report.createdProfiles.count == 25)
        #expect(try dataset.count("SELECT count(*) FROM profiles WHERE time_zone = 'UTC'") == 25)
    }

    @Test("LOINC codes map to library markers; codes no marker lists are skipped and counted by code")
    func codes() throws {
        let (dataset, report) = try importFiles([observations], into: directory)
        // Vital signs, lipids, metabolic panel and blood counts the library has.
        for (marker, rows) in [("systolic-bp", 27), ("diastolic-bp", 27), ("heart-rate", 27), ("weight", 27),
                               ("height", 27), ("bmi", 25), ("hdl", 9), ("ldl", 9), ("total-cholesterol", 9),
                               ("triglycerides", 9), ("a1c", 7), ("fasting-glucose", 10), ("creatinine", 10),
                               ("bun", 10), ("calcium", 10), ("sodium", 10), ("potassium", 10), ("wbc", 5),
                               ("platelets", 5), ("hemoglobin", 5), ("hematocrit", 5), ("egfr", 3), ("alt", 3),
                               ("ast", 3), ("respiratory-rate", 27), ("body-temperature", 1)] {
            #expect(try dataset.count("SELECT count(*) FROM readings WHERE marker = '\(marker)'") == rows, "\(marker)")
        }
        #expect(report.skippedCodes["72514-3"]?.rows == 27)
        #expect(report.skippedCodes["QALY"]?.rows == 25)
        #expect(report.skippedCodes["72514-3"]?.description.hasPrefix("Pain severity") == true)
        let skippedNumeric = report.skippedCodes.values.reduce(0) { $0 + $1.rows }
        #expect(skippedNumeric == report.counts(of: .skipped)[.unmappedCode])
        #expect(report.imported + skippedNumeric + 391 == 990)
    }

    @Test("UCUM units are converted like any other unit and kept as entered")
    func units() throws {
        let (dataset, _) = try importFiles([observations], into: directory)
        #expect(try dataset.text("SELECT DISTINCT unit || ' from ' || entered_unit FROM readings WHERE marker = 'systolic-bp'")
                == "mmHg from mm[Hg]")
        #expect(try dataset.text("SELECT DISTINCT unit || ' from ' || entered_unit FROM readings WHERE marker = 'platelets'")
                == "10^3/µL from 10*3/uL")
        #expect(try dataset.text("SELECT DISTINCT unit FROM readings WHERE marker = 'body-temperature'") == "°C")
        // Values that needed no conversion are stored as given.
        #expect(try dataset.text("SELECT value FROM readings WHERE marker = 'height' ORDER BY date_epoch, id LIMIT 1") != nil)
    }

    @Test("a 'null' unit means none given, and timestamps are UTC instants")
    func nullUnitAndTimes() throws {
        let file = directory.write("obs/observations.csv", """
            DATE,PATIENT,ENCOUNTER,CATEGORY,CODE,DESCRIPTION,VALUE,UNITS,TYPE
            2023-10-10T04:17:47Z,p1,e1,vital-signs,8867-4,Heart rate,72.0,null,numeric
            2023-10-10T23:30:00Z,p1,,,2085-9,HDL,abc,mg/dL,numeric
            2023-10-10T04:17:47Z,p1,e1,survey,72166-2,Tobacco smoking status,Never smoked,,text
            2099-01-01T00:00:00Z,p1,e1,laboratory,2085-9,HDL,55,mg/dL,numeric
            2023-10-11T04:17:47Z,p1,e1,laboratory,2085-9,HDL,1.5,mmol/L,numeric
            """)
        let (dataset, report) = try importFiles([file], into: directory)
        #expect(report.imported == 2)
        #expect(report.reasons(.rejected) == [.unparseableNumber, .futureReading])
        #expect(report.skipped == 1)
        #expect(try dataset.text("SELECT unit FROM readings WHERE marker = 'heart-rate'") == "bpm")
        #expect(try dataset.text("SELECT date_day FROM readings WHERE marker = 'heart-rate'") == "2023-10-10")
        #expect(try dataset.count("SELECT round(value * 1000) FROM readings WHERE marker = 'hdl'") == 58_005)
    }

    @Test("--input-format synthea refuses a file without Synthea's header; contract refuses observations.csv")
    func forcedFormats() throws {
        let readings = directory.write("readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\n")
        let dataset = try Dataset.openOrCreate(directory.path + "/data.sqlite")
        let synthea = DatasetImporter(dataset: dataset, options: ImportOptions(inputFormat: .synthea, now: testNow))
        #expect(throws: ImportError.self) { try synthea.run(sources: [readings]) }
        let contract = DatasetImporter(dataset: dataset, options: ImportOptions(inputFormat: .contract, now: testNow))
        #expect(throws: ImportError.self) { try contract.run(sources: [observations]) }
        #expect(try synthea.run(sources: [observations]).imported > 0)
    }
}
