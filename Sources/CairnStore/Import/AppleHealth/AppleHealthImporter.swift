import CairnCore

/// An Apple Health export (export.xml from the Health app's "Export All Health Data"), read as a
/// stream (`XMLStreamReader`, libxml2's pull parser), so memory does not grow with the file,
/// which is often hundreds of megabytes.
///
/// Every `Record`, `Correlation`, `Workout` and `ActivitySummary` element is a record of the
/// import, accounted for:
/// - quantity records of the types in `AppleHealthTypes` become readings in HealthKit's units
///   (`count/min`, `mg/dL`, `mmol<180.1558800000541>/L`, `kg`, `mmHg`, `count`; `%` written as a
///   fraction, as HealthKit does for oxygen saturation, is read as a percentage);
/// - `SleepAnalysis` intervals fold into nights (`AppleHealthSleep`);
/// - `MenstrualFlow` records become the factor `menstruation` on their local day (one entry a
///   day, the heaviest flow as its value; "None" is skipped as `no_menstrual_flow`);
/// - for each type and local day, only the highest-priority source's records are kept
///   (`AppleHealthSources`): a watch and a phone both counting steps are not added together;
///   the others are skipped as `lower_priority_source`;
/// - records inside a `Correlation` are skipped (the export lists each of them on its own as
///   well), as are correlations, workouts, activity summaries and types Cairn does not read,
///   counted by type.
/// A file that is not well-formed XML is refused whole with the line and column of the error.
final class AppleHealthImporter: SourceImporter {
    private let path: String
    private let context: ImportContext
    private let intake: ReadingIntake
    private let sleepWriter: SleepWriter
    private let factorInsert: InsertPipeline.Insert
    private let profile: String
    private(set) var skippedCodes: [String: (description: String, rows: Int)] = [:]

    init(path: String, context: ImportContext, intake: ReadingIntake, options: ImportOptions) throws {
        self.path = path
        self.context = context
        self.intake = intake
        profile = options.profile ?? "me"
        sleepWriter = try SleepWriter(context: context)
        factorInsert = try context.inserts.prepareInsert(into: "factors", columns: ["profile_id", "at", "at_epoch", "at_day", "factor", "value"])
        // The person of the export: an existing profile keeps its zone and details; a new one
        // gets --time-zone (else UTC, with a warning) and the birth date and sex of `Me`.
        if !context.knowsProfile(profile) {
            let me = AppleHealthExport.me(prefix: FileKind.prefix(path, count: 1 << 16))
            if options.defaultTimeZone == nil {
                context.record(.warning, .unknownTimeZone, message: "profile \(profile) is new and the export names no time zone; "
                               + "UTC was used for its days and nights (pass --time-zone, or import a profiles row first)")
            }
            try ProfileWriter(context: context).write(ProfileWriter.Fields(
                id: profile, displayName: profile, zone: options.defaultTimeZone ?? .utc, birthDate: me.birthDate, sex: me.sex))
        }
    }

    func importRecords(into ledger: RecordLedger) throws {
        // Pass 1: which sources have data for each type and local day.
        let zone = try context.zone(forProfile: profile)
        let survey = SourceSurvey(zone: zone)
        try parse(survey)
        // Pass 2: the records themselves.
        let records = RecordPass(importer: self, ledger: ledger, zone: zone, chosen: survey.chosenSources())
        try parse(records)
        try records.finishSleep()
        try records.finishMenstruation()
        for (type, rows) in records.skippedTypes { skippedCodes[type, default: (AppleHealthTypes.describe(type), 0)].rows += rows }
    }

