import Foundation
import Testing
@testable import CairnStore

@Suite("CSV reader")
struct CSVReaderTests {
    let directory = TemporaryDirectory()

    /// Every test runs with a large buffer and with chunks so small that records straddle them.
    static let chunkSizes = [1 << 20, 16, 17, 19]

    @Test("plain records, LF, with and without a final newline", arguments: chunkSizes)
    func plain(chunkSize: Int) throws {
        let a = directory.write("a.csv", "x,y\n1,2\n3,4\n")
        let b = directory.write("b.csv", "x,y\n1,2\n3,4")
        for path in [a, b] {
            let records = try readAll(path, chunkSize: chunkSize)
            #expect(records.map(\.fields) == [["x", "y"], ["1", "2"], ["3", "4"]])
            #expect(records.map(\.line) == [1, 2, 3])
        }
    }

    @Test("quoted commas, doubled quotes and quoted line breaks; lines counted physically", arguments: chunkSizes)
    func quoting(chunkSize: Int) throws {
        let path = directory.write("q.csv", "note,n\n\"a, b\",1\n\"say \"\"hi\"\"\",2\n\"two\nlines\",3\n\"\",4\nlast,5\n")
        let records = try readAll(path, chunkSize: chunkSize)
        #expect(records.map(\.fields) == [["note", "n"], ["a, b", "1"], ["say \"hi\"", "2"], ["two\nlines", "3"],
                                          ["", "4"], ["last", "5"]])
        #expect(records.map(\.line) == [1, 2, 3, 4, 6, 7])
    }

    @Test("a leading BOM is skipped and CRLF ends records", arguments: chunkSizes)
    func bomAndCRLF(chunkSize: Int) throws {
        let path = directory.write("bom.csv", bytes: [0xEF, 0xBB, 0xBF] + Array("a,b\r\n1,\"x\r\ny\"\r\n2,z\r\n".utf8))
        let records = try readAll(path, chunkSize: chunkSize)
        #expect(records.map(\.fields) == [["a", "b"], ["1", "x\r\ny"], ["2", "z"]])
        #expect(records.map(\.line) == [1, 2, 4])
    }

    @Test("a lone CR also ends a record")
    func loneCR() throws {
        let path = directory.write("cr.csv", "a,b\r1,2\r")
        #expect(try readAll(path).map(\.fields) == [["a", "b"], ["1", "2"]])
    }

    @Test("ragged rows keep their own field count and line", arguments: chunkSizes)
    func ragged(chunkSize: Int) throws {
        let path = directory.write("r.csv", "a,b,c\n1,2\n1,2,3,4\n,,\n")
        let records = try readAll(path, chunkSize: chunkSize)
        #expect(records.map(\.fields.count) == [3, 2, 4, 3])
        #expect(records.map(\.line) == [1, 2, 3, 4])
        #expect(records[3].fields == ["", "", ""])
    }

    @Test("empty lines are not records but still count as lines")
    func blankLines() throws {
        let path = directory.write("b.csv", "a\n\n1\n\n\n2\n")
        let records = try readAll(path)
        #expect(records.map(\.fields) == [["a"], ["1"], ["2"]])
        #expect(records.map(\.line) == [1, 3, 6])
    }

    @Test("text after a closing quote marks the field malformed, and reading goes on")
    func malformed() throws {
        let path = directory.write("m.csv", "a,b\n\"x\"y,2\n3,4\n")
        let records = try readAll(path)
        #expect(records[1].malformed == 1)
        #expect(records[2].malformed == nil)
        #expect(records[2].fields == ["3", "4"])
    }

    @Test("a quote never closed fails with the line it opened on", arguments: chunkSizes)
    func unterminated(chunkSize: Int) throws {
        let path = directory.write("u.csv", "a,b\n1,2\n3,\"open\n4,5\n")
        let reader = try CSVReader(path: path, chunkSize: chunkSize)
        #expect(try reader.readRecord())
        #expect(try reader.readRecord())
        #expect(throws: CSVReader.Failure.unterminatedQuote(line: 3)) { try reader.readRecord() }
    }

    @Test("invalid UTF-8 in a field reads as nil; the raw record keeps the bytes")
    func invalidUTF8() throws {
        let path = directory.write("x.csv", bytes: Array("a,b\n".utf8) + [0x31, 0x2C, 0xFF, 0x0A])
        let reader = try CSVReader(path: path)
        _ = try reader.readRecord()
        _ = try reader.readRecord()
        #expect(reader.field(0) == "1")
        #expect(reader.field(1) == nil)
        #expect(reader.rawRecord == [0x31, 0x2C, 0xFF])
    }

    @Test("the raw record is the original text without its terminator")
    func rawRecord() throws {
        let path = directory.write("raw.csv", "a,b\n\"x, \"\"y\"\"\",\"two\nlines\"\r\n")
        let reader = try CSVReader(path: path, chunkSize: 16)
        _ = try reader.readRecord()
        _ = try reader.readRecord()
        #expect(String(decoding: reader.rawRecord, as: UTF8.self) == "\"x, \"\"y\"\"\",\"two\nlines\"")
    }

    @Test("a record longer than the buffer grows it")
    func longRecord() throws {
        let long = String(repeating: "z", count: 5000)
        let path = directory.write("long.csv", "a,b\n\(long),\"\(long)\"\n1,2\n")
        let records = try readAll(path, chunkSize: 16)
        #expect(records[1].fields == [long, long])
        #expect(records[2].line == 3)
    }

    @Test("a missing file cannot be opened")
    func missing() {
        #expect(throws: CSVReader.Failure.self) { try CSVReader(path: directory.path + "/none.csv") }
    }

    @Test("writing quotes exactly the fields that need it")
    func writer() {
        #expect(CSVWriter.line(["a", "b, c", "say \"hi\"", "two\nlines", " pad"]) == "a,\"b, c\",\"say \"\"hi\"\"\",\"two\nlines\",\" pad\"\n")
    }
}

