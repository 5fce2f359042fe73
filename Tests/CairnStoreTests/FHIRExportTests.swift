import CairnCore
import Foundation
import Testing
@testable import CairnStore

/// `cairn export --to fhir` of the demo dataset: checked against the R4 JSON structure
/// (resource types, required elements, value formats, reference integrity) by reading the
/// files with JSONSerialization, and imported back into the same profiles, readings and visits.
@Suite("FHIR export")
struct FHIRExportTests {
    let directory = TemporaryDirectory()
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Datasets/demo").path

    func demoDataset() throws -> Dataset {
        let dataset = try Dataset.openOrCreate(directory.path + "/demo.sqlite")
        _ = try DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow)).run(sources: [FHIRExportTests.demo])
        return dataset
    }

    func export(_ dataset: Dataset, ndjson: Bool = false, scope: ExportScope = .everything, name: String) throws -> String {
        let path = directory.path + "/" + name
        _ = try DatasetExport.export(dataset, as: .fhir, to: path, scope: scope, ndjson: ndjson)
        return path
    }

    func reimport(_ path: String, name: String) throws -> Dataset {
        let dataset = try Dataset.openOrCreate(directory.path + "/" + name)
        let report = try DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow)).run(sources: [path])
        #expect(report.rejected == 0)
        #expect(report.skipped == 0)
        #expect(report.warnings == 0)
        return dataset
    }

    func rows(_ dataset: Dataset, _ sql: String) throws -> [String] {
        let statement = try dataset.database.prepare(sql)
        var rows: [String] = []
        while try statement.step() {
            rows.append((0..<statement.columnCount).map { statement.text(Int32($0)) ?? "∅" }.joined(separator: "|"))
        }
        return rows
    }

    /// The dataset as FHIR carries it: a reading's date as its instant and day (a local
    /// date-time is written with its zone's offset, as FHIR requires).
    static let sameDataset = [
        "SELECT profile_id, display_name, time_zone, birth_date, sex, relationship, member_type, height_cm, weight_kg, deceased_date FROM profiles ORDER BY 1",
        "SELECT profile_id, marker, value, unit, date_epoch, date_day, entered_value, entered_unit, note, source FROM readings ORDER BY 1, 2, 5, 3",
        "SELECT profile_id, date_epoch, date_day, visit_type, visit_type_label, doctor, title, condition, notes, tags FROM visits ORDER BY 1, 2, 4",
        "SELECT marker_id, display_name, unit FROM markers ORDER BY 1",
    ]

    @Test("a Bundle per profile that keeps R4's structure: types, required elements, formats, references inside the Bundle")
    func structure() throws {
        let dataset = try demoDataset()
        let path = try export(dataset, name: "fhir")
        let files = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        #expect(files == (try rows(dataset, "SELECT profile_id || '.json' FROM profiles ORDER BY 1")))
        for file in files {
            let bundle = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path + "/" + file))) as! [String: Any]
            var check = R4Check()
            check.bundle(bundle, file: file)
            #expect(check.problems.isEmpty, "\(check.problems.prefix(5))")
            let profile = String(file.dropLast(5))
            #expect(check.counts["Patient"] == 1)
            // Every reading is one value: an Observation's own, or a blood pressure panel's component.
            #expect(check.values == (try dataset.count("SELECT count(*) FROM readings WHERE profile_id = '\(profile)'")))
            #expect(check.counts["Encounter", default: 0] == (try dataset.count("SELECT count(*) FROM visits WHERE profile_id = '\(profile)'")))
        }
        // Every reading's LOINC code and UCUM unit come from the library.
        let maya = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path + "/maya.json"))) as! [String: Any]
        let resources = (maya["entry"] as! [[String: Any]]).map { $0["resource"] as! [String: Any] }
        // Blood pressure as US Core has it: the panel 85354-9, systolic 8480-6 and diastolic 8462-4 as components.
        let panels = resources.filter { ((($0["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String) == "85354-9" }
        #expect(panels.count == (try dataset.count("SELECT count(*) FROM readings WHERE profile_id = 'maya' AND marker = 'systolic-bp'")))
        #expect(!panels.isEmpty)
        let components = (panels.first?["component"] as? [[String: Any]]) ?? []
        #expect(components.map { (($0["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String } == ["8480-6", "8462-4"])
        #expect((components.first?["valueQuantity"] as? [String: Any])?["code"] as? String == "mm[Hg]")
    }

    @Test("importing the Bundles or the Bulk Data export gives the same profiles, readings and visits", arguments: [false, true])
    func roundTrip(ndjson: Bool) throws {
        let dataset = try demoDataset()
        let back = try reimport(try export(dataset, ndjson: ndjson, name: "fhir"), name: "back.sqlite")
        for query in FHIRExportTests.sameDataset {
            let original = try rows(dataset, query)
            #expect(try rows(back, query) == original, "\(query)")
        }
        #expect(try dataset.count("SELECT count(*) FROM readings") > 200)
        // Exported again, the round-tripped dataset gives the same files, byte for byte.
        let first = try export(dataset, ndjson: ndjson, name: "a"), second = try export(back, ndjson: ndjson, name: "b")
        // Row ids differ after an import (visits and readings are numbered as they arrive), and
        // the full URLs made from them; everything else is the same text.
        let ids = try NSRegularExpression(pattern: #"(reading|visit|bp)-[0-9]+|urn:uuid:[0-9a-f-]{36}"#)
        func normalised(_ path: String) throws -> String {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            return ids.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "ID")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: first).sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: second).sorted() == files)
        for file in files {
            #expect(try normalised(first + "/" + file) == normalised(second + "/" + file), "\(file)")
        }
    }

    @Test("custom markers (with and without LOINC) and readings without a source come back as they were")
    func customMarkers() throws {
        directory.write("src/profiles.csv", "profile_id,display_name,time_zone\nkai,Kai Lee,Asia/Tokyo\n")
        directory.write("src/markers.csv", "marker_id,display_name,unit,category,loinc\nomega3,Omega-3 Index,%,Nutrition,\nzinc,Zinc,ug/dL,Minerals,5763-9\n")
        directory.write("src/readings.csv", """
            profile_id,marker,value,unit,date,note,source
            kai,omega3,6.1,%,2026-01-10T08:00,fasting,import
            kai,zinc,90,ug/dL,2026-01-10,,
            kai,ldl,3.1,mmol/L,2026-01-10,,

            """)
        let dataset = try Dataset.openOrCreate(directory.path + "/kai.sqlite")
        _ = try DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow)).run(sources: [directory.path + "/src"])
        for ndjson in [false, true] {
            let back = try reimport(try export(dataset, ndjson: ndjson, name: "kai-\(ndjson)"), name: "kai-back-\(ndjson).sqlite")
            for query in FHIRExportTests.sameDataset + ["SELECT marker_id, coalesce(loinc, '') FROM markers ORDER BY 1"] {
                #expect(try rows(back, query) == rows(dataset, query), "\(query)")
            }
            #expect(try rows(back, "SELECT marker, coalesce(source, '∅') FROM readings ORDER BY 1") == ["ldl|∅", "omega3|import", "zinc|∅"])
        }
    }

    @Test("the same dataset gives the same bytes; Bulk Data references are Patient/ID and resolve")
    func deterministicAndResolved() throws {
        let dataset = try demoDataset()
        for ndjson in [false, true] {
            let a = try export(dataset, ndjson: ndjson, name: "a\(ndjson)"), b = try export(dataset, ndjson: ndjson, name: "b\(ndjson)")
            for file in try FileManager.default.contentsOfDirectory(atPath: a) {
                #expect(FileManager.default.contents(atPath: a + "/" + file) == FileManager.default.contents(atPath: b + "/" + file))
            }
        }
        let bulk = directory.path + "/atrue"
        #expect(try FileManager.default.contentsOfDirectory(atPath: bulk).sorted() == ["Encounter.ndjson", "Observation.ndjson", "Patient.ndjson"])
        var patients: Set<String> = []
        for line in try String(contentsOfFile: bulk + "/Patient.ndjson", encoding: .utf8).split(separator: "\n") {
            patients.insert("Patient/" + ((try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any])["id"] as! String))
        }
        for file in ["Encounter.ndjson", "Observation.ndjson"] {
            for line in try String(contentsOfFile: bulk + "/" + file, encoding: .utf8).split(separator: "\n") {
                let resource = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
                #expect(patients.contains((resource["subject"] as! [String: Any])["reference"] as! String))
            }
        }
    }

    @Test("--profile, --tables and --from/--until scope every format, days included at both ends")
    func scope() throws {
        let dataset = try demoDataset()
        // Maya's readings on 2024-02-08 (a lab day) and after; the day before is left out.
        let scope = ExportScope(profiles: ["maya"], tables: [.profiles, .readings], from: CalendarDay(iso: "2024-02-08"),
                                until: CalendarDay(iso: "2024-06-30"))
        let expected = try dataset.count("SELECT count(*) FROM readings WHERE profile_id = 'maya' AND date_day BETWEEN '2024-02-08' AND '2024-06-30'")
        #expect(expected > 0)
        #expect(try dataset.count("SELECT count(*) FROM readings WHERE profile_id = 'maya' AND date_day = '2024-02-08'") > 0)
        let csv = directory.path + "/csv"
        _ = try DatasetExport.export(dataset, as: .csv, to: csv, scope: scope)
        #expect(try FileManager.default.contentsOfDirectory(atPath: csv).sorted() == ["profiles.csv", "readings.csv"])
        let lines = try String(contentsOfFile: csv + "/readings.csv", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == expected + 1)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("maya,") })
        let json = directory.path + "/scoped.json"
        _ = try DatasetExport.export(dataset, as: .json, to: json, scope: scope)
        let restored = try Dataset.openOrCreate(directory.path + "/restored.sqlite")
        _ = try DatasetRestore.restore(json, into: restored)
        #expect(try restored.count("SELECT count(*) FROM readings") == expected)
        #expect(try restored.count("SELECT count(*) FROM visits") == 0)
        #expect(try restored.count("SELECT count(*) FROM profiles") == 1)
        let fhir = try export(dataset, scope: scope, name: "fhir")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fhir) == ["maya.json"])
        let back = try reimport(fhir, name: "back.sqlite")
        #expect(try back.count("SELECT count(*) FROM readings") == expected)
        #expect(try back.count("SELECT count(*) FROM visits") == 0)
        #expect(throws: DatasetExportError.self) {
            try DatasetExport.export(dataset, as: .csv, to: directory.path + "/none", scope: ExportScope(profiles: ["nobody"]))
        }
    }
}

