import Foundation
import Testing

/// `cairn replay` and `.replay` as a person reads them: one timeline per profile in time order,
/// what changed at each event, gates already open at the start, hour steps and `--at-events`.
/// Expected instants are worked out by hand from the rows written here.
@Suite("Replay timelines")
struct ReplayCommandTests {
    let scratch = Scratch()
    var demo: String { WorkbenchTests.root.appendingPathComponent("Datasets/demo").path }

    /// Seed 002 (Aurae 7.1), the urgent red-flag text, word for word.
    static let urgent = "This headache came on very suddenly and severely. Headaches that reach full intensity very quickly can "
        + "sometimes be a sign of a serious condition that needs immediate medical attention. If this is the worst headache "
        + "you have ever had, or if you have any other unusual symptoms, please seek emergency medical care now or call "
        + "emergency services. This app cannot diagnose the cause of your headache."

    /// Two people in Berlin (CEST, UTC+2, in May), each with one sudden severe headache at 09:00
    /// on 4 May: Sam's resolved at 15:00 the same day, Kai's never resolved.
    var alerts: String {
        scratch.write("alerts/profiles.csv", "profile_id,time_zone\nsam,Europe/Berlin\nkai,Europe/Berlin\n")
        scratch.write("alerts/headaches.csv", """
            profile_id,headache_id,onset_at,resolved_at,severity,onset_speed,aura,visual_disturbance
            sam,sam-h1,2026-05-04T09:00,2026-05-04T15:00,5,instantaneous,,
            kai,kai-h1,2026-05-04T09:00,,5,instantaneous,,

            """)
        return scratch.path + "/alerts"
    }

    @Test("--at-events catches an alert shown only for hours of one day, which a day-by-day replay misses")
    func sameDayAlert() throws {
        let data = alerts
        // Version 1 shows the urgent alert only while the headache is active: at the end of
        // 4 May Sam's is resolved.
        let daily = try CLI.run(["replay", data, "--module", "red-flags@1", "--profile", "sam", "--from", "2026-05-01", "--to", "2026-05-07"])
        #expect(daily.status == 0, "\(daily.error)")
        #expect(daily.output.hasPrefix("sam: 7 steps, 2026-05-01 to 2026-05-07\nno insight or gate changed\n"), "\(daily.output)")
        let events = try CLI.run(["replay", data, "--module", "red-flags@1", "--profile", "sam", "--from", "2026-05-01",
                                  "--to", "2026-05-07", "--at-events"])
        #expect(events.status == 0, "\(events.error)")
        let lines = events.output.split(separator: "\n").map(String.init)
        // Seven day ends, the onset and the resolution.
        #expect(lines.first == "sam: 9 steps, 2026-05-01 to 2026-05-07")
        #expect(lines.contains { $0.hasPrefix("2026-05-04 09:00  appeared") && $0.hasSuffix("red-flags@1 alert sam-h1") }, "\(lines)")
        #expect(lines.contains("  " + ReplayCommandTests.urgent))
        #expect(lines.contains { $0.hasPrefix("2026-05-04 15:00  disappeared") && $0.hasSuffix("red-flags@1 alert sam-h1") }, "\(lines)")
    }

