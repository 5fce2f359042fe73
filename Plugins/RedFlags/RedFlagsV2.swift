import CairnModuleKit
import CairnCore
import CairnStats

/// red-flags@2 (the default before version 3): the same rules and approved texts as version 1 (Aurae 7.1, D-33),
/// with the time the urgent banner shows made explicit. It shows on the day the sudden severe
/// headache was logged (so a day-by-day replay never misses one that resolved the same day)
/// and while the headache is active, for at most `active_hours` after onset (an entry never
/// resolved does not keep the banner for ever). The aura alert follows the same rule.
///
/// Cost: O(h) in headaches.
public struct RedFlagsV2: AnalysisModule {
    public static let id = "red-flags"
    public static let version = 2
    public static let reads: Set<ContractTable> = [.headaches]
    public static let requires: Set<ContractTable> = [.headaches]
    /// The alert lasts `active_hours` from onset, to the hour.
    public static let asOfDependence = AsOfDependence.instant
    public static let summary = "Safety alerts for sudden-onset headaches and for aura with visual disturbance, in the approved wording, on the day logged and while active (at most 72 hours)."
    public static let details = """
        the same rules and approved texts, with the banner's time made explicit: shown on the day \
        the headache was logged (a replay never misses one that resolved the same day) and while it \
        is active, for at most `active_hours` (72) after onset, so an entry never resolved does not \
        keep it for ever
        """
    public static let seed = "Aurae 7.1, D-18, D-33"
    public static let parameters: [ParameterSpec] = [
        .integer("urgent_severity", default: 4, range: 1...5, "Severity at or above which a sudden onset gets the urgent text."),
        .integer("active_hours", default: 72, range: 1...720, "Hours after onset for which an unresolved headache keeps its alert."),
    ]

    let urgentSeverity: Int, activeHours: Int

    public init(parameters: ParameterValues) {
        urgentSeverity = parameters.integer("urgent_severity")
        activeHours = parameters.integer("active_hours")
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        let today = input.zone.day(ofEpoch: asOf)
        var drafts: [InsightDraft] = []
        for headache in input.headaches {
            let loggedToday = headache.onset.day == today
            let active = !headache.isResolved && asOf - headache.onset.epochSeconds <= activeHours * 3600
            guard loggedToday || active else { continue }
            var evidence: [String: Evidence] = [
                "onset": .text(headache.onset.text), "severity": .integer(headache.severity),
                "active": .flag(!headache.isResolved), "shown_because": .text(loggedToday ? "logged today" : "active"),
                "active_hours": .integer(activeHours),
            ]
            if let speed = headache.onsetSpeed { evidence["onset_speed"] = .text(speed.rawValue) }
            let provenance = ["headaches:\(headache.id)"]
            if headache.onsetSpeed == .instantaneous {
                if headache.severity >= urgentSeverity {
                    drafts.append(InsightDraft(kind: .alert, subject: headache.id, message: CopyMessage("red-flags.urgent"),
                                               evidence: evidence.merging(["tier": .text("primary")]) { $1 }, provenance: provenance))
                } else if loggedToday {
                    drafts.append(InsightDraft(kind: .alert, subject: headache.id, message: CopyMessage("red-flags.advisory"),
                                               evidence: evidence.merging(["tier": .text("secondary")]) { $1 }, provenance: provenance))
                }
            }
            if headache.aura == true && headache.visualDisturbance == true {
                drafts.append(InsightDraft(kind: .alert, subject: headache.id, message: CopyMessage("red-flags.aura-visual"),
                                           evidence: evidence.merging(["tier": .text("aura_visual"),
                                                                       "copy_status": .text("awaiting clinical review")]) { $1 },
                                           provenance: provenance))
            }
        }
        return drafts
    }
}
