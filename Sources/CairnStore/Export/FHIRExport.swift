import CairnCore
import Foundation

/// A dataset's profiles, readings and visits as FHIR R4 shaped for US Core 6.1: a `collection`
/// Bundle per profile (`PROFILE.json`, references as `urn:uuid:` full URLs), or a Bulk Data
/// export (`Patient.ndjson`, `Observation.ndjson`, `Encounter.ndjson`, references as
/// `Patient/ID`). Codes are the marker library's LOINC codes and UCUM units; what FHIR has no
/// element for (a profile's zone, relationship, a reading's source, a visit's type, notes and
/// tags) is carried in `urn:cairn:` extensions and codings, so `cairn import` of the export
/// gives the same dataset back. Everything is ordered by profile and row id, and ids and full
/// URLs are derived from the rows, so the same dataset always gives the same bytes.
enum FHIRExport {
    static let ucum = "http://unitsofmeasure.org"
    static let cairn = "urn:cairn:"

    /// Writes into `directory` (made by the caller); returns the files written.
    static func write(_ dataset: Dataset, scope: ExportScope, ndjson: Bool, into directory: URL,
                      progress: ExportProgress? = nil) throws -> [String] {
        var library = MarkerLibrary.builtIn
        for marker in try CustomMarkerStore.load(from: dataset.database) { try? library.add(marker) }
        let profiles = try profileRows(dataset, scope: scope)
        var written: [String] = []
        if ndjson {
            var outputs: [String: DatasetExport.OutputBuffer] = [:]
            var handles: [FileHandle] = []
            defer { for handle in handles { try? handle.close() } }
            func output(_ type: String) throws -> DatasetExport.OutputBuffer {
                if let existing = outputs[type] { return existing }
                let url = directory.appendingPathComponent(type + ".ndjson")
                guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = try? FileHandle(forWritingTo: url) else {
                    throw DatasetExportError(problem: "\(url.path) cannot be written")
                }
                handles.append(handle)
                written.append(type + ".ndjson")
                return DatasetExport.OutputBuffer(handle: handle)
            }
            // A file per resource type that has resources, as Bulk Data exports are.
            for profile in profiles {
                try resources(of: profile, dataset: dataset, library: library, scope: scope,
                              reference: { "\($0)/\($1)" }, progress: progress) { type, _, resource in
                    if outputs[type] == nil { outputs[type] = try output(type) }
                    try outputs[type]!.append(resource.text(indented: false) + "\n")
                }
            }
            for type in outputs.keys.sorted() { try outputs[type]!.flush() }
            written.sort { FHIRFile.typeOrder.firstIndex(of: String($0.dropLast(7)))! < FHIRFile.typeOrder.firstIndex(of: String($1.dropLast(7)))! }
        } else {
            for profile in profiles {
                let name = fhirID(profile.id) + ".json"
                let url = directory.appendingPathComponent(name)
                guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = try? FileHandle(forWritingTo: url) else {
                    throw DatasetExportError(problem: "\(url.path) cannot be written")
                }
                defer { try? handle.close() }
                // The Bundle is written an entry at a time, so a profile of millions of readings
                // is never held whole.
                let head = FHIRJSON.fields([
                    ("resourceType", .string("Bundle")),
                    ("id", .string(fhirID(profile.id))),
                    ("meta", .object([("tag", .array([coding(cairn + "export", "cairn", nil)]))])),
                    ("type", .string("collection")),
                ]).text(indented: true)
                var out = DatasetExport.OutputBuffer(handle: handle)
                try out.append(String(head.dropLast(2)) + ",\n  \"entry\": [")
                var first = true
                try resources(of: profile, dataset: dataset, library: library, scope: scope,
                              reference: { "urn:uuid:" + uuid("\($0)/\($1)") }, progress: progress) { type, id, resource in
                    let entry = FHIRJSON.object([("fullUrl", .string("urn:uuid:" + uuid("\(type)/\(id)"))), ("resource", resource)])
                    try out.append((first ? "\n    " : ",\n    ") + entry.text(indented: true, level: 2))
                    first = false
                }
                try out.append("\n  ]\n}\n")
                try out.flush()
                written.append(name)
            }
        }
        return written
    }

