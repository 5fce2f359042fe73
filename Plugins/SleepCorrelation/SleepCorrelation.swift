import CairnModuleKit
import CairnCore
import CairnStats

/// Sleep and headaches (Aurae seed 002, 5.5 and D-20): nights under a cut-off against longer
/// nights, and low-rated against better-rated nights, with the outcome a headache starting on the
/// local calendar day after the night. Each compared group needs enough nights (the gate).
/// Frequency wording only; rates, Fisher's p and the rate difference with its interval are
/// evidence.
///
/// Cost: O(s + h) for s nights and h headaches (a set of headache days).
public struct SleepCorrelation: AnalysisModule {
    public static let id = "sleep-correlation"
    public static let version = 1
    public static let reads: Set<ContractTable> = [.headaches, .sleep]
    public static let requires: Set<ContractTable> = [.headaches, .sleep]
    public static let asOfDependence = AsOfDependence.none
    public static let summary = "How often headaches started after short or poorly rated nights, against other nights."
    public static let details = """
        the comparison shown whatever its direction or strength; each group needs 5 nights
        """
    public static let seed = "Aurae 5.5, D-20"
    public static let parameters: [ParameterSpec] = [
        .number("short_night_hours", default: 6, range: 1...12, "Nights under this many hours are short."),
        .integer("low_quality", default: 2, range: 1...4, "Nights rated this or lower are low quality."),
        .integer("min_nights", default: 5, range: 1...100, "Nights each compared group needs."),
    ]

    let shortHours: Double, lowQuality: Int, minNights: Int

    public init(parameters: ParameterValues) {
        shortHours = parameters.number("short_night_hours")
        lowQuality = parameters.integer("low_quality")
        minNights = parameters.integer("min_nights")
    }

    struct Groups {
        var short: [SleepNight] = [], long: [SleepNight] = [], low: [SleepNight] = [], high: [SleepNight] = []
        var hasQuality: Bool { !(low.isEmpty && high.isEmpty) }
    }

    func groups(_ input: ProfileData) -> Groups {
        var groups = Groups()
        for night in input.sleep {
            if night.durationMinutes < shortHours * 60 { groups.short.append(night) } else { groups.long.append(night) }
            if let quality = night.quality {
                if quality <= lowQuality { groups.low.append(night) } else { groups.high.append(night) }
            }
        }
        return groups
    }

    public func gates(_ input: ProfileData) -> [Gate] {
        let g = groups(input)
        let hours = NumberText.format(shortHours)
        var gates = [Gate(name: "nights under \(hours) hours", have: g.short.count, need: minNights),
                     Gate(name: "nights of \(hours) hours or more", have: g.long.count, need: minNights)]
        if g.hasQuality {
            gates += [Gate(name: "nights rated \(lowQuality) or lower", have: g.low.count, need: minNights),
                      Gate(name: "nights rated above \(lowQuality)", have: g.high.count, need: minNights)]
        }
        return gates
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        let headacheDays = Set(input.headaches.map(\.onset.day))
        let g = groups(input)
        func outcome(_ nights: [SleepNight]) -> [SleepNight] { nights.filter { headacheDays.contains($0.nightOf.adding(days: 1)) } }
        func compare(subject: String, exposed: [SleepNight], other: [SleepNight],
                     message: (_ with: Int, _ other: Int) -> CopyMessage) -> InsightDraft {
            let a = outcome(exposed), c = outcome(other)
            var evidence: [String: Evidence] = [
                "exposed_nights": .integer(exposed.count), "exposed_headache_days": .integer(a.count),
                "exposed_rate": .number(Double(a.count) / Double(exposed.count)),
                "other_nights": .integer(other.count), "other_headache_days": .integer(c.count),
                "other_rate": .number(Double(c.count) / Double(other.count)),
            ]
            if let p = try? stats.fisherExact(a: a.count, b: exposed.count - a.count, c: c.count, d: other.count - c.count) {
                evidence["fisher_p"] = .number(p)
            }
            if let difference = try? stats.proportionDifference(successesA: a.count, trialsA: exposed.count,
                                                                 successesB: c.count, trialsB: other.count) {
                evidence["rate_difference"] = .number(difference.value)
                evidence["rate_difference_ci95"] = .list([.number(difference.interval95.lowerBound),
                                                          .number(difference.interval95.upperBound)])
            }
            return InsightDraft(kind: .finding, subject: subject, message: message(a.count, c.count), evidence: evidence,
                                provenance: (a + c).map { "sleep:\($0.id)" })
        }
        var drafts = [compare(subject: "sleep_duration", exposed: g.short, other: g.long) { with, otherWith in
            CopyMessage("sleep-correlation.duration", [
                "with": .count(with), "nights": .count(g.short.count), "hours": .number(shortHours),
                "other_with": .count(otherWith), "other_nights": .count(g.long.count),
            ])
        }]
        if g.hasQuality {
            drafts.append(compare(subject: "sleep_quality", exposed: g.low, other: g.high) { with, otherWith in
                CopyMessage("sleep-correlation.quality", [
                    "with": .count(with), "nights": .count(g.low.count), "rating": .count(lowQuality),
                    "other_with": .count(otherWith), "other_nights": .count(g.high.count),
                ])
            })
        }
        return drafts
    }
}
