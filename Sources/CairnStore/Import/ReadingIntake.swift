import CairnCore

/// Validates and stores readings, whichever file they come from (contract readings.csv, a
/// Synthea export, an Apple Health export): unit conversion, the future-date rule, and the
/// Glance entry checks that warn but keep (plausible range; about ten times the person's usual
/// value, for lab markers; the same value of the same marker on the same local date, Glance's
/// duplicate rule, whatever the clock times).
final class ReadingIntake {
    /// A reading parsed from its source, before validation.
    struct Candidate {
        var profileID: String
        var marker: MarkerDefinition
        var value: Double
        var unit: String?
        var parsedDate: ISODateTimeText.Parsed
        var dateText: String
        var note: String?
        var source: String?
        /// Where the value, unit and date fields are, for messages.
        var valueColumn: (position: Int?, name: String)
        var unitColumn: (position: Int?, name: String)
        var dateColumn: (position: Int?, name: String)

        /// A date without a time is future only from the next local day on.
        func isAfter(now: Int, zone: CachedZone, epoch: Int, day: CalendarDay) -> Bool {
            if case .date = parsedDate { return day > zone.day(ofEpoch: now) }
            return epoch > now
        }
    }

    /// How many earlier readings the "usual value" is taken from, and how many it needs.
    static let usualWindow = 9
    static let usualMinimum = 3
    /// A value this many times the usual one, either way, is "about ten times off".
    static let tenfoldBand = 7.0...14.0

    private struct SeriesKey: Hashable {
        var profile: Int32
        var marker: Int32
    }

    /// A reading's identity for the duplicate check: its series, its value, and its local day.
    private struct DuplicateKey: Hashable {
        var series: SeriesKey
        var when: Int64
        var valueBits: UInt64

        /// Two words instead of four fields: hashing runs once per row.
        func hash(into hasher: inout Hasher) {
            hasher.combine(UInt64(UInt32(bitPattern: series.profile)) << 32 | UInt64(UInt32(bitPattern: series.marker)))
            hasher.combine(valueBits &+ UInt64(bitPattern: when))
        }
    }

    /// The latest values of one person's marker, newest last, capped at `usualWindow`.
    private struct RecentValues {
        var values: [Double] = []
        mutating func append(_ value: Double) {
            if values.count == ReadingIntake.usualWindow { values.removeFirst() }
            values.append(value)
        }
        var median: Double? {
            guard values.count >= ReadingIntake.usualMinimum else { return nil }
            let sorted = values.sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
    }

    private let context: ImportContext
    private let insert: InsertPipeline.Insert
    private var profileIndex: [String: Int32] = [:]
    private var markerIndex: [String: Int32] = [:]
    private var recent: [SeriesKey: RecentValues] = [:]
    /// Readings seen, for the duplicate rule. A lab marker's reading is compared by local date
    /// with every reading of the series, as Glance compares "the same date of service"
    /// (Glance 5.2). A device series (`MarkerKind.series`, written in time order, often hundreds
    /// of thousands of samples minutes apart, many equal) compares instants when both have
    /// one, with its latest `seriesWindow` samples, so memory stays flat however long the export.
    private var seenDays: Set<DuplicateKey> = []
    private var latestSamples: [SeriesKey: [(day: Int64, instant: Int64?, valueBits: UInt64)]] = [:]
    static let seriesWindow = 64

    init(context: ImportContext) throws {
        self.context = context
        insert = try context.inserts.prepareInsert(
            into: "readings",
            columns: ["profile_id", "marker", "value", "unit", "date", "date_epoch", "date_day", "note", "source",
                      "entered_value", "entered_unit"])
        let existing = try context.database.prepare(
            "SELECT profile_id, marker, value, date_day, date, date_epoch FROM readings ORDER BY date_epoch, id")
        while try existing.step() {
            guard let day = CalendarDay(iso: existing.text(3) ?? "") else { continue }
            let marker = existing.text(1) ?? ""
            let key = series(existing.text(0) ?? "", marker)
            let instant = (existing.text(4) ?? "").utf8.count == 10 ? nil : existing.int(5)
            if context.library.marker(id: marker)?.kind.isSeries == true {
                rememberRecent(key, value: existing.double(2), day: day, instant: instant)
            } else {
                remember(key, value: existing.double(2), day: day)
            }
        }
    }

