/// The words Cairn's MCP server says of its own, outside any insight: each tool's title and
/// description. `cairn lint-copy --catalog --features` lists them with the catalog's samples
/// and the modules' descriptions, so that the learned reader is trained to pass Cairn's own
/// copy wherever it shows (the test suite holds every description to the guard).
public enum AssistantCopy {
    public static var texts: [String] {
        AssistantTools.all.flatMap { tool in [tool.title, tool.description].compactMap { $0 } }
    }
}