    struct Profile {
        var id: String
        var displayName: String?
        var zone: ProfileTimeZone
        var birthDate: String?
        var sex: String?
        var relationship: String?
        var memberType: String?
        var heightCm: Double?
        var weightKg: Double?
        var deceasedDate: String?
    }

    static func profileRows(_ dataset: Dataset, scope: ExportScope) throws -> [Profile] {
        let statement = try dataset.database.prepare("""
            SELECT profile_id, display_name, time_zone, birth_date, sex, relationship, member_type, height_cm, weight_kg,
                   deceased_date FROM main.profiles ORDER BY profile_id
            """)
        var profiles: [Profile] = []
        while try statement.step() {
            let id = statement.text(0) ?? ""
            if let only = scope.profiles, !only.contains(id) { continue }
            func number(_ i: Int32) -> Double? { statement.isNull(i) ? nil : statement.double(i) }
            profiles.append(Profile(id: id, displayName: statement.text(1), zone: ProfileTimeZone(identifier: statement.text(2) ?? "UTC") ?? .utc,
                                    birthDate: statement.text(3), sex: statement.text(4), relationship: statement.text(5),
                                    memberType: statement.text(6), heightCm: number(7), weightKg: number(8), deceasedDate: statement.text(9)))
        }
        return profiles
    }

