import Foundation
import Testing
@testable import CairnCore

/// `Headache` keeps its fields in a shared box; to everyone who uses it, it must be the plain
/// value it was: the same JSON, equality, hashing and value semantics.
@Suite("A headache is a plain value")
struct HeadacheTests {
    /// The struct as it was before its fields were boxed, with the compiler's own Codable and
    /// Hashable: the reference for the boxed one.
    struct Plain: Hashable, Codable {
        var id: String
        var profileID: String
        var onset: EventTime
        var resolved: EventTime?
        var severity: Int
        var onsetSpeed: Headache.OnsetSpeed?
        var aura: Bool?
        var visualDisturbance: Bool?
        var symptoms: [String]
        var headacheType: String?
        var notes: String?
    }

    static let onset = EventTime(text: "2026-03-01T08:00:00+01:00", epochSeconds: 1_772_348_400,
                                 day: CalendarDay(year: 2026, month: 3, day: 1)!)
    static let later = EventTime(text: "2026-03-01T11:30:00+01:00", epochSeconds: 1_772_361_000,
                                 day: CalendarDay(year: 2026, month: 3, day: 1)!)

    static let full = Headache(id: "h1", profileID: "p1", onset: onset, resolved: later, severity: 3, onsetSpeed: .gradual,
                               aura: true, visualDisturbance: false, symptoms: ["nausea", "light"], headacheType: "mine",
                               notes: "after \"work\"")
    static let sparse = Headache(id: "h2", profileID: "p1", onset: onset, severity: 5)

    static func plain(_ headache: Headache) -> Plain {
        Plain(id: headache.id, profileID: headache.profileID, onset: headache.onset, resolved: headache.resolved,
              severity: headache.severity, onsetSpeed: headache.onsetSpeed, aura: headache.aura,
              visualDisturbance: headache.visualDisturbance, symptoms: headache.symptoms,
              headacheType: headache.headacheType, notes: headache.notes)
    }

    @Test("the same JSON as the plain struct, every field and every absent one, and back")
    func json() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for headache in [HeadacheTests.full, HeadacheTests.sparse] {
            let boxed = try encoder.encode(headache)
            #expect(boxed == (try encoder.encode(HeadacheTests.plain(headache))))
            #expect(try JSONDecoder().decode(Headache.self, from: boxed) == headache)
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Headache.self, from: Data(#"{"id":"h"}"#.utf8)) }
    }

    @Test("a change is to one copy and one field only")
    func valueSemantics() {
        var changed = HeadacheTests.full
        let kept = changed
        changed.resolved = nil
        changed.symptoms.append("sound")
        #expect(kept == HeadacheTests.full && kept.resolved == HeadacheTests.later && kept.symptoms == ["nausea", "light"])
        #expect(changed.resolved == nil && changed.symptoms == ["nausea", "light", "sound"] && !changed.isResolved)
        var expected = HeadacheTests.plain(HeadacheTests.full)
        expected.resolved = nil
        expected.symptoms.append("sound")
        #expect(HeadacheTests.plain(changed) == expected)
        #expect(changed != kept)
    }

    @Test("equal and hashed by every field, whether or not two values share their box")
    func equality() {
        let rebuilt = Headache(id: "h1", profileID: "p1", onset: HeadacheTests.onset, resolved: HeadacheTests.later, severity: 3,
                               onsetSpeed: .gradual, aura: true, visualDisturbance: false, symptoms: ["nausea", "light"],
                               headacheType: "mine", notes: "after \"work\"")
        #expect(rebuilt == HeadacheTests.full && rebuilt.hashValue == HeadacheTests.full.hashValue)
        #expect(Set([rebuilt, HeadacheTests.full, HeadacheTests.sparse]).count == 2)
        var other = rebuilt
        other.notes = nil
        #expect(other != rebuilt)
        other.notes = "after \"work\""
        #expect(other == rebuilt)
        other.severity = 1
        #expect(other != rebuilt)
    }
}
