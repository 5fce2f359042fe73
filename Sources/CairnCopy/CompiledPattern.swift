import CPCRE2
import Synchronization

/// A rule pattern compiled by PCRE2 (Debian's libpcre2) with its JIT: the guard matches every
/// sentence Cairn prints against a few hundred patterns, some of them alternations of hundreds
/// of condition names, and PCRE2's JIT runs them about ten times faster than ICU's backtracking
/// matcher behind NSRegularExpression (BENCHMARKS.md, the copy guard). Patterns are UTF-8 with
/// Unicode properties (`\w` is any letter, digit or underscore of any script); matching is
/// case-insensitive unless a rule says otherwise.
///
/// The compiled code is read-only once built (a deferred JIT runs under a lock), so one pattern
/// serves every thread; each thread matches with its own match block (`MatchScratch`).
final class CompiledPattern: @unchecked Sendable {
    /// Why a pattern does not compile, and the character offset PCRE2 points at.
    struct Failure: Error {
        let message: String
        let offset: Int
    }

    let source: String
    let ignoresCase: Bool
    private let code: OpaquePointer

    /// Compiles for the interpreter only; the JIT comes after `interpretedBytes` of matching.
    init(_ source: String, ignoresCase: Bool) throws(Failure) {
        self.source = source
        self.ignoresCase = ignoresCase
        var errorCode: Int32 = 0
        var errorOffset = 0
        let options = PCRE2_UTF | PCRE2_UCP | (ignoresCase ? PCRE2_CASELESS : 0)
        let compiled = source.withCString { pattern in
            pcre2_compile_8(UnsafeRawPointer(pattern).assumingMemoryBound(to: UInt8.self), cairn_pcre2_zero_terminated(),
                            options, &errorCode, &errorOffset, nil)
        }
        guard let compiled else {
            throw Failure(message: CompiledPattern.message(errorCode), offset: errorOffset)
        }
        code = compiled
    }

    /// Interpreted work before the JIT compiles a pattern: the bytes of the texts matched, plus
    /// `callCost` for each match. Compiling the guard's patterns for the JIT took 40-100 ms, most
    /// of a REPL command's budget, while a command matches each only a few times, which the
    /// interpreter does quickly; a replay or a population passes this within its first profiles
    /// and runs compiled from then on. Counted in bytes, not matches, because the interpreter's
    /// cost grows with the text: `lint-copy` of a long file matched each detector over the whole
    /// file in the interpreter (13 ms per detector for 25 KB, where the JIT takes 1.5 ms to
    /// compile the largest). A rule's own patterns run only after its detector found something,
    /// so most are never compiled for the JIT at all.
    static let interpretedBytes = 16_384
    static let callCost = 64
    private let interpreted = Atomic<Int>(0)

    /// Whether the JIT has compiled this pattern (read without the lock on every match).
    private let jitDone = Atomic<Bool>(false)
    private let jitLock = Mutex<Void>(())

    /// Compiles the pattern for the JIT once, whichever thread matches first; true when the
    /// compiled code is ready. A thread that finds another compiling matches this text in the
    /// interpreter rather than wait (the largest detectors take over a millisecond to compile,
    /// and two workers meet on the same ones at the start of a population).
    private func jitIfNeeded() -> Bool {
        if jitDone.load(ordering: .acquiring) { return true }
        let compiledNow = jitLock.withLockIfAvailable { _ -> Bool in
            if jitDone.load(ordering: .acquiring) { return true }
            // Without the JIT (a kernel that refuses executable memory), matching still works.
            _ = pcre2_jit_compile_8(code, PCRE2_JIT_COMPLETE)
            jitDone.store(true, ordering: .releasing)
            return true
        }
        return compiledNow ?? false
    }

    deinit {
        pcre2_code_free_8(code)
    }

    /// Alternatives as few patterns as PCRE2 can hold (its compiled patterns are limited in
    /// size; a vocabulary of condition names fills much of one), each `prefix(?:a|b|...)suffix`:
    /// the text matches the union when it matches any of them. Nil when an alternative does not
    /// compile on its own.
    static func union(_ alternatives: [String], prefix: String = "", suffix: String = "",
                      ignoresCase: Bool) -> [CompiledPattern]? {
        guard !alternatives.isEmpty else { return [] }
        // Alternatives far past PCRE2's size are cut into chunks first: a compile that fails
        // for size costs about as much as one that succeeds, and halving from the whole took
        // several failed compiles for the largest unions.
        let total = alternatives.reduce(0) { $0 + $1.utf8.count }
        if total > unionChunk && alternatives.count > 1 {
            var chunks: [[String]] = [[]]
            var size = 0
            for alternative in alternatives {
                if size + alternative.utf8.count > unionChunk && !chunks[chunks.count - 1].isEmpty {
                    chunks.append([])
                    size = 0
                }
                chunks[chunks.count - 1].append(alternative)
                size += alternative.utf8.count
            }
            var compiled: [CompiledPattern] = []
            for chunk in chunks {
                guard let part = union(chunk, prefix: prefix, suffix: suffix, ignoresCase: ignoresCase) else { return nil }
                compiled += part
            }
            return compiled
        }
        do {
            // Each alternative in a group of its own: an option set inside one ("(?i)") ends with it.
            return [try CompiledPattern(prefix + "(?:" + alternatives.map { "(?:" + $0 + ")" }.joined(separator: "|") + ")" + suffix,
                                        ignoresCase: ignoresCase)]
        } catch {
            guard alternatives.count > 1 else { return nil }
            let half = alternatives.count / 2
            guard let first = union(Array(alternatives[..<half]), prefix: prefix, suffix: suffix, ignoresCase: ignoresCase),
                  let second = union(Array(alternatives[half...]), prefix: prefix, suffix: suffix, ignoresCase: ignoresCase)
            else { return nil }
            return first + second
        }
    }