    /// A profile's Patient, Encounters and Observations, each handed to `emit` as (type, id,
    /// resource) as it is made.
    static func resources(of profile: Profile, dataset: Dataset, library: MarkerLibrary, scope: ExportScope,
                          reference: (String, String) -> String, progress: ExportProgress?,
                          emit: (String, String, FHIRJSON) throws -> Void) throws {
        let patientID = fhirID(profile.id)
        let subject = FHIRJSON.object([("reference", .string(reference("Patient", patientID)))])
        try emit("Patient", patientID, patient(profile))
        func dateTime(_ text: String, epoch: Int) -> String {
            // FHIR wants an offset with any time; a local time is given its zone's offset.
            if text.count <= 10 || text.hasSuffix("Z") || text.dropFirst(11).contains("+") || text.dropFirst(11).contains("-") { return text }
            return ISODateTimeText.format(epochSeconds: epoch, offsetSeconds: profile.zone.offset(atEpoch: epoch))
        }
        func rows(_ table: ContractTable, _ columns: [String], only: String = "") throws -> SQLiteStatement {
            var sql = "SELECT id, " + columns.joined(separator: ", ") + " FROM main.\(table.rawValue) WHERE profile_id = ?" + only
            var values = [profile.id]
            if let day = scope.from { sql += " AND date_day >= ?"; values.append(day.description) }
            if let day = scope.until { sql += " AND date_day <= ?"; values.append(day.description) }
            let statement = try dataset.database.prepare(sql + " ORDER BY id")
            for (index, value) in values.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
            return statement
        }
        if scope.includes(.visits) {
            let visits = try rows(.visits, ["date", "date_epoch", "visit_type", "visit_type_label", "doctor", "title", "condition", "notes", "tags"])
            while try visits.step() {
                let id = "visit-\(visits.int(0))"
                let type = visits.text(3) ?? "other", label = visits.text(4)
                let classCode = classCodes[label ?? ""] ?? "AMB"
                try emit("Encounter", id, FHIRJSON.fields([
                    ("resourceType", .string("Encounter")),
                    ("id", .string(id)),
                    ("meta", .object([("profile", .array([.string("http://hl7.org/fhir/us/core/StructureDefinition/us-core-encounter")]))])),
                    ("extension", extensions([("notes", visits.text(8)), ("tags", visits.text(9))])),
                    ("status", .string("finished")),
                    ("class", coding("http://terminology.hl7.org/CodeSystem/v3-ActCode", classCode, classDisplays[classCode])),
                    ("type", .array([FHIRJSON.fields([
                        ("coding", .array([coding(cairn + "visit-type", type, label)])),
                        ("text", visits.text(6).map(FHIRJSON.string)),
                    ])])),
                    ("subject", subject),
                    ("participant", visits.text(5).map { .array([.object([("individual", .object([("display", .string($0))]))])]) }),
                    ("period", .object([("start", .string(dateTime(visits.text(1) ?? "", epoch: visits.int(2))))])),
                    ("reasonCode", visits.text(7).map { .array([.object([("text", .string($0))])]) }),
                ]))
                progress?.row()
            }
        }
        if scope.includes(.readings) {
            let panels = try bloodPressurePanels(try rows(.readings, ["marker", "coalesce(entered_value, value)", "entered_unit", "date",
                                                                      "date_epoch", "coalesce(note, '')", "coalesce(source, '')"],
                                                          only: " AND marker IN ('systolic-bp', 'diastolic-bp')"))
            let readings = try rows(.readings, ["marker", "value", "date", "date_epoch", "note", "source", "entered_value", "entered_unit"])
            while try readings.step() {
                let rowID = readings.int(0)
                if panels.followers.contains(rowID) { progress?.row(); continue }
                if let panel = panels.leaders[rowID] {
                    try emit("Observation", "bp-\(rowID)", bloodPressure(panel, id: "bp-\(rowID)", library: library, subject: subject,
                                                                      date: dateTime(readings.text(3) ?? "", epoch: readings.int(4)),
                                                                      note: readings.text(5), source: readings.text(6)))
                    progress?.row()
                    continue
                }
                let id = "reading-\(rowID)"
                let markerID = readings.text(1) ?? ""
                let marker = library.marker(id: markerID)
                let unit = readings.text(8) ?? marker?.unit ?? ""
                let value = readings.isNull(7) ? readings.double(2) : readings.double(7)
                var codings: [FHIRJSON] = []
                if let loinc = marker?.loincCodes.first { codings.append(coding("http://loinc.org", loinc, marker?.displayName)) }
                if marker?.isCustom != false || codings.isEmpty { codings.append(coding(cairn + "marker", markerID, marker?.displayName)) }
                let vital = marker?.kind.isSeries == true || ["height", "weight", "bmi"].contains(markerID)
                let ucumCode = ucum(unit)
                try emit("Observation", id, FHIRJSON.fields([
                    ("resourceType", .string("Observation")),
                    ("id", .string(id)),
                    ("meta", .object([("profile", .array([.string(vital ? "http://hl7.org/fhir/StructureDefinition/vitalsigns"
                                                                  : "http://hl7.org/fhir/us/core/StructureDefinition/us-core-observation-lab")])),
                                      // Cairn's own: a reading with no source gets none back, not "fhir".
                                      ("tag", .array([coding(cairn + "export", "cairn", nil)]))])),
                    ("extension", extensions([("source", readings.text(6))])),
                    ("status", .string("final")),
                    ("category", .array([.object([("coding", .array([coding("http://terminology.hl7.org/CodeSystem/observation-category",
                                                                             vital ? "vital-signs" : "laboratory", vital ? "Vital Signs" : "Laboratory")]))])])),
                    ("code", FHIRJSON.fields([("coding", .array(codings)), ("text", (marker?.displayName).map(FHIRJSON.string))])),
                    ("subject", subject),
                    ("effectiveDateTime", .string(dateTime(readings.text(3) ?? "", epoch: readings.int(4)))),
                    ("valueQuantity", FHIRJSON.fields([
                        ("value", .number(value)), ("unit", .string(unit)),
                        ("system", ucumCode.map { _ in .string(FHIRExport.ucum) }), ("code", ucumCode.map(FHIRJSON.string)),
                    ])),
                    ("note", readings.text(5).map { .array([.object([("text", .string($0))])]) }),
                ]))
                progress?.row()
            }
        }
        progress?.row()
    }

    /// One blood pressure reading's value as entered and its unit.
    struct Pressure {
        var value: Double
        var unit: String?
    }

    /// Systolic and diastolic readings taken together (the same instant, note and source),
    /// paired in row order: the first row of each pair leads and carries the panel.
    struct Panels {
        var leaders: [Int: (systolic: Pressure, diastolic: Pressure)] = [:]
        var followers: Set<Int> = []
    }

