import CairnCore
import CairnSynth
import Foundation
import Testing
@testable import CairnStore

/// The FHIR R4 importer on real generator output (Fixtures/fhir, carebundle 0.5.0): every
/// number is checked against an independent reading of the raw JSON (`RawFHIR`, which walks the
/// files with JSONSerialization and none of Cairn's FHIR code).
@Suite("FHIR import")
struct FHIRImportTests {
    let directory = TemporaryDirectory()
    static let zone = "America/New_York"

    func importFHIR(_ sources: [String], name: String = "data.sqlite", zone: String? = FHIRImportTests.zone) throws -> (Dataset, ImportReport) {
        let dataset = try Dataset.openOrCreate(directory.path + "/" + name)
        let options = ImportOptions(now: testNow, defaultTimeZone: zone.flatMap(ProfileTimeZone.init(identifier:)))
        return (dataset, try DatasetImporter(dataset: dataset, options: options).run(sources: sources))
    }

    /// Every reading as `profile|marker|value as entered|local day`, sorted.
    func readings(_ dataset: Dataset) throws -> [String] {
        let statement = try dataset.database.prepare(
            "SELECT profile_id, marker, coalesce(entered_value, value), date_day FROM readings")
        var rows: [String] = []
        while try statement.step() {
            rows.append("\(statement.text(0)!)|\(statement.text(1)!)|\(statement.double(2))|\(statement.text(3)!)")
        }
        return rows.sorted()
    }