/// Issue 22: a record longer than the reader keeps is read past a chunk at a time, never held
/// whole, refused by its line and field, and the records after it are read as usual.
@Suite("CSV reader: records past the length limit")
struct CSVReaderLimitTests {
    let directory = TemporaryDirectory()

    /// Reads every record, noting each refused one as (line, field).
    func read(_ path: String, chunkSize: Int, limit: Int) throws -> (records: [(line: Int, fields: [String?])], refused: [(line: Int, field: Int)]) {
        let reader = try CSVReader(path: path, chunkSize: chunkSize, longestRecord: limit)
        var records: [(line: Int, fields: [String?])] = []
        var refused: [(line: Int, field: Int)] = []
        var more = true
        while more {
            let failure: CSVReader.Failure?
            do {
                more = try reader.readRecord()
                failure = nil
            } catch {
                failure = error
            }
            if let failure {
                guard case .recordTooLong(let line, let field, let limit) = failure else { throw failure }
                #expect(limit == reader.longestRecord)
                refused.append((line, field))
            } else if more {
                records.append((reader.line, (0..<reader.fieldCount).map { reader.field($0) }))
            }
        }
        return (records, refused)
    }

    @Test("unquoted, quoted with line breaks and doubled quotes, CRLF and CR endings, last in the file", arguments: [16, 17, 64])
    func skipped(chunkSize: Int) throws {
        let long = String(repeating: "A", count: 500)
        let quoted = "\"" + String(repeating: "b\"\"\n", count: 100) + "\""
        let text = "x,y,z\n1,\(long),2\n3,\(quoted),4\r\n5,6,7\r8,\(long)9,\(long)\n10,11,12\n13,\(long)"
        let path = directory.write("long.csv", text)
        let (records, refused) = try read(path, chunkSize: chunkSize, limit: 128)
        #expect(records.map(\.fields) == [["x", "y", "z"], ["5", "6", "7"], ["10", "11", "12"]])
        #expect(records.map(\.line) == [1, 104, 106])
        #expect(refused.map(\.line) == [2, 3, 105, 107])
        #expect(refused.map(\.field) == [2, 2, 2, 2])
    }

    @Test("a quoted field never closed past the limit is still refused whole, naming its line")
    func unterminated() throws {
        let path = directory.write("open.csv", "x,y\n1,\"" + String(repeating: "c", count: 1000))
        let reader = try CSVReader(path: path, chunkSize: 16, longestRecord: 64)
        #expect(try reader.readRecord())
        #expect(throws: CSVReader.Failure.unterminatedQuote(line: 2)) { try reader.readRecord() }
    }

    @Test("the buffer stops growing at the limit")
    func bounded() throws {
        // 8 MiB in one field, a 1 MiB limit: read through 64 KiB chunks, never held whole.
        let path = directory.path + "/big.csv"
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data("a,b\n1,".utf8))
        let block = Data(repeating: UInt8(ascii: "Z"), count: 1 << 20)
        for _ in 0..<8 { try handle.write(contentsOf: block) }
        try handle.write(contentsOf: Data("\n2,ok\n".utf8))
        try handle.close()
        let (records, refused) = try read(path, chunkSize: 1 << 16, limit: 1 << 20)
        #expect(records.map(\.fields) == [["a", "b"], ["2", "ok"]])
        #expect(refused.map(\.line) == [2] && refused.map(\.field) == [2])
    }
}
