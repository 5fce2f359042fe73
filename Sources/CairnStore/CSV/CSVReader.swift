#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A streaming RFC 4180 reader over the bytes of a file: quoted fields may hold commas, doubled
/// quotes and line breaks; a leading UTF-8 BOM is skipped; records end at LF, CRLF or a lone CR.
/// It reads fixed-size chunks, so memory stays flat however large the file, and it keeps each
/// record's first physical line and original bytes so that problems can be reported by line and
/// rejected rows written out intact. Empty lines are not records and are passed over.
public final class CSVReader {
    public enum Failure: Error, Equatable {
        /// A quoted field opened on this line is never closed: the rest of the file would be
        /// swallowed into it, so the file cannot be read.
        case unterminatedQuote(line: Int)
        case unreadable(reason: String)
        /// A record longer than the reader keeps (`longestRecord` bytes): it was read past, a
        /// chunk at a time, without being kept, and the next `readRecord()` goes on after it.
        /// `field` is the 1-based field that ran past the limit.
        case recordTooLong(line: Int, field: Int, limit: Int)
    }

    /// The limit as people read it: "16 MiB".
    public static func sizeText(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// The longest record kept by default, in bytes: 16 times the longest value a contract
    /// field may hold (1 MiB), far above any real row.
    public static let defaultLongestRecord = 1 << 24

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8]
    /// Unconsumed bytes are `buffer[position..<filled]`.
    private var position = 0
    private var filled = 0
    private var atEndOfFile = false
    private var nextLine = 1
    private var startedFile = false
    /// Past this many bytes a record is skipped rather than kept (the buffer stops growing).
    public let longestRecord: Int

    private var starts: [Int] = []
    private var ends: [Int] = []
    private var hasEscapedQuote: [Bool] = []
    private var recordStart = 0
    private var recordEnd = 0

    /// The physical line on which the current record starts (1-based).
    public private(set) var line = 0
    /// The 1-based field where text follows a closing quote (`"ab"c`), if any.
    public private(set) var malformedField: Int?

