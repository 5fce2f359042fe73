import CairnCore
import Foundation

/// The modules Cairn can run, keyed by id@version. Several versions of one module may be
/// registered at once so that their output can be compared. Registering the same id@version
/// twice is a programmer mistake and stops with a precise message.
public final class ModuleRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var descriptors: [String: ModuleDescriptor] = [:]

    public init() {}

    public func register(_ descriptor: ModuleDescriptor) {
        lock.lock()
        defer { lock.unlock() }
        precondition(descriptors[descriptor.key] == nil, "module \(descriptor.key) is already registered")
        descriptors[descriptor.key] = descriptor
    }

    public func register<M: AnalysisModule>(_ module: M.Type) {
        register(M.descriptor)
    }

    /// Every registered module, by id then version.
    public var all: [ModuleDescriptor] {
        lock.lock()
        defer { lock.unlock() }
        return descriptors.values.sorted { ($0.id, $0.version) < ($1.id, $1.version) }
    }

    public enum LookupError: Error, CustomStringConvertible {
        case unknown(String, known: [String])

        public var description: String {
            switch self {
            case .unknown(let name, let known):
                let ids = Set(known.map { String($0.split(separator: "@")[0]) })
                return "no module \(name)" + Suggestions.didYouMean(name, among: name.contains("@") ? known : Array(ids)) + "; registered: " + known.joined(separator: ", ")
            }
        }
    }

    /// `id` (the latest version) or `id@version`.
    public func lookup(_ name: String) throws(LookupError) -> ModuleDescriptor {
        let parts = name.split(separator: "@", maxSplits: 1).map(String.init)
        let candidates = all.filter { $0.id == parts.first }
        let found: ModuleDescriptor?
        if parts.count == 2 {
            found = candidates.first { String($0.version) == parts[1] }
        } else {
            found = candidates.last
        }
        guard let found else { throw .unknown(name, known: all.map(\.key)) }
        return found
    }

    /// The latest version of every module.
    public var latest: [ModuleDescriptor] {
        var byID: [String: ModuleDescriptor] = [:]
        for descriptor in all { byID[descriptor.id] = descriptor }
        return byID.values.sorted { $0.id < $1.id }
    }
}
