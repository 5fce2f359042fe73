import Foundation
import Testing
@testable import CairnCopy

@Suite("Copy guard")
struct CopyGuardTests {
    let guardian = CopyGuard.standard

    /// Texts that must be blocked, with the rule that blocks them.
    static let blocked: [(String, String)] = [
        ("This pattern suggests a diagnosis of migraine.", "Diagnosis"),
        ("Your results are diagnostic of a thyroid problem.", "Diagnosis"),
        ("We diagnosed nothing.", "Diagnosis"),
        ("Possibly undiagnosed.", "Diagnosis"),
        ("Ask about treatment options.", "Diagnosis"),
        ("Rest can treat your headaches.", "Diagnosis"),
        ("Headaches are often treated with rest.", "Diagnosis"),
        ("You should cut down on cheese.", "Directives"),
        ("This means your cholesterol is rising.", "Directives"),
        ("Your risk score is 7.", "RiskScores"),
        ("Severity rating: high.", "RiskScores"),
        ("You are at high risk.", "RiskScores"),
        ("AI-powered insights for your headaches.", "ArtificialIntelligence"),
        ("Our artificial intelligence found a pattern.", "ArtificialIntelligence"),
        ("Machine learning spotted this.", "ArtificialIntelligence"),
        ("A thunderclap headache needs attention.", "Thunderclap"),
        ("Strong correlation with poor sleep.", "CorrelationLabels"),
        ("Weak correlation with weather.", "CorrelationLabels"),
        ("Your headaches correlate with pressure drops.", "CorrelationWording"),
        ("Poor sleep causes your headaches.", "CausalClaims"),
        ("Headaches caused by caffeine.", "CausalClaims"),
        ("This proves that alcohol is a trigger.", "CausalClaims"),
        // Disguised forms.
        ("This suggests a DIAGNOSIS.", "Diagnosis"),
        ("This suggests a dia\u{00AD}gnosis.", "Diagnosis"),
        ("This suggests a diag\u{200B}nosis.", "Diagnosis"),
        ("This suggests a di\u{0430}gnosis.", "Diagnosis"),
        ("This suggests a ｄｉａｇｎｏｓｉｓ.", "Diagnosis"),
        ("This suggests a diag-nosis.", "Diagnosis"),
        ("This suggests a d i a g n o s i s.", "Diagnosis"),
        ("This suggests a diagn0sis.", "Diagnosis"),
        ("You\u{00A0}should rest.", "Directives"),
        ("You   should rest.", "Directives"),
        ("AI\u{2011}powered insights.", "ArtificialIntelligence"),
        ("AI powered insights.", "ArtificialIntelligence"),
        ("Thunder-clap onset.", "Thunderclap"),
        ("Dіagnosis", "Diagnosis"),
    ]

    @Test("blocks banned wording, plain and disguised", arguments: blocked)
    func blocks(text: String, rule: String) {
        let violations = guardian.lint(text, module: "trigger-cooccurrence")
        #expect(violations.contains { $0.rule == rule }, "\(text) was not blocked by \(rule): \(violations)")
        guard case .failure(let rejection) = guardian.admit(text, module: "trigger-cooccurrence") else {
            Issue.record("admitted \(text)")
            return
        }
        #expect(!rejection.violations.isEmpty)
    }

    /// Texts that must pass for the module shown.
    static let passing: [(String, String)] = [
        ("Your LDL Cholesterol has been trending up over your last 3 readings. Consider asking your doctor about it.", "marker-trends"),
        ("Consider asking your doctor about your HDL Cholesterol — it has been trending down over your last 3 readings", "marker-trends"),
        ("Your Hemoglobin A1c is currently above the typical range", "marker-trends"),
        ("Your Vitamin D is currently below the typical range", "marker-trends"),
        ("Your LDL has increased across your last 3 readings. Consider asking your doctor whether any changes are recommended.", "marker-trends"),
        ("You had a headache within 24 hours of poor sleep in 7 of your last 9 episodes.", "trigger-cooccurrence"),
        ("Frequently present: poor sleep", "trigger-cooccurrence"),
        ("Sometimes present: skipped meal", "trigger-cooccurrence"),
        ("Occasionally present: alcohol", "trigger-cooccurrence"),
        ("Headaches started on 6 of the 8 days after nights under 6 hours, and on 4 of the 20 days after longer nights.", "sleep-correlation"),
        ("Personal pattern insights from on-device pattern analysis.", "weather-correlation"),
        ("Blood Urea Nitrogen, Diastolic Blood Pressure, Triglycerides, Thyroid Stimulating Hormone", "marker-trends"),
        ("A treat for your records: 12 readings this year.", "marker-trends"),
    ]

    @Test("passes ordinary copy, marker names and the seed examples", arguments: passing)
    func passes(text: String, module: String) {
        #expect(guardian.lint(text, module: module) == [], "\(text)")
    }

    @Test("every approved verbatim text passes exactly as written, for its modules")
    func approved() throws {
        let owners = ["medication-overuse-warning": "medication-overuse", "red-flag-urgent": "red-flags",
                      "red-flag-advisory": "red-flags", "insights-disclaimer": "red-flags",
                      "insights-footer": "marker-trends", "headache-type-note": "trigger-cooccurrence",
                      "progress-message": "sleep-correlation"]
        for (id, module) in owners {
            let text = try #require(guardian.approvedText(id), "\(id) is not registered")
            guard case .success(let copy) = guardian.admit(text, module: module) else {
                Issue.record("\(id) was blocked for \(module)")
                continue
            }
            #expect(copy.approvedID == id && copy.text == text)
            #expect(guardian.lint(text, module: nil).isEmpty)
        }
    }

