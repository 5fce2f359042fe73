import Foundation
import Testing

/// `cairn markers` and `.markers`: Glance's marker board. Statuses from the roadmap's task 2.8
/// (normal; watch within 10% of a boundary; out of range), arrows from task 2.4 (the last three
/// readings all rising or all falling; none when mixed or fewer), the row's summary in the
/// roadmap's words. Every expected status is worked out by hand from the ranges written here.
@Suite("Marker board")
struct MarkerBoardTests {
    let scratch = Scratch()

    /// Each profile's own TSH range is 10–20 mIU/L (width 10, so watch is within 1 of a bound);
    /// HDL uses the library's range, a low bound of 40 mg/dL only (watch within 4 of it).
    var dataset: String {
        scratch.write("board/profiles.csv", """
            profile_id,time_zone
            seed,Europe/Berlin
            edge,Europe/Berlin
            inside,Europe/Berlin
            top,Europe/Berlin
            above,Europe/Berlin
            six,Europe/Berlin
            vitd,Europe/Berlin

            """)
        scratch.write("board/reference_overrides.csv", """
            profile_id,marker,ref_low,ref_high
            edge,tsh,10,20
            inside,tsh,10,20
            top,tsh,10,20
            above,tsh,10,20

            """)
        scratch.write("board/readings.csv", """
            profile_id,marker,value,unit,date
            seed,hdl,95,mg/dL,2025-02-15
            seed,hdl,92,mg/dL,2025-08-15
            seed,hdl,89,mg/dL,2026-02-15
            edge,tsh,12,mIU/L,2026-01-10
            edge,tsh,11,mIU/L,2026-02-10
            edge,hdl,44,mg/dL,2026-02-10
            inside,tsh,11,mIU/L,2026-01-10
            inside,tsh,13,mIU/L,2026-01-20
            inside,tsh,11.5,mIU/L,2026-02-10
            inside,hdl,44.5,mg/dL,2026-02-10
            top,tsh,14,mIU/L,2026-01-10
            top,tsh,16,mIU/L,2026-01-20
            top,tsh,20,mIU/L,2026-02-10
            top,hdl,50,mg/dL,2026-01-10
            top,hdl,50,mg/dL,2026-01-20
            top,hdl,51,mg/dL,2026-02-10
            above,tsh,25,mIU/L,2026-01-10
            above,tsh,22,mIU/L,2026-01-20
            above,tsh,20.5,mIU/L,2026-02-10
            above,hdl,39.9,mg/dL,2026-02-10
            six,hdl,97,mg/dL,2024-02-10
            six,hdl,96,mg/dL,2024-08-10
            six,hdl,98,mg/dL,2025-02-10
            six,hdl,95,mg/dL,2025-08-10
            six,hdl,92,mg/dL,2026-01-10
            six,hdl,89,mg/dL,2026-02-10
            vitd,vitamin-d,33,ng/mL,2026-01-01
            vitd,vitamin-d,35,ng/mL,2026-01-02
            vitd,vitamin-d,33.1,ng/mL,2026-01-03
            vitd,vitamin-d,91,ng/mL,2026-01-04
            vitd,vitamin-d,89.9,ng/mL,2026-01-05

            """)
        return scratch.path + "/board"
    }

