import CairnModuleKit
import CairnCore
import CairnStats

/// red-flags@3, the default: the seed's own timing (Aurae 3, home screen, and 7.1, surfaces 1
/// and 2). The urgent banner (sudden onset, severity 4 or more) and the aura-with-visual-
/// disturbance alert show while the headache is active and are gone once it is resolved, however
/// long it lasts: "persists on HomeView while the headache is active ... removed automatically
/// when the headache is resolved". The advisory notice (sudden onset, severity under 4) shows on
/// the day the headache was logged (the seed's log confirmation only). Version 2's cap of 72
/// hours on an unresolved headache, and its banner kept for the rest of the day after the
/// headache was resolved, contradicted the seed; a replay at events (`--at-events`) still sees a
/// headache that began and was resolved between two steps, at its onset.
///
/// Cost: O(h) in headaches.
public struct RedFlagsV3: AnalysisModule {
    public static let id = "red-flags"
    public static let version = 3
    public static let reads: Set<ContractTable> = [.headaches]
    public static let requires: Set<ContractTable> = [.headaches]
    /// The advisory notice is for the day the headache was logged.
    public static let asOfDependence = AsOfDependence.day
    public static let summary = "Safety alerts for sudden-onset headaches and for aura with visual disturbance, in the approved wording: the urgent banner and the aura alert while the headache is active, the advisory notice on the day logged."
    public static let details = """
        the seed's timing: the urgent banner (sudden onset, severity 4+) and the aura alert while \
        the headache is active, however long, and gone once it is resolved; the advisory notice \
        (sudden onset, severity under 4) on the day the headache was logged; `tier` in evidence is \
        `primary`, `secondary` or `aura_visual`
        """
    public static let seed = "Aurae 3 (home screen), 7.1, D-18, D-28, D-33"
    public static let parameters: [ParameterSpec] = [
        .integer("urgent_severity", default: 4, range: 1...5, "Severity at or above which a sudden onset gets the urgent text."),
    ]

    let urgentSeverity: Int

    public init(parameters: ParameterValues) {
        urgentSeverity = parameters.integer("urgent_severity")
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        RedFlags.alerts(input, asOf: asOf, urgentSeverity: urgentSeverity, auraOnTheDayLogged: false)
    }
}
