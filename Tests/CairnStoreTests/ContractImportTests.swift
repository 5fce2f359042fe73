import Testing
@testable import CairnStore

@Suite("Contract import: rejections")
struct ContractRejectionTests {
    let directory = TemporaryDirectory()

    /// Imports a one-table file and returns the reasons rows were rejected for.
    func rejections(_ table: String, _ csv: String) throws -> [ImportIssue.Reason] {
        let file = directory.write(table + ".csv", csv)
        let (_, report) = try importFiles([file], into: directory)
        #expect(report.imported + report.rejected + report.skipped == report.rowsRead)
        return report.reasons(.rejected)
    }

    @Test("a missing required field")
    func missingRequired() throws {
        #expect(try rejections("readings", "profile_id,marker,value,date\np,hdl,,2026-01-01\n,hdl,50,2026-01-01\np,hdl,50,2026-01-01\n")
                == [.missingRequiredField, .missingRequiredField])
    }

    @Test("unparseable and non-finite numbers")
    func numbers() throws {
        #expect(try rejections("readings", "profile_id,marker,value,date\np,hdl,abc,2026-01-01\np,hdl,NaN,2026-01-02\np,hdl,inf,2026-01-03\np,hdl,1,5,2026-01-04\np,hdl,55,2026-01-05\n")
                == [.unparseableNumber, .nonFiniteNumber, .nonFiniteNumber, .raggedRow])
    }

    @Test("unparseable dates and a date where a time is needed; a day-level onset is a date alone")
    func dates() throws {
        #expect(try rejections("readings", "profile_id,marker,value,date\np,hdl,50,2026-02-30\np,hdl,50,01/02/2026\np,hdl,50,2026-02-01\n")
                == [.unparseableDate, .unparseableDate])
        // A timed onset needs a timed resolution; a date-only onset (a day-level diary) may have a date-only one.
        #expect(try rejections("headaches", "profile_id,headache_id,onset_at,resolved_at,severity\np,h1,2026-02-01T08:00,2026-02-01,3\n"
                               + "p,h2,2026-02-01,,3\np,h3,2026-02-02,2026-02-03,3\np,h4,2026-02-05,2026-02-04,3\n")
                == [.unparseableDate, .resolvedBeforeOnset])
    }

    @Test("future readings: today is accepted, tomorrow is not; a time later today is not")
    func future() throws {
        // now is 2026-11-22T12:00Z.
        #expect(try rejections("readings", """
            profile_id,marker,value,date
            p,hdl,50,2026-11-22
            p,hdl,51,2026-11-23
            p,hdl,52,2026-11-22T11:59:59Z
            p,hdl,53,2026-11-22T12:00:01Z
            p,hdl,54,2026-11-22T12:00:00Z
            """) == [.futureReading, .futureReading])
    }

    @Test("the future is judged in the profile's own zone")
    func futureInZone() throws {
        // At 12:00Z it is already 2026-11-23 in Auckland (UTC+13) but not in Honolulu (UTC-10).
        directory.write("profiles.csv", "profile_id,time_zone\nkiwi,Pacific/Auckland\nhawaii,Pacific/Honolulu\n")
        directory.write("readings.csv", "profile_id,marker,value,date\nkiwi,hdl,50,2026-11-23\nhawaii,hdl,50,2026-11-23\nhawaii,hdl,50,2026-11-22\n")
        let (_, report) = try importFiles([directory.path], into: directory)
        #expect(report.issues.filter { $0.severity == .rejected }.map(\.line) == [3])
    }

    @Test("a unit that cannot be converted; a convertible one is stored converted")
    func units() throws {
        #expect(try rejections("readings", "profile_id,marker,value,unit,date\np,hdl,50,%,2026-01-01\np,hdl,1.3,mmol/L,2026-01-02\np,hdl,50,,2026-01-03\n")
                == [.unconvertibleUnit])
        let dataset = try Dataset.open(directory.path + "/data.sqlite", now: testNow)
        #expect(try dataset.text("SELECT value || ' ' || unit || ' from ' || entered_value || ' ' || entered_unit FROM readings WHERE date = '2026-01-02'")
                == "50.271 mg/dL from 1.3 mmol/L")
    }

    @Test("a marker nothing resolves, with a suggestion")
    func unknownMarker() throws {
        let file = directory.write("readings.csv", "profile_id,marker,value,date\np,trigliserides,150,2026-01-01\n")
        let (_, report) = try importFiles([file], into: directory)
        #expect(report.reasons(.rejected) == [.unknownMarker])
        #expect(report.issues[0].message.contains("did you mean \"Triglycerides\"?"))
        #expect(report.issues[0].locatedMessage.hasPrefix(file + ":2:2 (marker): "))
    }

    @Test("severity outside the scale, at and beside each allowed value")
    func severity() throws {
        let rows = ["0", "1", "2", "3", "4", "5", "6", "severe", "extreme"].enumerated()
            .map { "p,h\($0.offset),2026-01-01T08:00,\($0.element)" }.joined(separator: "\n")
        #expect(try rejections("headaches", "profile_id,headache_id,onset_at,severity\n" + rows + "\n")
                == [.severityOutOfScale, .severityOutOfScale, .severityOutOfScale, .severityOutOfScale, .severityOutOfScale])
    }

    @Test("an empty severity is stored as moderate with a warning (Aurae: 'optional — defaults to Moderate'); a file without the column too")
    func severityDefaultsToModerate() throws {
        let file = directory.write("headaches.csv", "profile_id,headache_id,onset_at,severity\np,h1,2026-01-01T08:00,\np,h2,2026-01-02T08:00,mild\np,h3,2026-01-03T08:00,  \n")
        let (dataset, report) = try importFiles([file], into: directory)
        #expect(report.rejected == 0 && report.imported == 3)
        #expect(report.reasons(.warning) == [.severityDefaulted, .severityDefaulted])
        #expect(report.issues.map(\.line) == [2, 4] && report.issues.allSatisfy { $0.column == 4 })
        #expect(try dataset.text("SELECT group_concat(severity, ' ') FROM (SELECT severity FROM headaches ORDER BY headache_id)") == "3 1 3")
        #expect(report.text().contains("no severity given: stored as moderate (3)"))

        let bare = directory.write("more/headaches.csv", "profile_id,headache_id,onset_at\nq,h1,2026-01-01T08:00\n")
        let again = try DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow)).run(sources: [bare])
        #expect(again.imported == 1 && again.reasons(.warning) == [.severityDefaulted] && again.issues[0].column == nil)
    }

    @Test("MediFamily's relationship types are accepted as the seed writes them (Father, Mother, Grandparents); others are refused")
    func relationships() throws {
        let file = directory.write("profiles.csv", """
            profile_id,time_zone,relationship
            a,UTC,Father
            b,UTC,Mother
            c,UTC,Grandparents
            d,UTC,Spouse
            e,UTC,sibling
            f,UTC,uncle
            """)
        let (dataset, report) = try importFiles([file], into: directory)
        #expect(report.imported == 5 && report.reasons(.rejected) == [.invalidValue] && report.issues[0].line == 7)
        #expect(try dataset.text("SELECT group_concat(relationship, ' ') FROM (SELECT relationship FROM profiles ORDER BY profile_id)")
                == "father mother grandparent spouse sibling")
    }

    @Test("a duplicate headache_id within a profile, in one file and across imports; other profiles may reuse it")
    func duplicateHeadache() throws {
        #expect(try rejections("headaches", "profile_id,headache_id,onset_at,severity\np,h1,2026-01-01T08:00,3\np,h1,2026-01-02T08:00,3\nq,h1,2026-01-02T08:00,3\n")
                == [.duplicateHeadacheID])
        #expect(try rejections("headaches", "profile_id,headache_id,onset_at,severity\np,h1,2026-01-05T08:00,3\np,h2,2026-01-05T09:00,1\n")
                == [.duplicateHeadacheID])
    }

    @Test("resolved before onset; resolved at onset is fine")
    func resolvedBeforeOnset() throws {
        #expect(try rejections("headaches", "profile_id,headache_id,onset_at,resolved_at,severity\np,h1,2026-01-01T08:00,2026-01-01T07:59,3\np,h2,2026-01-01T08:00,2026-01-01T08:00,3\n")
                == [.resolvedBeforeOnset])
    }

    @Test("invalid values: choices, booleans and ranges")
    func invalidValues() throws {
        #expect(try rejections("visits", "profile_id,date,visit_type\np,2026-01-01,dentist\np,2026-01-01,Lab Work\np,2026-01-01,labwork\n")
                == [.invalidValue])
        #expect(try rejections("medications", "profile_id,taken_at,name,is_acute,effectiveness\np,2026-01-01T08:00,Ibuprofen,maybe,3\np,2026-01-01T08:00,Ibuprofen,yes,0\np,2026-01-01T08:00,Ibuprofen,yes,6\np,2026-01-01T08:00,Ibuprofen,,5\np,2026-01-01T08:00,Ibuprofen,no,1\n")
                == [.invalidValue, .invalidValue, .invalidValue])
        #expect(try rejections("sleep", "profile_id,night_of,duration_min,quality\np,2026-01-01,-1,3\np,2026-01-02,1441,3\np,2026-01-03,0,3\np,2026-01-04,1440,5\np,2026-01-05,400,0\n")
                == [.invalidValue, .invalidValue, .invalidValue])
    }

    @Test("weather: a bad measurement is left out with a warning naming its place; the row keeps the others; a row with none is rejected")
    func weatherFields() throws {
        let file = directory.write("weather.csv", """
            observed_at,humidity_pct,pressure_hpa,temperature_c
            2026-01-01T00:00Z,101,1000,4
            2026-01-01T01:00Z,100,1000,4
            2026-01-01T02:00Z,50,849,4
            2026-01-01T03:00Z,fifty,1090,-90
            2026-01-01T04:00Z,-1,1091,61
            """)
        let (dataset, report) = try importFiles([file], into: directory)
        #expect(report.rowsRead == 5 && report.imported == 4 && report.rejected == 1)
        let warnings = report.issues.filter { $0.severity == .warning }
        #expect(warnings.map { "\($0.line):\($0.column ?? 0):\($0.reason.rawValue)" }
                == ["2:2:field_left_out", "4:3:field_left_out", "5:2:field_left_out",
                    "6:2:field_left_out", "6:3:field_left_out", "6:4:field_left_out"])
        #expect(warnings[0].message == "101% is not a relative humidity (0-100); the value was left out and the row's other measurements kept")
        #expect(warnings[2].message.hasPrefix("\"fifty\" is not a number"))
        let rejected = try #require(report.issues.first { $0.severity == .rejected })
        #expect(rejected.line == 6 && rejected.reason == .noMeasurement)
        // Each boundary is inside: 100%, 1090 hPa, -90 °C are kept; 101%, 849 hPa, 1091 hPa, 61 °C are not.
        #expect(try dataset.text("""
            SELECT group_concat(coalesce(humidity_pct, '-') || '/' || coalesce(pressure_hpa, '-') || '/' || coalesce(temperature_c, '-'), ' ')
            FROM (SELECT * FROM weather ORDER BY observed_at_epoch)
            """) == "-/1000.0/4.0 100.0/1000.0/4.0 50.0/-/4.0 -/1090.0/-90.0")
    }

    @Test("an unknown time zone, with a suggestion; a profile defined twice")
    func profiles() throws {
        let file = directory.write("profiles.csv", "profile_id,time_zone\na,Europe/Berln\nb,Europe/Berlin\nb,Europe/Paris\n")
        let (_, report) = try importFiles([file], into: directory)
        #expect(report.reasons(.rejected) == [.unknownTimeZone, .duplicateProfileID])
        #expect(report.issues[0].message.contains("did you mean Europe/Berlin?"))
    }

    @Test("a custom marker that takes a library name")
    func markerConflict() throws {
        #expect(try rejections("markers", "marker_id,display_name,unit,aliases\nketones,Ketones,mmol/L,BHB\nhdl,Mine,mg/dL,\nmy-hdl,My HDL,mg/dL,good cholesterol\n")
                == [.markerNameConflict, .markerNameConflict])
    }

    @Test("ragged rows, malformed quoting and invalid UTF-8 are rejected by line")
    func structure() throws {
        let file = directory.write("readings.csv", bytes: Array("profile_id,marker,value,date\np,hdl,50\n\"p\"x,hdl,50,2026-01-01\np,hdl,50,2026-01-01,extra\np,hdl,50,2026-01-01\n".utf8)
                                   + Array("p,".utf8) + [0xC3, 0x28] + Array(",50,2026-01-01\n".utf8))
        let (_, report) = try importFiles([file], into: directory)
        #expect(report.reasons(.rejected) == [.raggedRow, .malformedQuoting, .raggedRow, .invalidUTF8])
        #expect(report.issues.map(\.line) == [2, 3, 4, 6])
        #expect(report.imported == 1)
    }
}

@Suite("Contract import: warnings")
struct ContractWarningTests {
    let directory = TemporaryDirectory()

    @Test("outside the plausible range, at and beside both ends; kept")
    func implausible() throws {
        let file = directory.write("readings.csv", "profile_id,marker,value,date\np,hdl,4.9,2026-01-01\np,hdl,5,2026-01-02\np,hdl,200,2026-01-03\np,hdl,200.1,2026-01-04\n")
        let (dataset, report) = try importFiles([file], into: directory)
        #expect(report.reasons(.warning) == [.implausibleValue, .implausibleValue])
        #expect(report.issues.map(\.line) == [2, 5])
        #expect(try dataset.count("SELECT count(*) FROM readings") == 4)
    }

    @Test("about ten times the usual value gets a \"did you mean\", inside or outside the plausible range")
    func tenfold() throws {
        let file = directory.write("readings.csv", """
            profile_id,marker,value,date
            p,hdl,88,2026-01-01
            p,hdl,90,2026-02-01
            p,hdl,89,2026-03-01
            p,hdl,890,2026-04-01
            p,hdl,8.9,2026-05-01
            p,hdl,60,2026-06-01
            p,hdl,600,2026-07-01
            p,hdl,1400,2026-08-01
            """)
        let (_, report) = try importFiles([file], into: directory)
        let warnings = report.issues.filter { $0.severity == .warning }
        // 890: implausible and ten times off; 8.9: plausible but a tenth; 600 is 6.7x the
        // usual (under the band); 1400 is implausible but 15.7x, beyond the band.
        #expect(warnings.map(\.reason) == [.implausibleValue, .tenfoldOutlier, .implausibleValue, .implausibleValue])
        #expect(warnings.map(\.didYouMean) == [89, 89, nil, nil])
        #expect(warnings[0].message.contains("did you mean 89?"))
    }

    @Test("no tenfold check before three readings, and none for custom markers")
    func tenfoldNeedsHistory() throws {
        directory.write("markers.csv", "marker_id,display_name,unit,plausible_min,plausible_max\nketones,Ketones,mmol/L,0,1\n")
        directory.write("readings.csv", "profile_id,marker,value,date\np,hdl,88,2026-01-01\np,hdl,90,2026-02-01\np,hdl,890,2026-03-01\np,ketones,1,2026-01-01\np,ketones,1,2026-02-01\np,ketones,1,2026-03-01\np,ketones,10,2026-04-01\n")
        let (_, report) = try importFiles([directory.path], into: directory)
        #expect(report.reasons(.warning) == [.implausibleValue])
        #expect(report.issues[0].didYouMean == nil)
    }

    @Test("Glance's duplicate rule compares dates: the same value on the same local date at another clock time is flagged, the next date is not")
    func duplicateByDate() throws {
        // Glance 5.2: "same marker, same value, and same date of service". Profile p is in UTC.
        let file = directory.write("readings.csv", """
            profile_id,marker,value,date
            p,hdl,89,2026-01-01T09:30
            p,hdl,89,2026-01-01T18:00
            p,hdl,89,2026-01-01T23:59
            p,hdl,89,2026-01-02T00:00
            p,hdl,88,2026-01-02T08:00
            """)
        let (dataset, report) = try importFiles([file], into: directory)
        #expect(report.reasons(.warning) == [.duplicateReading, .duplicateReading])
        #expect(report.issues.map(\.line) == [3, 4])
        #expect(report.issues[0].message == "p already has a HDL Cholesterol reading of 89 mg/dL on 2026-01-01 (kept)")
        #expect(try dataset.count("SELECT count(*) FROM readings") == 5)
    }

    @Test("an exact duplicate reading, same profile, marker, value and local day; kept")
    func duplicate() throws {
        let file = directory.write("readings.csv", """
            profile_id,marker,value,date
            p,hdl,89,2026-01-01
            p,HDL-C,89,2026-01-01T09:30
            p,hdl,90,2026-01-01
            p,hdl,89,2026-01-02
            q,hdl,89,2026-01-01
            """)
        let (dataset, report) = try importFiles([file], into: directory)
        #expect(report.reasons(.warning) == [.duplicateReading])
        #expect(report.issues[0].line == 3)
        #expect(try dataset.count("SELECT count(*) FROM readings") == 5)
        // Importing the same file again duplicates every row, with a warning each.
        let again = try DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow)).run(sources: [file])
        #expect(again.reasons(.warning).count == 5)
    }

    @Test("unknown columns are reported once and ignored; header names match in any case and order")
    func unknownColumn() throws {
        let file = directory.write("readings.csv", "Value,MARKER,Lab,profile_id,date\n89,hdl,Quest,p,2026-01-01\n")
        let (dataset, report) = try importFiles([file], into: directory)
        #expect(report.reasons(.warning) == [.unknownColumn])
        #expect(report.issues[0].line == 1 && report.issues[0].column == 3)
        #expect(report.files[0].ignoredColumns == ["Lab"])
        #expect(try dataset.count("SELECT value FROM readings") == 89)
    }

    @Test("a medication naming a headache the profile does not have")
    func unknownHeadache() throws {
        directory.write("headaches.csv", "profile_id,headache_id,onset_at,severity\np,h1,2026-01-01T08:00,3\n")
        directory.write("medications.csv", "profile_id,taken_at,name,headache_id\np,2026-01-01T09:00,Ibuprofen,h1\np,2026-01-01T09:00,Ibuprofen,h2\n")
        let (_, report) = try importFiles([directory.path], into: directory)
        #expect(report.reasons(.warning) == [.unknownHeadache])
        #expect(report.rejected == 0)
    }
}
