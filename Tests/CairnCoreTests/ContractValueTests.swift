import Testing
@testable import CairnCore

@Suite("Contract field values")
struct ContractValueTests {
    @Test("decimal numbers are read", arguments: [("89", 89.0), ("-1.5", -1.5), ("+2", 2.0), ("1e3", 1000.0), (".5", 0.5), ("5.", 5.0), ("2.5E-1", 0.25)])
    func numbers(text: String, value: Double) throws {
        #expect(try ContractValue.number(text[...]) == value)
    }

    @Test("NaN and infinities are refused by name", arguments: ["NaN", "nan", "inf", "-Infinity", "+INF"])
    func nonFinite(text: String) {
        #expect(throws: ContractValue.Problem.notFinite) { try ContractValue.number(text[...]) }
    }

    @Test("what is not a contract number is refused", arguments: ["", "abc", "1,5", "0x10", "1e", "--1", "1.2.3", "12 mg", "1e400"])
    func notNumbers(text: String) {
        #expect(throws: ContractValue.Problem.self) { try ContractValue.number(text[...]) }
    }

    @Test("booleans in every accepted spelling")
    func booleans() throws {
        for text in ["true", "TRUE", "yes", "Yes", "1"] { #expect(try ContractValue.boolean(text[...])) }
        for text in ["false", "False", "no", "NO", "0"] { #expect(try !ContractValue.boolean(text[...])) }
        #expect(throws: ContractValue.Problem.notABoolean) { try ContractValue.boolean("maybe") }
        #expect(throws: ContractValue.Problem.notABoolean) { try ContractValue.boolean("2") }
    }

    @Test("severity: 1, 3, 5 or their names; everything else is outside the scale")
    func severity() throws {
        #expect(try ContractValue.severity("mild") == 1)
        #expect(try ContractValue.severity("Moderate") == 3)
        #expect(try ContractValue.severity("5") == 5)
        for text in ["0", "2", "4", "6", "extreme", "3.0"] {
            #expect(throws: ContractValue.Problem.notASeverity) { try ContractValue.severity(text[...]) }
        }
    }

    @Test("integers at and either side of their range")
    func integers() throws {
        #expect(try ContractValue.integer("1", in: 1...5) == 1)
        #expect(try ContractValue.integer("5", in: 1...5) == 5)
        #expect(throws: ContractValue.Problem.outOfRange(1...5)) { try ContractValue.integer("0", in: 1...5) }
        #expect(throws: ContractValue.Problem.outOfRange(1...5)) { try ContractValue.integer("6", in: 1...5) }
        #expect(throws: ContractValue.Problem.notAnInteger) { try ContractValue.integer("2.5", in: 1...5) }
    }

    @Test("lists split on | and drop empty items; tokens fold case, spaces and hyphens")
    func listsAndTokens() throws {
        #expect(ContractValue.list("nausea| light_sensitivity ||") == ["nausea", "light_sensitivity"])
        #expect(ContractValue.list("") == [])
        #expect(try ContractValue.token("Skipped Meal") == "skipped_meal")
        #expect(try ContractValue.token("aged-cheese") == "aged_cheese")
        #expect(throws: ContractValue.Problem.notAToken) { try ContractValue.token("café!") }
        #expect(throws: ContractValue.Problem.notAToken) { try ContractValue.token("") }
        #expect(throws: ContractValue.Problem.notAToken) { try ContractValue.token("red wine!") }
        // Not ASCII, but lower-cased to a token by Unicode's rules: the Kelvin sign is a "k".
        #expect(try ContractValue.token("\u{212A}ale") == "kale")
        #expect(try ContractValue.token("Caffeine_2 x") == "caffeine_2_x")
    }

    @Test("tables are named by their file names, case-insensitively")
    func tableNames() {
        #expect(ContractTable.forFileName("Readings.CSV") == .readings)
        #expect(ContractTable.forFileName("reference_overrides.csv") == .referenceOverrides)
        #expect(ContractTable.forFileName("observations.csv") == nil)
        #expect(ContractTable.forFileName("readings.txt") == nil)
        #expect(ContractTable.forFileName("readings.part-0001.csv") == .readings)
        #expect(ContractTable.forFileName("Factors.2025.CSV") == .factors)
        #expect(ContractTable.forFileName("readings.rejects.csv") == nil)
        #expect(ContractTable.forFileName("readingsx.part-1.csv") == nil)
        #expect(ContractTable.forFolderName("Sleep") == .sleep)
        #expect(ContractTable.forFolderName("parts") == nil)
    }
}
