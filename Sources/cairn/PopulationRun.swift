import ArgumentParser
import CairnAnalysis
import CairnCore
import CairnStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a per-profile computation over a dataset's profiles, streamed: each worker loads one
/// profile, computes its output and lets it go; outputs are written in profile order as they
/// are ready, to standard output (assembled) or to a shard file.
struct PopulationRun {
    let command: String
    let source: ProfileSource
    let options: PopulationOptions
    /// Every option that changes output, for the shard header.
    let runDescription: String

    /// Opens the dataset with one reader per worker, after refusing a shard file that would
    /// overwrite it.
    static func open(_ path: String, options: PopulationOptions) throws -> ProfileSource {
        if let out = options.shardOut { try OutputPaths.refuse(out, option: "--out", against: [("the dataset", path)]) }
        let dataset = try options.now.open(path)
        do {
            return try ProfileSource(dataset, readers: options.jobs)
        } catch let error as DatasetError {
            throw CairnFailure(error)
        }
    }

    /// The profiles to run: one named profile, or all (each with its index among all), cut to
    /// the shard.
    func selection(only: String?, showID: (String) -> String) throws -> [(index: Int, id: String)] {
        var chosen = Array(source.profileIDs.enumerated()).map { (index: $0.offset, id: $0.element) }
        if let only {
            chosen = chosen.filter { $0.id == only }
            if chosen.isEmpty {
                let listed = source.profileIDs.prefix(20).map(showID).joined(separator: ", ")
                let more = source.count > 20 ? ", and \(source.count - 20) more (`cairn summary` lists them)" : ""
                let close = Suggestions.closest(to: only, among: source.profileIDs).map(showID)
                let hint = close.isEmpty ? "" : "; did you mean " + close.joined(separator: " or ") + "?"
                throw CairnFailure("no profile \(showID(only))\(hint); profiles: \(listed)\(more)")
            }
        }
        if let shard = options.shard { chosen = chosen.filter { shard.contains($0.id) } }
        return chosen
    }

    /// Computes and writes every selected profile's output. `work` gets the profile's data, its
    /// index among all profiles, the worker (to pick the source's reader) and the format wanted.
    func run(_ selected: [(index: Int, id: String)], tables: Set<ContractTable>, layout: OutputAssembler.Layout, format: OutputFormat,
             work: @escaping @Sendable (ProfileData, Int, Int, OutputAssembler.Format?) throws -> ProfileOutput) throws {
        let source = self.source
        let output = try BufferedOutput(path: options.shard == nil ? nil : options.shardOut)
        var assembler: OutputAssembler?
        if let shard = options.shard {
            let header = ShardFile.Header(command: command, run: runDescription, shard: shard, total: source.count,
                                          fixed: layout.fixed, closing: layout.closing([:]))
            output.write(ShardFile.line(header))
        } else {
            assembler = OutputAssembler(format: format == .json ? .json : .text, layout: layout, write: output.write)
        }
        let progress = Progress(total: selected.count)
        // A shard keeps both formats (merge chooses); a plain run renders only its own.
        let wanted: OutputAssembler.Format? = options.shard != nil ? nil : format == .json ? .json : .text
        try OrderedWorkers.run(count: selected.count, jobs: options.jobs, work: { position, worker in
            let (index, id) = selected[position]
            guard let data = try source.load(id, reader: worker, tables: tables) else { return ProfileOutput(index: index) }
            return try work(data, index, worker, wanted)
        }, deliver: { _, profileOutput in
            if assembler != nil { assembler!.add(profileOutput) } else { output.write(profileOutput.shardLine ?? ShardFile.line(profileOutput)) }
            progress.step()
        })
        progress.finish()
        assembler?.finish()
        try output.close()
    }
}

/// Standard output or a file (its folder made when missing), written in 64 KiB blocks.
final class BufferedOutput {
    private var buffer: [UInt8] = []
    private let handle: FileHandle
    private let path: String?
    /// A file is written under a staging name beside it and renamed into place at `close()`, so
    /// a failed or interrupted run leaves no half file.
    private let staging: String?

    init(path: String?) throws {
        self.path = path
        buffer.reserveCapacity(1 << 16)
        guard let path else {
            handle = .standardOutput
            staging = nil
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        // A character device (/dev/null, /dev/full) is written into, never renamed over: as
        // root that replaced the device with a regular file (issue 22). Other non-files are refused.
        var existing = stat()
        if lstat(path, &existing) == 0, existing.st_mode & S_IFMT != S_IFREG {
            guard existing.st_mode & S_IFMT == S_IFCHR else {
                throw CairnFailure("\(path): is not a regular file (a folder, pipe, socket or block device); give the name of a file")
            }
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw CairnFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
            staging = nil
            handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            return
        }
        let staging = StagingFile.path(for: path, kind: "writing")
        let descriptor = open(staging, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            StagingFile.forget(staging)
            throw CairnFailure("cannot write \(path): \(reason); choose a path in a folder you can write")
        }
        self.staging = staging
        self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// A write that fails ends Cairn with one line naming the file (see `Standard.failed`).
    func flush() {
        do {
            try handle.write(contentsOf: Data(buffer))
        } catch {
            Standard.failed(path ?? "standard output", error)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    func close() throws {
        flush()
        guard let path else { return }
        guard let staging else {
            // A device written into: its close may still report the failure (a full device).
            do { try handle.close() } catch { Standard.failed(path, error) }
            return
        }
        defer { StagingFile.forget(staging) }
        do {
            try handle.close()
        } catch {
            unlink(staging)
            Standard.failed(path, error)
        }
        guard rename(staging, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(staging)
            throw CairnFailure("\(path): cannot be written (\(reason))")
        }
    }
}

/// Profiles done, rate and time left on standard error, when it is a terminal; nothing
/// otherwise. Reads the clock only for this display, never for output. Updated from the thread
/// that delivers results.
final class Progress: @unchecked Sendable {
    private let total: Int
    private let shown: Bool
    private var done = 0
    private let start = Date()
    private var lastShown = Date.distantPast

    init(total: Int, label: String = "profiles") {
        self.total = total
        shown = isatty(STDERR_FILENO) == 1 && total > 1
        self.label = label
    }

    private let label: String

    func step(by count: Int = 1) {
        set(done + count)
    }

    /// `done` profiles of the total are finished.
    func set(_ done: Int) {
        self.done = done
        guard shown else { return }
        let now = Date()
        guard now.timeIntervalSince(lastShown) >= 0.2 || done == total else { return }
        lastShown = now
        let elapsed = now.timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Int((Double(total - done) / rate).rounded()) : 0
        Standard.error("\r\(label) \(NumberText.grouped(done)) of \(NumberText.grouped(total)), \(Int(rate.rounded()))/s, "
                       + "\(left / 60) min \(left % 60) s left\u{1B}[K")
    }

    func finish() {
        if shown { Standard.error("\r\u{1B}[K") }
    }
}
