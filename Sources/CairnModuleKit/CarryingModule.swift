import CairnCore
import CairnStats

/// A module that can carry work from one as-of step of a replay to the next. A replay sees one
/// profile's rows become visible in time order, so most of what a module computed at the last
/// step (matched sets of past headaches, exposures of instants already in the past) still holds;
/// carrying it makes a step cost the new rows instead of the whole diary.
///
/// The contract: `run(_:asOf:stats:carry:)` returns exactly what `run(_:asOf:stats:)` returns
/// for the same input, whatever the carry holds, as long as the steps a carry sees are cuts of
/// one profile's data going forward in time (`ProfileData.asOf`). A module drops what it
/// cannot prove still valid and computes it again; a carry it does not recognise (another
/// profile, an earlier cut) it replaces. A carry goes back only to the module, with the same
/// parameters, that left it: `Replay` keeps one per run.
public protocol CarryingModule: ConfiguredModule {
    /// What one step leaves for the next: a class, so that the engine keeps it without copies.
    associatedtype Carry: AnyObject

    func run(_ input: ProfileData, asOf: Int, stats: Stats, carry: inout Carry?) throws -> (gates: [Gate], drafts: [InsightDraft]?)
}

extension CarryingModule {
    /// `run(_:asOf:stats:carry:)` with the carry held untyped, as the engine keeps one per module.
    public func run(_ input: ProfileData, asOf: Int, stats: Stats, anyCarry: inout AnyObject?) throws -> (gates: [Gate], drafts: [InsightDraft]?) {
        var typed = anyCarry as? Carry
        defer { anyCarry = typed }
        return try run(input, asOf: asOf, stats: stats, carry: &typed)
    }
}
