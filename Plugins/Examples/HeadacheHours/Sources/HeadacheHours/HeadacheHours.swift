import CairnCore
import CairnModuleKit
import CairnStats

/// How long the headaches of the last days lasted in all: the duration column of Aurae's report
/// table (seed 003), summed over a window. Only headaches that have ended count, and nothing is
/// said until a few have been logged.
public struct HeadacheHours: AnalysisModule {
    public static let id = "headache-hours"
    public static let version = 1
    public static let summary = "How long the headaches that began in the last days lasted, in all."
    public static let parameters: [ParameterSpec] = [
        .integer("window_days", default: 30, range: 7...365, "Days counted back from the as-of day."),
        .integer("min_headaches", default: 3, range: 1...50, "Resolved headaches before anything is said."),
    ]
    public static let asOfDependence = AsOfDependence.day
    public static let reads: Set<ContractTable> = [.headaches]
    public static let requires: Set<ContractTable> = [.headaches]

    let windowDays: Int, minHeadaches: Int

    public init(parameters: ParameterValues) {
        windowDays = parameters.integer("window_days")
        minHeadaches = parameters.integer("min_headaches")
    }

    public func gates(_ input: ProfileData) -> [Gate] {
        [Gate(name: "resolved headaches", have: input.resolvedHeadacheCount, need: minHeadaches)]
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        // The window is whole local days: the as-of day and the `windowDays - 1` before it.
        let first = input.zone.day(ofEpoch: asOf).adding(days: -(windowDays - 1))
        let counted = input.resolvedHeadaches.filter { $0.onset.day >= first }
        guard !counted.isEmpty else { return [] }
        let minutes = counted.reduce(0) { total, headache in
            total + (headache.resolved!.epochSeconds - headache.onset.epochSeconds) / 60
        }
        return [InsightDraft(
            kind: .awareness, subject: "headache-hours",
            message: CopyMessage("headache-hours.total", ["total": .duration(minutes: minutes), "window": .count(windowDays)]),
            evidence: ["headaches": .integer(counted.count), "total_minutes": .integer(minutes),
                       "window_days": .integer(windowDays), "first_day": .text(first.description)],
            provenance: counted.map { "headaches:\($0.id)" })]
    }
}
