import ArgumentParser
import CairnMCP
import CairnREPL
import CairnStore
import Foundation

extension Cairn {
    /// `cairn mcp DATASET`: Cairn as a tool for a local assistant, over the Model Context Protocol.
    struct MCP: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mcp",
            abstract: "Serve a dataset to a local assistant over the Model Context Protocol (standard input and output).",
            discussion: """
                An assistant's MCP client starts this command and talks JSON-RPC over its standard \
                input and output. The tools only read the dataset: profiles, a profile's summary and \
                marker board, a module's insights and replay, search, read-only SQL under the REPL's \
                sandbox, and a module's gates. Every sentence passes the copy guard; the data's own \
                words come back as data fields. Modules come from --module-path and \
                $CAIRN_MODULE_PATH only, never from the protocol. The server ends when its input closes.
                """)

        @Argument(help: "A dataset: a .sqlite file made by `cairn import`, or a directory of contract CSVs.")
        var dataset: String

        @Option(help: "The profile calls work on when they name none.")
        var profile: String?

        @Option(help: "Seconds one call may run (the REPL's budget for an unattended statement by default).")
        var timeBudget: Double = QueryBudget.unattended.seconds

        @Option(help: "Rows one SQL result may return.")
        var maxRows: Int = 500

        @Option(help: "Kilobytes one SQL result may return.")
        var maxKilobytes: Int = 256

        @OptionGroup var now: NowOption

        func validate() throws {
            guard timeBudget > 0, timeBudget <= 600 else { throw ValidationError("--time-budget takes seconds from 0 to 600") }
            guard maxRows > 0 else { throw ValidationError("--max-rows takes 1 or more") }
            guard maxKilobytes > 0 else { throw ValidationError("--max-kilobytes takes 1 or more") }
        }

        func run() throws {
            let copyGuard = try CopyGuardLoading.copyGuard()
            // The person's own words leave Cairn's sentences and come back as data fields.
            let session = Session(now: try now.instant, importClock: Clock.now, engine: {
                var engine = try CopyGuardLoading.engine()
                engine.labelsAsData = true
                return engine
            })
            let desk: AssistantDesk
            do throws(AssistantError) {
                desk = try AssistantDesk(session: session, dataset: dataset, profile: profile, copyGuard: copyGuard,
                                         limits: .init(seconds: timeBudget, rows: maxRows, bytes: maxKilobytes << 10))
            } catch {
                throw CairnFailure(error.description)
            }
            let server = AssistantServer(desk: desk, version: Cairn.version)
            let finished = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var failure: Error?
            Task.detached {
                do { try await server.run() } catch { failure = error }
                finished.signal()
            }
            finished.wait()
            if let failure { throw CairnFailure("the MCP server stopped: \(failure)") }
        }
    }
}