    /// Opens a file for reading.
    public convenience init(path: String, chunkSize: Int = 1 << 20,
                            longestRecord: Int = CSVReader.defaultLongestRecord) throws(Failure) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw .unreadable(reason: String(cString: strerror(errno)))
        }
        self.init(descriptor: descriptor, ownsDescriptor: true, chunkSize: chunkSize, longestRecord: longestRecord)
    }

    public init(descriptor: Int32, ownsDescriptor: Bool, chunkSize: Int = 1 << 20,
                longestRecord: Int = CSVReader.defaultLongestRecord) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        let chunk = max(chunkSize, 16)
        self.longestRecord = max(longestRecord, chunk)
        self.buffer = [UInt8](repeating: 0, count: chunk)
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    public var fieldCount: Int { starts.count }

    /// Advances to the next record; false at the end of the file.
    public func readRecord() throws(Failure) -> Bool {
        if !startedFile {
            startedFile = true
            try fill()
            if filled - position >= 3, buffer[position] == 0xEF, buffer[position + 1] == 0xBB,
               buffer[position + 2] == 0xBF {
                position += 3
            }
        }
        while true {
            switch try parseRecord() {
            case .record: return true
            case .endOfFile: return false
            case .blankLine: continue
            }
        }
    }

    /// The field's text, or nil when its bytes are not valid UTF-8. With `trimmed`, leading and
    /// trailing spaces and tabs are left out.
    public func field(_ index: Int, trimmed: Bool = false) -> String? {
        var start = starts[index], end = ends[index]
        if trimmed {
            while start < end, buffer[start] == 0x20 || buffer[start] == 0x09 { start += 1 }
            while end > start, buffer[end - 1] == 0x20 || buffer[end - 1] == 0x09 { end -= 1 }
        }
        if !hasEscapedQuote[index] {
            return buffer.withUnsafeBufferPointer { whole in
                let bytes = UnsafeBufferPointer(rebasing: whole[start..<end])
                // Most fields are ASCII, which needs no validation beyond the high bit.
                if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
                return String(validating: bytes, as: UTF8.self)
            }
        }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(end - start)
        var i = start
        while i < end {
            unescaped.append(buffer[i])
            i += buffer[i] == UInt8(ascii: "\"") ? 2 : 1
        }
        return String(validating: unescaped, as: UTF8.self)
    }

    /// Whether the field holds no bytes at all.
    public func isEmpty(_ index: Int) -> Bool { starts[index] == ends[index] }

    /// The field's length in the file, in bytes (quotes doubled inside it counted twice).
    public func byteCount(_ index: Int) -> Int { ends[index] - starts[index] }

    /// The record exactly as it appears in the file, without its line terminator.
    public var rawRecord: [UInt8] { Array(buffer[recordStart..<recordEnd]) }

    // MARK: - Parsing

    private enum Outcome { case record, endOfFile, blankLine }

    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// Parses one record starting at `position`. When the buffer ends inside the record and the
    /// file has more, it reads more and parses the record again from its start.
    private func parseRecord() throws(Failure) -> Outcome {
        while true {
            if position == filled {
                if atEndOfFile { return .endOfFile }
                try fill()
                continue
            }
            if let outcome = try parseBufferedRecord() { return outcome }
            // The record continues past the buffered bytes: read more and parse it again, unless
            // it already fills as much as a record may (a 1 GiB field would otherwise be read
            // whole into memory): then it is read past, and refused by its line and field.
            if filled - position >= longestRecord {
                try skipOversizedRecord()
            }
            try fill()
        }
    }

    private enum Step { case done(Outcome), needMoreBytes, unterminatedQuote }

    /// Returns nil when the buffered bytes end before the record does (and `final` is false).
    private func parseBufferedRecord(final: Bool = false) throws(Failure) -> Outcome? {
        let firstLine = nextLine
        switch scanRecord(isFinal: final || atEndOfFile) {
        case .done(let outcome): return outcome
        case .needMoreBytes: return nil
        case .unterminatedQuote: throw .unterminatedQuote(line: firstLine)
        }
    }

    private func scanRecord(isFinal: Bool) -> Step {
        starts.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        hasEscapedQuote.removeAll(keepingCapacity: true)
        malformedField = nil
        var lines = 0
        var i = position
        let end = filled
        let firstLine = nextLine

        return buffer.withUnsafeBufferPointer { bytes -> Step in
            while true {
                // At the start of a field.
                if i < end && bytes[i] == CSVReader.quote {
                    var j = i + 1
                    var escaped = false
                    while true {
                        guard j < end else { return isFinal ? .unterminatedQuote : .needMoreBytes }
                        let byte = bytes[j]
                        if byte == CSVReader.quote {
                            if j + 1 < end && bytes[j + 1] == CSVReader.quote {
                                escaped = true
                                j += 2
                                continue
                            }
                            // A quote last in the buffer may be the first of a doubled pair.
                            if j + 1 == end && !isFinal { return .needMoreBytes }
                            break
                        }
                        if byte == CSVReader.lineFeed {
                            lines += 1
                        } else if byte == CSVReader.carriageReturn
                                    && (j + 1 >= end || bytes[j + 1] != CSVReader.lineFeed) {
                            lines += 1
                        }
                        j += 1
                    }
                    starts.append(i + 1)
                    ends.append(j)
                    hasEscapedQuote.append(escaped)
                    i = j + 1
                    // Anything but a separator or terminator after the closing quote is malformed.
                    while i < end, bytes[i] != CSVReader.comma, bytes[i] != CSVReader.lineFeed,
                          bytes[i] != CSVReader.carriageReturn {
                        if malformedField == nil { malformedField = starts.count }
                        i += 1
                    }
                } else {
                    let fieldStart = i
                    while i < end, bytes[i] != CSVReader.comma, bytes[i] != CSVReader.lineFeed,
                          bytes[i] != CSVReader.carriageReturn {
                        i += 1
                    }
                    starts.append(fieldStart)
                    ends.append(i)
                    hasEscapedQuote.append(false)
                }
                // After a field: a separator, a terminator, or the end of the buffered bytes.
                if i < end && bytes[i] == CSVReader.comma {
                    i += 1
                    continue
                }
                if i == end && !isFinal { return .needMoreBytes }
                let terminatorStart = i
                if i < end && bytes[i] == CSVReader.carriageReturn {
                    // CR last in the buffer may be the first half of CRLF.
                    if i + 1 == end && !isFinal { return .needMoreBytes }
                    i += 1
                    if i < end && bytes[i] == CSVReader.lineFeed { i += 1 }
                } else if i < end {
                    i += 1
                }
                recordStart = position
                recordEnd = terminatorStart
                line = firstLine
                nextLine = firstLine + lines + (terminatorStart < end ? 1 : 0)
                position = i
                let blank = starts.count == 1 && recordEnd == recordStart
                return .done(blank ? .blankLine : .record)
            }
        }
    }

    /// Reads past the record that starts at `position` and fills the buffer, a chunk at a time,
    /// keeping none of it, then throws `.recordTooLong`; the reader goes on after the record.
    /// The same quoting rules as `scanRecord` decide where it ends.
    private func skipOversizedRecord() throws(Failure) {
        let firstLine = nextLine
        var scan = SkipScan()
        // The field that ran past the limit: the one being read when the buffer filled.
        var fieldAtLimit: Int?
        var i = position
        while true {
            let end = filled
            let stop = buffer.withUnsafeBufferPointer { scan.run($0, from: i, to: end) }
            if let stop {
                position = stop
                line = firstLine
                nextLine = firstLine + scan.lines + 1
                throw .recordTooLong(line: firstLine, field: fieldAtLimit ?? scan.field, limit: longestRecord)
            }
            if fieldAtLimit == nil { fieldAtLimit = scan.field }
            if atEndOfFile {
                if scan.state == .quoted { throw .unterminatedQuote(line: firstLine) }
                // The record ends with the file.
                position = filled
                line = firstLine
                nextLine = firstLine + scan.lines
                throw .recordTooLong(line: firstLine, field: fieldAtLimit ?? scan.field, limit: longestRecord)
            }
            // Nothing before `filled` is kept: the next chunk is read over it.
            position = filled
            try fill()
            i = position
        }
    }

    /// Where an oversized record being read past stands between chunks.
    private struct SkipScan {
        /// The index of the first `byte` in `bytes[from..<to]`, or `to`.
        static func find(_ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int {
            guard from < to, let base = bytes.baseAddress,
                  let found = memchr(base + from, Int32(byte), to - from) else { return to }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }

        enum State { case fieldStart, unquoted, quoted, quoteInQuoted, afterQuoted, carriageReturn, quotedCarriageReturn }
        var state = State.fieldStart
        var field = 1
        var lines = 0

        /// Scans `bytes[from..<to]`; the index just past the record's terminator, or nil when
        /// the record goes on past `to`.
        mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int? {
            var i = from
            var nextLineFeed = -1, nextCarriageReturn = -1
            while i < end {
                let byte = bytes[i]
                switch state {
                case .carriageReturn:
                    // The record ended at a CR; a LF right after it belongs to the terminator.
                    return byte == CSVReader.lineFeed ? i + 1 : i
                case .quotedCarriageReturn:
                    // A CR inside quotes is a line break, CRLF counted once.
                    lines += 1
                    state = .quoted
                    if byte == CSVReader.lineFeed { i += 1 }
                    continue
                case .quoted:
                    // A long quoted field, by memchr (fast even unoptimised): to its next quote or
                    // CR, counting the line feeds on the way.
                    let stop = min(Self.find(CSVReader.quote, bytes, i, end), Self.find(CSVReader.carriageReturn, bytes, i, end))
                    var feed = Self.find(CSVReader.lineFeed, bytes, i, stop)
                    while feed < stop {
                        lines += 1
                        feed = Self.find(CSVReader.lineFeed, bytes, feed + 1, stop)
                    }
                    i = stop
                    guard i < end else { return nil }
                    state = bytes[i] == CSVReader.quote ? .quoteInQuoted : .quotedCarriageReturn
                    i += 1
                    continue
                case .quoteInQuoted:
                    if byte == CSVReader.quote {
                        state = .quoted
                        i += 1
                        continue
                    }
                    state = .afterQuoted
                case .fieldStart:
                    if byte == CSVReader.quote {
                        state = .quoted
                        i += 1
                        continue
                    }
                    state = .unquoted
                case .unquoted, .afterQuoted:
                    break
                }
                // Outside quotes: a long unquoted field, to a separator or terminator. The next line
                // feed and CR are found once per chunk, so a record of many short fields stays linear.
                if nextLineFeed < i { nextLineFeed = Self.find(CSVReader.lineFeed, bytes, i, end) }
                if nextCarriageReturn < i { nextCarriageReturn = Self.find(CSVReader.carriageReturn, bytes, i, end) }
                let lineEnd = min(nextLineFeed, nextCarriageReturn)
                i = Self.find(CSVReader.comma, bytes, i, lineEnd)
                guard i < end else { return nil }
                switch bytes[i] {
                case CSVReader.comma:
                    field += 1
                    state = .fieldStart
                case CSVReader.lineFeed:
                    return i + 1
                default:
                    state = .carriageReturn
                }
                i += 1
            }
            return nil
        }
    }

    /// Moves unconsumed bytes to the front and reads more; grows the buffer when one record
    /// fills it, up to `longestRecord`.
    private func fill() throws(Failure) {
        guard !atEndOfFile else { return }
        if position > 0 {
            let remaining = filled - position
            if remaining > 0 {
                buffer.withUnsafeMutableBufferPointer { bytes in
                    _ = memmove(bytes.baseAddress!, bytes.baseAddress! + position, remaining)
                }
            }
            filled = remaining
            position = 0
        }
        if filled == buffer.count {
            buffer.append(contentsOf: repeatElement(0, count: min(buffer.count, max(longestRecord + 16 - buffer.count, 16))))
        }
        let count = buffer.withUnsafeMutableBufferPointer { bytes in
            read(descriptor, bytes.baseAddress! + filled, bytes.count - filled)
        }
        if count < 0 { throw .unreadable(reason: String(cString: strerror(errno))) }
        if count == 0 { atEndOfFile = true }
        filled += count
    }
}

extension CSVReader.Failure: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unterminatedQuote(let line):
            return "line \(line): a quoted field opened on this line is never closed; close the quote or double any quote inside it"
        case .unreadable(let reason):
            return "cannot be read: \(reason)"
        case .recordTooLong(let line, let field, let limit):
            return "line \(line), field \(field): a row longer than \(CSVReader.sizeText(limit)); shorten that field"
        }
    }
}
