import CairnCore
import CairnCopy
import CairnModules
import Foundation
import Testing

/// A dataset whose own words are unsafe (a profile id, a display name, factor names, medication
/// names, visit labels, a custom marker and headache ids that assert conditions or give
/// treatment advice): every channel prints no unsafe text, and the insights are still shown,
/// with neutral references where the data's words would be.
@Suite("Unsafe words in the data reach no output")
struct UnsafeLabelsTests {
    let scratch = Scratch()
    let copyGuard = try! ModuleHost.copyGuard()

    /// Twelve resolved March headaches (ids that assert a condition), each with the factor
    /// `you_have_migraine` that morning and never otherwise, and a daily `water` entry; short and long nights; visits with unsafe labels; one
    /// sudden severe headache still active on the 31st.
    var dataset: String {
        let dir = scratch.path + "/unsafe"
        let profile = "you_have_diabetes"
        scratch.write("unsafe/profiles.csv", "profile_id,display_name,time_zone\n\(profile),Diabetic Dan needs treatment,Europe/Berlin\n")
        var headaches = "profile_id,headache_id,onset_at,resolved_at,severity,onset_speed\n"
        var factors = "profile_id,at,factor\n"
        var medications = "profile_id,taken_at,name,is_acute,headache_id\n"
        for day in [2, 4, 6, 9, 11, 13, 16, 18, 20, 23, 25, 27] {
            let date = String(format: "2026-03-%02d", day)
            headaches += "\(profile),you-have-migraine-\(day),\(date)T14:00:00,\(date)T18:00:00,3,gradual\n"
            factors += "\(profile),\(date)T09:00:00,you_have_migraine\n"
            medications += "\(profile),\(date)T15:00:00,stop taking metformin,true,you-have-migraine-\(day)\n"
        }
        headaches += "\(profile),diagnosis-thunderclap,2026-03-31T10:00:00,,5,instantaneous\n"
        for day in [3, 8, 15, 22] { factors += "\(profile),2026-03-\(String(format: "%02d", day))T10:00:00,sweet_treats\n" }
        for day in 1...31 { factors += "\(profile),2026-03-\(String(format: "%02d", day))T12:00:00,water\n" }
        var sleep = "profile_id,night_of,duration_min,quality\n"
        for day in 1...30 {
            sleep += "\(profile),2026-03-\(String(format: "%02d", day)),\(day % 2 == 0 ? 300 : 480),\(day % 3 == 0 ? 1 : 4)\n"
        }
        scratch.write("unsafe/headaches.csv", headaches)
        scratch.write("unsafe/factors.csv", factors)
        scratch.write("unsafe/medications.csv", medications)
        scratch.write("unsafe/sleep.csv", sleep)
        scratch.write("unsafe/visits.csv", """
            profile_id,date,visit_type,visit_type_label
            \(profile),2026-01-10,other,stop taking metformin
            \(profile),2026-02-10,other,Physio treatment
            \(profile),2026-03-10,other,Yoga class
            \(profile),2026-03-12,dental,

            """)
        scratch.write("unsafe/markers.csv", "marker_id,display_name,unit\ndiabetes-score,Diabetes score,points\n")
        scratch.write("unsafe/readings.csv", "profile_id,marker,value,date\n\(profile),diabetes-score,7,2026-03-01\n\(profile),diabetes-score,8,2026-03-15\n\(profile),diabetes-score,9,2026-03-30\n")
        return dir
    }

    /// The words planted in the data, in any spelling the output could give them.
    static let planted = ["diabetes", "diabetic", "have migraine", "metformin", "needs treatment", "thunderclap"]

