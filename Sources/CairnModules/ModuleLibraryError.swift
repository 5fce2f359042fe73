import CairnModuleKit

/// Why a module library was not loaded, or failed a request: one line naming the library and
/// what to do.
public enum ModuleLibraryError: Error, Equatable, CustomStringConvertible {
    case notFound(path: String)
    /// A folder on the module path with no shared library in it.
    case emptyFolder(path: String)
    /// dlopen's own words: not a shared library, a missing dependency, an unresolved symbol.
    case unloadable(path: String, reason: String)
    case noEntryPoint(path: String)
    case mismatchedBuild(path: String, kit: Int, compiler: String)
    /// A file with no `cairn_module_kit` section: built before the note existed, or not
    /// against CairnModuleKit. Refused before dlopen, so none of its code ran.
    case noKitNote(path: String)
    case unreadable(path: String, reason: String)
    case noModules(path: String)
    case invalidModule(path: String, module: String, reason: String)
    case alreadyRegistered(path: String, module: String, origin: String)
    case alreadyLoaded(path: String)
    /// A library, or a folder on the way to it, that another user may write: anyone could put
    /// code there that would run as the person.
    case writableByOthers(path: String)
    case copy(path: String, problem: String)
    /// A request the library could not answer (the module's own error, or bad JSON).
    case failed(path: String, module: String, reason: String)

    public var description: String {
        switch self {
        case .writableByOthers(let path):
            return "refused: \(path) may be written by other users, who could put code there that runs as you; "
                + "`chmod go-w \(path)` and load it again"
        case .notFound(let path):
            return "\(path): no such module library or folder; give the path of a .so file or of a folder of them"
        case .emptyFolder(let path):
            return "\(path): the folder holds no module library (.so); build one with `swift build` in its package (README, \"Write a module\")"
        case .unloadable(let path, let reason):
            return "\(path) cannot be loaded (\(reason)); rebuild it against this Cairn's CairnModuleKit"
        case .noEntryPoint(let path):
            return "\(path) is not a Cairn module library: it exports no \(ModuleKit.entryPoint); see README, \"Write a module\""
        case .mismatchedBuild(let path, let kit, let compiler):
            return "\(path) was built against CairnModuleKit \(kit) with Swift \(compiler); this Cairn needs CairnModuleKit "
                + "\(ModuleKit.version) with Swift \(ModuleKit.compiler): rebuild the module against this Cairn"
        case .noKitNote(let path):
            return "\(path) carries no CairnModuleKit version note (section \(ModuleKitNote.section)), so it was not opened "
                + "and none of its code ran: rebuild it against this Cairn's CairnModuleKit"
        case .unreadable(let path, let reason):
            return "\(path) answered what Cairn cannot read (\(reason)); rebuild it against this Cairn's CairnModuleKit"
        case .noModules(let path):
            return "\(path) offers no module: list its modules in ModuleLibrary(modules:catalog:) and rebuild it"
        case .invalidModule(let path, let module, let reason):
            return "\(path): module \(module) \(reason)"
        case .alreadyRegistered(let path, let module, let origin):
            return "\(path): module \(module) is already registered (\(origin)); give it another id or version"
        case .alreadyLoaded(let path):
            return "\(path) is already loaded"
        case .copy(let path, let problem):
            return "\(path): its copy is refused: \(problem); fix the library's catalog and rebuild it"
        case .failed(let path, let module, let reason):
            return "module \(module) from \(path) failed: \(reason)"
        }
    }
}