/// The R4 rules the export is checked against, from the R4 specification's JSON format and the
/// resources' required elements and value sets (hl7.org/fhir/R4).
struct R4Check {
    var problems: [String] = []
    var counts: [String: Int] = [:]
    /// Numeric values: Observations' own and their components'.
    var values = 0

    static let id = try! NSRegularExpression(pattern: #"^[A-Za-z0-9\-\.]{1,64}$"#)
    static let dateTime = try! NSRegularExpression(pattern:
        #"^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)(-(0[1-9]|1[0-2])(-(0[1-9]|[1-2][0-9]|3[0-1])(T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?(Z|(\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00)))?)?)?$"#)
    static let date = try! NSRegularExpression(pattern: #"^([0-9]{4})(-(0[1-9]|1[0-2])(-(0[1-9]|[1-2][0-9]|3[0-1]))?)?$"#)
    static let uuid = try! NSRegularExpression(pattern: #"^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"#)

    static func matches(_ regex: NSRegularExpression, _ text: Any?) -> Bool {
        guard let text = text as? String else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    mutating func require(_ condition: Bool, _ problem: @autoclosure () -> String) {
        if !condition { problems.append(problem()) }
    }

    mutating func coding(_ value: Any?, _ place: String) {
        let coding = value as? [String: Any]
        require(coding?["system"] is String && coding?["code"] is String, "\(place): a Coding needs system and code")
    }

    mutating func bundle(_ bundle: [String: Any], file: String) {
        require(bundle["resourceType"] as? String == "Bundle", "\(file): not a Bundle")
        require(["document", "message", "transaction", "transaction-response", "batch", "batch-response", "history", "searchset",
                 "collection"].contains(bundle["type"] as? String ?? ""), "\(file): Bundle.type outside its value set")
        let entries = bundle["entry"] as? [[String: Any]] ?? []
        var byURL: [String: String] = [:]
        for (index, entry) in entries.enumerated() {
            let url = entry["fullUrl"] as? String ?? ""
            require(R4Check.matches(R4Check.uuid, url), "\(file) entry \(index): fullUrl \(url)")
            require(byURL[url] == nil, "\(file) entry \(index): fullUrl \(url) twice (bdl-7)")
            byURL[url] = (entry["resource"] as? [String: Any])?["resourceType"] as? String
        }
        for (index, entry) in entries.enumerated() {
            guard let resource = entry["resource"] as? [String: Any] else { problems.append("\(file) entry \(index): no resource"); continue }
            let place = "\(file) entry \(index)"
            let type = resource["resourceType"] as? String ?? ""
            counts[type, default: 0] += 1
            require(R4Check.matches(R4Check.id, resource["id"]), "\(place): id")
            func reference(_ key: String, to target: String) {
                let text = (resource[key] as? [String: Any])?["reference"] as? String ?? ""
                require(byURL[text] == target, "\(place): \(key) \(text) is no \(target) of the Bundle")
            }
            switch type {
            case "Patient":
                require(!(resource["identifier"] as? [Any] ?? []).isEmpty, "\(place): US Core Patient needs an identifier")
                let name = (resource["name"] as? [[String: Any]])?.first
                require(name?["family"] != nil || name?["given"] != nil, "\(place): us-core-6 wants a family or given name")
                require(["male", "female", "other", "unknown"].contains(resource["gender"] as? String ?? ""), "\(place): gender")
                if let birth = resource["birthDate"] { require(R4Check.matches(R4Check.date, birth), "\(place): birthDate") }
            case "Observation":
                require(["registered", "preliminary", "final", "amended", "corrected", "cancelled", "entered-in-error", "unknown"]
                            .contains(resource["status"] as? String ?? ""), "\(place): status")
                let codings = (resource["code"] as? [String: Any])?["coding"] as? [Any] ?? []
                require(!codings.isEmpty, "\(place): code.coding")
                for item in codings { coding(item, place + " code") }
                for category in resource["category"] as? [[String: Any]] ?? [] {
                    for item in category["coding"] as? [Any] ?? [] { coding(item, place + " category") }
                }
                reference("subject", to: "Patient")
                require(R4Check.matches(R4Check.dateTime, resource["effectiveDateTime"]), "\(place): effectiveDateTime \(resource["effectiveDateTime"] ?? "")")
                let components = resource["component"] as? [[String: Any]] ?? []
                require((resource["valueQuantity"] != nil) != !components.isEmpty, "\(place): a value or components (obs-6 aside)")
                for (index, part) in ([resource] + components).enumerated() where part["valueQuantity"] != nil || index > 0 {
                    if index > 0 {
                        let codings = (part["code"] as? [String: Any])?["coding"] as? [Any] ?? []
                        require(!codings.isEmpty, "\(place): component.code (required)")
                        for item in codings { coding(item, place + " component code") }
                    }
                    let quantity = part["valueQuantity"] as? [String: Any]
                    require(quantity?["value"] is NSNumber && !(quantity?["value"] is String), "\(place): valueQuantity.value is a number")
                    if quantity?["code"] != nil { require(quantity?["system"] as? String == "http://unitsofmeasure.org", "\(place): UCUM system") }
                    values += 1
                }
            case "Encounter":
                require(["planned", "arrived", "triaged", "in-progress", "onleave", "finished", "cancelled", "entered-in-error", "unknown"]
                            .contains(resource["status"] as? String ?? ""), "\(place): status")
                coding(resource["class"], place + " class")
                reference("subject", to: "Patient")
                require(R4Check.matches(R4Check.dateTime, (resource["period"] as? [String: Any])?["start"]), "\(place): period.start")
            default:
                problems.append("\(place): unexpected \(type)")
            }
        }
    }
}

/// Progress of a long export: nothing in its first second, then rows, rate and time left.
@Suite("Export progress")
struct ExportProgressTests {
    @Test("silent before one second, then rows done of the total, the rate and the time left; cleared at the end")
    func line() {
        var now = Date(timeIntervalSince1970: 1_000_000)
        var shown: [String] = []
        let progress = ExportProgress(total: 1_024, clock: { now }) { shown.append($0) }
        now += 0.999
        for _ in 0..<256 { progress.row() }
        #expect(shown.isEmpty)
        now += 0.001
        for _ in 0..<256 { progress.row() }
        // 512 rows in 1 s: 512 rows/s, 512 left, 1 s.
        #expect(shown == ["\r\u{1B}[K512 of 1,024 rows, 512 rows/s, about 1 s left"])
        now += 0.1
        for _ in 0..<256 { progress.row() }
        #expect(shown.count == 1)  // a quarter of a second between lines at most
        progress.finish()
        #expect(shown.last == "\r\u{1B}[K")
        #expect(ExportProgress.line(done: 1_000, total: 601_000, rate: 1_000, secondsLeft: 600) == "1,000 of 601,000 rows, 1,000 rows/s, about 10 min left")
    }
}
