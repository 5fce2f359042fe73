import CairnAnalysis
import CairnCore
import CairnStats

/// A module from a library, configured: the engine gates and evaluates it like a built-in one,
/// and each call crosses to the library as one JSON request (the profile's rows in, gates or
/// drafts out). The drafts then meet the same copy guard as everyone else's.
struct LibraryModule: ConfiguredModule {
    let library: ModuleLibraryHandle
    let key: String
    let parameters: [String: Double]
    let reads: Set<ContractTable>

    /// Asks the library whether the module takes these parameters (its own checks run there),
    /// once per set of values.
    init(library: ModuleLibraryHandle, key: String, reads: Set<ContractTable>, parameters: ParameterValues) throws(ModuleLibraryError) {
        self.library = library
        self.key = key
        self.reads = reads
        self.parameters = parameters.all
        try library.configure(key, parameters: self.parameters)
    }

    func gates(_ input: ProfileData) throws -> [Gate] {
        try library.answer(ModuleWire.Request(call: .gates, module: key, parameters: parameters, profile: ModuleWire.Rows(input, reads: reads)),
                           as: [Gate].self)
    }

    func run(_ input: ProfileData, asOf: Int, stats: Stats) throws -> (gates: [Gate], drafts: [InsightDraft]?) {
        let outcome = try library.answer(ModuleWire.Request(call: .run, module: key, parameters: parameters,
                                                            profile: ModuleWire.Rows(input, reads: reads), asOf: asOf),
                                         as: ModuleWire.Outcome.self)
        return (outcome.gates, outcome.drafts?.map(\.draft))
    }

    func evaluate(_ input: ProfileData, asOf: Int, stats: Stats) throws -> [InsightDraft] {
        try library.answer(ModuleWire.Request(call: .evaluate, module: key, parameters: parameters,
                                              profile: ModuleWire.Rows(input, reads: reads), asOf: asOf),
                           as: [ModuleWire.Draft].self).map(\.draft)
    }
}
