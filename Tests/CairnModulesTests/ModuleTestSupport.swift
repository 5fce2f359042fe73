import CairnAnalysis
import CairnCore
import CairnModules

/// Builders for small, exact profiles.
enum Build {
    static let berlin = ProfileTimeZone(identifier: "Europe/Berlin")!

    static func time(_ text: String, _ zone: ProfileTimeZone = berlin) -> EventTime {
        EventTime(text: text, in: zone)!
    }

    static func day(_ text: String) -> CalendarDay { CalendarDay(iso: text)! }

    /// End of a local day in the zone.
    static func endOf(_ text: String, _ zone: ProfileTimeZone = berlin) -> Int {
        zone.startOfDay(day(text).adding(days: 1)) - 1
    }

    static func profile(_ zone: ProfileTimeZone = berlin) -> Profile {
        Profile(id: "p", timeZone: zone)
    }

    static func readings(_ marker: String, _ values: [Double], from first: String = "2026-01-01", everyDays: Int = 30) -> [Reading] {
        values.enumerated().map { index, value in
            let date = day(first).adding(days: index * everyDays).description
            return Reading(id: Int64(index + 1), profileID: "p", markerID: marker, value: value, unit: "",
                           date: time(date))
        }
    }

    static func headache(_ id: String, _ onset: String, resolved: String? = nil, severity: Int = 3,
                         speed: Headache.OnsetSpeed? = .gradual, aura: Bool? = nil, visual: Bool? = nil) -> Headache {
        Headache(id: id, profileID: "p", onset: time(onset), resolved: resolved.map { time($0) }, severity: severity,
                 onsetSpeed: speed, aura: aura, visualDisturbance: visual)
    }

    static func medication(_ id: Int64, _ at: String, _ name: String = "Ibuprofen", acute: Bool? = true) -> Medication {
        Medication(id: id, profileID: "p", takenAt: time(at), name: name, isAcute: acute)
    }

    /// Runs one module through the engine (gates and copy guard included).
    static func run<M: AnalysisModule>(_ module: M.Type, _ data: ProfileData, asOf: Int,
                                       set overrides: [String: String] = [:]) throws -> InsightReport {
        let parameters = try ParameterValues(specs: M.parameters, module: M.id, overrides: overrides)
        return try ModuleHost.engine().run([ModuleRun(descriptor: M.descriptor, parameters: parameters)], on: data, asOf: asOf)
    }
}

/// Copy the seeds give verbatim (shared/seeds/002, Aurae PRD 7.1 and 7.2), written out here as
/// the independent source the modules' output is checked against.
enum Seed {
    static let overuseWarning = "You've logged acute medication for headache relief more than 10 times this month. Frequent use of certain pain relievers may be associated with rebound headaches in some people. This is for your awareness only — not a diagnosis. It may be worth mentioning this pattern to your healthcare provider."
    static let urgentBanner = "This headache came on very suddenly and severely. Headaches that reach full intensity very quickly can sometimes be a sign of a serious condition that needs immediate medical attention. If this is the worst headache you have ever had, or if you have any other unusual symptoms, please seek emergency medical care now or call emergency services. This app cannot diagnose the cause of your headache."
    static let advisoryNotice = "You noted this headache came on very quickly. Sudden-onset headaches can occasionally signal a condition that needs medical attention. If anything feels unusual or severe, please contact a healthcare provider. This app cannot diagnose the cause of your headache."
    /// Cairn's own wording for aura with visual disturbance (the seed gives none).
    static let auraAlert = "You logged an aura together with a visual disturbance for this headache. Consider mentioning this combination to a healthcare provider."
}