    @Test("an hour step follows an alert to the hour it ends: 72 hours after onset, not 73")
    func hourStep() throws {
        let result = try CLI.run(["replay", alerts, "--module", "red-flags@2", "--profile", "kai", "--from", "2026-05-04",
                                  "--to", "2026-05-08", "--step", "hour", "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let events = try #require(json["events"] as? [[String: Any]])
        // 09:00 on 4 May + 72 h = 09:00 on 7 May, still shown; gone at the next hour.
        #expect(events.first { $0["change"] as? String == "appeared" }?["step"] as? String == "2026-05-04 09:00")
        #expect(events.first { $0["change"] as? String == "disappeared" }?["step"] as? String == "2026-05-07 10:00")
        // Five days of 24 hours: 24 × 5 − 1 hour boundaries inside the span, and its end.
        #expect(json["steps"] as? Int == 120)
        // The day after onset the alert is shown because it is active, no longer because it was logged that day.
        let change = try #require(events.first { $0["change"] as? String == "changed" })
        #expect(change["step"] as? String == "2026-05-05 00:00")
        let evidence = try #require(change["evidence"] as? [String: [String: String]])
        #expect(evidence["shown_because"] == ["old": "logged today", "new": "active"])
    }

    @Test("hours are elapsed hours: the day clocks go forward has 23 steps")
    func daylightSaving() throws {
        // Berlin moves from 02:00 CET to 03:00 CEST on 29 March 2026.
        scratch.write("dst/profiles.csv", "profile_id,time_zone\nsam,Europe/Berlin\n")
        scratch.write("dst/headaches.csv", "profile_id,headache_id,onset_at,resolved_at,severity\nsam,h1,2026-03-29T10:00,2026-03-29T12:00,3\n")
        let result = try CLI.run(["replay", scratch.path + "/dst", "--module", "red-flags", "--from", "2026-03-29", "--to", "2026-03-29",
                                  "--step", "hour"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("sam: 23 steps, 2026-03-29 01:00 to 2026-03-29\n"), "\(result.output)")
    }

    @Test("a gate open before the replay starts is 'already open', and its insights 'already shown'")
    func alreadyOpen() throws {
        let late = try CLI.run(["replay", demo, "--profile", "lena", "--module", "trigger-cooccurrence@1", "--from", "2026-06-01",
                                "--to", "2026-06-07", "--step", "week"])
        #expect(late.status == 0, "\(late.error)")
        let lines = late.output.split(separator: "\n")
        #expect(lines[1].hasPrefix("2026-06-01        gate already open  trigger-cooccurrence@1: resolved headaches"), "\(late.output)")
        #expect(!late.output.contains("gate opened"))
        #expect(!late.output.contains(" appeared "))
        #expect(late.output.contains("already shown      trigger-cooccurrence@1 finding"))
        // Started before the fifth resolved headache, the same gate opens on a later step.
        let early = try CLI.run(["replay", demo, "--profile", "lena", "--module", "trigger-cooccurrence@1", "--from", "2026-03-01",
                                 "--to", "2026-04-30", "--step", "week"])
        #expect(early.output.contains("gate opened        trigger-cooccurrence@1: resolved headaches"), "\(early.output)")
        #expect(!early.output.contains("gate already open"))
    }

    @Test("each change says what changed: the new text, or the evidence values that moved, old → new")
    func changesNamed() throws {
        let result = try CLI.run(["replay", demo, "--step", "week", "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let changes = try #require(json["events"] as? [[String: Any]]).filter { $0["change"] as? String == "changed" }
        #expect(!changes.isEmpty)
        for change in changes {
            let evidence = change["evidence"] as? [String: [String: String]] ?? [:]
            #expect(change["previous_text"] != nil || change["previous_kind"] != nil || !evidence.isEmpty, "\(change)")
            for (key, moved) in evidence { #expect(moved["old"] != moved["new"], "\(key) did not move") }
        }
        // With --evidence, every change line is followed by what a person now reads or the values that moved.
        let text = try CLI.run(["replay", demo, "--step", "week", "--evidence"]).output.split(separator: "\n")
        var changed = 0
        for (index, line) in text.enumerated() where line.contains("  changed  ") {
            changed += 1
            #expect(index + 1 < text.count && text[index + 1].hasPrefix("  "), "\(line) says nothing of what changed")
        }
        #expect(changed == changes.count)
        #expect(!text.contains { $0.hasSuffix("not shown (--evidence shows them).") })
        // Without it (issue 25: the tour's two months were 209 lines), only changes a person
        // would see are listed, no evidence line, and the closing line counts the rest.
        let words = changes.filter { $0["previous_text"] != nil || $0["previous_kind"] != nil }
        let brief = try CLI.run(["replay", demo, "--step", "week"]).output.split(separator: "\n")
        #expect(brief.filter { $0.contains("  changed  ") }.count == words.count)
        #expect(!brief.contains { $0.hasPrefix("  evidence: ") })
        #expect(brief.last?.hasSuffix(" \(changes.count - words.count) evidence-only changes not shown (--evidence shows them).") == true,
                "\(brief.last ?? "")")
    }

    @Test("one timeline per profile, in time order, gates before the events of their step")
    func chronological() throws {
        let text = try CLI.run(["replay", demo, "--step", "week"]).output.split(separator: "\n").map(String.init)
        let headings = text.indices.filter { text[$0].range(of: #"^[^ ]+: \d+ steps?, "#, options: .regularExpression) != nil }
        #expect(headings.count == 6, "\(headings.map { text[$0] })")
        for (number, start) in headings.enumerated() {
            let end = number + 1 < headings.count ? headings[number + 1] : text.count
            let steps = text[(start + 1)..<end].filter { $0.first?.isNumber == true && $0.dropFirst(4).first == "-" }
            let days = steps.map { String($0.prefix(10)) }
            #expect(days == days.sorted(), "\(text[start]) goes back in time")
            // Within a step, gate lines come first.
            for day in Set(days) {
                let ofDay = steps.filter { $0.hasPrefix(day) }
                let gates = ofDay.prefix { $0.contains(" gate ") }.count
                #expect(ofDay.dropFirst(gates).allSatisfy { !$0.contains(" gate ") }, "\(ofDay)")
            }
        }
    }

    @Test(".replay with no module runs every module, in the REPL as on the command line")
    func everyModule() throws {
        let result = try CLI.run([demo, "-c", ".profile lena; .replay 2026-07-11 2026-07-13"])
        #expect(result.status == 0, "\(result.error)")
        for module in ["trigger-cooccurrence@4", "sleep-correlation@3", "weather-correlation@4"] {
            #expect(result.output.contains(module), "\(module) missing from \(result.output)")
        }
        // Lena's sudden severe headache of 12 July (h028) began at 09:10 and was resolved at
        // 22:51: at the day's end the seed's banner is gone (red-flags@3); at events it shows
        // for exactly that time.
        #expect(!result.output.contains("red-flags@3 alert"), "\(result.output)")
        let events = try CLI.run(["replay", demo, "--profile", "lena", "--module", "red-flags", "--from", "2026-07-11",
                                  "--to", "2026-07-13", "--at-events"])
        #expect(events.output.contains("2026-07-12 09:10  appeared           red-flags@3 alert h028"), "\(events.output)")
        #expect(events.output.contains("2026-07-12 22:51  disappeared        red-flags@3 alert h028"), "\(events.output)")
        let command = try CLI.run(["replay", demo, "--profile", "lena", "--from", "2026-07-11", "--to", "2026-07-13"])
        #expect(command.output == result.output)
    }

    @Test("a long replay shows its progress on standard error when that is a terminal")
    func progress() throws {
        let terminal = try PseudoTerminal(arguments: ["replay", demo, "--step", "month"], environment: [:])
        #expect(terminal.exitStatus() == 0)
        terminal.drain()
        #expect(terminal.screen.contains("profiles 6 of 6"), "\(terminal.screen)")
    }
}
