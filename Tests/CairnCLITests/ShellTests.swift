import Foundation
import Testing

/// The shell's input and output as the sqlite3 shell defines them. Expected texts for csv, tabs,
/// list, json and line are sqlite3 3.40.1's own output for the same query (`sqlite3 :memory:
/// ".mode csv" ".headers on" QUERY`); the grid modes keep Cairn's documented differences
/// (NULL spelled out, numbers aligned right), derived by hand.
@Suite("The shell: statements, modes and output")
struct ShellTests {
    let scratch = Scratch()
    var demo: String { WorkbenchTests.root.appendingPathComponent("Datasets/demo").path }
    /// Three rows: a comma and a quote to escape, a NULL and a whole real, a large real.
    static let query = "SELECT 'a,b' AS name, 1 AS n, 2.5 AS x UNION ALL SELECT 'c\"d', NULL, 10.0 UNION ALL SELECT 'e', 3, 1e20;"

    func piped(_ input: String) throws -> CLI.Result {
        try CLI.run([demo], input: input)
    }

    @Test("SQL completes at its ; across lines; comments anywhere; a comment alone runs nothing")
    func multiLine() throws {
        let result = try piped("SELECT\n count(*) AS n\nFROM headaches;\n")
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        #expect(result.output == "n\n--\n38\n")
        let commented = try piped("-- how many?\nSELECT count(*) AS n -- all of them\n/* a block\n comment; with a semicolon */ FROM headaches\n;\n")
        #expect(commented.status == 0 && commented.output == "n\n--\n38\n", "\(commented.error)")
        let onlyComments = try piped("-- nothing here\n/* nor here */\n")
        #expect(onlyComments.status == 0 && onlyComments.output.isEmpty && onlyComments.error.isEmpty)
        // A ; inside a string is text; two statements on a line run in order.
        let quoted = try piped("SELECT 'x;y' AS t; SELECT 2 AS u;\n")
        #expect(quoted.output == "t\n---\nx;y\nu\n-\n2\n", "\(quoted.output)")
        // At the end of input a statement without its ; runs, as in sqlite3.
        #expect(try piped("SELECT 7 AS n").output == "n\n-\n7\n")
    }

