import Foundation
import Testing

/// `cairn search` and `.search`: markers by name, alias or LOINC code (Glance roadmap 3.2),
/// visits by text with AND-combined filters, a date range and sorting (MediFamily FR-2, FR-3.2).
/// Expected rows are read off the visits written here.
@Suite("Search")
struct SearchCommandTests {
    let scratch = Scratch()

    var dataset: String {
        scratch.write("search/profiles.csv", "profile_id,time_zone\na,Europe/Berlin\nb,Europe/Berlin\n")
        scratch.write("search/readings.csv", "profile_id,marker,value,unit,date\na,ldl,120,mg/dL,2026-01-10\n")
        scratch.write("search/visits.csv", """
            profile_id,date,visit_type,visit_type_label,doctor,title,condition,notes,tags
            a,2026-01-10,specialist,,Dr. Amara Lee,ENT follow-up,Ear infection,Left ear pain,followup|ent
            a,2026-02-14,physical,,Dr. Zoë Müller,Annual check-up,,All good,annual
            a,2026-03-05,specialist,,Dr. Amara Lee,ENT review,Ear infection,,ent
            a,2026-04-20,other,Physio session,Sam Physio,Knee rehab,Knee pain,Week 3 of exercises,physio
            b,2026-01-15,dental,,Bondi Dental,Check and clean,,Routine,routine
            b,2026-03-06,specialist,,Dr. Amara Lee,Allergy consult,Hay fever,Pollen season,allergy
            b,2026-05-01,specialist,,Dr. Ünal,Skin check,Eczema,ÄRGER flare,derm

            """)
        return scratch.path + "/search"
    }

    func visits(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try CLI.run(["search", dataset] + arguments + ["--type", "visit", "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        return json["visits"] as? [[String: Any]] ?? []
    }

    func dates(_ arguments: [String]) throws -> [String] { try visits(arguments).map { "\($0["profile"]!) \($0["date"]!)" } }

    @Test("text in the doctor, condition, title, notes or own label; filters combine with AND; dates inclusive")
    func filters() throws {
        #expect(try dates(["amara"]) == ["b 2026-03-06", "a 2026-03-05", "a 2026-01-10"])
        #expect(try dates(["amara", "--profile", "a", "--condition", "ear"]) == ["a 2026-03-05", "a 2026-01-10"])
        #expect(try dates(["amara", "--profile", "a", "--condition", "ear", "--from", "2026-03-05"]) == ["a 2026-03-05"])
        #expect(try dates(["amara", "--profile", "a", "--condition", "ear", "--from", "2026-03-06"]).isEmpty)
        #expect(try dates(["amara", "--to", "2026-01-10"]) == ["a 2026-01-10"])
        #expect(try dates(["--doctor", "lee", "--visit-type", "specialist", "--condition", "hay"]) == ["b 2026-03-06"])
        // A tag matches whole: "ent" finds both ENT visits, "en" none.
        #expect(try dates(["--tag", "ENT"]) == ["a 2026-03-05", "a 2026-01-10"])
        #expect(try dates(["--tag", "en"]).isEmpty)
        // The person's own label of an "other" visit, and notes.
        #expect(try visits(["physio session"]).first?["type"] as? String == "other: Physio session")
        #expect(try dates(["pollen"]) == ["b 2026-03-06"])
        // Case folds the Unicode way; wildcards are literal.
        #expect(try dates(["ZOË"]) == ["a 2026-02-14"])
        #expect(try dates(["ärger"]) == ["b 2026-05-01"])
        #expect(try dates(["%"]).isEmpty)
        #expect(try dates(["_"]).isEmpty)
    }

    @Test("sorting: newest first by default, oldest, condition A-Z (none last), frequency (the most visited condition first)")
    func sorting() throws {
        #expect(try dates(["--profile", "a", "--from", "2026-01-01"]) == ["a 2026-04-20", "a 2026-03-05", "a 2026-02-14", "a 2026-01-10"])
        #expect(try dates(["--profile", "a", "--from", "2026-01-01", "--sort", "oldest"])
            == ["a 2026-01-10", "a 2026-02-14", "a 2026-03-05", "a 2026-04-20"])
        #expect(try visits(["--profile", "a", "--from", "2026-01-01", "--sort", "condition"]).map { $0["condition"] as? String ?? "-" }
            == ["Ear infection", "Ear infection", "Knee pain", "-"])
        // Ear infection twice, then the single conditions A-Z, then visits with none.
        #expect(try visits(["--from", "2026-01-01", "--sort", "frequency"]).map { $0["condition"] as? String ?? "-" }
            == ["Ear infection", "Ear infection", "Eczema", "Hay fever", "Knee pain", "-", "-"])
    }

    @Test("markers by alias, part of a name, id or LOINC code, whole matches first, tracked ones first among equals")
    func markers() throws {
        func markers(_ text: String, _ extra: [String] = []) throws -> [[String: Any]] {
            let result = try CLI.run(["search", dataset, text, "--type", "marker", "--format", "json"] + extra)
            #expect(result.status == 0, "\(result.error)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            return json["markers"] as? [[String: Any]] ?? []
        }
        // Glance roadmap 3.2: "good cholesterol" finds HDL.
        let alias = try markers("Good  CHOLESTEROL")
        #expect(alias.first?["marker"] as? String == "hdl" && alias.first?["matched_by"] as? String == "alias")
        #expect(try markers("2085-9").first?["matched_by"] as? String == "loinc")
        // "chol": HDL, LDL and total cholesterol; a tracks LDL, so it comes first.
        let partial = try markers("chol", ["--profile", "a"]).prefix(3).map { $0["marker"] as? String ?? "" }
        #expect(partial.first == "ldl" && Set(partial) == ["hdl", "ldl", "total-cholesterol"])
        #expect(try markers("chol", ["--profile", "b"]).allSatisfy { $0["tracked"] as? Bool == false })
    }

    /// Glance roadmap 5.1: "Search (no results): helpful message". Each kind says it found
    /// nothing and what finds more; one that found something lists only its hits.
    @Test("no matches: a helpful message for markers and for visits (Glance roadmap 5.1)")
    func noMatches() throws {
        let markers = try CLI.run(["search", dataset, "zzqx", "--type", "marker"])
        #expect(markers.status == 0 && markers.output == "No marker matches. Try part of a name (\"chol\"), another name for it "
                + "(\"good cholesterol\") or a LOINC code (\"2085-9\").\n")
        let visits = try CLI.run(["search", dataset, "--doctor", "zzqx"])
        #expect(visits.status == 0 && visits.output == "No visit matches. Every filter given must hold at once: "
                + "fewer filters or a wider --from/--to find more.\n")
        let found = try CLI.run(["search", dataset, "chol", "--type", "marker"])
        #expect(found.output.contains("hdl") && !found.output.contains("No marker matches"))
    }

    @Test(".search in the REPL searches the chosen profile; bad options say what to type")
    func repl() throws {
        let result = try CLI.run([dataset, "-c", ".profile b; .search amara"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("2026-03-06  b") && !result.output.contains("2026-01-10"))
        #expect(try CLI.run([dataset, "-c", ".search --sort size x"]).error.contains("--sort takes date, oldest, condition, frequency"))
        #expect(try CLI.run(["search", dataset]).error.contains("give TEXT to search for, or a visit filter"))
        #expect(try CLI.run(["search", dataset, "--visit-type", "surgery"]).error.contains("is not a visit type"))
    }
}
