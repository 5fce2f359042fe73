"""Drives `cairn mcp` with the reference Python MCP client (PyPI's `mcp`), as a desktop
assistant would: initialise, list the tools, call every tool on the demo dataset, bad
arguments, a runaway statement. Usage: mcp_client_check.py CAIRN_BINARY DEMO_DATASET.
Prints one line per check and exits 1 when any fails; exits 3 when `mcp` is not installed."""

import asyncio
import json
import sys

try:
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client
except ImportError:
    print("python's mcp package is absent (pip install mcp)")
    sys.exit(3)

TOOLS = ["explain_gate", "list_profiles", "profile_summary", "query_sql", "replay_module", "run_module", "search"]


async def main(binary, dataset):
    failures = []
    passed = 0

    def check(ok, what):
        nonlocal passed
        print(("ok   " if ok else "FAIL ") + what)
        if ok:
            passed += 1
        else:
            failures.append(what)

    def result(answer):
        return json.loads(answer.content[0].text)

    async def refused(name, arguments):
        try:
            answer = await session.call_tool(name, arguments)
        except Exception as error:  # the client raises the server's JSON-RPC error
            return str(error)
        failed = getattr(answer, "is_error", None) or getattr(answer, "isError", None)
        return answer.content[0].text if failed else None

    server = StdioServerParameters(command=binary, args=["mcp", dataset, "--time-budget", "2"])
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            # mcp 2 names fields in snake_case, mcp 1 in camelCase.
            info = getattr(init, "server_info", None) or getattr(init, "serverInfo", None)
            version = getattr(init, "protocol_version", None) or getattr(init, "protocolVersion", None)
            check(info.name == "cairn", "initialise: server is cairn, protocol " + str(version))
            tools = sorted(tool.name for tool in (await session.list_tools()).tools)
            check(tools == TOOLS, "list tools: " + ", ".join(tools))

            profiles = result(await session.call_tool("list_profiles", {}))
            ids = [row["profile_id"] for row in profiles["data"]["profiles"]]
            # Datasets/demo/profiles.csv, in id order.
            check(ids == ["ade", "ife", "lena", "maya", "ngozi", "tobi"], "list_profiles: the demo's six profiles")
            summary = result(await session.call_tool("profile_summary", {"profile": "maya"}))
            check(summary["cairn"]["summary"]["rows"]["visits"] == 23, "profile_summary: maya's 23 visits")
            run = result(await session.call_tool("run_module", {"module": "trigger-cooccurrence", "profile": "lena", "as_of": "2026-08-31"}))
            check(len(run["cairn"]["insights"]) > 0 and all("evidence" in i and "provenance" in i for i in run["cairn"]["insights"]),
                  "run_module: insights with evidence and provenance")
            replay = result(await session.call_tool("replay_module", {"module": "red-flags", "profile": "lena",
                                                                      "from": "2026-03-01", "to": "2026-03-31"}))
            check("cairn" in replay, "replay_module: a replay")
            search = result(await session.call_tool("search", {"text": "good cholesterol", "type": "marker"}))
            check(search["data"]["markers"][0]["marker"] == "hdl", "search: 'good cholesterol' finds hdl")
            count = result(await session.call_tool("query_sql", {"sql": "SELECT count(*) FROM headaches"}))
            check(count["data"]["rows"] == [[38]], "query_sql: lena's 38 headaches")
            gate = result(await session.call_tool("explain_gate", {"module": "trigger-cooccurrence", "profile": "maya"}))
            check("headaches" in gate["cairn"]["gates"][0]["missing_tables"], "explain_gate: maya has no headaches")

            bad = await refused("run_module", {"module": "marker-trends", "path": "/etc"})
            check(bad is not None and "takes no argument path" in bad, "bad arguments: one clear error")
            runaway = await refused("query_sql", {"sql": "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"})
            check(runaway is not None and "time budget" in runaway, "runaway SQL: stopped by the time budget")
            write = await refused("query_sql", {"sql": "DELETE FROM headaches"})
            check(write is not None and "read-only" in write, "a write: refused")

            prompts = sorted(prompt.name for prompt in (await session.list_prompts()).prompts)
            check(prompts == ["headache-diary-review", "visit-prep-review"], "prompts: both reviews")
            contract = await session.read_resource("cairn://contract")
            check("headaches" in contract.contents[0].text, "resources: the data contract")

    print(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1], sys.argv[2])))