    static func bloodPressurePanels(_ statement: SQLiteStatement) throws -> Panels {
        var panels = Panels()
        var waiting: [String: [(id: Int, isSystolic: Bool, pressure: Pressure)]] = [:]
        while try statement.step() {
            let isSystolic = statement.text(1) == "systolic-bp"
            let pressure = Pressure(value: statement.double(2), unit: statement.text(3))
            let key = [statement.text(4) ?? "", String(statement.int(5)), statement.text(6) ?? "", statement.text(7) ?? ""].joined(separator: "\u{1F}")
            if let index = waiting[key]?.firstIndex(where: { $0.isSystolic != isSystolic }) {
                let other = waiting[key]!.remove(at: index)
                panels.leaders[other.id] = isSystolic ? (pressure, other.pressure) : (other.pressure, pressure)
                panels.followers.insert(statement.int(0))
            } else {
                waiting[key, default: []].append((statement.int(0), isSystolic, pressure))
            }
        }
        return panels
    }

    /// US Core's blood pressure: the panel 85354-9 with systolic 8480-6 and diastolic 8462-4 as
    /// components, as `cairn import` splits it again.
    static func bloodPressure(_ panel: (systolic: Pressure, diastolic: Pressure), id: String, library: MarkerLibrary, subject: FHIRJSON,
                              date: String, note: String?, source: String?) -> FHIRJSON {
        func component(_ markerID: String, _ pressure: Pressure) -> FHIRJSON {
            let marker = library.marker(id: markerID)
            let unit = pressure.unit ?? marker?.unit ?? "mmHg"
            return FHIRJSON.fields([
                ("code", FHIRJSON.fields([("coding", .array([coding("http://loinc.org", marker?.loincCodes.first ?? "", marker?.displayName)])),
                                          ("text", (marker?.displayName).map(FHIRJSON.string))])),
                ("valueQuantity", FHIRJSON.fields([("value", .number(pressure.value)), ("unit", .string(unit)),
                                                   ("system", ucum(unit).map { _ in .string(FHIRExport.ucum) }),
                                                   ("code", ucum(unit).map(FHIRJSON.string))])),
            ])
        }
        return FHIRJSON.fields([
            ("resourceType", .string("Observation")),
            ("id", .string(id)),
            ("meta", .object([("profile", .array([.string("http://hl7.org/fhir/us/core/StructureDefinition/us-core-blood-pressure")])),
                              ("tag", .array([coding(cairn + "export", "cairn", nil)]))])),
            ("extension", extensions([("source", source)])),
            ("status", .string("final")),
            ("category", .array([.object([("coding", .array([coding("http://terminology.hl7.org/CodeSystem/observation-category",
                                                                     "vital-signs", "Vital Signs")]))])])),
            ("code", .object([("coding", .array([coding("http://loinc.org", "85354-9", "Blood pressure panel with all children optional")])),
                              ("text", .string("Blood pressure"))])),
            ("subject", subject),
            ("effectiveDateTime", .string(date)),
            ("note", note.map { .array([.object([("text", .string($0))])]) }),
            ("component", .array([component("systolic-bp", panel.systolic), component("diastolic-bp", panel.diastolic)])),
        ])
    }

    static func patient(_ profile: Profile) -> FHIRJSON {
        let name = profile.displayName ?? profile.id
        var words = name.split(separator: " ").map(String.init)
        let family = words.count > 1 ? words.removeLast() : nil
        func number(_ value: Double?) -> String? { value.map(DatasetExport.exactText) }
        var extensionList: [FHIRJSON] = [.object([("url", .string("http://hl7.org/fhir/StructureDefinition/tz-code")),
                                                  ("valueCode", .string(profile.zone.identifier))])]
        if case .array(let more)? = extensions([("relationship", profile.relationship), ("member-type", profile.memberType),
                                               ("height-cm", number(profile.heightCm)), ("weight-kg", number(profile.weightKg))]) {
            extensionList += more
        }
        return FHIRJSON.fields([
            ("resourceType", .string("Patient")),
            ("id", .string(fhirID(profile.id))),
            ("meta", .object([("profile", .array([.string("http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient")]))])),
            ("extension", .array(extensionList)),
            ("identifier", .array([.object([("system", .string(cairn + "profile-id")), ("value", .string(profile.id))])])),
            ("name", .array([FHIRJSON.fields([
                ("text", .string(name)), ("family", family.map(FHIRJSON.string)),
                ("given", words.isEmpty ? nil : .array(words.map(FHIRJSON.string))),
            ])])),
            ("gender", .string(["male", "female", "other"].contains(profile.sex ?? "") ? profile.sex! : "unknown")),
            ("birthDate", profile.birthDate.map(FHIRJSON.string)),
            ("deceasedDateTime", profile.deceasedDate.map(FHIRJSON.string)),
        ])
    }