    @Test("bundles, histories and a Bulk Data export: every numeric value is a reading on its day, each code on its marker",
          arguments: ["bundles", "history", "ndjson", "ndjson-as-bundles"])
    func everyNumber(folder: String) throws {
        let raw = try RawFHIR(folder: fixturePath("fhir/" + folder), zone: FHIRImportTests.zone)
        let (dataset, report) = try importFHIR([fixturePath("fhir/" + folder)])
        #expect(report.rejected == 0)
        #expect(report.imported + report.skipped == report.rowsRead)
        #expect(report.rowsRead == raw.resourceCount)
        #expect(!raw.values.isEmpty)
        let expected = raw.values.map { value -> String in
            let marker = MarkerLibrary.builtIn.resolve(value.code).flatMap { $0.loincCodes.contains(value.code) ? $0.id : nil }
                ?? "loinc-" + value.code
            return "\(value.profile)|\(marker)|\(value.value)|\(value.day)"
        }.sorted()
        #expect(try readings(dataset) == expected)
        // Codes the library lacks are custom markers named after their code, with its display and unit.
        for (code, entry) in raw.customCodes where MarkerLibrary.builtIn.resolve(code) == nil {
            #expect(try dataset.text("SELECT display_name || '|' || unit || '|' || loinc FROM markers WHERE marker_id = 'loinc-\(code)'")
                    == "\(entry.display)|\(entry.unit)|\(code)")
        }
    }

    @Test("patients become profiles, encounters visits on their local day, conditions their visit's condition",
          arguments: ["bundles", "history", "ndjson"])
    func profilesAndVisits(folder: String) throws {
        let raw = try RawFHIR(folder: fixturePath("fhir/" + folder), zone: FHIRImportTests.zone)
        let (dataset, _) = try importFHIR([fixturePath("fhir/" + folder)])
        let profiles = try dataset.database.prepare("SELECT profile_id, display_name, birth_date, sex, time_zone FROM profiles")
        var found: [String] = []
        while try profiles.step() { found.append((0..<5).map { profiles.text(Int32($0)) ?? "" }.joined(separator: "|")) }
        #expect(found.sorted() == raw.patients.map { "\($0.id)|\($0.name)|\($0.birthDate)|\($0.gender)|\(FHIRImportTests.zone)" }.sorted())
        let visits = try dataset.database.prepare("SELECT profile_id, date_day, visit_type, visit_type_label, title, coalesce(condition, '') FROM visits")
        var foundVisits: [String] = []
        while try visits.step() { foundVisits.append((0..<6).map { visits.text(Int32($0)) ?? "" }.joined(separator: "|")) }
        #expect(foundVisits.sorted() == raw.encounters.map {
            "\($0.profile)|\($0.day)|other|\($0.classDisplay)|\($0.typeText)|\($0.conditions.joined(separator: "; "))"
        }.sorted())
        #expect(try dataset.count("SELECT count(*) FROM medication_orders") == raw.medicationRequests)
    }

    @Test("a Bulk Data export gives the same dataset as Bundles of the same patients")
    func ndjsonMatchesBundles() throws {
        let (fromNDJSON, ndjsonReport) = try importFHIR([fixturePath("fhir/ndjson")], name: "ndjson.sqlite")
        let (fromBundles, bundleReport) = try importFHIR([fixturePath("fhir/ndjson-as-bundles")], name: "bundles.sqlite")
        #expect(ndjsonReport.imported == bundleReport.imported)
        for query in [
            "SELECT profile_id, display_name, time_zone, birth_date, sex FROM profiles ORDER BY 1",
            "SELECT profile_id, marker, value, unit, date, date_day, entered_value, entered_unit, source FROM readings ORDER BY 1, 2, 3, 5",
            "SELECT profile_id, date, date_day, visit_type, visit_type_label, title, condition FROM visits ORDER BY 1, 2",
            "SELECT profile_id, start, code, description, encounter_id FROM medication_orders ORDER BY 1, 2, 3",
            "SELECT marker_id, display_name, unit, loinc FROM markers ORDER BY 1",
        ] {
            let a = try rows(fromNDJSON, query), b = try rows(fromBundles, query)
            #expect(!a.isEmpty)
            #expect(a == b, "\(query)")
        }
    }

    func rows(_ dataset: Dataset, _ sql: String) throws -> [String] {
        let statement = try dataset.database.prepare(sql)
        var rows: [String] = []
        while try statement.step() {
            rows.append((0..<statement.columnCount).map { statement.text(Int32($0)) ?? "∅" }.joined(separator: "|"))
        }
        return rows
    }

    @Test("resource types Cairn has no table for are skipped and counted by type")
    func skippedTypes() throws {
        let raw = try RawFHIR(folder: fixturePath("fhir/bundles"), zone: FHIRImportTests.zone)
        let (_, report) = try importFHIR([fixturePath("fhir/bundles")])
        for type in ["DiagnosticReport", "Practitioner", "AllergyIntolerance"] {
            #expect(report.skippedCodes[type]?.rows == raw.typeCounts[type], "\(type)")
        }
        #expect(report.counts(of: .skipped)[.unimportedResource] == raw.typeCounts.filter {
            !["Patient", "Observation", "Encounter", "Condition", "MedicationRequest"].contains($0.key)
        }.values.reduce(0, +))
    }

    @Test("bad input is one line each with file, line and JSON path; the rest is imported")
    func badLines() throws {
        let patient = #"{"resourceType":"Patient","id":"p1","name":[{"given":["Ada"],"family":"Quill"}],"gender":"female","birthDate":"1980-02-03"}"#
        func observation(_ extra: String, code: String = "2085-9", unit: String = "mg/dL", value: String = "55") -> String {
            #"{"resourceType":"Observation","status":"final","code":{"coding":[{"system":"http://loinc.org","code":"\#(code)"}]},"# + extra
                + #""effectiveDateTime":"2026-03-01T10:00:00Z","valueQuantity":{"value":\#(value),"unit":"\#(unit)","system":"http://unitsofmeasure.org","code":"\#(unit)"}}"#
        }
        let subject = #""subject":{"reference":"Patient/p1"},"#
        let lines = [
            observation(subject),                                              // 1 imported
            #"{"resourceType":"Observation", "status": "#,                     // 2 invalid JSON
            #"{"id":"x","status":"final"}"#,                                   // 3 no resourceType
            observation(subject + #""meta":{"profile":["http://hl7.org/fhir/5.0/StructureDefinition/Observation"]},"#), // 4 R5
            observation(""),                                                   // 5 no subject
            observation(subject, unit: "kg"),                                  // 6 wrong unit
            observation(#""subject":{"reference":"Patient/nobody"},"#),        // 7 dangling
            observation(subject, value: "\"high\""),                           // 8 not a number
            observation(subject, code: "2345-7", unit: "mmol/L", value: "5.5"), // 9 converted, kept as entered
        ]
        directory.write("bulk/Patient.ndjson", patient + "\n")
        let file = directory.write("bulk/Observation.ndjson", lines.joined(separator: "\n") + "\n")
        let (dataset, report) = try importFHIR([directory.path + "/bulk"])
        #expect(report.rowsRead == 10)
        #expect(report.imported == 3)
        #expect(report.rejected == 7)
        let rejected = report.issues.filter { $0.severity == .rejected }
        #expect(rejected.map(\.line) == [2, 3, 4, 5, 6, 7, 8])
        #expect(rejected.allSatisfy { $0.file == file })
        #expect(rejected.map(\.reason) == [.invalidJSON, .missingRequiredField, .notR4, .missingRequiredField, .unconvertibleUnit,
                                           .danglingReference, .unparseableNumber])
        #expect(rejected.map { $0.columnName ?? "" } == ["$", "$.resourceType", "Observation.meta.profile[0]",
                                                          "Observation.subject", "Observation.valueQuantity.unit",
                                                          "Observation.subject.reference", "Observation.valueQuantity.value"])
        #expect(try readings(dataset) == ["p1|fasting-glucose|5.5|2026-03-01", "p1|hdl|55.0|2026-03-01"])
        // 5.5 mmol/L of glucose is 5.5 × 18.016 mg/dL, with what was entered kept.
        #expect(try dataset.text("SELECT value || ' ' || unit || ' from ' || entered_value || ' ' || entered_unit FROM readings WHERE marker = 'fasting-glucose'")
                == "\(5.5 * 18.016) mg/dL from 5.5 mmol/L")
        // The rejects file holds each rejected line as it was.
        let rejects = try String(contentsOfFile: report.rejectsFile ?? "", encoding: .utf8)
        #expect(rejects.contains("Patient/nobody"))
    }

    @Test("a Bundle that is not JSON is one rejection with its line; the other files are imported")
    func brokenBundle() throws {
        let good = fixturePath("fhir/bundles/mixed-7-0000.json")
        let broken = directory.write("broken.json", "{\n  \"resourceType\": \"Bundle\",\n  \"type\": \"collection\",\n  \"entry\": [ {\n")
        let (_, report) = try importFHIR([good, broken])
        #expect(report.files.first { $0.path == broken }?.rejected == 1)
        #expect(report.files.first { $0.path == broken }?.rowsRead == 1)
        #expect(report.files.first { $0.path == good }?.rejected == 0)
        let issue = report.issues.first { $0.severity == .rejected }
        #expect(issue?.reason == .invalidJSON)
        #expect(issue?.file == broken)
        #expect(issue?.line == 4)  // the last line with text: the file ends inside the entry opened there
        #expect((report.files.first { $0.path == good }?.imported ?? 0) > 30)
    }

    @Test("the date is effectiveDateTime, else effectivePeriod.start, else issued; the day is local, either side of midnight")
    func datesAndDays() throws {
        let patient = #"{"resourceType":"Patient","id":"p1","gender":"male","birthDate":"1970-01-01","address":[{"state":"CA"}]}"#
        func weight(_ when: String) -> String {
            #"{"resourceType":"Observation","subject":{"reference":"Patient/p1"},"code":{"coding":[{"system":"http://loinc.org","code":"29463-7"}]},"#
                + when + #","valueQuantity":{"value":70,"unit":"kg"}}"#
        }
        let lines = [
            weight(#""effectiveDateTime":"2026-03-02T07:59:59Z","effectivePeriod":{"start":"2026-05-01T12:00:00Z"},"issued":"2026-06-01T12:00:00Z""#),
            weight(#""effectivePeriod":{"start":"2026-03-02T08:00:00Z"},"issued":"2026-06-01T12:00:00Z""#),
            weight(#""issued":"2026-03-03T08:00:01Z""#),
            weight(#""status":"final""#),
        ]
        directory.write("d/Patient.ndjson", patient)
        directory.write("d/Observation.ndjson", lines.joined(separator: "\n"))
        let (dataset, report) = try importFHIR([directory.path + "/d"], zone: nil)
        // CA is America/Los_Angeles (UTC-8 in March before the change): 07:59:59Z is still the 1st.
        #expect(try dataset.text("SELECT time_zone FROM profiles") == "America/Los_Angeles")
        #expect(report.profileZones == [ImportReport.ProfileZone(profile: "p1", zone: "America/Los_Angeles", from: "address state CA")])
        #expect(report.text().contains("Time zones of patients: p1 America/Los_Angeles (address state CA)"))
        #expect(try rows(dataset, "SELECT date, date_day FROM readings ORDER BY id")
                == ["2026-03-02T07:59:59Z|2026-03-01", "2026-03-02T08:00:00Z|2026-03-02", "2026-03-03T08:00:01Z|2026-03-03"])
        #expect(report.issues.filter { $0.severity == .rejected }.map { $0.columnName ?? "" } == ["Observation.effectiveDateTime"])
    }

    @Test("a numeric code the library lacks becomes one custom marker; a second unit for it is a rejection")
    func customMarker() throws {
        let patient = #"{"resourceType":"Patient","id":"p1"}"#
        func albumin(_ value: Double, _ unit: String) -> String {
            #"{"resourceType":"Observation","subject":{"reference":"Patient/p1"},"effectiveDateTime":"2026-01-05","code":{"coding":[{"system":"http://loinc.org","code":"1751-7","display":"Albumin"}]},"valueQuantity":{"value":\#(value),"unit":"\#(unit)"}}"#
        }
        let text = #"{"resourceType":"Observation","subject":{"reference":"Patient/p1"},"effectiveDateTime":"2026-01-05","code":{"coding":[{"system":"http://loinc.org","code":"5778-6"}]},"valueString":"yellow"}"#
        directory.write("c/Patient.ndjson", patient)
        directory.write("c/Observation.ndjson", [albumin(3.7, "g/dL"), albumin(4.1, "g/dL"), albumin(37, "g/L"), text].joined(separator: "\n"))
        let (dataset, report) = try importFHIR([directory.path + "/c"])
        #expect(try rows(dataset, "SELECT marker_id, display_name, unit FROM markers") == ["loinc-1751-7|Albumin|g/dL"])
        #expect(try dataset.count("SELECT count(*) FROM readings WHERE marker = 'loinc-1751-7'") == 2)
        #expect(report.issues.filter { $0.severity == .rejected }.map(\.reason) == [.unconvertibleUnit])
        #expect(report.skippedCodes["5778-6"]?.rows == 1)
        #expect(report.counts(of: .skipped)[.textObservation] == 1)
    }

    @Test("a MedicationRequest is an order; a MedicationStatement with a time of day a dose taken; without one, skipped")
    func medications() throws {
        let patient = #"{"resourceType":"Patient","id":"p1"}"#
        let drug = #""medicationCodeableConcept":{"coding":[{"system":"http://www.nlm.nih.gov/research/umls/rxnorm","code":"5640"}],"text":"Ibuprofen 400 MG"},"subject":{"reference":"Patient/p1"}"#
        let lines = [
            #"{"resourceType":"MedicationRequest","authoredOn":"2026-01-01","#  + drug + "}",
            #"{"resourceType":"MedicationStatement","effectiveDateTime":"2026-02-03T14:30:00+01:00","dosage":[{"text":"1 tablet"}],"# + drug + "}",
            #"{"resourceType":"MedicationStatement","effectivePeriod":{"start":"2026-02-04T08:00:00Z"},"# + drug + "}",
            #"{"resourceType":"MedicationStatement","effectiveDateTime":"2026-02-05","# + drug + "}",
            #"{"resourceType":"MedicationRequest","# + drug + "}",
        ]
        directory.write("m/Patient.ndjson", patient)
        directory.write("m/MedicationRequest.ndjson", lines.joined(separator: "\n"))
        let (dataset, report) = try importFHIR([directory.path + "/m"], zone: "Europe/Berlin")
        #expect(try rows(dataset, "SELECT start, code, description FROM medication_orders") == ["2026-01-01|5640|Ibuprofen 400 MG"])
        #expect(try rows(dataset, "SELECT taken_at, taken_at_day, name, coalesce(dose, '∅') FROM medications ORDER BY id")
                == ["2026-02-03T14:30:00+01:00|2026-02-03|Ibuprofen 400 MG|1 tablet", "2026-02-04T08:00:00Z|2026-02-04|Ibuprofen 400 MG|∅"])
        #expect(report.counts(of: .skipped)[.undatedMedication] == 2)
        #expect(report.rejected == 0)
    }

    @Test("a single resource file and collection and searchset Bundles are recognised by content")
    func recognition() throws {
        let patient = directory.write("one/patient.json", #"{"resourceType": "Patient", "id": "solo", "gender": "other"}"#)
        let search = directory.write("one/search.json", """
            {"resourceType": "Bundle", "type": "searchset", "entry": [
              {"fullUrl": "https://example.org/fhir/Observation/1", "resource": {"resourceType": "Observation", "subject": {"reference": "Patient/solo"},
               "effectiveDateTime": "2026-02-01", "code": {"coding": [{"system": "http://loinc.org", "code": "2085-9"}]}, "valueQuantity": {"value": 61, "unit": "mg/dL"}}},
              {"fullUrl": "https://example.org/fhir/OperationOutcome/2", "resource": {"resourceType": "OperationOutcome"}}]}
            """)
        let (dataset, report) = try importFHIR([patient, search])
        #expect(report.files.map(\.format) == ["fhir", "fhir"])
        #expect(try readings(dataset) == ["solo|hdl|61.0|2026-02-01"])
        #expect(try dataset.text("SELECT sex FROM profiles") == "other")
        #expect(report.skippedCodes["OperationOutcome"]?.rows == 1)
        // A Bulk Data file of a type with no resources is empty: read, nothing in it.
        let empty = directory.write("bulk/Encounter.ndjson", "")
        let (_, emptyReport) = try importFHIR([empty], name: "empty.sqlite")
        #expect(emptyReport.files.map(\.format) == ["fhir ndjson"] && emptyReport.rowsRead == 0)
        let weather = directory.write("w.json", #"{"latitude": 1, "hourly_units": {}}"#)
        let refused = failure { try importFHIR([weather], name: "w.sqlite") } ?? ""
        #expect(refused.contains("FHIR R4") && refused.contains("cairn export --to json"))
    }
}

/// An independent reading of FHIR files: JSONSerialization over the raw files, Foundation's
/// calendar for local days, nothing of Cairn's FHIR importer.
struct RawFHIR {
    struct Value { var profile: String, code: String, value: Double, day: String }
    struct Patient { var id: String, name: String, birthDate: String, gender: String }
    struct Encounter { var profile: String, day: String, classDisplay: String, typeText: String, conditions: [String] }

    var values: [Value] = []
    var patients: [Patient] = []
    var encounters: [Encounter] = []
    var customCodes: [String: (display: String, unit: String)] = [:]
    var typeCounts: [String: Int] = [:]
    var medicationRequests = 0
    var resourceCount = 0

    init(folder: String, zone: String) throws {
        var resources: [(fullURL: String?, resource: [String: Any])] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            if name.hasSuffix(".ndjson") {
                for line in data.split(separator: 0x0A) where !line.isEmpty {
                    resources.append((nil, try JSONSerialization.jsonObject(with: Data(line)) as! [String: Any]))
                }
            } else if name.hasSuffix(".json") {
                let bundle = try JSONSerialization.jsonObject(with: data) as! [String: Any]
                for entry in bundle["entry"] as! [[String: Any]] {
                    resources.append((entry["fullUrl"] as? String, entry["resource"] as! [String: Any]))
                }
            }
        }
        resourceCount = resources.count
        func key(_ reference: String) -> String {
            reference.hasPrefix("urn:uuid:") ? String(reference.dropFirst(9)) : String(reference.split(separator: "/").last!)
        }
        let calendar: Calendar = {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: zone)!
            return calendar
        }()
        func day(_ text: String) -> String {
            guard text.count > 10 else { return text }
            let date = ISO8601DateFormatter().date(from: text)!
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        }
        func number(_ any: Any?) -> Double? {
            if let text = any as? String { return Double(text) }
            return (any as? NSNumber)?.doubleValue
        }
        var conditionsByEncounter: [String: [String]] = [:]
        for (_, resource) in resources where resource["resourceType"] as? String == "Condition" {
            let encounter = key(((resource["encounter"] as! [String: Any])["reference"] as! String))
            conditionsByEncounter[encounter, default: []].append((resource["code"] as! [String: Any])["text"] as! String)
        }
        for (fullURL, resource) in resources {
            let type = resource["resourceType"] as! String
            typeCounts[type, default: 0] += 1
            let subject = ((resource["subject"] as? [String: Any])?["reference"] as? String).map(key)
            switch type {
            case "Patient":
                let name = (resource["name"] as! [[String: Any]])[0]
                patients.append(Patient(id: (resource["id"] as? String) ?? key(fullURL!),
                                        name: ((name["given"] as! [String]) + [name["family"] as! String]).joined(separator: " "),
                                        birthDate: resource["birthDate"] as! String, gender: resource["gender"] as! String))
            case "Encounter":
                let id = (resource["id"] as? String) ?? key(fullURL!)
                let start = (resource["period"] as! [String: Any])["start"] as! String
                var unique: [String] = []
                for condition in conditionsByEncounter[id] ?? [] where !unique.contains(condition) { unique.append(condition) }
                encounters.append(Encounter(profile: subject!, day: day(start),
                                            classDisplay: (resource["class"] as! [String: Any])["display"] as! String,
                                            typeText: (resource["type"] as! [[String: Any]])[0]["text"] as! String,
                                            conditions: unique))
            case "MedicationRequest":
                medicationRequests += 1
            case "Observation":
                let when = day(resource["effectiveDateTime"] as! String)
                var parts: [[String: Any]] = [resource]
                parts += resource["component"] as? [[String: Any]] ?? []
                for part in parts {
                    guard let quantity = part["valueQuantity"] as? [String: Any], let value = number(quantity["value"]) else { continue }
                    let coding = ((part["code"] as! [String: Any])["coding"] as! [[String: Any]])[0]
                    let code = coding["code"] as! String
                    values.append(Value(profile: subject!, code: code, value: value, day: when))
                    customCodes[code] = (coding["display"] as? String ?? code, quantity["unit"] as? String ?? "")
                }
            default:
                break
            }
        }
    }
}

/// Mutated FHIR files (bytes flipped, cut, lines repeated, JSON structure broken): the import
/// never crashes, and every record it reads is imported, rejected or skipped.
@Suite("FHIR import fuzzing")
struct FHIRImportFuzzTests {
    @Test("mutated Bundles and Bulk Data files never crash and never lose a record")
    func fuzz() throws {
        let bundle = try #require(FileManager.default.contents(atPath: fixturePath("fhir/history/history-hypertension-0.json")))
        let observations = try #require(FileManager.default.contents(atPath: fixturePath("fhir/ndjson/Observation.ndjson")))
        let patients = try #require(FileManager.default.contents(atPath: fixturePath("fhir/ndjson/Patient.ndjson")))
        // The first 30 observation lines keep each iteration fast.
        let lines = observations.split(separator: 0x0A).prefix(30).map(Array.init).joined(separator: [0x0A])
        var random = SeededGenerator(seed: 20_261_127)
        let directory = TemporaryDirectory()
        for iteration in 0..<ImportFuzzTests.iterations {
            let folder = directory.path + "/case\(iteration)"
            if iteration % 2 == 0 {
                directory.write("case\(iteration)/bundle.json", bytes: ImportFuzzTests.mutate(Array(bundle), random: &random))
            } else {
                directory.write("case\(iteration)/Patient.ndjson", bytes: Array(patients))
                directory.write("case\(iteration)/Observation.ndjson", bytes: ImportFuzzTests.mutate(Array(lines), random: &random))
            }
            let dataset = try Dataset.openOrCreate(folder + "/data.sqlite")
            do {
                let report = try DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow)).run(sources: [folder])
                for file in report.files {
                    #expect(file.imported + file.rejected + file.skipped == file.rowsRead, "iteration \(iteration)")
                }
                #expect(report.rowsRead > 0 || report.files.allSatisfy { $0.rowsRead == 0 })
                #expect(try dataset.count("SELECT count(*) FROM readings") >= 0)
            } catch let error as ImportError {
                // A file cut before its first brace is no longer FHIR: refused whole, nothing written.
                #expect(try dataset.count("SELECT count(*) FROM readings") == 0, "iteration \(iteration): \(error)")
            }
        }
    }
}
