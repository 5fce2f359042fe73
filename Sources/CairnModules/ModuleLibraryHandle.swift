import CairnAnalysis
import CairnCopy
import CairnCore
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A module library opened with dlopen: its manifest, and requests through its C entry point.
/// Libraries stay loaded for the life of the process (their code may be running on any thread).
public final class ModuleLibraryHandle: Sendable {
    typealias EntryPoint = @convention(c) (UnsafePointer<CChar>, Int) -> UnsafeMutablePointer<CChar>?

    /// The path it was loaded from, as given.
    public let path: String
    let entry: EntryPoint
    public let manifest: ModuleWire.Manifest
    /// Parameter sets the library has accepted, by module ("key|name=value,...").
    private let accepted = Mutex<Set<String>>([])

    /// Opens a library and reads its manifest, refusing one built against another kit version
    /// or compiler before any of its code runs: the kit note is read from the file first
    /// (`ModuleKitNote`), and dlopen then loads the path only while it still names the file
    /// checked. The description's own kit and compiler are checked again after.
    public init(path: String) throws(ModuleLibraryError) {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else { throw .notFound(path: path) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unloadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw .unloadable(path: path, reason: "not a regular file")
        }
        if status.st_mode & (S_IWGRP | S_IWOTH) != 0 { throw .writableByOthers(path: path) }
        let note: [UInt8]?
        do {
            note = try ELFSection.contents(named: ModuleKitNote.section, descriptor: descriptor)
        } catch {
            throw .unloadable(path: path, reason: error.reason)
        }
        guard let note, let kit = ModuleKitNote.kit(of: note), let compiler = ModuleKitNote.compiler(of: note) else {
            throw .noKitNote(path: path)
        }
        guard Array(note.prefix(ModuleKitNote.length)) == ModuleKitNote.bytes else {
            throw .mismatchedBuild(path: path, kit: kit, compiler: compiler)
        }
        // Loaded by its path (so that its `$ORIGIN` is its folder), once the path still names the
        // file checked; no other user may write that folder (`ModuleHost.refuseWritableByOthers`).
        var named = stat()
        guard stat(path, &named) == 0, named.st_dev == status.st_dev, named.st_ino == status.st_ino else {
            throw .unloadable(path: path, reason: "it was replaced while it was being checked")
        }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "dlopen failed"
            throw .unloadable(path: path, reason: reason.replacingOccurrences(of: path + ": ", with: ""))
        }
        guard let symbol = dlsym(handle, ModuleKit.entryPoint) else { throw .noEntryPoint(path: path) }
        entry = unsafeBitCast(symbol, to: EntryPoint.self)
        let answer = try ModuleLibraryHandle.call(entry, path: path, module: "(describe)",
                                                  request: ModuleWire.Request(call: .describe))
        let build: ModuleWire.Reply<ModuleWire.Build>
        do {
            build = try ModuleWire.decoder().decode(ModuleWire.Reply<ModuleWire.Build>.self, from: answer)
        } catch {
            throw .unreadable(path: path, reason: "its description has no kit version and compiler")
        }
        guard let stated = build.value else { throw .unreadable(path: path, reason: build.error ?? "an empty description") }
        guard stated.kit == ModuleKit.version, stated.compiler == ModuleKit.compiler else {
            throw .mismatchedBuild(path: path, kit: stated.kit, compiler: stated.compiler)
        }
        do {
            let reply = try ModuleWire.decoder().decode(ModuleWire.Reply<ModuleWire.Manifest>.self, from: answer)
            guard let manifest = reply.value else { throw ModuleWire.Failure(reply.error ?? "an empty description") }
            self.manifest = manifest
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }

    /// The descriptors of the library's modules, each answering through this library.
    public var descriptors: [ModuleDescriptor] {
        manifest.modules.map { module in
            var descriptor = ModuleDescriptor(
                id: module.id, version: module.version, summary: module.summary, details: module.details, seed: module.seed,
                parameters: module.parameters,
                asOfDependence: module.asOfDependence, reads: Set(module.reads), requires: Set(module.requires),
                make: { [self] parameters in try LibraryModule(library: self, key: module.key, reads: Set(module.reads), parameters: parameters) })
            descriptor.origin = .library(path)
            return descriptor
        }
    }

    /// The library's copy catalog, for the guard.
    public var catalog: ModuleLibraryCatalog {
        ModuleLibraryCatalog(source: path, text: manifest.catalog, modules: Set(manifest.modules.map(\.id)))
    }

    /// Asks the library once whether a module takes these parameter values.
    func configure(_ key: String, parameters: [String: Double]) throws(ModuleLibraryError) {
        let signature = key + "|" + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        if accepted.withLock({ $0.contains(signature) }) { return }
        _ = try answer(ModuleWire.Request(call: .configure, module: key, parameters: parameters), as: Bool.self)
        accepted.withLock { _ = $0.insert(signature) }
    }

    /// One request and its decoded reply.
    func answer<Value: Codable & Sendable>(_ request: ModuleWire.Request, as: Value.Type) throws(ModuleLibraryError) -> Value {
        let module = request.module ?? "(none)"
        var events = RowWriter()
        request.profile?.writeEvents(to: &events)
        let data = try ModuleLibraryHandle.call(entry, path: path, module: module, request: request, events: events.bytes)
        let reply: ModuleWire.Reply<Value>
        do {
            reply = try ModuleWire.decoder().decode(ModuleWire.Reply<Value>.self, from: data)
        } catch {
            throw .failed(path: path, module: module, reason: "its reply cannot be read (\(error))")
        }
        guard let value = reply.value else {
            throw .failed(path: path, module: module, reason: reply.error ?? "it replied with nothing")
        }
        return value
    }

    private static func call(_ entry: EntryPoint, path: String, module: String, request: ModuleWire.Request,
                             events: [UInt8] = []) throws(ModuleLibraryError) -> Data {
        let text: Data
        do {
            text = try ModuleWire.encoder().encode(request)
        } catch {
            throw .failed(path: path, module: module, reason: "the request cannot be written (\(error))")
        }
        // The JSON, NUL-terminated for C, then the rows.
        var bytes = [UInt8](text)
        bytes.append(0)
        bytes += events
        let reply = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { entry($0.baseAddress!, $0.count) }
        }
        guard let reply else { throw .failed(path: path, module: module, reason: "it returned no reply") }
        defer { free(reply) }
        return Data(bytes: reply, count: strlen(reply))
    }
}