    func board(_ profile: String) throws -> [String: [String: Any]] {
        let result = try CLI.run(["markers", dataset, "--profile", profile, "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let boards = try #require(json["boards"] as? [[String: Any]])
        #expect(boards.count == 1)
        let rows = try #require(boards.first?["markers"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["marker"] as! String, $0) })
    }

    @Test("the row summary is the roadmap's own example, word for word")
    func seedSentence() throws {
        let result = try CLI.run(["markers", dataset, "--profile", "seed"])
        #expect(result.status == 0, "\(result.error)")
        // Glance roadmap 2.4: "HDL Cholesterol, 89 mg/dL, trending down, within normal range".
        #expect(result.output.split(separator: "\n").contains("HDL Cholesterol, 89 mg/dL, trending down, within normal range"))
        #expect(result.output.contains("HDL Cholesterol  89 mg/dL  2026-02-15  ↓      ✓ normal"), "\(result.output)")
    }

    @Test("watch within 10% of a boundary's own value (Glance 5.3), not of the range's width")
    func seedWatchRule() throws {
        // Vitamin D, 30-100 ng/mL: 10% of 30 is 3 and of 100 is 10, so watch is 30 to 33 and 90 to
        // 100. Each reading is judged as the latest on a board as of its own day.
        func status(asOf day: String) throws -> String? {
            let result = try CLI.run(["markers", dataset, "--profile", "vitd", "--as-of", day, "--format", "json"])
            #expect(result.status == 0, "\(result.error)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            let rows = try #require((json["boards"] as? [[String: Any]])?.first?["markers"] as? [[String: Any]])
            return rows.first { $0["marker"] as? String == "vitamin-d" }?["status"] as? String
        }
        #expect(try status(asOf: "2026-01-01") == "watch")    // 33: 3 from 30
        #expect(try status(asOf: "2026-01-02") == "normal")   // 35: the width rule (7) said watch
        #expect(try status(asOf: "2026-01-03") == "normal")   // 33.1
        #expect(try status(asOf: "2026-01-04") == "watch")    // 91: 9 from 100, within 10; the width rule said normal
        #expect(try status(asOf: "2026-01-05") == "normal")   // 89.9
    }

    @Test("one rule with marker-trends: no adult range under 18; an implausible value flagged, left out of status and arrow")
    func childrenAndImplausible() throws {
        scratch.write("kids/profiles.csv", """
            profile_id,time_zone,birth_date
            kid,Europe/Berlin,2016-03-01
            adult,Europe/Berlin,1980-03-01

            """)
        scratch.write("kids/readings.csv", """
            profile_id,marker,value,unit,date
            kid,systolic-bp,130,mmHg,2026-02-10
            adult,systolic-bp,130,mmHg,2026-02-10
            adult,hdl,56,mg/dL,2026-01-10
            adult,hdl,54,mg/dL,2026-01-20
            adult,hdl,52,mg/dL,2026-01-30
            adult,hdl,890,mg/dL,2026-02-10

            """)
        func rows(_ profile: String) throws -> [String: [String: Any]] {
            let result = try CLI.run(["markers", scratch.path + "/kids", "--profile", profile, "--format", "json"])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            let rows = try #require((json["boards"] as? [[String: Any]])?.first?["markers"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["marker"] as! String, $0) })
        }
        // Systolic 130 is above the adult range's 120: out of range at 45, not judged at 9.
        #expect(try rows("adult")["systolic-bp"]?["status"] as? String == "out_of_range")
        let kid = try rows("kid")["systolic-bp"]
        #expect(kid?["status"] as? String == "not_judged_under_18")
        #expect(kid?["summary"] as? String == "Systolic Blood Pressure, 130 mmHg, fewer than 3 readings, not compared with adult ranges under 18")
        // HDL 890 is past its plausible 200: shown, flagged; the arrow is the plausible 56, 54, 52.
        let hdl = try rows("adult")["hdl"]
        #expect(hdl?["value"] as? Double == 890)
        #expect(hdl?["status"] as? String == "implausible")
        #expect(hdl?["trend"] as? String == "down")
        let text = try CLI.run(["markers", scratch.path + "/kids", "--profile", "adult"]).output
        #expect(text.contains("? implausible"), "\(text)")
        #expect(text.contains("HDL Cholesterol, 890 mg/dL, trending down, an implausible value, left out of status and trend"), "\(text)")
        // The chart leaves 890 out of its scale and summary, says so, and its title carries a date set with .asof.
        let svg = scratch.path + "/hdl.svg"
        let chart = try CLI.run([scratch.path + "/kids", "-c", ".profile adult; .asof 2026-02-28; .chart hdl --svg \(svg)"])
        #expect(chart.status == 0, "\(chart.error)")
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.contains("<desc>HDL Cholesterol over the past 1 month, 3 readings, trending down from 56 to 52, all within normal range. "
                                 + "1 reading of HDL Cholesterol outside the plausible range left out of this chart</desc>"), "\(picture)")
        #expect(!picture.contains(">890<") && !picture.contains(">800<"))
        #expect(chart.output == "Wrote \(svg): HDL Cholesterol — adult, as of 2026-02-28.\n")
        // Only implausible readings: nothing to draw, said in one line (an outside tester's case).
        scratch.write("only/readings.csv", "profile_id,marker,value,date\np,ldl,1200,2025-02-01\n")
        let only = try CLI.run([scratch.path + "/only", "-c", ".profile p; .chart ldl"])
        #expect(only.status == 1 && only.error == "Error: p has no LDL Cholesterol reading inside its plausible range (1 left out); .markers shows them flagged\n", "\(only.error)")
        // Without .asof the title is the profile alone.
        #expect(try CLI.run([scratch.path + "/kids", "-c", ".profile adult; .chart hdl --svg \(svg)"]).output == "Wrote \(svg): HDL Cholesterol — adult.\n")
    }

    @Test("watch near a bound, out of range only past it, on either side")
    func statusesAtTheBoundaries() throws {
        // 11 is 1 from the low bound of 10–20: watch. 11.5 is 1.5 from it: normal.
        #expect(try board("edge")["tsh"]?["status"] as? String == "watch")
        #expect(try board("inside")["tsh"]?["status"] as? String == "normal")
        // 20 is the high bound itself: still inside, watch. 20.5 is past it.
        #expect(try board("top")["tsh"]?["status"] as? String == "watch")
        #expect(try board("above")["tsh"]?["status"] as? String == "out_of_range")
        // One bound (HDL's 40): watch within 10% of the bound's value, 4.
        #expect(try board("edge")["hdl"]?["status"] as? String == "watch")
        #expect(try board("inside")["hdl"]?["status"] as? String == "normal")
        #expect(try board("above")["hdl"]?["status"] as? String == "out_of_range")
        #expect(try board("above")["tsh"]?["range_source"] as? String == "override")
        #expect(try board("above")["hdl"]?["range_source"] as? String == "library")
    }

    @Test("the arrow needs the last three readings all rising or all falling")
    func arrows() throws {
        #expect(try board("top")["tsh"]?["trend"] as? String == "up")        // 14, 16, 20
        #expect(try board("above")["tsh"]?["trend"] as? String == "down")    // 25, 22, 20.5
        #expect(try board("inside")["tsh"]?["trend"] as? String == "none")   // 11, 13, 11.5: mixed
        #expect(try board("top")["hdl"]?["trend"] as? String == "none")      // 50, 50, 51: not all rising
        #expect(try board("edge")["tsh"]?["trend"] as? String == "none")     // two readings
        let text = try CLI.run(["markers", dataset]).output
        #expect(text.contains("TSH, 11 mIU/L, fewer than 3 readings, near the edge of your target range"), "\(text)")
        #expect(text.contains("TSH, 20.5 mIU/L, trending down, outside your target range"))
        #expect(text.contains("TSH, 11.5 mIU/L, no consistent trend, within your target range"))
        #expect(text.contains("HDL Cholesterol, 39.9 mg/dL, fewer than 3 readings, outside normal range"))
        // Every profile's board, in profile order, each under its own heading.
        let headings = text.split(separator: "\n").filter { $0.contains("  as of ") }.map { String($0.prefix { $0 != " " }) }
        #expect(headings == ["above", "edge", "inside", "seed", "six", "top", "vitd"])
    }

    @Test("a marker's chart read aloud in the roadmap's words; whole years from 24 months")
    func chartSummary() throws {
        // Six HDL readings from 10 February 2024; the last three 95, 92, 89 fall; all above 40.
        let chart = try CLI.run([dataset, "-c", ".profile six; .asof 2026-02-15; .chart hdl"])
        #expect(chart.status == 0, "\(chart.error)")
        // Glance roadmap 2.6, word for word.
        #expect(chart.output.contains("HDL Cholesterol over the past 2 years, 6 readings, trending down from 95 to 89, all within normal range\n"))
        // On 9 February 2026 it is 23 whole months since the first reading, and five readings
        // (98, 95, 92 last three, falling).
        let earlier = try CLI.run([dataset, "-c", ".profile six; .asof 2026-02-09; .chart hdl"]).output
        #expect(earlier.contains("HDL Cholesterol over the past 23 months, 5 readings, trending down from 98 to 92, all within normal range"))
        // 25, 22 and 20.5 against the person's 10–20: every one outside, over one whole month.
        #expect(try CLI.run([dataset, "-c", ".profile above; .asof 2026-02-28; .chart tsh"]).output
            .contains("TSH over the past 1 month, 3 readings, trending down from 25 to 20.5, all outside your target range"))
        // 11, 13, 11.5 inside 10–20, mixed: no trend is said.
        #expect(try CLI.run([dataset, "-c", ".profile inside; .asof 2026-02-28; .chart tsh"]).output
            .contains("TSH over the past 1 month, 3 readings, all within your target range"))
        // No reading yet (the first is 10 February 2024): Glance's prompt to add the first one.
        let none = try CLI.run([dataset, "-c", ".profile six; .asof 2024-02-09; .chart hdl"])
        #expect(none.status == 1 && none.error == "Error: six has no HDL Cholesterol readings yet; add a first one (.import FILE) to start the chart\n",
                "\(none.error)")
        #expect(try CLI.run([dataset, "-c", ".profile six; .asof 2024-02-10; .chart hdl"]).output.contains("Add another reading to start seeing your trend\n"))
        // One reading (to 9 August 2024): Glance's empty state, word for word; two: the summary.
        let one = try CLI.run([dataset, "-c", ".profile six; .asof 2024-08-09; .chart hdl"]).output
        #expect(one.contains("Add another reading to start seeing your trend\n"), "\(one)")
        let two = try CLI.run([dataset, "-c", ".profile six; .asof 2024-08-10; .chart hdl"]).output
        #expect(!two.contains("Add another reading") && two.contains("HDL Cholesterol over the past 6 months, 2 readings"), "\(two)")
        // The SVG carries the same words as its description.
        let svg = scratch.path + "/hdl.svg"
        #expect(try CLI.run([dataset, "-c", ".profile six; .asof 2026-02-15; .chart hdl --svg \(svg)"]).status == 0)
        #expect(try String(contentsOfFile: svg, encoding: .utf8)
            .contains("<desc>HDL Cholesterol over the past 2 years, 6 readings, trending down from 95 to 89, all within normal range</desc>"))
    }

    @Test(".markers shows the chosen profile's board as of the session's date")
    func replCommand() throws {
        let result = try CLI.run([dataset, "-c", ".profile top; .asof 2026-01-15; .markers"])
        #expect(result.status == 0, "\(result.error)")
        // On 15 January only the first reading of each is recorded: no arrow, TSH 14 is normal.
        #expect(result.output.contains("TSH, 14 mIU/L, fewer than 3 readings, within your target range"), "\(result.output)")
        #expect(!result.output.contains("inside"))
        for line in result.output.split(separator: "\n") where line.contains(", ") {
            let lint = try CLI.run(["lint-copy", "--module", "marker-trends"], input: String(line))
            #expect(lint.status == 0, "\(line)")
        }
    }

    @Test("a listing of marker modules alone closes with the footer, never Aurae's 'Not a medical diagnosis' (Glance: the engine never uses the word); a headache module brings the disclaimer")
    func disclaimerByApp() throws {
        let demo = WorkbenchTests.root.appendingPathComponent("Datasets/demo").path
        let markers = try CLI.run(["insights", demo, "--profile", "maya", "--module", "marker-trends", "--module", "visit-history"])
        #expect(markers.status == 0 && markers.output.contains("Patterns are for informational purposes only — not medical advice."))
        #expect(!markers.output.lowercased().contains("diagnosis"), "\(markers.output)")
        let json = try CLI.run(["insights", demo, "--profile", "maya", "--module", "marker-trends", "--format", "json"]).output
        #expect(!json.contains("\"disclaimer\"") && json.contains("\"footer\""))
        let diary = try CLI.run(["insights", demo, "--profile", "lena", "--module", "marker-trends", "--module", "streaks-frequency"]).output
        #expect(diary.contains("Patterns are based on your logged data only. For informational purposes only. Not a medical diagnosis."))
    }
}