    static func coding(_ system: String, _ code: String, _ display: String?) -> FHIRJSON {
        FHIRJSON.fields([("system", .string(system)), ("code", .string(code)), ("display", display.map(FHIRJSON.string))])
    }

    /// Cairn's extensions for the values present; nil when none is.
    static func extensions(_ values: [(String, String?)]) -> FHIRJSON? {
        let items = values.compactMap { name, value in
            value.map { FHIRJSON.object([("url", .string(cairn + name)), ("valueString", .string($0))]) }
        }
        return items.isEmpty ? nil : .array(items)
    }

    /// The v3 ActCode class of a visit's label, and back.
    static let classCodes = ["emergency": "EMER", "inpatient": "IMP", "home": "HH", "virtual": "VR", "observation": "OBSENC",
                             "short stay": "SS", "pre-admission": "PRENC", "field": "FLD"]
    static let classDisplays = ["AMB": "ambulatory", "EMER": "emergency", "IMP": "inpatient encounter", "HH": "home health",
                                "VR": "virtual", "OBSENC": "observation encounter", "SS": "short stay", "PRENC": "pre-admission", "FLD": "field"]

    /// The UCUM code of a unit as Cairn spells it; nil for a spelling UCUM has no code for.
    static func ucum(_ unit: String) -> String? {
        let known = ["mmHg": "mm[Hg]", "mm Hg": "mm[Hg]", "bpm": "/min", "breaths/min": "/min", "beats/min": "/min", "°C": "Cel",
                     "°F": "[degF]", "degF": "[degF]", "kg/m²": "kg/m2", "mL/min/1.73m²": "mL/min/{1.73_m2}", "10^3/µL": "10*3/uL",
                     "µg/dL": "ug/dL", "steps": "{steps}", "mIU/L": "m[IU]/L", "lb": "[lb_av]", "lbs": "[lb_av]", "in": "[in_i]",
                     "mEq/L": "meq/L", "IU/L": "[IU]/L", "uIU/mL": "u[IU]/mL", "10^9/L": "10*9/L"]
        if let code = known[unit] { return code }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/%.*[]{}_-")
        return !unit.isEmpty && unit.allSatisfy(allowed.contains) ? unit : nil
    }

    /// A FHIR id ([A-Za-z0-9-.]{1,64}) for a profile id: itself when it is one.
    static func fhirID(_ text: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.")
        let mapped = String(text.map { allowed.contains($0) ? $0 : "-" }.prefix(64))
        if mapped == text { return text }
        // Another spelling could map to the same id: the hash of the original keeps them apart.
        return String(mapped.prefix(47)) + "-" + String(fnv(text, seed: 0), radix: 16)
    }

    /// A UUID made from a name (FNV-1a hashes, version 8, RFC 9562's free-form version): the
    /// same name always gives the same full URL.
    static func uuid(_ name: String) -> String {
        var high = fnv(name, seed: 0xcbf2_9ce4_8422_2325), low = fnv(name, seed: 0x84222325_cbf29ce4)
        high = (high & ~0xF000) | 0x8000
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        let h = hex(high, 16), l = hex(low, 16)
        return "\(h.prefix(8))-\(h.dropFirst(8).prefix(4))-\(h.suffix(4))-\(l.prefix(4))-\(l.suffix(12))"
    }

    static func fnv(_ text: String, seed: UInt64) -> UInt64 {
        var hash = seed == 0 ? 0xcbf2_9ce4_8422_2325 : seed
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
