import CairnCore

/// One profile's data as a module sees it. Every list is in time order and indexed from 0.
/// `asOf(_:)` cuts it at an instant: nothing after it remains, and a headache resolved later is
/// still active then. The lists are views (`ArraySlice`) of the rows read, so a cut is a binary
/// search per table and copies nothing: replay cuts the same rows once per step, and the weather
/// every profile shares stays one array.
public struct ProfileData: Sendable {
    public var profile: Profile
    /// The built-in library plus the dataset's custom markers.
    public var markers: MarkerLibrary
    /// The person's own target ranges, by marker id.
    public var overrides: [String: ReferenceOverride]
    public var readings: ArraySlice<Reading>
    public var visits: ArraySlice<Visit>
    /// In data cut at an instant, the visits dated after it: appointments already planned then
    /// (the contract allows visits in the future). Empty in uncut data.
    public var plannedVisits: [Visit] = []
    public var headaches: ArraySlice<Headache>
    public var medications: ArraySlice<Medication>
    public var sleep: ArraySlice<SleepNight>
    /// The profile's own observations and those that apply to every profile.
    public var weather: ArraySlice<WeatherObservation>
    public var factors: ArraySlice<FactorEntry>
    /// The weather rows `weather` was cut from (all of them, rows after the cut included), for
    /// caches of rows every profile shares: a replay cuts the same rows at every step, and
    /// columns made once from all of them serve each cut as a window. Never read for values.
    package var weatherSource: ArraySlice<WeatherObservation>

    public init(profile: Profile, markers: MarkerLibrary = .builtIn, overrides: [String: ReferenceOverride] = [:],
                readings: [Reading] = [], visits: [Visit] = [], headaches: [Headache] = [], medications: [Medication] = [],
                sleep: [SleepNight] = [], weather: [WeatherObservation] = [], factors: [FactorEntry] = []) {
        self.profile = profile
        self.markers = markers
        self.overrides = overrides
        self.readings = readings.inOrder { ($0.date.epochSeconds, $0.id) < ($1.date.epochSeconds, $1.id) }[...]
        self.visits = visits.inOrder { ($0.date.epochSeconds, $0.id) < ($1.date.epochSeconds, $1.id) }[...]
        self.headaches = headaches.inOrder { ($0.onset.epochSeconds, $0.id) < ($1.onset.epochSeconds, $1.id) }[...]
        self.medications = medications.inOrder { ($0.takenAt.epochSeconds, $0.id) < ($1.takenAt.epochSeconds, $1.id) }[...]
        self.sleep = sleep.inOrder { ($0.nightOf, $0.id) < ($1.nightOf, $1.id) }[...]
        self.weather = weather.inOrder { ($0.observedAtEpoch, $0.id) < ($1.observedAtEpoch, $1.id) }[...]
        self.factors = factors.inOrder { ($0.at.epochSeconds, $0.id) < ($1.at.epochSeconds, $1.id) }[...]
        weatherSource = self.weather
    }

    public var zone: ProfileTimeZone { profile.timeZone }

    /// The data as it stood at an instant: O(log n) per table, nothing copied but the headaches
    /// still running then.
    public func asOf(_ instant: Int) -> ProfileData {
        var cut = self
        cut.readings = readings.visible(at: instant) { $0.date.epochSeconds }
        cut.visits = visits.visible(at: instant) { $0.date.epochSeconds }
        cut.plannedVisits = Array(visits[cut.visits.endIndex...])
        cut.headaches = headaches.visible(at: instant) { $0.onset.epochSeconds }
        if cut.headaches.contains(where: { ($0.resolved?.epochSeconds ?? .min) > instant }) {
            cut.headaches = cut.headaches.map { headache in
                guard let resolved = headache.resolved, resolved.epochSeconds > instant else { return headache }
                var active = headache
                active.resolved = nil
                return active
            }[...]
        }
        cut.medications = medications.visible(at: instant) { $0.takenAt.epochSeconds }
        cut.sleep = sleep.visible(at: instant, knownFrom)
        cut.weather = weather.visible(at: instant) { $0.observedAtEpoch }
        cut.factors = factors.visible(at: instant) { $0.at.epochSeconds }
        return cut
    }

