import CairnCore
import Foundation

/// Imports one FHIR R4 resource, whichever file it comes from (a Bundle entry, a single
/// resource, a line of a Bulk Data ndjson file):
/// - Patient: a profile (id, name, birth date, sex; the zone from Cairn's own extension, the
///   address state, `--time-zone`, else UTC with a warning);
/// - Observation: readings, one per numeric value (a panel's components each their own, as the
///   blood pressure panel 85354-9 holds systolic 8480-6 and diastolic 8462-4); a LOINC code the
///   marker library lists goes to that marker, any other numeric code to a custom marker
///   defined from its code, display and unit, so no number is lost; others are skipped by code;
/// - Encounter: a visit; Condition: its visit's condition (skipped when it names no encounter);
/// - MedicationRequest: `medication_orders` (an order, never a dose taken); MedicationStatement
///   taken at a time of day: `medications`, else skipped;
/// - every other resource type: skipped and counted by type.
/// A reference that resolves to nothing is a rejection naming the resource and its JSON path.
final class FHIRResourceImporter {
    static let loinc = "http://loinc.org"
    static let ucum = "http://unitsofmeasure.org"
    /// Cairn's own identifiers and extensions, written by `cairn export --to fhir` so a round
    /// trip gives back what FHIR has no element for.
    static let cairn = "urn:cairn:"
    static let markerSystem = cairn + "marker"
    static let profileSystem = cairn + "profile-id"
    static let visitTypeSystem = cairn + "visit-type"
    static let timeZoneURLs = ["http://hl7.org/fhir/StructureDefinition/tz-code", cairn + "time-zone"]

    private let context: ImportContext
    private let intake: ReadingIntake
    private let defaultZone: ProfileTimeZone?
    private let links: FHIRLinks
    private lazy var profileWriter = Lazy<ProfileWriter> { [unowned self] in try ProfileWriter(context: self.context) }
    private lazy var visitWriter = Lazy<VisitWriter> { [unowned self] in try VisitWriter(context: self.context) }
    private lazy var orderWriter = Lazy<CareRecordWriter> { [unowned self] in try CareRecordWriter(table: .medicationOrders, context: self.context) }
    private lazy var markerInsert = Lazy<InsertPipeline.Insert> { [unowned self] in
        try self.context.inserts.prepare("""
            INSERT OR REPLACE INTO markers(marker_id, display_name, unit, category, ref_low, ref_high,
                plausible_min, plausible_max, higher_is_better, aliases, loinc)
            VALUES (?, ?, ?, ?, NULL, NULL, NULL, NULL, NULL, NULL, ?)
            """)
    }
    private lazy var doseInsert = Lazy<InsertPipeline.Insert> { [unowned self] in
        try self.context.inserts.prepareInsert(
            into: "medications", columns: ["profile_id", "taken_at", "taken_at_epoch", "taken_at_day", "name", "dose"])
    }
    private lazy var conditionUpdate = Lazy<InsertPipeline.Insert> { [unowned self] in try self.context.inserts.prepare("UPDATE visits SET condition = ? WHERE id = ?") }
    /// Codes and resource types passed over, with a description and a count.
    private(set) var skippedCodes: [String: (description: String, rows: Int)] = [:]

    /// A statement prepared on first use, so a file prepares only what its resources need.
    final class Lazy<Value> {
        private var value: Value?
        private let make: () throws -> Value
        init(_ make: @escaping () throws -> Value) { self.make = make }
        func get() throws -> Value {
            if let value { return value }
            let made = try make()
            value = made
            return made
        }
    }

    init(context: ImportContext, intake: ReadingIntake, defaultZone: ProfileTimeZone?) {
        self.context = context
        self.intake = intake
        self.defaultZone = defaultZone
        self.links = context.fhirLinks
    }