    /// Runs one streaming pass; a parse error refuses the file with its place.
    private func parse(_ handler: ElementHandler) throws {
        guard let reader = XMLStreamReader(path: path) else { throw ImportError.unreadable(path: path, reason: "cannot be opened") }
        do {
            while let event = try reader.next() {
                switch event {
                case .start(let name, let attributes, let line, let isEmpty):
                    try handler.start(name, attributes, line: line)
                    if isEmpty { try handler.end(name) }
                case .end(let name):
                    try handler.end(name)
                }
            }
        } catch let malformed as XMLStreamReader.Malformed {
            throw ImportError.malformedXML(path: path, line: malformed.line, column: malformed.column, problem: malformed.message)
        }
    }

    // MARK: Passes

    /// What a pass does with each element.
    class ElementHandler {
        func start(_ name: String, _ attributes: [String: String], line: Int) throws {}
        func end(_ name: String) throws {}
    }

    /// Pass 1: the sources of each (type, local day) that Cairn would import.
    final class SourceSurvey: ElementHandler {
        let zone: CachedZone
        private var sources: [TypeDay: Set<String>] = [:]
        private var correlationDepth = 0

        init(zone: CachedZone) { self.zone = zone }

        override func start(_ name: String, _ attributes: [String: String], line: Int) throws {
            if name == "Correlation" { correlationDepth += 1 }
            guard name == "Record", correlationDepth == 0, let type = attributes["type"], AppleHealthTypes.isImported(type),
                  let source = attributes["sourceName"], let start = AppleHealthExport.instant(attributes["startDate"]) else { return }
            let end = AppleHealthExport.instant(attributes["endDate"])
            guard let day = AppleHealthSleep.groupDay(type: type, start: start, end: end, zone: zone) else { return }
            sources[TypeDay(type: type, day: day), default: []].insert(source)
        }

        override func end(_ name: String) throws {
            if name == "Correlation" { correlationDepth -= 1 }
        }

        func chosenSources() -> [TypeDay: String] {
            sources.compactMapValues { AppleHealthSources.best($0) }
        }
    }

    /// Pass 2: every record accounted for.
    final class RecordPass: ElementHandler {
        unowned let importer: AppleHealthImporter
        let ledger: RecordLedger
        let zone: CachedZone
        let chosen: [TypeDay: String]
        let sleep: AppleHealthSleep
        /// Days with menstrual flow, and the heaviest level logged (nil: unspecified).
        private var flowDays: [CalendarDay: Int?] = [:]
        private(set) var skippedTypes: [String: Int] = [:]
        private var correlationDepth = 0

        init(importer: AppleHealthImporter, ledger: RecordLedger, zone: CachedZone, chosen: [TypeDay: String]) {
            self.importer = importer
            self.ledger = ledger
            self.zone = zone
            self.chosen = chosen
            sleep = AppleHealthSleep(zone: zone)
        }

        override func start(_ name: String, _ attributes: [String: String], line: Int) throws {
            switch name {
            case "Record":
                try record(attributes, line: line, nested: correlationDepth > 0)
            case "Correlation":
                correlationDepth += 1
                try skip(name, attributes, line: line, type: attributes["type"] ?? "Correlation", reason: .listedApart)
            case "Workout", "ActivitySummary":
                try skip(name, attributes, line: line, type: attributes["workoutActivityType"].map { _ in "Workout" } ?? name,
                         reason: .unmappedCode)
            default:
                break
            }
        }

        override func end(_ name: String) throws {
            if name == "Correlation" { correlationDepth -= 1 }
        }

        private func skip(_ name: String, _ attributes: [String: String], line: Int, type: String, reason: ImportIssue.Reason) throws {
            if reason == .unmappedCode { skippedTypes[type, default: 0] += 1 }
            try ledger.account(line: line, original: { AppleHealthExport.describe(name, attributes) }) { .skipped(reason) }
        }

