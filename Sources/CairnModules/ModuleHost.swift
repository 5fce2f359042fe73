import CairnAnalysis
import CairnCopy
import CairnCore
import Foundation
import Synchronization

/// The modules this process runs: the built-in ones and those loaded from libraries (`--module-path`,
/// `$CAIRN_MODULE_PATH`, `.load`), with the copy guard that knows all their copy. A library stays
/// loaded until the process ends; loading one makes a new guard with its catalog.
public enum ModuleHost {
    /// The libraries loaded so far, and the guard made for them (nil until first asked for).
    private struct State {
        var libraries: [ModuleLibraryHandle] = []
        var madeGuard: Result<CopyGuard, RulePackError>?
    }

    private static let state = Mutex(State())

    /// Every registered module, built-in and loaded.
    public static func registry() -> ModuleRegistry {
        let registry = BuiltinModules.registry()
        for library in libraries {
            for descriptor in library.descriptors { registry.register(descriptor) }
        }
        return registry
    }

    /// The libraries loaded so far, in load order.
    public static var libraries: [ModuleLibraryHandle] { state.withLock { $0.libraries } }

    /// The copy guard for every registered module: a broken pack is an error every caller
    /// reports, and no analysis runs without the guard.
    public static func copyGuard() throws(RulePackError) -> CopyGuard {
        try state.withLock { state in
            if let made = state.madeGuard { return made }
            let libraries = state.libraries
            let made = Result { () throws(RulePackError) -> CopyGuard in try makeGuard(libraries) }
            state.madeGuard = made
            return made
        }.get()
    }

    /// An engine over the guard.
    public static func engine() throws(RulePackError) -> InsightEngine {
        InsightEngine(copyGuard: try copyGuard())
    }

    /// Loads a library, or every `.so` file of a folder (in name order); returns the modules
    /// added. A library is refused whole, before any of its modules registers, when it was built
    /// against another kit or compiler, names a module already registered, or brings copy that
    /// breaks a rule.
    @discardableResult
    public static func load(_ path: String) throws(ModuleLibraryError) -> [ModuleDescriptor] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .notFound(path: path) }
        guard isFolder.boolValue else { return try loadLibrary(path) }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".so") }.sorted()
        guard !names.isEmpty else { throw .emptyFolder(path: path) }
        var added: [ModuleDescriptor] = []
        for name in names { added += try loadLibrary((path as NSString).appendingPathComponent(name)) }
        return added
    }

    /// Refuses a library when it, or a folder it lies in, may be written by another user
    /// (group or world write, but for a sticky folder such as /tmp, whose files only their
    /// owner may replace), before dlopen runs any of its code.
    static func refuseWritableByOthers(_ canonical: String) throws(ModuleLibraryError) {
        var path = canonical
        while !path.isEmpty {
            var status = stat()
            if stat(path, &status) == 0 {
                let sticky = status.st_mode & S_ISVTX != 0 && path != canonical
                if status.st_mode & (S_IWGRP | S_IWOTH) != 0 && !sticky { throw .writableByOthers(path: path) }
            }
            if path == "/" { break }
            path = (path as NSString).deletingLastPathComponent
        }
    }

    /// Loads the entries of a module path ("DIR:DIR", as `$CAIRN_MODULE_PATH` gives them).
    public static func load(path list: String) throws(ModuleLibraryError) {
        for entry in list.split(separator: ":", omittingEmptySubsequences: true) { try load(String(entry)) }
    }

    private static func loadLibrary(_ path: String) throws(ModuleLibraryError) -> [ModuleDescriptor] {
        let canonical = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        try refuseWritableByOthers(canonical)
        if libraries.contains(where: { URL(fileURLWithPath: $0.path).resolvingSymlinksInPath().path == canonical }) {
            throw .alreadyLoaded(path: path)
        }
        let library = try ModuleLibraryHandle(path: path)
        guard !library.manifest.modules.isEmpty else {
            throw .noModules(path: path)
        }
        let registered = registry().all
        for module in library.manifest.modules {
            if let problem = ModuleHost.problem(withID: module.id, version: module.version) {
                throw .invalidModule(path: path, module: module.key, reason: problem)
            }
            if let existing = registered.first(where: { $0.key == module.key }) {
                throw .alreadyRegistered(path: path, module: module.key, origin: existing.origin.description)
            }
        }
        if Set(library.manifest.modules.map(\.key)).count != library.manifest.modules.count {
            throw .invalidModule(path: path, module: library.manifest.modules.map(\.key).joined(separator: ", "),
                                 reason: "lists one id@version twice")
        }
        // The library's catalog joins the guard, and its descriptions are printed by `modules`:
        // both are checked before it is admitted.
        let candidate: CopyGuard
        do {
            candidate = try makeGuard(libraries + [library])
        } catch {
            throw .copy(path: path, problem: error.description)
        }
        for module in library.manifest.modules {
            let texts = [module.summary, module.details] + module.parameters.map(\.summary)
            if let problem = descriptionProblem(module: module.id, texts: texts, copyGuard: candidate) {
                throw .copy(path: path, problem: "module \(module.key)'s description " + problem)
            }
        }
        state.withLock { state in
            state.libraries.append(library)
            state.madeGuard = .success(candidate)
        }
        return library.descriptors
    }

    /// Rules about how a person is told something (statistics named, alarm, inference): a
    /// module's description is read by analysts, and may say "p-value" or "urgent banner".
    static let phrasingRules: Set<String> = ["CorrelationWording", "AlarmWording", "InferenceWording"]

    /// Why a module's description (summary, details, parameter summaries) cannot be printed, or
    /// nil: every other blocking rule binds it, for built-in and loaded modules alike.
    public static func descriptionProblem(module: String, texts: [String], copyGuard: CopyGuard) -> String? {
        for text in texts {
            if let violation = copyGuard.lint(text, module: module).first(where: { $0.blocks && !phrasingRules.contains($0.rule) }) {
                return "breaks rule \(violation.rule) ('\(violation.match)'): \(violation.message)"
            }
        }
        return nil
    }

    /// Why an id or version cannot name a module, or nil.
    static func problem(withID id: String, version: Int) -> String? {
        let allowed = id.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == 45 }
        guard allowed, let first = id.utf8.first, (97...122).contains(first) else {
            return "has an id Cairn cannot use: lower-case letters, digits and hyphens, starting with a letter"
        }
        guard version >= 1 else { return "has a version below 1" }
        return nil
    }

    /// The bundled guard, knowing the built-in modules and these libraries' modules and copy.
    private static func makeGuard(_ libraries: [ModuleLibraryHandle]) throws(RulePackError) -> CopyGuard {
        let known = Set(BuiltinModules.registry().all.map(\.id)).union(libraries.flatMap { $0.manifest.modules.map(\.id) })
        return try CopyGuard.bundled(knownModules: known, libraries: libraries.map(\.catalog))
    }
}
