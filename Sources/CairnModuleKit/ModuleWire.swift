import CairnCore
import Foundation

/// What crosses between Cairn and a module library: JSON requests and replies through the one C
/// entry point. Only plain data crosses (rows in, drafts out), so each side keeps its own copy
/// of these types and neither ever holds the other's objects.
public enum ModuleWire {
    public enum Call: String, Codable, Sendable {
        /// The library's kit version, compiler, modules and catalog.
        case describe
        /// Whether the module accepts these parameters.
        case configure
        case gates
        case evaluate
        /// Gates, then drafts when every gate is open: what the engine asks, in one request.
        case run
    }

    public struct Request: Codable, Sendable {
        public var call: Call
        /// "id@version".
        public var module: String?
        public var parameters: [String: Double]?
        public var profile: Rows?
        public var asOf: Int?

        public init(call: Call, module: String? = nil, parameters: [String: Double]? = nil, profile: Rows? = nil, asOf: Int? = nil) {
            self.call = call
            self.module = module
            self.parameters = parameters
            self.profile = profile
            self.asOf = asOf
        }
    }

    /// The first thing Cairn reads of a library, and the only thing it reads of one built against
    /// another kit or compiler: these two fields never change shape.
    public struct Build: Codable, Sendable {
        public var kit: Int
        public var compiler: String
    }

    /// A library's answer to `describe`.
    public struct Manifest: Codable, Sendable {
        public var kit: Int
        public var compiler: String
        public var modules: [Descriptor]
        /// The library's copy catalog (YAML, the format of Cairn's own catalog files).
        public var catalog: String
    }

    public struct Descriptor: Codable, Sendable {
        public var id: String
        public var version: Int
        public var summary: String
        public var details: String
        public var seed: String
        public var parameters: [ParameterSpec]
        public var asOfDependence: AsOfDependence
        public var reads: [ContractTable]
        public var requires: [ContractTable]

        init(_ descriptor: ModuleDescriptor) {
            id = descriptor.id
            version = descriptor.version
            summary = descriptor.summary
            details = descriptor.details
            seed = descriptor.seed
            parameters = descriptor.parameters
            asOfDependence = descriptor.asOfDependence
            reads = descriptor.reads.sorted { $0.rawValue < $1.rawValue }
            requires = descriptor.requires.sorted { $0.rawValue < $1.rawValue }
        }

        public var key: String { "\(id)@\(version)" }
    }

    /// One profile's data as a module sees it (`ProfileData`, every row as it stands then). The
    /// profile, markers and overrides travel in the request's JSON; the event tables after it, in
    /// `RowCodec`'s binary form (they are most of every request).
    public struct Rows: Codable, Sendable {
        public var profile: Profile
        public var markers: [MarkerDefinition]
        public var overrides: [String: ReferenceOverride]
        public var readings: [Reading] = []
        public var visits: [Visit] = []
        public var plannedVisits: [Visit] = []
        public var headaches: [Headache] = []
        public var medications: [Medication] = []
        public var sleep: [SleepNight] = []
        public var weather: [WeatherObservation] = []
        public var factors: [FactorEntry] = []

        enum CodingKeys: String, CodingKey {
            case profile, markers, overrides
        }

        /// The rows of the tables a module reads (its declared `reads`; the marker library only
        /// with readings): what it does not read does not cross.
        public init(_ data: ProfileData, reads: Set<ContractTable>) {
            profile = data.profile
            markers = reads.contains(.readings) ? data.markers.markers : []
            overrides = reads.contains(.readings) ? data.overrides : [:]
            readings = reads.contains(.readings) ? Array(data.readings) : []
            visits = reads.contains(.visits) ? Array(data.visits) : []
            plannedVisits = reads.contains(.visits) ? data.plannedVisits : []
            headaches = reads.contains(.headaches) ? Array(data.headaches) : []
            medications = reads.contains(.medications) ? Array(data.medications) : []
            sleep = reads.contains(.sleep) ? Array(data.sleep) : []
            weather = reads.contains(.weather) ? Array(data.weather) : []
            factors = reads.contains(.factors) ? Array(data.factors) : []
        }

        public func profileData() throws -> ProfileData {
            let library: MarkerLibrary
            do {
                library = try MarkerLibrary(markers: markers)
            } catch {
                throw Failure("the marker library sent holds two markers of one name (\(error))")
            }
            var data = ProfileData(profile: profile, markers: library, overrides: overrides, readings: readings, visits: visits,
                                   headaches: headaches, medications: medications, sleep: sleep, weather: weather, factors: factors)
            data.plannedVisits = plannedVisits
            return data
        }
    }

    /// What a module returned, as drafts for Cairn's copy guard.
    public struct Draft: Codable, Sendable {
        public var kind: InsightKind
        public var subject: String
        public var message: CopyMessage
        public var evidence: [String: EvidenceValue]
        public var provenance: [String]

        public init(_ draft: InsightDraft) {
            kind = draft.kind
            subject = draft.subject
            message = draft.message
            evidence = draft.evidence.mapValues(EvidenceValue.init)
            provenance = draft.provenance
        }

        public var draft: InsightDraft {
            InsightDraft(kind: kind, subject: subject, message: message, evidence: evidence.mapValues(\.evidence),
                         provenance: provenance)
        }
    }

    /// `Evidence` with its case named, so that 2 and 2.0 come back as they went.
    public indirect enum EvidenceValue: Codable, Sendable {
        case number(Double)
        case integer(Int)
        case text(String)
        case flag(Bool)
        case list([EvidenceValue])
        case object([String: EvidenceValue])

        init(_ evidence: Evidence) {
            switch evidence {
            case .number(let value): self = .number(value)
            case .integer(let value): self = .integer(value)
            case .text(let value): self = .text(value)
            case .flag(let value): self = .flag(value)
            case .list(let values): self = .list(values.map(EvidenceValue.init))
            case .object(let values): self = .object(values.mapValues(EvidenceValue.init))
            }
        }

        var evidence: Evidence {
            switch self {
            case .number(let value): return .number(value)
            case .integer(let value): return .integer(value)
            case .text(let value): return .text(value)
            case .flag(let value): return .flag(value)
            case .list(let values): return .list(values.map(\.evidence))
            case .object(let values): return .object(values.mapValues(\.evidence))
            }
        }
    }

    /// The reply to `run`.
    public struct Outcome: Codable, Sendable {
        public var gates: [Gate]
        /// Nil when a gate is closed.
        public var drafts: [Draft]?

        public init(gates: [Gate], drafts: [Draft]?) {
            self.gates = gates
            self.drafts = drafts
        }
    }

    /// A reply: the value asked for, or why there is none.
    public struct Reply<Value: Codable & Sendable>: Codable, Sendable {
        public var value: Value?
        public var error: String?
    }

    /// A request or reply that cannot be carried out, in words for the person running Cairn.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(_ description: String) {
            self.description = description
        }
    }

    /// JSON both sides read and write, NaN and infinities (an undefined statistic) kept as text,
    /// since JSON has no number for them.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}
