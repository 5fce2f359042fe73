import CairnAnalysis
import CairnCore
import CairnModuleKit
import Testing
@testable import TriggerCooccurrence

/// trigger-cooccurrence@4: version 3's findings ranked as Aurae ranks its top suspected
/// triggers, "by co-occurrence frequency" (seed 002, 5.5): the share of compared headaches the
/// factor came before, highest first.
@Suite("trigger-cooccurrence@4")
struct TriggerCooccurrenceV4Tests {
    func finding(_ subject: String, share: Double, q: Double) -> InsightDraft {
        InsightDraft(kind: .finding, subject: subject, message: CopyMessage("trigger-cooccurrence.same-time", [:]),
                     evidence: ["share": .number(share), "q_bh": .number(q)])
    }

    @Test("findings by share, highest first: 0.7 above 0.6 above 0.59 above 0.3, whatever their q-values")
    func byShare() {
        // Version 3's order (by q): alcohol, poor sleep, chocolate, skipped meal.
        let byQ = [finding("alcohol", share: 0.3, q: 1e-6), finding("poor_sleep", share: 0.59, q: 1e-5),
                   finding("chocolate", share: 0.6, q: 1e-4), finding("skipped_meal", share: 0.7, q: 1e-3)]
        #expect(TriggerCooccurrenceV4.ranked(byQ).map(\.subject) == ["skipped_meal", "chocolate", "poor_sleep", "alcohol"])
    }

    @Test("equal shares by q-value, then by name; a progress message is left alone")
    func ties() {
        let drafts = [finding("msg", share: 0.5, q: 0.01), finding("citrus", share: 0.5, q: 0.001),
                      finding("alcohol", share: 0.5, q: 0.01)]
        #expect(TriggerCooccurrenceV4.ranked(drafts).map(\.subject) == ["citrus", "alcohol", "msg"])
        let progress = [InsightDraft(kind: .progress, subject: "no clear pattern", message: CopyMessage("trigger-cooccurrence.no-pattern-same-time", [:]))]
        #expect(TriggerCooccurrenceV4.ranked(progress).map(\.subject) == ["no clear pattern"])
    }

    @Test("on the hand-worked diary: version 3's findings and texts, 7 of 10 above 3 of 10")
    func sameFindings() throws {
        let diary = TriggerCooccurrenceV3Tests.diary()
        let v4 = try Build.run(TriggerCooccurrenceV4.self, diary, asOf: Build.endOf("2026-03-31"))
        let v3 = try Build.run(TriggerCooccurrenceV3.self, diary, asOf: Build.endOf("2026-03-31"))
        #expect(v4.insights.map(\.text.text) == v3.insights.map(\.text.text))
        #expect(v4.insights.map(\.text.text).first?.hasPrefix("Frequently present: a skipped meal came within 24 hours before 7 of your 10") == true)
        #expect(v4.insights.map(\.evidence) == v3.insights.map(\.evidence))
    }
}