    /// None of the data's unsafe words appears, and every line of copy (the insight texts, the
    /// approved notices) is approved or breaks no rule. Module ids and evidence keys are Cairn's
    /// own vocabulary for analysts, not copy, and are not linted here.
    func expectSafe(_ output: String, _ what: String) {
        #expect(!output.isEmpty, "\(what) printed nothing")
        let flat = output.lowercased().replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        for phrase in UnsafeLabelsTests.planted {
            #expect(!flat.contains(phrase), "\(what) printed '\(phrase)'")
        }
        let copyLines = output.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("  evidence:") }
        let unsafe = copyLines.filter { copyGuard.maskedLines(String($0)) != String($0) }
        #expect(unsafe.isEmpty, "\(what) printed unsafe copy: \(unsafe)")
    }

    /// Every string value in a JSON document (apart from module ids, kinds and change names,
    /// which are Cairn's own) is approved copy or breaks no rule.
    func expectSafeJSON(_ output: String, _ what: String) throws {
        func strings(_ value: Any, key: String?) -> [String] {
            switch value {
            case let text as String: return ["module", "kind", "change", "level", "rule", "copy_id"].contains(key ?? "") ? [] : [text]
            case let list as [Any]: return list.flatMap { strings($0, key: key) }
            case let object as [String: Any]: return object.flatMap { strings($0.value, key: $0.key) }
            default: return []
            }
        }
        let json = try JSONSerialization.jsonObject(with: Data(output.utf8))
        let unsafe = strings(json, key: nil).filter { copyGuard.maskedLines($0) != $0 }
        #expect(unsafe.isEmpty, "\(what) printed unsafe text: \(unsafe)")
        let flat = output.lowercased().replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        for phrase in UnsafeLabelsTests.planted {
            #expect(!flat.contains(phrase), "\(what) printed '\(phrase)'")
        }
    }

    @Test("insights, as text and JSON: no unsafe words, insights shown with neutral references, nothing withheld")
    func insights() throws {
        let data = dataset
        let text = try CLI.run(["insights", data, "--as-of", "2026-03-31", "--strict"])
        #expect(text.status == 0, "\(text.error)")
        expectSafe(text.output, "insights")
        #expect(!text.output.contains("you_have_diabetes") && !text.output.contains("you-have-migraine"))
        #expect(text.output.contains("Frequently present: a factor you logged came within 24 hours before 12 of your 12 headaches, and at the same time of day on 0 of every 10 other days."))
        #expect(text.output.contains("Last visit of a visit type you entered: 1 month ago (2026-02-10)."))
        #expect(text.output.contains("Last visit of a visit type you entered: 2 months ago (2026-01-10)."))
        #expect(text.output.contains("Last visit of “yoga class”: this month (2026-03-10)."))
        #expect(text.output.contains("This headache came on very suddenly and severely."))
        #expect(text.output.contains("labels_not_shown=[label.factor, provenance, subject]"))
        let json = try CLI.run(["insights", data, "--as-of", "2026-03-31", "--format", "json"])
        #expect(json.status == 0)
        try expectSafeJSON(json.output, "insights --format json")
    }

    @Test("replay, the REPL's listings and comparisons: no unsafe words")
    func replayAndREPL() throws {
        let data = dataset
        let replay = try CLI.run(["replay", data, "--from", "2026-03-01", "--to", "2026-03-31", "--step", "week", "--evidence"])
        #expect(replay.status == 0, "\(replay.error)")
        expectSafe(replay.output, "replay")
        let replayJSON = try CLI.run(["replay", data, "--from", "2026-03-20", "--to", "2026-03-31", "--format", "json"])
        try expectSafeJSON(replayJSON.output, "replay --format json")
        let repl = try CLI.run([data, "-c", ".profiles; .asof 2026-03-31; .run trigger-cooccurrence; .run visit-history; "
                                + ".compare weather-correlation@1 weather-correlation@2; .replay red-flags 2026-03-30 2026-03-31"])
        #expect(repl.status == 0, "\(repl.error)")
        expectSafe(repl.output, "the REPL")
        #expect(repl.output.contains("profile-"))
        let chart = try CLI.run([data, "-c", ".chart diabetes-score"])
        #expect(chart.status == 0, "\(chart.error)")
        expectSafe(chart.output, ".chart of a custom marker")
        #expect(chart.output.contains("marker-"))
        // The marker board lists the person's own marker under a neutral name, with no summary.
        let board = try CLI.run(["markers", data])
        #expect(board.status == 0, "\(board.error)")
        expectSafe(board.output, "markers")
        #expect(board.output.contains("marker-") && board.output.contains("– no range"))
        try expectSafeJSON(try CLI.run(["markers", data, "--format", "json"]).output, "markers --format json")
        for format in ["text", "json"] {
            let summary = try CLI.run(["summary", data, "--format", format])
            #expect(summary.status == 0, "\(summary.error)")
            expectSafe(summary.output, "summary")
        }
    }

    @Test("visit titles, conditions and notes and headache notes: never inside Cairn's sentences, only as cells of a data table")
    func visitTextAndNotes() throws {
        let dir = scratch.path + "/notes"
        scratch.write("notes/profiles.csv", "profile_id,display_name,time_zone\nrae,Rae,Europe/London\n")
        var headaches = "profile_id,headache_id,onset_at,resolved_at,severity,onset_speed,notes\n"
        for day in [2, 5, 9, 12, 16, 19, 23, 26] {
            headaches += "rae,h\(day),2026-03-\(String(format: "%02d", day))T10:00:00,2026-03-\(String(format: "%02d", day))T15:00:00,3,gradual,"
                + "you have a brain tumour\n"
        }
        scratch.write("notes/headaches.csv", headaches)
        scratch.write("notes/visits.csv", """
            profile_id,date,visit_type,doctor,title,condition,notes
            rae,2026-01-10,physical,Dr. Lee,Hypertension review,Type 2 diabetes,you may have cancer
            rae,2026-02-10,physical,Dr. Lee,Hypertension review,Type 2 diabetes,stop taking metformin

            """)
        let planted = ["brain tumour", "hypertension review", "type 2 diabetes", "may have cancer", "metformin"]
        func prose(_ output: String, _ what: String) {
            let flat = output.lowercased()
            for phrase in planted { #expect(!flat.contains(phrase), "\(what) printed '\(phrase)'") }
        }
        let insights = try CLI.run(["insights", dir, "--as-of", "2026-03-31"])
        #expect(insights.status == 0, "\(insights.error)")
        prose(insights.output, "insights")
        prose(try CLI.run(["insights", dir, "--as-of", "2026-03-31", "--format", "json"]).output, "insights --format json")
        prose(try CLI.run(["summary", dir]).output, "summary")
        let report = scratch.path + "/notes-report.md"
        let made = try CLI.run(["report", dir, "--profile", "rae", "--out", report])
        #expect(made.status == 0, "\(made.error)")
        prose(try String(contentsOfFile: report, encoding: .utf8), "report")
        prose(try CLI.run(["replay", dir, "--from", "2026-03-20", "--to", "2026-03-31"]).output, "replay")
        // The visit listing and search are the dataset's own rows: the text is there, in its
        // column, under the table's header, never in a sentence.
        for output in [try CLI.run([dir, "-c", ".profile rae; .visits"]).output, try CLI.run(["search", dir, "diabetes"]).output] {
            let lines = output.split(separator: "\n").map(String.init)
            let header = try #require(lines.firstIndex { $0.hasPrefix("date") && $0.contains("condition") })
            for (index, line) in lines.enumerated() where planted.contains(where: line.lowercased().contains) {
                #expect(index > header + 1, "\(line) is not a row of the table")
            }
        }
    }

    @Test("diff re-checks texts read from snapshot files; the withheld listing masks what it reports")
    func diffAndWithheld() throws {
        let data = dataset
        let snapshot = try CLI.run(["insights", data, "--as-of", "2026-03-31", "--format", "json"]).output
        let old = scratch.write("old.json", snapshot)
        let tampered = snapshot.replacingOccurrences(of: "Last visit of “yoga class”", with: "You have diabetes, stop taking metformin")
        #expect(tampered != snapshot)
        let new = scratch.write("new.json", tampered)
        let diff = try CLI.run(["diff", old, new])
        #expect(diff.status == 1)
        expectSafe(diff.output, "diff")
        #expect(diff.output.contains("[withheld by the copy guard: ConditionAssertions at 1:1"))
        let lint = try CLI.run(["lint-copy"], input: "You have diabetes.\n")
        #expect(lint.status == 1)
        expectSafe(lint.output, "lint-copy")
        #expect(lint.output.contains("<stdin>:1:1: error: ConditionAssertions (condition): 'Y** **** ********'"))
    }
}
