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
