import CairnCore
import CairnStats
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The modules a shared library offers Cairn, and the answers to Cairn's requests: the body of
/// the library's one C entry point. A module in a library is written exactly as a built-in one;
/// Cairn gates, guards, replays and evaluates it the same way.
///
///     let library = ModuleLibrary(modules: [HeadacheHours.self], catalog: catalogYAML)
///
///     @_cdecl("cairn_module_entry")
///     public func cairnModuleEntry(_ request: UnsafePointer<CChar>, _ length: Int) -> UnsafeMutablePointer<CChar>? {
///         library.respond(to: request, length: length)
///     }
public struct ModuleLibrary: Sendable {
    let descriptors: [String: ModuleDescriptor]
    let manifest: ModuleWire.Manifest

    /// `catalog`: the YAML catalog entries of the library's copy, each scoped to its modules.
    public init(modules: [any AnalysisModule.Type], catalog: String) {
        let descriptors = modules.map { $0.descriptor }
        self.descriptors = Dictionary(descriptors.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        manifest = ModuleWire.Manifest(kit: ModuleKit.version, compiler: ModuleKit.compiler,
                                       modules: descriptors.map(ModuleWire.Descriptor.init), catalog: catalog)
    }

    /// Answers one request (`length` bytes: JSON, a NUL, the event rows) with a JSON reply
    /// allocated with `malloc` (Cairn frees it).
    public func respond(to request: UnsafePointer<CChar>, length: Int) -> UnsafeMutablePointer<CChar>? {
        let json = min(strlen(request), length)
        let events = length > json + 1
            ? [UInt8](UnsafeRawBufferPointer(start: UnsafeRawPointer(request) + json + 1, count: length - json - 1)) : []
        return strdup(reply(to: Data(bytes: request, count: json), events: events))
    }

    /// The reply to a request, as JSON text.
    func reply(to request: Data, events: [UInt8] = []) -> String {
        let encoder = ModuleWire.encoder()
        func encoded<Value: Codable & Sendable>(_ result: Result<Value, ModuleWire.Failure>) -> String {
            let reply: ModuleWire.Reply<Value>
            switch result {
            case .success(let value): reply = ModuleWire.Reply(value: value, error: nil)
            case .failure(let failure): reply = ModuleWire.Reply(value: nil, error: failure.description)
            }
            do {
                return String(decoding: try encoder.encode(reply), as: UTF8.self)
            } catch {
                return #"{"error":"the reply cannot be written as JSON"}"#
            }
        }
        let decoded: ModuleWire.Request
        do {
            decoded = try ModuleWire.decoder().decode(ModuleWire.Request.self, from: request)
        } catch {
            return encoded(Result<Bool, ModuleWire.Failure>.failure(ModuleWire.Failure("the request cannot be read (\(error))")))
        }
        switch decoded.call {
        case .describe: return encoded(Result<ModuleWire.Manifest, ModuleWire.Failure>.success(manifest))
        case .configure: return encoded(Result { _ = try configured(decoded); return true })
        case .gates: return encoded(Result { try configured(decoded).gates(try profile(decoded, events: events)) })
        case .run:
            return encoded(Result {
                guard let asOf = decoded.asOf else { throw ModuleWire.Failure("run needs an as-of instant") }
                let (gates, drafts) = try configured(decoded).run(try profile(decoded, events: events), asOf: asOf, stats: Stats())
                return ModuleWire.Outcome(gates: gates, drafts: drafts?.map(ModuleWire.Draft.init))
            })
        case .evaluate:
            return encoded(Result {
                guard let asOf = decoded.asOf else { throw ModuleWire.Failure("evaluate needs an as-of instant") }
                let drafts = try configured(decoded).evaluate(try profile(decoded, events: events), asOf: asOf, stats: Stats())
                return drafts.map(ModuleWire.Draft.init)
            })
        }
    }

    private func configured(_ request: ModuleWire.Request) throws -> any ConfiguredModule {
        guard let key = request.module, let descriptor = descriptors[key] else {
            throw ModuleWire.Failure("this library has no module \(request.module ?? "(none named)")")
        }
        return try descriptor.instantiate(ParameterValues(specs: descriptor.parameters, checked: request.parameters ?? [:]))
    }

    private func profile(_ request: ModuleWire.Request, events: [UInt8]) throws -> ProfileData {
        guard var rows = request.profile else { throw ModuleWire.Failure("the request holds no profile") }
        var reader = RowReader(events)
        try rows.readEvents(from: &reader)
        return try rows.profileData()
    }
}

extension Result where Failure == ModuleWire.Failure {
    /// A module's own error, whatever its type, in its own words.
    init(_ body: () throws -> Success) {
        do {
            self = .success(try body())
        } catch let failure as ModuleWire.Failure {
            self = .failure(failure)
        } catch {
            self = .failure(ModuleWire.Failure(String(describing: error)))
        }
    }
}
