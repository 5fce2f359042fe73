import Foundation
import Testing

/// The optional `logged_at` column of factors (DATA-CONTRACT.md): imported with its instant,
/// kept in SQLite, read back by the modules, and judged by trigger-cooccurrence@3's check of
/// entries made after onset; a date without a time is rejected.
@Suite("factors.logged_at")
struct LoggedAtTests {
    let scratch = Scratch()

    @Test("imported, stored, read by trigger-cooccurrence@3; a date alone rejected")
    func loggedAt() throws {
        var headaches = "profile_id,headache_id,onset_at,resolved_at,severity\n"
        var factors = "profile_id,at,factor,logged_at\n"
        for day in [2, 4, 6, 8, 10, 12] {
            let date = String(format: "2026-03-%02d", day)
            headaches += "p,h\(day),\(date)T14:00,\(date)T18:00,3\n"
            // Chocolate "at breakfast", written down at 16:00, after the headache began.
            factors += "p,\(date)T08:00,chocolate,\(date)T16:00\n"
        }
        for day in 1...14 { factors += String(format: "p,2026-03-%02dT07:00,water,\n", day) }
        scratch.write("d/profiles.csv", "profile_id,time_zone\np,Europe/Berlin\n")
        scratch.write("d/headaches.csv", headaches)
        scratch.write("d/factors.csv", factors)
        let target = scratch.path + "/d.sqlite"
        let imported = try CLI.run(["import", scratch.path + "/d", "--into", target, "--now", "2026-11-22"])
        #expect(imported.status == 0, "\(imported.output)\(imported.error)")
        let stored = try CLI.run([target, "-c", ".mode csv; SELECT logged_at, logged_at_epoch FROM factors WHERE factor = 'chocolate' ORDER BY id LIMIT 1;"])
        // 16:00 in Berlin on 2 March 2026 (UTC+1) is 15:00 UTC: 1772463600.
        #expect(stored.output.contains("2026-03-02T16:00,1772463600"), "\(stored.output)\(stored.error)")
        let insights = try CLI.run(["insights", target, "--module", "trigger-cooccurrence@3", "--format", "json"])
        #expect(insights.status == 0, "\(insights.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(insights.output.utf8)) as? [String: Any])
        let first = try #require((json["insights"] as? [[String: Any]])?.first)
        let evidence = try #require(first["evidence"] as? [String: Any])
        #expect(evidence["logged_after_onset"] as? [String] == ["chocolate"])
        let dateOnly = scratch.write("g/factors.csv", "profile_id,at,factor,logged_at\np,2026-03-02T08:00,chocolate,2026-03-02\n")
        let rejected = try CLI.run(["import", dateOnly, "--into", target, "--now", "2026-11-22"])
        #expect(rejected.status == 1)
    }

    /// Before logged_at, a factors row with a value that is not a number was refused halfway
    /// through binding its insert, and the whole import failed with an SQLite error.
    @Test("a factor whose value or logged_at is refused is one rejected row; the others import")
    func refusedRowsLeaveNothingBound() throws {
        let file = scratch.write("h/factors.csv", "profile_id,at,factor,value,logged_at\np,2026-03-02T08:00,chocolate,abc,\n"
                                 + "p,2026-03-02T08:00,chocolate,,2026-03-02\np,2026-03-02T09:00,water,2,2026-03-02T10:00\n")
        let result = try CLI.run(["import", file, "--into", scratch.path + "/h.sqlite", "--now", "2026-11-22"])
        #expect(result.status == 1, "\(result.error)")
        #expect(result.output.hasPrefix("Imported 1 of 3 rows into \(scratch.path)/h.sqlite: 0 warnings, 2 rejected, 0 skipped."))
    }
}
