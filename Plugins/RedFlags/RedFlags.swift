import CairnModuleKit
import CairnCore
import CairnStats

/// Aurae's red-flag rules (seed 002 section 7.1, D-18, D-28, D-33), per headache (the tier in
/// evidence is the seed's "primary" banner or "secondary" notice):
/// instantaneous onset with severity 4 or more shows the primary urgent text for as long as the
/// headache is active; instantaneous onset with severity under 4 shows the advisory text on the
/// day it was logged; aura together with visual disturbance shows an alert awaiting clinical
/// review of its copy. "Not sure" (empty) onset speed triggers nothing.
///
/// Cost: O(h) for h headaches.
public struct RedFlags: AnalysisModule {
    public static let id = "red-flags"
    public static let version = 1
    public static let reads: Set<ContractTable> = [.headaches]
    public static let requires: Set<ContractTable> = [.headaches]
    public static let summary = "Safety alerts for sudden-onset headaches and for aura with visual disturbance, in the approved wording."
    public static let details = """
        sudden onset with severity 4+ (the primary urgent banner while active), under 4 (the \
        secondary advisory notice on the day), aura with visual disturbance (alert awaiting clinical \
        review); `tier` in evidence is `primary`, `secondary` or `aura_visual`
        """
    public static let seed = "Aurae 7.1, D-18, D-33"
    public static let parameters: [ParameterSpec] = [
        .integer("urgent_severity", default: 4, range: 1...5, "Severity at or above which a sudden onset gets the urgent text."),
    ]

    let urgentSeverity: Int

    public init(parameters: ParameterValues) {
        urgentSeverity = parameters.integer("urgent_severity")
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        RedFlags.alerts(input, asOf: asOf, urgentSeverity: urgentSeverity, auraOnTheDayLogged: true)
    }

    /// The alerts of versions 1 and 3: the urgent banner while the headache is active, the
    /// advisory notice on the day it was logged, and the aura alert while it is active (and, in
    /// version 1, on the day it was logged after it was resolved).
    static func alerts(_ input: ProfileData, asOf: Int, urgentSeverity: Int, auraOnTheDayLogged: Bool) -> [InsightDraft] {
        let today = input.zone.day(ofEpoch: asOf)
        var drafts: [InsightDraft] = []
        let headaches = input.headaches
        for index in headaches.indices {
            // Most headaches raise nothing: what they would raise is decided from the fields in
            // place, and only a headache that raises something is copied and described.
            // Resolved after the as-of instant reads as active: the data is cut at as-of.
            let active = headaches[index].resolved == nil
            let loggedToday = headaches[index].onset.day == today
            let sudden = headaches[index].onsetSpeed == .instantaneous
            let urgent = sudden && headaches[index].severity >= urgentSeverity && active
            let advisory = sudden && headaches[index].severity < urgentSeverity && loggedToday
            let auraVisual = headaches[index].aura == true && headaches[index].visualDisturbance == true
                && (active || (auraOnTheDayLogged && loggedToday))
            guard urgent || advisory || auraVisual else { continue }
            let headache = headaches[index]
            var evidence: [String: Evidence] = [
                "onset": .text(headache.onset.text), "severity": .integer(headache.severity), "active": .flag(active),
            ]
            if let speed = headache.onsetSpeed { evidence["onset_speed"] = .text(speed.rawValue) }
            let provenance = ["headaches:\(headache.id)"]
            if urgent {
                drafts.append(InsightDraft(kind: .alert, subject: headache.id, message: CopyMessage("red-flags.urgent"),
                                           evidence: evidence.merging(["tier": .text("primary")]) { $1 },
                                           provenance: provenance))
            }
            if advisory {
                drafts.append(InsightDraft(kind: .alert, subject: headache.id, message: CopyMessage("red-flags.advisory"),
                                           evidence: evidence.merging(["tier": .text("secondary")]) { $1 },
                                           provenance: provenance))
            }
            if auraVisual {
                drafts.append(InsightDraft(kind: .alert, subject: headache.id, message: CopyMessage("red-flags.aura-visual"),
                                           evidence: evidence.merging(["tier": .text("aura_visual"),
                                                                       "copy_status": .text("awaiting clinical review")]) { $1 },
                                           provenance: provenance))
            }
        }
        return drafts
    }
}