    /// A night is known once it is over: from the start of the next local day.
    package func knownFrom(_ night: SleepNight) -> Int { zone.startOfDay(night.nightOf.adding(days: 1)) }

    /// Every instant at which a row of the tables became visible by the rule `asOf` cuts by (a
    /// headache also when it was resolved), in no order and with repeats.
    public func visibilityInstants(in tables: Set<ContractTable>) -> [Int] {
        var instants: [Int] = []
        if tables.contains(.readings) { instants += readings.map(\.date.epochSeconds) }
        if tables.contains(.visits) { instants += visits.map(\.date.epochSeconds) }
        if tables.contains(.headaches) {
            instants += headaches.map(\.onset.epochSeconds) + headaches.compactMap { $0.resolved?.epochSeconds }
        }
        if tables.contains(.medications) { instants += medications.map(\.takenAt.epochSeconds) }
        if tables.contains(.sleep) { instants += sleep.map(knownFrom) }
        if tables.contains(.weather) { instants += weather.map(\.observedAtEpoch) }
        if tables.contains(.factors) { instants += factors.map(\.at.epochSeconds) }
        return instants
    }

    public var resolvedHeadaches: [Headache] { headaches.filter(\.isResolved) }

    /// How many headaches are resolved, counted in place: most modules' first gate, asked of
    /// every profile, where `resolvedHeadaches.count` copied every resolved headache to count it.
    public var resolvedHeadacheCount: Int {
        var count = 0
        // The field read through the subscript: no copy of the headache (its strings retained).
        for index in headaches.indices where headaches[index].resolved != nil { count += 1 }
        return count
    }

    /// Whether the profile has no row in an event table (weather shared by everyone counts:
    /// every profile has it).
    public func isEmpty(_ table: ContractTable) -> Bool {
        switch table {
        case .readings: return readings.isEmpty
        case .visits: return visits.isEmpty && plannedVisits.isEmpty
        case .headaches: return headaches.isEmpty
        case .medications: return medications.isEmpty
        case .sleep: return sleep.isEmpty
        case .weather: return weather.isEmpty
        case .factors: return factors.isEmpty
        case .profiles, .markers, .referenceOverrides, .conditions, .medicationOrders: return false
        }
    }

    /// The first and last local days of the profile's dated rows (visits aside), or nil.
    public var daySpan: ClosedRange<CalendarDay>? {
        let days = [readings.map(\.date.day), headaches.map(\.onset.day), medications.map(\.takenAt.day),
                    sleep.map(\.nightOf), factors.map(\.at.day)].flatMap { $0 }
        guard let first = days.min(), let last = days.max() else { return nil }
        return first...last
    }

    /// The local day of the latest event across profiles, in its own profile's zone: the
    /// default as-of day, never the clock.
    public static func latestEventDay(_ profiles: [ProfileData]) -> CalendarDay? {
        profiles.compactMap { profile in profile.latestEvent.map { (profile.zone.day(ofEpoch: $0), $0) } }
            .max { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    /// The latest event instant (visits excluded: they may be planned), or nil with no events.
    public var latestEvent: Int? {
        [readings.last?.date.epochSeconds, headaches.last?.onset.epochSeconds, medications.last?.takenAt.epochSeconds,
         sleep.last.map { zone.startOfDay($0.nightOf) }, factors.last?.at.epochSeconds,
         weather.last(where: { $0.profileID != nil })?.observedAtEpoch].compactMap { $0 }.max()
    }
}

extension ArraySlice {
    /// The leading rows whose time is at or before an instant, for rows in time order: a binary
    /// search, and a view of the same storage (indexed from 0 when this view is).
    func visible(at instant: Int, _ time: (Element) -> Int) -> ArraySlice<Element> {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if time(self[middle]) <= instant { low = middle + 1 } else { high = middle }
        }
        return self[startIndex..<low]
    }
}

extension Array {
    /// The array itself when already in order (rows read in order, or an array shared between
    /// profiles, keep their storage), else sorted: O(n) for sorted input.
    func inOrder(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        for index in indices.dropFirst() where areInIncreasingOrder(self[index], self[index - 1]) {
            return sorted(by: areInIncreasingOrder)
        }
        return self
    }
}
