import Foundation
import MCP
#if canImport(Glibc)
import Glibc
#endif

/// `cairn mcp`: a Model Context Protocol server over standard input and output, built on the
/// official Swift SDK and speaking the protocol version it implements. A local assistant calls
/// Cairn's read-only tools over one dataset; what leaves is guarded copy and the data's own
/// values, never a file, a write, or a module the protocol asked to load.
public struct AssistantServer: Sendable {
    public static let name = "cairn"
    let desk: AssistantDesk
    let version: String

    public init(desk: AssistantDesk, version: String) {
        self.desk = desk
        self.version = version
    }

    /// What the server tells a client when it connects.
    static let instructions = """
        Cairn answers from one personal health dataset, read-only. Its sentences (under "cairn" in each result) \
        passed its copy guard and describe patterns in logged data; pass them on as worded. \
        The data's own words (labels, notes, SQL rows) come under "data".
        """

    /// Serves until the client closes standard input (or the pipe breaks): then returns.
    public func run() async throws {
        // A client that goes away mid-answer must end the server quietly, not with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let server = Server(name: AssistantServer.name, version: version, title: "Cairn", instructions: AssistantServer.instructions,
                            capabilities: .init(prompts: .init(listChanged: false), resources: .init(subscribe: false, listChanged: false),
                                                tools: .init(listChanged: false)))
        let desk = self.desk
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: AssistantTools.all) }
        await server.withMethodHandler(CallTool.self) { call in
            do throws(AssistantError) {
                return try AssistantTools.call(call.name, call.arguments, on: desk)
            } catch {
                throw error.protocolError
            }
        }
        await server.withMethodHandler(ListResources.self) { _ in ListResources.Result(resources: AssistantResources.list(desk)) }
        await server.withMethodHandler(ReadResource.self) { request in
            do throws(AssistantError) {
                return try AssistantResources.read(request.uri, desk)
            } catch {
                throw error.protocolError
            }
        }
        await server.withMethodHandler(ListPrompts.self) { _ in ListPrompts.Result(prompts: AssistantPrompts.all) }
        await server.withMethodHandler(GetPrompt.self) { request in
            do throws(AssistantError) {
                return try AssistantPrompts.get(request.name, request.arguments, desk)
            } catch {
                throw error.protocolError
            }
        }
        try await server.start(transport: StdioTransport())
        await server.waitUntilCompleted()
        await server.stop()
    }
}
