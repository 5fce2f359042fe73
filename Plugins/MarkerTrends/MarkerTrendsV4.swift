import CairnModuleKit
import CairnCore
import CairnStats

/// marker-trends@4, the default: version 3 with the seed's watch rule (Glance PRD 5.3, "Watch:
/// within 10% of boundary"): inside the range and within `watch_fraction` of a boundary's own
/// value (Vitamin D in 30-100 ng/mL: 30 to 33 and 90 to 100), not of the range's width (versions
/// 2 and 3: 30 to 37 and 93 to 100). A reading outside the marker's plausible range (kept at
/// import with a warning, HDL 890 mg/dL) is left out of status and trend, and counted in evidence
/// (`implausible_left_out`). The marker board uses the same rules.
///
/// Cost: O(r log r) in readings.
public struct MarkerTrendsV4: AnalysisModule {
    public static let id = "marker-trends"
    public static let version = 4
    public static let reads: Set<ContractTable> = MarkerTrendsV3.reads
    public static let requires: Set<ContractTable> = MarkerTrendsV3.requires
    public static let asOfDependence = MarkerTrendsV3.asOfDependence
    public static let summary = "Latest status and recent trend of each marker, watch within 10% of a boundary's value (the seed's rule), implausible readings left out; device series per day, no adult ranges under 18, old readings never current."
    public static let details = """
        as @3, with the seed's watch rule: inside the range and within `watch_fraction` (10%) of a \
        boundary's own value (Vitamin D in 30-100: 30 to 33 and 90 to 100), not of the range's width; \
        a reading outside the marker's plausible range is left out of status and trend and counted \
        (`implausible_left_out`); the marker board uses the same rules
        """
    public static let seed = "Glance 5.3, 5.8; roadmap 2.8, 4.5"
    public static let parameters: [ParameterSpec] = MarkerTrendsV3.parameters.map { spec in
        guard spec.name == "watch_fraction" else { return spec }
        return .number("watch_fraction", default: 0.1, range: 0...0.5,
                       "Inside the range and within this fraction of a boundary's own value is 'watch'.")
    }

    let version3: MarkerTrendsV3

    public init(parameters: ParameterValues) {
        var version3 = MarkerTrendsV3(parameters: parameters)
        version3.judgement.watchOnBoundaryValue = true
        version3.judgement.leavesOutImplausible = true
        self.version3 = version3
    }

    public func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        try version3.evaluate(input, asOf: asOf, stats: stats)
    }
}