    /// Source bytes per union chunk: about a third of what PCRE2's 64K compiled units hold for
    /// caseless UTF-8 alternations of words.
    static let unionChunk = 16_000

    /// Whether the pattern matches anywhere in the text.
    func matches(_ text: MatchText) -> Bool {
        firstMatch(in: text, from: 0) != nil
    }

    /// Whether the pattern matches empty text, asked by the interpreter: a check made once at
    /// load must not count towards the JIT.
    var matchesEmptyText: Bool {
        guard let data = pcre2_match_data_create_from_pattern_8(code, nil) else { return false }
        defer { pcre2_match_data_free_8(data) }
        let empty: [UInt8] = [0]
        return empty.withUnsafeBufferPointer { bytes in
            pcre2_match_8(code, bytes.baseAddress!, 0, 0, PCRE2_NO_JIT, data, nil) >= 0
        }
    }

    /// Every non-overlapping, non-empty match, as character offsets into the text.
    func ranges(in text: MatchText) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var start = 0
        while start <= text.bytes.count, let match = firstMatch(in: text, from: start) {
            if match.isEmpty {
                start = match.upperBound + 1
                continue
            }
            found.append(text.characterOffset(ofByte: match.lowerBound)..<text.characterOffset(ofByte: match.upperBound))
            start = match.upperBound
        }
        return found
    }

    /// The first match at or after a byte offset, as byte offsets.
    private func firstMatch(in text: MatchText, from start: Int) -> Range<Int>? {
        let jit = (jitDone.load(ordering: .relaxed)
            || interpreted.add(text.bytes.count + CompiledPattern.callCost, ordering: .relaxed).newValue > CompiledPattern.interpretedBytes) && jitIfNeeded()
        let found = MatchScratch.withBlock { data -> Range<Int>? in
            let result = text.bytes.withUnsafeBufferPointer { bytes -> Int32 in
                let subject = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
                let status = pcre2_match_8(code, subject, bytes.count, start, PCRE2_NO_UTF_CHECK | (jit ? 0 : PCRE2_NO_JIT), data, nil)
                // The JIT's stack is small; a pattern that needs more is matched by the interpreter.
                guard status == PCRE2_ERROR_JIT_STACKLIMIT else { return status }
                return pcre2_match_8(code, subject, bytes.count, start, PCRE2_NO_UTF_CHECK | PCRE2_NO_JIT, data, nil)
            }
            guard result >= 0 else { return nil }
            let vector = pcre2_get_ovector_pointer_8(data)!
            return vector[0]..<vector[1]
        }
        return found ?? nil
    }

    private static func message(_ code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(code, &buffer, buffer.count)
        return length > 0 ? String(decoding: buffer[..<Int(length)], as: UTF8.self) : "error \(code)"
    }
}

/// A text as the matcher reads it: its UTF-8 bytes, and for each byte the character it belongs
/// to, so matches come back as character offsets (what the normaliser's origin maps index).
struct MatchText {
    let bytes: [UInt8]
    /// Which rules' words the text holds, found once for all rules (`LiteralScanner`).
    private let scanned = ScannedGates()
    /// The character offset at each byte offset, and one past the end; nil when every character
    /// is one byte (most copy), where the two offsets agree.
    private let characterAtByte: [Int]?

    init(_ text: String) {
        bytes = Array(text.utf8)
        // In ASCII text only CR LF is one character of two bytes.
        let ascii = !bytes.contains(where: { $0 >= 0x80 })
        guard !ascii || zip(bytes, bytes.dropFirst()).contains(where: { $0 == 0x0D && $1 == 0x0A }) else {
            characterAtByte = nil
            return
        }
        var map: [Int] = []
        map.reserveCapacity(bytes.count + 1)
        for (index, character) in text.enumerated() {
            map.append(contentsOf: repeatElement(index, count: character.utf8.count))
        }
        map.append(text.count)
        characterAtByte = map
    }

    /// For each of a scanner's gates, whether the text holds one of its words.
    func gates(_ scanner: LiteralScanner) -> [Bool] {
        if let holds = scanned.holds, scanned.scanner == ObjectIdentifier(scanner) { return holds }
        let holds = scanner.holding(in: self)
        scanned.scanner = ObjectIdentifier(scanner)
        scanned.holds = holds
        return holds
    }

    func characterOffset(ofByte offset: Int) -> Int {
        guard let characterAtByte else { return offset }
        return characterAtByte[offset]
    }
}

/// A text's scan for words, kept with it: one per `MatchText`, used by one thread.
private final class ScannedGates {
    var scanner: ObjectIdentifier?
    var holds: [Bool]?
}
