import Foundation
import Testing

/// visit-statistics, BMI and `.visits` (MediFamily FR-3.4, FR-6.4, FR-6.5). Counts and BMI by
/// hand from the rows written here.
@Suite("Visit statistics and BMI")
struct VisitStatisticsTests {
    let scratch = Scratch()

    /// `a` (adult, 170 cm, 65 kg): three visits in 2025 ("Knee pain" twice, once spelled
    /// "knee pain "), two in 2026 to June, one planned in December. `t` (two reasons twice
    /// each) and `k` (a child with a height and weight, one reason that breaks a copy rule).
    var dataset: String {
        scratch.write("visits/profiles.csv", """
            profile_id,time_zone,member_type,height_cm,weight_kg,birth_date
            a,Europe/Berlin,adult,170,65,1980-04-02
            t,Europe/Berlin,senior,160,,1950-01-01
            k,Europe/Berlin,child,120,25,2018-05-05

            """)
        scratch.write("visits/visits.csv", """
            profile_id,date,visit_type,condition
            a,2025-02-10,specialist,Knee pain
            a,2025-06-10,specialist,knee pain 
            a,2025-11-03,physical,
            a,2026-01-20,specialist,Knee pain
            a,2026-05-30,dental,Check
            a,2026-12-01,physical,
            t,2026-01-10,specialist,Hay fever
            t,2026-02-10,specialist,Hay fever
            t,2026-03-10,specialist,Knee pain
            t,2026-04-10,specialist,Knee pain
            k,2026-01-10,physical,Type 2 diabetes
            k,2026-02-10,physical,Type 2 diabetes

            """)
        return scratch.path + "/visits"
    }

    func texts(_ profile: String, _ asOf: String) throws -> [String] {
        let result = try CLI.run(["insights", dataset, "--module", "visit-statistics", "--profile", profile, "--as-of", asOf, "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        return (json["insights"] as? [[String: Any]] ?? []).map { $0["text"] as! String }
    }

    @Test("visits this year and last, the planned one not counted; the most common reason in the person's words")
    func statistics() throws {
        // 30 June 2026: two visits in 2026 (the December one is still planned), three in 2025;
        // "Knee pain" three times with its other spelling.
        #expect(try texts("a", "2026-06-30") == ["Visits this year: 2. Last year: 3.",
                                                  "Most common reason for a visit: “Knee pain” (3 visits)."])
        // Two reasons twice each: neither is the most common.
        #expect(try texts("t", "2026-06-30") == ["Visits this year: 4. Last year: 0."])
        // A reason that names a condition (as "Ear infection" would too) is replaced by a
        // neutral reference.
        let child = try texts("k", "2026-06-30")
        #expect(child.contains("Most common reason for a visit: a reason you entered (2 visits)."), "\(child)")
        #expect(!child.joined().lowercased().contains("diabetes"))
    }

    @Test("BMI for adults and seniors with a height and weight, a number only, in the summary and the evidence")
    func bmi() throws {
        // 65 / 1.7² = 22.49 → 22.5; the senior has no weight; the child gets none.
        let summary = try CLI.run(["summary", dataset]).output
        #expect(summary.contains("BMI 22.5"))
        #expect(summary.components(separatedBy: "BMI").count == 2)
        let json = try CLI.run(["insights", dataset, "--module", "visit-statistics", "--profile", "a", "--as-of", "2026-06-30",
                                "--format", "json"]).output
        #expect(json.contains("\"bmi\" : 22.5"))
        for word in ["underweight", "overweight", "obese", "obesity", "normal weight", "healthy weight"] {
            #expect(!summary.lowercased().contains(word) && !json.lowercased().contains(word))
        }
    }

    @Test(".visits lists the chosen profile's visits newest first, with a count a year")
    func visitsCommand() throws {
        let result = try CLI.run([dataset, "-c", ".profile a; .visits"])
        #expect(result.status == 0, "\(result.error)")
        let dates = result.output.split(separator: "\n").compactMap { $0.count >= 10 && $0.hasPrefix("20") ? String($0.prefix(10)) : nil }
        #expect(dates == ["2026-12-01", "2026-05-30", "2026-01-20", "2025-11-03", "2025-06-10", "2025-02-10"])
        #expect(result.output.hasSuffix("Per year: 2025 3, 2026 3\n"))
    }

    /// Glance's empty state for the Visits tab (seed 000, Empty States; roadmap 4.1), both
    /// sentences verbatim, for a profile without visits; one visit and the list is back.
    @Test(".visits with no visits: Glance's empty state, word for word")
    func visitsEmpty() throws {
        scratch.write("empty/profiles.csv", "profile_id,time_zone\nn,Europe/Berlin\no,Europe/Berlin\n")
        scratch.write("empty/visits.csv", "profile_id,date,visit_type\no,2026-03-02,dental\n")
        let none = try CLI.run([scratch.path + "/empty", "-c", ".profile n; .visits"])
        #expect(none.status == 0, "\(none.error)")
        #expect(none.output == "Log your first visit after your next appointment\n"
                + "You can also log past visits to build a richer history\n")
        let one = try CLI.run([scratch.path + "/empty", "-c", ".profile o; .visits"])
        #expect(one.output.contains("2026-03-02") && !one.output.contains("Log your first visit"))
    }
}
