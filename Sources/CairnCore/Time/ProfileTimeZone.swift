import Foundation
import Synchronization

/// A profile's IANA time zone, answering the two questions every analysis asks: which local
/// calendar day an instant falls on, and which instant a local wall-clock time names. Offsets
/// come from the system's tz database through Foundation, so daylight-saving rules are real.
public struct ProfileTimeZone: Hashable, Sendable, CustomStringConvertible {
    public let identifier: String
    private let zone: TimeZone
    private let offsets: ZoneOffsetCache

    public static let utc = ProfileTimeZone(validated: TimeZone(identifier: "UTC")!, identifier: "UTC")

    /// Returns nil for a name the tz database does not know.
    public init?(identifier: String) {
        guard !identifier.isEmpty, let zone = TimeZone(identifier: identifier) else { return nil }
        self.init(validated: zone, identifier: identifier)
    }

    private init(validated zone: TimeZone, identifier: String) {
        self.zone = zone
        self.identifier = identifier
        offsets = ZoneOffsetCache.shared(for: identifier)
    }

    public var description: String { identifier }

    /// Seconds east of UTC in force at the instant.
    public func offset(atEpoch seconds: Int) -> Int {
        // The common case first, with no closure formed: a day already known and without a change.
        if let known = offsets.knownOffset(atEpoch: seconds) { return known }
        return offsets.offset(atEpoch: seconds) { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0))) }
    }

    /// The local calendar day on which the instant falls.
    public func day(ofEpoch seconds: Int) -> CalendarDay {
        CalendarDay(daysSinceEpoch: ISODateTimeText.floorDiv(seconds + offset(atEpoch: seconds), 86_400))
    }

    /// The instant a local wall-clock time names. A time skipped by a spring-forward change is
    /// moved forward by the gap (02:30 becomes 03:30), and a time repeated by a fall-back change
    /// takes the earlier instant, as java.time and most calendars do.
    public func epoch(of day: CalendarDay, secondOfDay: Int) -> Int {
        let wall = day.daysSinceEpoch * 86_400 + secondOfDay
        let before = offset(atEpoch: wall - 86_400)
        let after = offset(atEpoch: wall + 86_400)
        if before == after { return wall - before }
        // A change within a day of this wall time: try the earlier offset first.
        let earlier = wall - before
        if offset(atEpoch: earlier) == before { return earlier }
        let later = wall - after
        if offset(atEpoch: later) == after { return later }
        // In the gap: no local time matches; keep the wall time under the old offset's rules.
        return wall - before
    }

    /// The first instant of a local calendar day (midnight, or the first existing time after it).
    public func startOfDay(_ day: CalendarDay) -> Int {
        epoch(of: day, secondOfDay: 0)
    }

    /// The instant a parsed contract date or date-time names in this zone; a bare date is the
    /// start of that local day.
    public func epoch(of parsed: ISODateTimeText.Parsed) -> Int {
        switch parsed {
        case .date(let day): return startOfDay(day)
        case .local(let day, let secondOfDay): return epoch(of: day, secondOfDay: secondOfDay)
        case .instant(let seconds): return seconds
        }
    }

    /// The local calendar day a parsed date or date-time falls on in this zone.
    public func day(of parsed: ISODateTimeText.Parsed) -> CalendarDay {
        switch parsed {
        case .date(let day), .local(let day, _): return day
        case .instant(let seconds): return day(ofEpoch: seconds)
        }
    }

    public static func == (lhs: ProfileTimeZone, rhs: ProfileTimeZone) -> Bool {
        lhs.identifier == rhs.identifier
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }
}

/// Offsets of one zone by UTC day, shared by every profile in the zone: the tz database is asked
/// twice per day (its first and last second); a day whose two offsets agree has that offset
/// throughout, and a day with a change is asked for each instant. Foundation's look-ups take a
/// lock and a calendar computation each, and analyses ask millions of times.
///
/// Days from 1900 to 2099 live in a flat table of atomics, read without a lock or a hash (the
/// two workers of a run ask the same zone at once; a lock and a dictionary were a tenth of a
/// run over every module, BENCHMARKS.md). A slot is written once with the value any thread
/// would compute, so a race stores the same number twice. Other days use a locked dictionary.
final class ZoneOffsetCache: @unchecked Sendable {
    private static let caches = Mutex<[String: ZoneOffsetCache]>([:])
    /// Offset by UTC day number outside `window`; `changes` marks a day with a transition.
    private let days = Mutex<[Int: Int32]>([:])
    private static let changes = Int32.min
    /// A slot of `table` not yet asked.
    private static let unknown = Int32.max
    /// UTC day numbers of 1900-01-01 up to 2100-01-01.
    private static let window = -25_567..<47_482
    private let table: UnsafeMutablePointer<Atomic<Int32>>

    private init() {
        let count = ZoneOffsetCache.window.count
        table = .allocate(capacity: count)
        for slot in 0..<count { (table + slot).initialize(to: Atomic(ZoneOffsetCache.unknown)) }
    }

    deinit {
        table.deinitialize(count: ZoneOffsetCache.window.count)
        table.deallocate()
    }

    static func shared(for identifier: String) -> ZoneOffsetCache {
        caches.withLock { caches in
            if let known = caches[identifier] { return known }
            let made = ZoneOffsetCache()
            caches[identifier] = made
            return made
        }
    }

    /// The offset when the instant's day is in the table, already asked and without a change;
    /// else nil (then `offset(atEpoch:lookUp:)`).
    @inline(__always)
    func knownOffset(atEpoch seconds: Int) -> Int? {
        let slot = ISODateTimeText.floorDiv(seconds, 86_400) - ZoneOffsetCache.window.lowerBound
        guard slot >= 0 && slot < ZoneOffsetCache.window.count else { return nil }
        let known = table[slot].load(ordering: .relaxed)
        return known == ZoneOffsetCache.unknown || known == ZoneOffsetCache.changes ? nil : Int(known)
    }

    func offset(atEpoch seconds: Int, lookUp: (Int) -> Int) -> Int {
        let day = ISODateTimeText.floorDiv(seconds, 86_400)
        let inTable = ZoneOffsetCache.window.contains(day)
        let known: Int32? = inTable ? table[day - ZoneOffsetCache.window.lowerBound].load(ordering: .relaxed) : days.withLock { $0[day] }
        if let known, known != ZoneOffsetCache.unknown { return known == ZoneOffsetCache.changes ? lookUp(seconds) : Int(known) }
        let first = lookUp(day * 86_400), last = lookUp(day * 86_400 + 86_399)
        let value = first == last ? Int32(first) : ZoneOffsetCache.changes
        if inTable {
            table[day - ZoneOffsetCache.window.lowerBound].store(value, ordering: .relaxed)
        } else {
            days.withLock { days in
                // Bounded: a run over centuries of dates starts afresh rather than growing.
                if days.count >= 200_000 { days.removeAll(keepingCapacity: true) }
                days[day] = value
            }
        }
        return first == last ? first : lookUp(seconds)
    }
}

/// A zone travels as its IANA name; a name the tz database does not know is refused.
extension ProfileTimeZone: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let identifier = try container.decode(String.self)
        guard let zone = ProfileTimeZone(identifier: identifier) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(identifier)' is not a time zone the tz database knows")
        }
        self = zone
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}