        private func record(_ attributes: [String: String], line: Int, nested: Bool) throws {
            let type = attributes["type"] ?? ""
            if nested { return try skip("Record", attributes, line: line, type: type, reason: .listedApart) }
            guard AppleHealthTypes.isImported(type) else {
                return try skip("Record", attributes, line: line, type: type, reason: .unmappedCode)
            }
            try ledger.account(line: line, original: { AppleHealthExport.describe("Record", attributes) }) {
                guard let startText = attributes["startDate"], let start = AppleHealthExport.instant(startText) else {
                    throw RowRejection(reason: .unparseableDate, column: nil, columnName: "startDate",
                                       message: "\"\(attributes["startDate"] ?? "")\" is not an Apple Health date (2017-09-01 05:26:26 +0200)")
                }
                let source = attributes["sourceName"] ?? ""
                if type == AppleHealthTypes.menstrualFlow {
                    let day = zone.day(ofEpoch: start)
                    guard chosen[TypeDay(type: type, day: day)] == source else { return .skipped(.lowerPrioritySource) }
                    guard let level = AppleHealthTypes.flowLevel(attributes["value"] ?? "") else { return .skipped(.noMenstrualFlow) }
                    let known = flowDays[day] ?? nil
                    flowDays[day] = level.map { max($0, known ?? 0) } ?? known
                    return .imported
                }
                if type == AppleHealthTypes.sleep {
                    guard let endText = attributes["endDate"], let end = AppleHealthExport.instant(endText), end >= start else {
                        throw RowRejection(reason: .unparseableDate, column: nil, columnName: "endDate",
                                           message: "\"\(attributes["endDate"] ?? "")\" is not an end after the start")
                    }
                    let nights = AppleHealthSleep.nights(start: start, end: end, zone: zone)
                    guard let first = nights.first else { return .skipped(.outsideSleepWindow) }
                    // The source chosen for the night the record began in decides for all of it.
                    guard chosen[TypeDay(type: type, day: first.day)] == source else { return .skipped(.lowerPrioritySource) }
                    for night in nights {
                        sleep.add(night: night.day, source: source, start: night.start, end: night.end, value: attributes["value"] ?? "")
                    }
                    return .imported
                }
                guard chosen[TypeDay(type: type, day: zone.day(ofEpoch: start))] == source else { return .skipped(.lowerPrioritySource) }
                return try importer.reading(type: type, attributes: attributes, start: start, source: source)
            }
        }

        func finishMenstruation() throws {
            for day in flowDays.keys.sorted() {
                let bind = StatementBinder(importer.factorInsert)
                bind.add(importer.profile)
                bind.add(EventTimeColumns(text: day.description, epoch: zone.epoch(of: .date(day)), day: day.description))
                bind.add("menstruation")
                bind.add(flowDays[day]!.map(Double.init))
                try bind.run()
            }
        }

        func finishSleep() throws {
            for night in sleep.nights() { try importer.sleepWriter.write(profile: importer.profile, night: night) }
        }
    }

    /// A quantity record as a reading, through the shared reading checks.
    private func reading(type: String, attributes: [String: String], start: Int, source: String) throws -> ImportOutcome {
        guard let marker = AppleHealthTypes.marker(for: type, in: context.library) else { return .skipped(.unmappedCode) }
        let valueText = attributes["value"] ?? ""
        guard var value = try? ContractValue.number(valueText[...]) else {
            throw RowRejection(reason: .unparseableNumber, column: nil, columnName: "value",
                               message: "\"\(valueText)\" is not a number")
        }
        var unit = attributes["unit"]
        // HealthKit writes percentages as fractions (0.97 for 97%).
        if unit == "%" && value <= 1 && marker.unit == "%" { value *= 100 }
        if unit == "%" && marker.unit == "%" { unit = nil }
        let text = AppleHealthExport.isoText(attributes["startDate"] ?? "")
        try intake.add(ReadingIntake.Candidate(
            profileID: profile, marker: marker, value: value, unit: unit,
            parsedDate: .instant(epochSeconds: start), dateText: text, note: nil, source: source,
            valueColumn: (nil, "value"), unitColumn: (nil, "unit"), dateColumn: (nil, "startDate")))
        return .imported
    }

    struct TypeDay: Hashable {
        let type: String
        let day: CalendarDay
    }
}