    @Test("approved copy is admitted only verbatim and only for its module; the same words elsewhere are blocked")
    func approvedOnlyVerbatim() throws {
        let warning = try #require(guardian.approvedText("medication-overuse-warning"))
        // Exactly as written, for its module.
        #expect(guardian.lint(warning, module: "medication-overuse").isEmpty)
        // One character changed: every rule applies, and "not a diagnosis" is caught.
        let altered = warning.replacingOccurrences(of: "10 times", with: "ten times")
        #expect(guardian.lint(altered, module: "medication-overuse").contains { $0.rule == "Diagnosis" })
        // Verbatim but shown by a marker module: medication language is banned there.
        let violations = guardian.lint(warning, module: "marker-trends")
        #expect(violations.contains { $0.rule == "MarkerMedication" })
        #expect(violations.contains { $0.rule == "Diagnosis" })
        // The phrase alone, outside the approved text.
        #expect(!guardian.lint("This is not a diagnosis.", module: "medication-overuse").isEmpty)
    }

    @Test("medication wording is banned for marker modules only")
    func scopes() {
        let text = "You logged a medication on 3 days."
        #expect(guardian.lint(text, module: "marker-trends").map(\.rule) == ["MarkerMedication"])
        #expect(guardian.lint(text, module: "medication-overuse").isEmpty)
        // With no module every rule applies.
        #expect(guardian.lint(text, module: nil).map(\.rule) == ["MarkerMedication"])
    }

    @Test("violations give the rule, the text as written and its line and column")
    func positions() {
        let violations = guardian.lint("Fine line.\nThen a dia\u{00AD}gnosis here.", module: nil)
        #expect(violations.count == 1)
        #expect(violations[0].rule == "Diagnosis")
        #expect(violations[0].line == 2 && violations[0].column == 8)
        #expect(violations[0].match == "dia\u{00AD}gnosis")
        #expect(violations[0].message == "'dia\u{00AD}gnosis' is clinical-judgement wording; describe what the data show instead")
    }

    @Test("substitution rules name the required replacement")
    func substitution() {
        let violation = guardian.lint("Moderate correlation: caffeine", module: nil).first { $0.rule == "CorrelationLabels" }
        #expect(violation?.message == "Use 'Sometimes present' instead of 'Moderate correlation': the analysis counts how often things happen together")
    }

    @Test("the rule messages themselves break no rule, so lint-copy's own output is safe to print")
    func messagesAreClean() {
        for violation in guardian.lint("diagnosis treatments you should risk score AI-powered thunderclap strong correlation correlates causes medication", module: nil) {
            let message = violation.message.replacingOccurrences(of: "'\(violation.match)'", with: "'…'")
                .replacingOccurrences(of: "'Frequently present'", with: "'…'")
            #expect(guardian.lint(message, module: nil).isEmpty, "\(message)")
        }
    }

    @Test("results are deterministic")
    func deterministic() {
        let text = "AI-powered diagnosis: you should see a doctor because sleep causes it."
        #expect(guardian.lint(text, module: nil) == guardian.lint(text, module: nil))
        #expect(guardian.lint(text, module: nil).map(\.rule) == ["ArtificialIntelligence", "Diagnosis", "Directives", "CausalClaims"])
    }
}

@Suite("Rule packs")
struct RulePackTests {
    func load(_ yaml: String) -> String? {
        do {
            _ = try RulePackLoader.rule(from: yaml, file: "Broken.yml")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a broken rule file is refused with its file, line, key and the allowed values")
    func brokenFiles() {
        #expect(load("extends: exist\nmessage: '%s'\ntokens: [a]\n")
                == "Broken.yml:1: key 'extends': must be one of existence, substitution (found 'exist')")
        #expect(load("extends: existence\nmessage: 'no placeholder'\ntokens: [a]\n")
                == "Broken.yml:2: key 'message': must be text holding %s")
        #expect(load("extends: existence\nmessage: '%s'\nlevel: fatal\ntokens: [a]\n")
                == "Broken.yml:3: key 'level': must be one of error, warning, suggestion (found 'fatal')")
        #expect(load("extends: existence\nmessage: '%s'\ntokenz: [a]\n")?.hasPrefix("Broken.yml:3: key 'tokenz': is not a rule key; allowed:") == true)
        #expect(load("extends: existence\nmessage: '%s'\ntokens: ['(unclosed']\n")
                == "Broken.yml:3: key 'tokens': '(unclosed' is not a valid regular expression")
        #expect(load("extends: existence\nmessage: '%s'\n")?.contains("key 'tokens': is missing") == true)
        #expect(load("extends: substitution\nmessage: '%s %s'\nswap: [a]\n")?.contains("key 'swap': must map") == true)
        #expect(load("") != nil)
    }

    @Test("every bundled rule loads and has an id")
    func bundled() {
        #expect(CopyGuard.standard.ruleIDs.sorted() == ["ArtificialIntelligence", "CausalClaims", "CorrelationLabels",
            "CorrelationWording", "Diagnosis", "Directives", "MarkerMedication", "RiskScores", "Thunderclap"])
    }
}
