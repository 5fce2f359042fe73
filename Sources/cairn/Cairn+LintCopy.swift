import CairnCore
import ArgumentParser
import CairnCopy
import CairnMCP
import CairnModules
import Foundation

extension Cairn {
    /// `cairn lint-copy`: checks text against the copy rules, as the guard does before anything
    /// is shown to a person.
    struct LintCopy: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lint-copy",
            abstract: "Check text against Cairn's copy-safety rules.",
            discussion: """
                Prints each violation with its rule, level and position, the matched words masked. \
                Exact approved copy (the Aurae warnings and disclaimers) passes only verbatim and \
                only for its modules. Without --module the rules for all copy apply; with it, that module's own \
                bans too. Exit status: 0 nothing \
                blocks (warnings may be listed), 1 an error-level violation, 2 misuse or a copy \
                guard that cannot load.
                """)

        @Argument(help: "A text file, or - (the default) for standard input.")
        var file: String = "-"

        @Option(help: "Check as copy of this module (e.g. marker-trends), applying the rules scoped to it.")
        var module: String?

        @Flag(help: "Check each line on its own instead of the whole text as one piece of copy.")
        var lines = false

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        @Flag(help: "Judge by the pattern rules alone, without the learned reader (to report what each adds).")
        var rulesOnly = false

        /// The learned reader's tokens, for `scripts/copy-model-train`: it trains on exactly what
        /// the guard scores.
        @Flag(help: ArgumentHelp("Print the learned reader's tokens for each unit as JSON lines (for scripts/copy-model-train).",
                                 visibility: .hidden))
        var features = false

        @Flag(help: "Check Cairn's own catalog instead: every template, with sample values for each choice, against the rules of each of its modules.")
        var catalog = false

        func run() throws {
            if catalog { return try checkCatalog() }
            let text: String
            if file == "-" {
                text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            } else {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw CairnFailure("\(file): no such file, or it cannot be read")
                }
                guard let decoded = String(data: data, encoding: .utf8) else {
                    throw CairnFailure("\(file): not UTF-8 text")
                }
                text = decoded
            }
            let name = file == "-" ? "<stdin>" : file
            var units: [(line: Int, text: String)] = []
            if lines {
                // A line of the file ends at "\n" (or "\r\n", one character to Swift); a line
                // separator or a lone "\r" inside it is part of the copy.
                for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated()
                where line.unicodeScalars.contains(where: { !CharacterSet.whitespaces.contains($0) }) {
                    units.append((index + 1, String(line)))
                }
            } else {
                // One piece of copy; a single trailing newline is not part of it.
                units.append((1, text.hasSuffix("\n") ? String(text.dropLast()) : text))
            }
            struct Found: Encodable {
                var file: String, line: Int, column: Int, rule: String, claim: CopyClaim, level: CopyLevel, match: String, message: String
            }
            let copyGuard = try CopyGuardLoading.copyGuard()
            if let module, !ModuleHost.registry().all.contains(where: { $0.id == module }) {
                throw ValidationError("--module \(module) is not a module; modules: "
                                      + Set(ModuleHost.registry().all.map(\.id)).sorted().joined(separator: ", "))
            }
            if features {
                struct Tokens: Encodable { var line: Int, units: [[String]] }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                var out = ""
                for unit in units {
                    let data = try encoder.encode(Tokens(line: unit.line, units: copyGuard.readerTokens(unit.text, module: module)))
                    out += String(decoding: data, as: UTF8.self) + "\n"
                }
                Standard.output(out)
                return
            }
            var found: [Found] = []
            for unit in units {
                for violation in copyGuard.lint(unit.text, module: module, reads: !rulesOnly) {
                    // With --lines, a place in the file: the unit's own line, whatever breaks the
                    // copy holds (a U+2028 line separator would otherwise name the next case).
                    let line = lines ? unit.line : violation.line
                    let column = lines ? violation.offsets.lowerBound + 1 : violation.column
                    found.append(Found(file: name, line: line, column: column,
                                       rule: violation.rule, claim: violation.claim, level: violation.level, match: violation.match,
                                       message: violation.message))
                }
            }
            let blocked = found.contains { $0.level == .error }
            if format == .json {
                struct Report: Encodable { var module: String?, clean: Bool, violations: [Found] }
                Standard.output(JSONText.encode(Report(module: module, clean: !blocked, violations: found)))
            } else {
                for item in found {
                    Standard.output("\(item.file):\(item.line):\(item.column): \(item.level.rawValue): \(item.rule) (\(item.claim.rawValue)): \(item.message)\n")
                }
            }
            if blocked { throw ExitCode(Status.partial) }
        }

        /// The whole bundled catalog linted, as the test suite does: one line per template that
        /// breaks a rule (exit 1), or how many pass.
        private func checkCatalog() throws {
            let copyGuard = try CopyGuardLoading.copyGuard()
            if features {
                // Cairn's own copy, for the reader's training: every template sample, every
                // built-in module's description, then the MCP server's tool titles and descriptions.
                struct Tokens: Encodable { var line: Int, module: String?, units: [[String]] }
                var texts = copyGuard.catalogSamples()
                for descriptor in ModuleHost.registry().all {
                    for text in [descriptor.summary, descriptor.details] + descriptor.parameters.map(\.summary) {
                        texts.append((descriptor.id, text))
                    }
                }
                texts += AssistantCopy.texts.map { (nil, $0) }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                var out = ""
                for (index, item) in texts.enumerated() {
                    let tokens = Tokens(line: index + 1, module: item.module, units: copyGuard.readerTokens(item.text, module: item.module))
                    out += String(decoding: try encoder.encode(tokens), as: UTF8.self) + "\n"
                }
                Standard.output(out)
                return
            }
            let problems = copyGuard.catalogProblems()
            for problem in problems { Standard.output("\(problem.description)\n") }
            guard problems.isEmpty else { throw ExitCode(Status.partial) }
            Standard.output("The catalog's \(copyGuard.catalog.ids.count) entries pass the rules of their modules.\n")
        }
    }
}