    /// Imports one resource; `fullURL` is its Bundle entry's.
    func importResource(_ resource: FHIRElement, fullURL: String?) throws -> ImportOutcome {
        guard let type = resource.string("resourceType") else {
            throw RowRejection(reason: .missingRequiredField, column: nil, columnName: resource.path("resourceType"),
                               message: "the resource has no resourceType; every FHIR resource names its type (Patient, Observation, ...)")
        }
        try FHIRVersion.check(resource, type: type)
        switch type {
        case "Patient": return try patient(resource, fullURL: fullURL)
        case "Observation": return try observation(resource)
        case "Encounter": return try encounter(resource, fullURL: fullURL)
        case "Condition": return try condition(resource)
        case "MedicationRequest", "MedicationStatement": return try medication(resource, type: type)
        default:
            if type == "Practitioner" {
                let name = FHIRResourceImporter.personName(resource)
                if let name { links.addPractitioner(name: name, keys: FHIRLinks.keys(type: type, id: resource.string("id"), fullURL: fullURL)) }
            }
            skippedCodes[type, default: ("a FHIR resource type Cairn does not import", 0)].rows += 1
            return .skipped(.unimportedResource)
        }
    }

    // MARK: Patient

    private func patient(_ resource: FHIRElement, fullURL: String?) throws -> ImportOutcome {
        let cairnID = resource.array("identifier").first { $0.string("system") == FHIRResourceImporter.profileSystem }?.string("value")
        let uuid = fullURL.flatMap { $0.hasPrefix("urn:uuid:") ? String($0.dropFirst(9)) : nil }
        guard let id = cairnID ?? resource.string("id") ?? uuid else {
            throw RowRejection(reason: .missingRequiredField, column: nil, columnName: resource.path("id"),
                               message: "the Patient has no id and no urn:uuid full URL, so nothing can refer to it; give it an id")
        }
        var birth = resource.string("birthDate")
        if let text = birth, CalendarDay(iso: text) == nil {
            context.record(.warning, .fieldLeftOut, columnName: resource.path("birthDate"),
                           message: "birthDate \"\(text)\" is not a whole date (YYYY-MM-DD); the profile was kept without it")
            birth = nil
        }
        var deceased = resource.string("deceasedDateTime").map { String($0.prefix(10)) }
        if let text = deceased, CalendarDay(iso: text) == nil { deceased = nil }
        let sex: String?
        switch resource.string("gender") {
        case "male": sex = "male"
        case "female": sex = "female"
        case "other": sex = "other"
        default: sex = nil
        }
        var zone = defaultZone ?? .utc
        var from = defaultZone == nil ? "no state known: UTC" : "--time-zone"
        let states = resource.array("address").compactMap { $0.string("state") }
        if let named = resource.extensionText(FHIRResourceImporter.timeZoneURLs), let known = ProfileTimeZone(identifier: named) {
            zone = known
            from = "its tz-code extension"
        } else if let state = states.first(where: { USStateTimeZones.zone(forState: $0) != nil }),
                  let known = USStateTimeZones.zone(forState: state).flatMap(ProfileTimeZone.init(identifier:)) {
            zone = known
            from = "address state \(state)"
        } else if defaultZone == nil {
            context.record(.warning, .unknownTimeZone, columnName: resource.path("address"),
                           message: "no time zone is known for patient \(id) (\(states.first.map { "address state \"\($0)\"" } ?? "no address state")); "
                            + "UTC was used (pass --time-zone to choose one)")
        }
        func number(_ name: String) -> Double? { resource.extensionText([FHIRResourceImporter.cairn + name]).flatMap(Double.init) }
        try profileWriter.get().write(ProfileWriter.Fields(
            id: id, displayName: FHIRResourceImporter.personName(resource) ?? id, zone: zone, birthDate: birth, sex: sex,
            relationship: resource.extensionText([FHIRResourceImporter.cairn + "relationship"]),
            memberType: resource.extensionText([FHIRResourceImporter.cairn + "member-type"]),
            heightCm: number("height-cm"), weightKg: number("weight-kg"), deceasedDate: deceased))
        context.noteZone(ImportReport.ProfileZone(profile: id, zone: zone.identifier, from: from))
        links.addPatient(profile: id, keys: FHIRLinks.keys(type: "Patient", id: resource.string("id"), fullURL: fullURL) + ["Patient/" + id])
        return .imported
    }

    /// A resource as a message names it: its type, and its id when it has one.
    static func name(_ resource: FHIRElement) -> String {
        let type = resource.string("resourceType") ?? "resource"
        return resource.string("id").map { "\(type) \($0)" } ?? "the \(type)"
    }

    /// A HumanName as one line: its text, else given names and family name.
    static func personName(_ resource: FHIRElement) -> String? {
        let names = resource.array("name")
        guard let name = names.first(where: { $0.string("use") == "official" }) ?? names.first else { return nil }
        if let text = name.string("text") { return text }
        let given = (name.fields["given"] as? [Any] ?? []).compactMap { $0 as? String }
        let parts = given + [name.string("family")].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    // MARK: References

    /// The profile a subject reference names; a missing one or one that resolves to nothing is a rejection.
    private func subject(_ resource: FHIRElement, key: String = "subject") throws(RowRejection) -> String {
        guard let reference = resource.object(key)?.string("reference") else {
            throw RowRejection(reason: .missingRequiredField, column: nil, columnName: resource.path(key),
                               message: "the \(resource.string("resourceType") ?? "resource") has no \(key) reference, so it belongs to "
                                + "no one; give it a \(key) naming its Patient")
        }
        if let profile = links.patient(reference) { return profile }
        if let id = FHIRLinks.id(of: reference, type: "Patient"), context.knowsProfile(id) { return id }
        throw RowRejection(reason: .danglingReference, column: nil, columnName: resource.path(key) + ".reference",
                           message: "\(FHIRResourceImporter.name(resource)) refers to \(reference), which names no Patient in this import "
                            + "or the dataset; import the Patient with it")
    }

    // MARK: Observation

    /// One numeric value of an Observation: its code, quantity and where it is.
    private struct Part {
        var code: FHIRElement?
        var value: Double
        var quantity: FHIRElement?
        var path: String
    }

    private func observation(_ resource: FHIRElement) throws -> ImportOutcome {
        let profile = try subject(resource)
        var parts: [Part] = []
        func numeric(_ element: FHIRElement, code: FHIRElement?) throws {
            if let quantity = element.object("valueQuantity") {
                guard let value = try quantity.number("value") else { return }
                parts.append(Part(code: code, value: value, quantity: quantity, path: quantity.path))
            } else if let value = try element.number("valueInteger") {
                parts.append(Part(code: code, value: value, quantity: nil, path: element.path("valueInteger")))
            }
        }
        try numeric(resource, code: resource.object("code"))
        for component in resource.array("component") { try numeric(component, code: component.object("code")) }
        let (codings, text) = resource.codings("code")
        let mainCode = codings.first { $0.string("system") == FHIRResourceImporter.loinc }?.string("code")
            ?? codings.first?.string("code") ?? text ?? "(no code)"
        guard !parts.isEmpty else {
            skippedCodes[mainCode, default: (codings.first?.string("display") ?? text ?? "", 0)].rows += 1
            return .skipped(.textObservation)
        }
        let (dateText, datePath) = try FHIRResourceImporter.effective(resource)
        guard let parsed = ISODateTimeText.parse(dateText) else {
            throw RowRejection(reason: .unparseableDate, column: nil, columnName: datePath,
                               message: "\"\(dateText)\" is not a FHIR date or dateTime (YYYY-MM-DD or YYYY-MM-DDThh:mm:ss+zz:zz)")
        }
        // Every part is checked before any is stored, so a panel is imported whole or not at all.
        var candidates: [ReadingIntake.Candidate] = []
        let note = resource.array("note").compactMap { $0.string("text") }.first
        // A reading of Cairn's own export keeps its source, or none; any other is from "fhir".
        let fromCairn = resource.object("meta")?.array("tag").contains { $0.string("system") == FHIRResourceImporter.cairn + "export" } ?? false
        let source = resource.extensionText([FHIRResourceImporter.cairn + "source"]) ?? (fromCairn ? nil : "fhir")
        for part in parts {
            let marker = try self.marker(for: part)
            let unitPath = part.quantity.map { $0.path("unit") } ?? part.path
            var unit: String? = nil
            if let quantity = part.quantity {
                let spellings = [quantity.string("unit"), quantity.string("code")].compactMap { $0 }
                if !spellings.isEmpty {
                    guard let usable = spellings.first(where: { marker.valueInDefaultUnit(part.value, unit: $0) != nil }) else {
                        let accepted = ([marker.unit] + marker.conversions.map(\.unit)).joined(separator: ", ")
                        throw RowRejection(reason: .unconvertibleUnit, column: nil, columnName: unitPath,
                                           message: "\(marker.displayName) cannot be converted from \"\(spellings[0])\" to \(marker.unit); "
                                            + (marker.isCustom ? "custom markers take only \(marker.unit)" : "use one of: \(accepted)"))
                    }
                    unit = usable
                }
            }
            candidates.append(ReadingIntake.Candidate(
                profileID: profile, marker: marker, value: part.value, unit: unit, parsedDate: parsed, dateText: dateText,
                note: note, source: source, valueColumn: (nil, part.path), unitColumn: (nil, unitPath), dateColumn: (nil, datePath)))
        }
        for candidate in candidates { try intake.add(candidate) }
        return .imported
    }

    /// When an Observation was made: `effectiveDateTime`, `effectivePeriod.start`,
    /// `effectiveInstant`, then `issued`, with the path of the one used.
    static func effective(_ resource: FHIRElement) throws(RowRejection) -> (String, String) {
        if let text = resource.string("effectiveDateTime") { return (text, resource.path("effectiveDateTime")) }
        if let period = resource.object("effectivePeriod"), let text = period.string("start") { return (text, period.path("start")) }
        if let text = resource.string("effectiveInstant") { return (text, resource.path("effectiveInstant")) }
        if let text = resource.string("issued") { return (text, resource.path("issued")) }
        throw RowRejection(reason: .missingRequiredField, column: nil, columnName: resource.path("effectiveDateTime"),
                           message: "the Observation has no effectiveDateTime, effectivePeriod.start or issued, so it has no day; give it one")
    }

    /// The library marker of a part's LOINC code (or Cairn's own marker code), else a custom
    /// marker defined from the code, its display and the unit.
    private func marker(for part: Part) throws -> MarkerDefinition {
        let codings = part.code?.array("coding") ?? []
        let text = part.code?.string("text")
        for coding in codings where coding.string("system") == FHIRResourceImporter.markerSystem {
            if let id = coding.string("code"), let marker = context.library.marker(id: id) { return marker }
        }
        for coding in codings where coding.string("system") == FHIRResourceImporter.loinc {
            if let code = coding.string("code"), let marker = context.library.resolve(code), marker.loincCodes.contains(code) {
                return marker
            }
        }
        let chosen = codings.first { $0.string("system") == FHIRResourceImporter.markerSystem }
            ?? codings.first { $0.string("system") == FHIRResourceImporter.loinc } ?? codings.first
        guard let code = chosen?.string("code") ?? text else {
            throw RowRejection(reason: .missingRequiredField, column: nil, columnName: part.code?.path ?? part.path,
                               message: "the value has no code, so no marker can hold it; give the Observation a LOINC code")
        }
        let system = chosen?.string("system")
        let id = system == FHIRResourceImporter.markerSystem ? code
            : system == FHIRResourceImporter.loinc ? "loinc-" + code : "code-" + code
        if let known = context.library.marker(id: id) { return known }
        let unit = part.quantity.flatMap { $0.string("unit") ?? $0.string("code") } ?? "1"
        let display = chosen?.string("display") ?? text ?? code
        let loinc = codings.filter { $0.string("system") == FHIRResourceImporter.loinc }.compactMap { $0.string("code") }
        for name in [display, "\(display) (\(code))"] {
            let marker = MarkerDefinition(id: id, displayName: name, category: "Custom", unit: unit, loincCodes: loinc, isCustom: true)
            do {
                try context.replaceCustomMarker(marker)
            } catch {
                continue
            }
            let bind = StatementBinder(try markerInsert.get())
            bind.add(id)
            bind.add(name)
            bind.add(unit)
            bind.add(nil as String?)
            bind.add(loinc.isEmpty ? nil : loinc.joined(separator: "|"))
            try bind.run()
            return marker
        }
        throw RowRejection(reason: .markerNameConflict, column: nil, columnName: part.code?.path ?? part.path,
                           message: "code \(code) (\(display)) is no library marker, and its name already names another marker; "
                            + "define a custom marker for it in a markers file")
    }

    // MARK: Encounter and Condition

    /// FHIR's v3 ActCode encounter classes, as a visit's label.
    static let classLabels: [String: String] = [
        "AMB": "ambulatory", "EMER": "emergency", "IMP": "inpatient", "ACUTE": "inpatient", "NONAC": "inpatient",
        "HH": "home", "VR": "virtual", "OBSENC": "observation", "SS": "short stay", "PRENC": "pre-admission", "FLD": "field",
    ]

    private func encounter(_ resource: FHIRElement, fullURL: String?) throws -> ImportOutcome {
        let profile = try subject(resource)
        guard let period = resource.object("period") ?? resource.object("actualPeriod"), let start = period.string("start") else {
            throw RowRejection(reason: .missingRequiredField, column: nil, columnName: resource.path("period.start"),
                               message: "the Encounter has no period.start, so the visit has no date; give it one")
        }
        guard let parsed = ISODateTimeText.parse(start) else {
            throw RowRejection(reason: .unparseableDate, column: nil, columnName: period.path("start"),
                               message: "\"\(start)\" is not a FHIR dateTime (YYYY-MM-DDThh:mm:ss+zz:zz)")
        }
        let zone = try context.zone(forProfile: profile)
        let date = EventTime(text: start, epochSeconds: zone.epoch(of: parsed), day: zone.day(of: parsed))
        let types = resource.array("type")
        let typeCodings = types.flatMap { $0.array("coding") }
        let classCodes = (resource.array("class") + resource.array("class").flatMap { $0.array("coding") }).compactMap { $0.string("code") }
        let classLabel = resource.array("class").compactMap { $0.string("display") }.first
        var title = types.first.flatMap { $0.string("text") ?? $0.array("coding").first?.string("display") }
        var type = "other", label: String?
        if let own = typeCodings.first(where: { $0.string("system") == FHIRResourceImporter.visitTypeSystem }), let code = own.string("code") {
            // Cairn's own export: the type and label as stored, the title only as the text.
            type = code
            label = own.string("display")
            title = types.first?.string("text")
        } else {
            let words = (typeCodings.compactMap { $0.string("display") } + types.compactMap { $0.string("text") }).joined(separator: " ").lowercased()
            let codes = Set(typeCodings.compactMap { $0.string("code") })
            if words.contains("dental") { type = "dental" }
            else if words.contains("vision") || words.contains("eye exam") || words.contains("ophthalm") { type = "vision" }
            else if words.contains("check up") || words.contains("check-up") || words.contains("wellness") || words.contains("physical")
                        || !codes.isDisjoint(with: ["185349003", "410620009", "162673000", "185345009"]) { type = "physical" }
            else if words.contains("imaging") || words.contains("radiolog") { type = "imaging" }
            else if words.contains("laboratory") || words.contains("lab work") { type = "labWork" }
            else if words.contains("specialist") || words.contains("consult") { type = "specialist" }
            else {
                label = classCodes.compactMap { FHIRResourceImporter.classLabels[$0] }.first ?? classLabel ?? classCodes.first ?? "encounter"
            }
        }
        let reasons = resource.array("reasonCode").compactMap { $0.string("text") ?? $0.array("coding").first?.string("display") }
            + resource.array("reasonReference").compactMap { $0.string("display") }
        let doctor = resource.array("participant").compactMap { participant -> String? in
            guard let individual = participant.object("individual") else { return nil }
            return individual.string("display") ?? individual.string("reference").flatMap(links.practitioner)
        }.first
        let tags = resource.extensionText([FHIRResourceImporter.cairn + "tags"]).map { ContractValue.list($0[...]) } ?? []
        try visitWriter.get().write(VisitWriter.Fields(
            profile: profile, date: date, type: type, typeLabel: type == "other" ? label : nil, doctor: doctor, title: title,
            condition: reasons.isEmpty ? nil : reasons.joined(separator: "; "),
            notes: resource.extensionText([FHIRResourceImporter.cairn + "notes"]), tags: tags))
        links.addVisit(FHIRLinks.Visit(rowID: context.database.lastInsertRowID, hasReason: !reasons.isEmpty, conditions: []),
                       keys: FHIRLinks.keys(type: "Encounter", id: resource.string("id"), fullURL: fullURL))
        return .imported
    }

    private func condition(_ resource: FHIRElement) throws -> ImportOutcome {
        let (codings, text) = resource.codings("code")
        let description = text ?? codings.first?.string("display") ?? codings.first?.string("code")
        guard let reference = resource.object("encounter")?.string("reference") else {
            skippedCodes[codings.first?.string("code") ?? "Condition", default: (description ?? "a condition with no encounter", 0)].rows += 1
            return .skipped(.conditionWithoutVisit)
        }
        guard let visit = links.visit(reference) else {
            throw RowRejection(reason: .danglingReference, column: nil, columnName: resource.path("encounter.reference"),
                               message: "\(FHIRResourceImporter.name(resource)) refers to \(reference), which names no Encounter in this "
                                + "import; import the Encounter with it")
        }
        guard !visit.hasReason, let description else { return .imported }
        var conditions = visit.conditions
        if !conditions.contains(description) { conditions.append(description) }
        links.updateVisit(visit.rowID) { $0.conditions = conditions }
        let bind = StatementBinder(try conditionUpdate.get())
        bind.add(conditions.joined(separator: "; "))
        bind.add(Int(visit.rowID))
        try bind.run()
        return .imported
    }

    // MARK: Medications

    /// A MedicationRequest is an order (`authoredOn`), kept in `medication_orders` as Synthea's
    /// are; a MedicationStatement taken at a time of day (`effectiveDateTime`, else
    /// `effectivePeriod.start`) is a dose in `medications`, the diary's table, which holds
    /// times; one with a date alone or none is skipped and counted.
    private func medication(_ resource: FHIRElement, type: String) throws -> ImportOutcome {
        let isStatement = type == "MedicationStatement"
        var found: (String, String)?
        if !isStatement, let text = resource.string("authoredOn") {
            found = (text, resource.path("authoredOn"))
        } else if isStatement, let text = resource.string("effectiveDateTime") {
            found = (text, resource.path("effectiveDateTime"))
        } else if isStatement, let period = resource.object("effectivePeriod"), let text = period.string("start") {
            found = (text, period.path("start"))
        }
        let (codings, text) = resource.codings("medicationCodeableConcept")
        let description = text ?? codings.first?.string("display") ?? resource.object("medicationReference")?.string("display")
        guard let found, !isStatement || found.0.count > 10 else {
            skippedCodes[type + (isStatement ? " without a time of day" : " without a time"),
                         default: ("a medication with no time to place it", 0)].rows += 1
            return .skipped(.undatedMedication)
        }
        let (timeText, timePath) = found
        let profile = try subject(resource)
        guard let description else {
            throw RowRejection(reason: .missingRequiredField, column: nil, columnName: resource.path("medicationCodeableConcept"),
                               message: "the \(type) names no medication; give medicationCodeableConcept a text or display")
        }
        guard let parsed = ISODateTimeText.parse(timeText) else {
            throw RowRejection(reason: .unparseableDate, column: nil, columnName: timePath,
                               message: "\"\(timeText)\" is not a FHIR date or dateTime")
        }
        if isStatement {
            let zone = try context.zone(forProfile: profile)
            let bind = StatementBinder(try doseInsert.get())
            bind.add(profile)
            bind.add(EventTimeColumns(EventTime(text: timeText, epochSeconds: zone.epoch(of: parsed), day: zone.day(of: parsed))))
            bind.add(description)
            bind.add(resource.array("dosage").compactMap { $0.string("text") }.first)
            try bind.run()
            return .imported
        }
        let zone = try context.zone(forProfile: profile)
        let start = EventTime(text: timeText, epochSeconds: zone.epoch(of: parsed), day: zone.day(of: parsed))
        let reason = resource.array("reasonCode").compactMap { $0.string("text") ?? $0.array("coding").first?.string("display") }.first
        let encounter = (resource.object("encounter") ?? resource.object("context"))?.string("reference")
        try orderWriter.get().write(CareRecordWriter.Record(
            profile: profile, start: start, stop: nil, code: codings.first?.string("code"), description: description,
            reason: reason, encounter: encounter.map(FHIRLinks.plainID), source: "fhir"))
        return .imported
    }
}
