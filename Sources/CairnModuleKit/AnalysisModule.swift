import CairnCore
import CairnStats

/// A module with its parameters set, as the engine runs it: gates first, then evaluate. Built-in
/// modules are their own configured form; a module loaded at run time is reached through one.
public protocol ConfiguredModule: Sendable {
    /// The minimum-data gates. The engine evaluates them first: below any gate the module yields
    /// one progress insight and `evaluate` is not called, so no partial result ever appears.
    func gates(_ input: ProfileData) throws -> [Gate]

    /// Insights for the profile. `input` holds nothing after `asOf`.
    func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft]

    /// The gates, and the insights when every gate is open (nil otherwise): what the engine asks.
    /// A module reached across a library boundary answers both in one request.
    func run(_ input: ProfileData, asOf: Int, stats: Stats) throws -> (gates: [Gate], drafts: [InsightDraft]?)
}

extension ConfiguredModule {
    public func run(_ input: ProfileData, asOf: Int, stats: Stats) throws -> (gates: [Gate], drafts: [InsightDraft]?) {
        let gates = try self.gates(input)
        guard gates.allSatisfy(\.isOpen) else { return (gates, nil) }
        return (gates, try evaluate(input, asOf: asOf, stats: stats))
    }
}

/// An analysis module: a pure function of one profile's data as of one instant. Modules never
/// read the clock, the environment, the network or the file system, so the same data, as-of and
/// parameters always give the same insights.
public protocol AnalysisModule: ConfiguredModule {
    /// "medication-overuse".
    static var id: String { get }
    /// Bumped whenever output for the same input may change.
    static var version: Int { get }
    static var summary: String { get }
    /// What the module does in full: its row in the README's module table (default: `summary`).
    static var details: String { get }
    /// The seed sections its rules come from ("Aurae 5.5, D-20"; default: none).
    static var seed: String { get }
    /// Thresholds and windows, with defaults and valid ranges.
    static var parameters: [ParameterSpec] { get }
    /// How the output depends on the as-of instant beyond the data visible then; replay
    /// re-evaluates a module only when its data or this period changed.
    static var asOfDependence: AsOfDependence { get }
    /// The event tables the module reads (profiles, markers and overrides always come): a run
    /// loads only these, and replay re-evaluates the module only when one of them changed.
    static var reads: Set<ContractTable> { get }
    /// The tables without which the module has nothing to say: for a profile with no row at all
    /// in one of them (as of the instant), the module is silent, with no progress insight (a
    /// person who keeps no headache diary is not told to keep logging headaches).
    static var requires: Set<ContractTable> { get }

    init(parameters: ParameterValues) throws
}

extension AnalysisModule {
    public func gates(_ input: ProfileData) -> [Gate] { [] }

    public static var details: String { summary }

    public static var seed: String { "" }

    /// By default a module may read the as-of day (the safe assumption).
    public static var asOfDependence: AsOfDependence { .day }

    /// By default a module may read every table (the safe assumption).
    public static var reads: Set<ContractTable> { ContractTable.eventTables }

    /// By default a module speaks for every profile.
    public static var requires: Set<ContractTable> { [] }

    /// The descriptor this module type registers under.
    public static var descriptor: ModuleDescriptor {
        ModuleDescriptor(id: id, version: version, summary: summary, details: details, seed: seed, parameters: parameters,
                         asOfDependence: asOfDependence, reads: reads, requires: requires, make: { try Self(parameters: $0) })
    }
}

/// A minimum amount of data a module needs.
public struct Gate: Sendable, Equatable, Codable {
    /// What is counted, e.g. "resolved headaches".
    public let name: String
    public let have: Int
    public let need: Int

    public init(name: String, have: Int, need: Int) {
        self.name = name
        self.have = have
        self.need = need
    }

    public var isOpen: Bool { have >= need }
}

/// What part of the as-of instant a module's output depends on, given the same visible data.
public enum AsOfDependence: String, Sendable, Codable {
    /// Only the data visible then (e.g. the last three readings).
    case none
    /// The local as-of month (e.g. "this month").
    case month
    /// The local as-of day (e.g. "logged today", "3 months ago").
    case day
    /// The instant itself (e.g. "within 72 hours of onset").
    case instant
}