    /// Validates and stores one reading; throws to reject it, records warnings on the context.
    func add(_ candidate: Candidate) throws {
        let marker = candidate.marker
        guard let value = marker.valueInDefaultUnit(candidate.value, unit: candidate.unit) else {
            let accepted = ([marker.unit] + marker.conversions.map(\.unit)).joined(separator: ", ")
            throw RowRejection(
                reason: .unconvertibleUnit, column: candidate.unitColumn.position, columnName: candidate.unitColumn.name,
                message: "\(marker.displayName) cannot be converted from \"\(candidate.unit ?? "")\" to \(marker.unit); "
                    + (marker.isCustom ? "custom markers take only \(marker.unit)" : "use one of: \(accepted)"))
        }
        let zone = try context.zone(forProfile: candidate.profileID)
        let epoch = zone.epoch(of: candidate.parsedDate)
        let day = zone.day(of: candidate.parsedDate)
        // Without a present instant (a directory read for analysis) nothing is in the future.
        if let now = context.now, candidate.isAfter(now: now, zone: zone, epoch: epoch, day: day) {
            throw RowRejection(
                reason: .futureReading, column: candidate.dateColumn.position, columnName: candidate.dateColumn.name,
                message: "\(candidate.dateText) is in the future (today is \(zone.day(ofEpoch: now)) in "
                    + "\(zone.zone.identifier)); readings are dated by when the sample was taken")
        }

        let key = series(candidate.profileID, marker.id)
        let unitText = " " + marker.unit
        if !marker.isCustom {
            // The tenfold rule catches a slip of the decimal point in a value typed in; samples
            // of a device series (steps per few minutes) vary that much on their own.
            let usual = marker.kind.isSeries ? nil : recent[key]?.median
            let suggestion = usual.flatMap { ReadingIntake.tenfoldSuggestion(value: value, usual: $0) }
            if marker.isImplausible(value) {
                var message = "\(marker.displayName) of \(NumberText.format(value))\(unitText) is outside the plausible range "
                    + "\(NumberText.format(marker.plausibleMin ?? -.infinity))-\(NumberText.format(marker.plausibleMax ?? .infinity))\(unitText)"
                if let suggestion { message += "; did you mean \(NumberText.format(suggestion))?" }
                context.record(.warning, .implausibleValue, column: candidate.valueColumn.position,
                               columnName: candidate.valueColumn.name, message: message + " (kept)",
                               didYouMean: suggestion)
            } else if let suggestion, let usual {
                context.record(.warning, .tenfoldOutlier, column: candidate.valueColumn.position,
                               columnName: candidate.valueColumn.name,
                               message: "\(marker.displayName) of \(NumberText.format(value))\(unitText) is about ten times "
                                + "off this person's usual \(NumberText.format(usual)); did you mean "
                                + "\(NumberText.format(suggestion))? (kept)",
                               didYouMean: suggestion)
            }
        }
        var instant: Int? = epoch
        if case .date = candidate.parsedDate { instant = nil }
        let duplicate = marker.kind.isSeries ? isRecentDuplicate(key, value: value, day: day, instant: instant)
            : isDuplicate(key, value: value, day: day)
        if duplicate {
            context.record(.warning, .duplicateReading, column: candidate.valueColumn.position,
                           columnName: candidate.valueColumn.name,
                           message: "\(candidate.profileID) already has a \(marker.displayName) reading of "
                            + "\(NumberText.format(value))\(unitText) on \(day) (kept)")
        }
        if marker.kind.isSeries {
            rememberRecent(key, value: value, day: day, instant: instant)
        } else {
            remember(key, value: value, day: day)
        }

        // Keep what was entered whenever it differs from what is stored, even in spelling only.
        let converted = value != candidate.value || (candidate.unit.map { $0 != marker.unit } ?? false)
        let bind = StatementBinder(insert)
        bind.add(candidate.profileID)
        bind.add(marker.id)
        bind.add(value)
        bind.add(marker.unit)
        bind.add(EventTimeColumns(text: candidate.dateText, epoch: epoch, day: day.description))
        bind.add(candidate.note)
        bind.add(candidate.source)
        bind.add(converted ? candidate.value : nil)
        bind.add(converted ? candidate.unit : nil)
        try bind.run()
    }

    /// The likely intended value when a value is about ten times, or a tenth of, the usual one.
    static func tenfoldSuggestion(value: Double, usual: Double) -> Double? {
        guard usual > 0, value > 0 else { return nil }
        let ratio = value / usual
        if tenfoldBand.contains(ratio) { return NumberText.roundedToSignificant(value / 10, digits: 6) }
        if tenfoldBand.contains(1 / ratio) { return NumberText.roundedToSignificant(value * 10, digits: 6) }
        return nil
    }

    /// A small integer key for a person's marker, so later sets and maps hash integers.
    private func series(_ profile: String, _ marker: String) -> SeriesKey {
        SeriesKey(profile: ReadingIntake.intern(profile, in: &profileIndex),
                  marker: ReadingIntake.intern(marker, in: &markerIndex))
    }

    private static func intern(_ name: String, in index: inout [String: Int32]) -> Int32 {
        if let known = index[name] { return known }
        let next = Int32(index.count)
        index[name] = next
        return next
    }

    private func isDuplicate(_ key: SeriesKey, value: Double, day: CalendarDay) -> Bool {
        seenDays.contains(DuplicateKey(series: key, when: Int64(day.daysSinceEpoch), valueBits: value.bitPattern))
    }

    private func isRecentDuplicate(_ key: SeriesKey, value: Double, day: CalendarDay, instant: Int?) -> Bool {
        let dayNumber = Int64(day.daysSinceEpoch)
        return latestSamples[key]?.contains { sample in
            guard sample.valueBits == value.bitPattern else { return false }
            if let instant, let seen = sample.instant { return seen == Int64(instant) }
            return sample.day == dayNumber
        } ?? false
    }

    private func rememberRecent(_ key: SeriesKey, value: Double, day: CalendarDay, instant: Int?) {
        recent[key, default: RecentValues()].append(value)
        var samples = latestSamples[key] ?? []
        if samples.count == ReadingIntake.seriesWindow { samples.removeFirst() }
        samples.append((Int64(day.daysSinceEpoch), instant.map(Int64.init), value.bitPattern))
        latestSamples[key] = samples
    }

    private func remember(_ key: SeriesKey, value: Double, day: CalendarDay) {
        recent[key, default: RecentValues()].append(value)
        seenDays.insert(DuplicateKey(series: key, when: Int64(day.daysSinceEpoch), valueBits: value.bitPattern))
    }
}
