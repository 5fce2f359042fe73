import CairnAnalysis
import CairnCore
import Foundation

/// A module name or setting `cairn evaluate` and `.evaluate` cannot use, said so the user can fix it.
public struct EvaluationError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

extension ThresholdEvaluation {
    /// Module settings to evaluate: each module at its defaults, or at every combination of the
    /// values `ID.PARAM=V1,V2` settings give it.
    public static func variants(registry: ModuleRegistry, modules: [String], settings: [String]) throws(EvaluationError) -> [Variant] {
        var grids: [String: [(String, [String])]] = [:]
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            let target = parts.first?.split(separator: ".", maxSplits: 1).map(String.init) ?? []
            guard parts.count == 2, target.count == 2, !parts[1].isEmpty else {
                throw EvaluationError(description: "\(setting) is not ID.PARAM=V1,V2 (e.g. trigger-cooccurrence.min_headaches=3,5,10)")
            }
            grids[target[0], default: []].append((target[1], parts[1].split(separator: ",").map(String.init)))
        }
        var variants: [Variant] = []
        for name in modules {
            let descriptor: ModuleDescriptor
            do {
                descriptor = try registry.lookup(name)
            } catch {
                throw EvaluationError(description: error.description)
            }
            var combinations: [[(String, String)]] = [[]]
            for (parameter, values) in grids[descriptor.id] ?? [] {
                combinations = combinations.flatMap { base in values.map { base + [(parameter, $0)] } }
            }
            for combination in combinations {
                do {
                    let parameters = try ParameterValues(specs: descriptor.parameters, module: descriptor.id,
                                                         overrides: Dictionary(combination, uniquingKeysWith: { $1 }))
                    let setting = combination.isEmpty ? "defaults" : combination.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
                    variants.append(Variant(run: ModuleRun(descriptor: descriptor, parameters: parameters), setting: setting))
                } catch {
                    throw EvaluationError(description: "\(error)")
                }
            }
        }
        return variants
    }

    /// The evaluation as a table for people: rates as percentages with their 95% intervals.
    public static func text(_ rows: [Row]) -> String {
        func percent(_ x: Double) -> String { NumberText.format((x * 1000).rounded() / 10) + "%" }
        func interval(_ bounds: [Double]?) -> String {
            guard let bounds, bounds.count == 2 else { return "" }
            return "[" + percent(bounds[0]) + ", " + percent(bounds[1]) + "]"
        }
        func points(_ x: Double) -> String {
            let value = (x * 1000).rounded() / 10
            return (value > 0 ? "+" : "") + NumberText.format(value == 0 ? 0 : value)
        }
        let header = ["scenario", "module", "setting", "effect", "profiles", "false findings", "95% CI", "oracle", "detection", "95% CI",
                      "oracle", "95% CI", "gap", "median days", "still gated"]
        let body = rows.map { row -> [String] in
            [row.scenario, row.module, row.setting, row.effect, String(row.profiles), percent(row.falseFindingRate),
             interval(row.falseFindingCI95), row.oracleFalseFindingRate.map(percent) ?? "—",
             row.detectionRate.map(percent) ?? "—", interval(row.detectionCI95),
             row.detectionRate == nil ? "—" : row.oracleDetectionRate.map(percent) ?? "—",
             row.detectionRate == nil ? "" : interval(row.oracleDetectionCI95), row.detectionGap.map(points) ?? "—",
             row.medianDaysToFinding.map { NumberText.format($0) } ?? "—", percent(row.stillGatedRate)]
        }
        let widths = header.indices.map { column in ([header] + body).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        return ([line(header)] + body.map(line)).joined(separator: "\n") + "\n"
    }
}
