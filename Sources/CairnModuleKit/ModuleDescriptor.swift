import CairnCore

/// How a module type is known to the registry: from this one descriptor the CLI help, the
/// `modules` listing and the REPL's `.help` are all rendered.
public struct ModuleDescriptor: Sendable {
    public let id: String
    public let version: Int
    public let summary: String
    /// The README table's "what it does" and "seed" columns.
    public let details: String
    public let seed: String
    public let parameters: [ParameterSpec]
    public let asOfDependence: AsOfDependence
    /// The event tables the module reads.
    public let reads: Set<ContractTable>
    /// The tables a profile must have rows in for the module to say anything.
    public let requires: Set<ContractTable>
    let make: @Sendable (ParameterValues) throws -> any ConfiguredModule
    /// Where the module comes from: compiled into Cairn, or a library loaded at run time.
    public var origin: ModuleOrigin = .builtIn

    public var key: String { "\(id)@\(version)" }

    public init(id: String, version: Int, summary: String, details: String? = nil, seed: String = "", parameters: [ParameterSpec],
                asOfDependence: AsOfDependence = .day, reads: Set<ContractTable> = ContractTable.eventTables,
                requires: Set<ContractTable> = [], make: @escaping @Sendable (ParameterValues) throws -> any ConfiguredModule) {
        self.id = id
        self.version = version
        self.summary = summary
        self.details = details ?? summary
        self.seed = seed
        self.parameters = parameters
        self.asOfDependence = asOfDependence
        self.reads = reads
        self.requires = requires
        self.make = make
    }

    public func instantiate(_ parameters: ParameterValues) throws -> any ConfiguredModule {
        try make(parameters)
    }
}

/// Where a registered module comes from.
public enum ModuleOrigin: Sendable, Equatable, CustomStringConvertible {
    case builtIn
    /// A shared library loaded at run time, by its path.
    case library(String)

    public var description: String {
        switch self {
        case .builtIn: return "built-in"
        case .library(let path): return path
        }
    }
}