    @Test("every .mode writes the query's columns in order, as sqlite3 does")
    func modes() throws {
        func mode(_ name: String, headers: String = "on") throws -> String {
            let result = try piped(".mode \(name)\n.headers \(headers)\n\(ShellTests.query)\n")
            #expect(result.status == 0, "\(name): \(result.error)")
            return result.output
        }
        #expect(try mode("csv") == "name,n,x\r\n\"a,b\",1,2.5\r\n\"c\"\"d\",,10.0\r\ne,3,1.0e+20\r\n")
        #expect(try mode("csv", headers: "off") == "\"a,b\",1,2.5\r\n\"c\"\"d\",,10.0\r\ne,3,1.0e+20\r\n")
        #expect(try mode("tabs") == "name\tn\tx\na,b\t1\t2.5\nc\"d\t\t10.0\ne\t3\t1.0e+20\n")
        #expect(try mode("tsv") == (try mode("tabs")))
        #expect(try mode("list") == "name|n|x\na,b|1|2.5\nc\"d||10.0\ne|3|1.0e+20\n")
        #expect(try mode("json") == "[{\"name\":\"a,b\",\"n\":1,\"x\":2.5},\n{\"name\":\"c\\\"d\",\"n\":null,\"x\":10.0},\n"
                    + "{\"name\":\"e\",\"n\":3,\"x\":1.0e+20}]\n")
        #expect(try mode("jsonl") == "{\"name\":\"a,b\",\"n\":1,\"x\":2.5}\n{\"name\":\"c\\\"d\",\"n\":null,\"x\":10.0}\n"
                    + "{\"name\":\"e\",\"n\":3,\"x\":1.0e+20}\n")
        #expect(try mode("line") == " name = a,b\n    n = 1\n    x = 2.5\n\n name = c\"d\n    n = \n    x = 10.0\n\n name = e\n    n = 3\n    x = 1.0e+20\n")
        #expect(try mode("table") == """
            +------+------+-------+
            | name | n    | x     |
            +------+------+-------+
            | a,b  |    1 |   2.5 |
            | c"d  | NULL |    10 |
            | e    |    3 | 1e+20 |
            +------+------+-------+

            """)
        #expect(try mode("box") == """
            ┌──────┬──────┬───────┐
            │ name │ n    │ x     │
            ├──────┼──────┼───────┤
            │ a,b  │    1 │   2.5 │
            │ c"d  │ NULL │    10 │
            │ e    │    3 │ 1e+20 │
            └──────┴──────┴───────┘

            """)
        #expect(try mode("markdown") == """
            | name | n    | x     |
            |------|-----:|------:|
            | a,b  |    1 |   2.5 |
            | c"d  | NULL |    10 |
            | e    |    3 | 1e+20 |

            """)
        #expect(try mode("column") == "name  n     x\n----  ----  -----\na,b      1    2.5\nc\"d   NULL     10\ne        3  1e+20\n")
        let unknown = try piped(".mode boxes\n")
        #expect(unknown.status == 1 && unknown.error.contains("did you mean box?"), "\(unknown.error)")
    }

    @Test("an empty result: json is [], the grid modes print the header only")
    func emptyResult() throws {
        #expect(try piped(".mode json\nSELECT 1 AS n WHERE 0;\n").output == "[]\n")
        #expect(try piped(".mode csv\nSELECT 1 AS n WHERE 0;\n").output == "n\r\n")
    }

    @Test(".output FILE sends every result there until .output; .once sends only the next")
    func outputFiles() throws {
        let all = scratch.path + "/all.csv"
        let once = scratch.path + "/once.txt"
        let result = try piped(".mode csv\n.output \(all)\nSELECT 1 AS n;\nSELECT 2 AS m;\n.output\nSELECT 3 AS k;\n.once \(once)\nSELECT 4 AS j;\nSELECT 5 AS i;\n")
        #expect(result.status == 0, "\(result.error)")
        #expect(try String(contentsOfFile: all, encoding: .utf8) == "n\r\n1\r\nm\r\n2\r\n")
        #expect(try String(contentsOfFile: once, encoding: .utf8) == "j\r\n4\r\n")
        #expect(result.output == "k\r\n3\r\ni\r\n5\r\n")
    }

    @Test(".read runs a file's commands; the first error stops it, named by file and line")
    func readFile() throws {
        let good = scratch.write("good.sql", ".mode list\n-- a comment\nSELECT\n  41 + 1 AS n;\n")
        let ok = try piped(".read \(good)\n")
        #expect(ok.status == 0 && ok.output == "n\n42\n", "\(ok.error)")
        let bad = scratch.write("bad.sql", ".mode list\nSELECT 1 AS n;\n\nSELECT missing\nFROM nowhere;\nSELECT 3 AS n;\n")
        let failed = try piped(".read \(bad)\n")
        #expect(failed.status == 1)
        #expect(failed.output == "n\n1\n")
        #expect(failed.error == "Error: \(bad):4: no such table: nowhere\n", "\(failed.error)")
        let missing = try piped(".read \(scratch.path)/none.sql\n")
        #expect(missing.status == 1 && missing.error.contains("none.sql"))
        let loop = scratch.write("loop.sql", ".read \(scratch.path)/loop.sql\n")
        let looped = try piped(".read \(loop)\n")
        #expect(looped.status == 1 && looped.error.contains("nested"), "\(looped.error)")
    }

    @Test(".timer on prints the time after each command; .headers off drops the header")
    func timerAndHeaders() throws {
        let result = try piped(".timer on\n.mode list\nSELECT 1 AS n;\n.timer off\nSELECT 2 AS n;\n")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 5, "\(result.output)")
        #expect(lines[2].hasPrefix("Run Time: real ") && lines[2].contains(" user ") && lines[2].contains(" sys "))
        #expect(try piped(".headers off\nSELECT 1 AS n;\n").output == "1\n")
    }

    @Test("a wrong argument gets one line with the usage; an unknown command a suggestion")
    func errors() throws {
        let chart = try piped(".chart\n")
        #expect(chart.error == "Error: .chart needs MARKER…; usage: .chart MARKER… [--svg FILE]\n" || chart.error.hasPrefix("Error: .chart needs "),
                "\(chart.error)")
        #expect(!chart.error.contains("Usage:"))
        let timer = try piped(".timer maybe\n")
        #expect(timer.status == 1 && timer.error.contains("on or off"), "\(timer.error)")
        let typo = try piped(".tabels\n")
        #expect(typo.error == "Error: unknown command .tabels; did you mean .tables? .help lists them\n", "\(typo.error)")
    }
}
