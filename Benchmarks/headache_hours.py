"""DuckDB's side of Benchmarks/loaded-module.sh: the headache-hours totals (Plugins/Examples) in SQL.

    python3 headache_hours.py duckdb DIR AS_OF_DAY WINDOW_DAYS   -> JSON {"seconds": s, "totals": {profile: [n, minutes]}}
    python3 headache_hours.py compare DUCK.json CAIRN.json       -> agreement line

A headache counts when its onset's local day is in the window ending on AS_OF_DAY and it ended by
the end of that day in the profile's zone; its minutes are whole minutes from onset to end.
"""
import json
import sys
import time


def duck(directory, as_of, window):
    import duckdb
    start = time.perf_counter()
    con = duckdb.connect()
    con.execute("SET TimeZone = 'UTC'")
    rows = con.execute(f"""
        WITH h AS (
            SELECT h.profile_id,
                   CAST(h.onset_at AS TIMESTAMP) AS onset_local,
                   timezone(p.time_zone, CAST(h.onset_at AS TIMESTAMP)) AS onset,
                   CAST(h.resolved_at AS TIMESTAMPTZ) AS resolved,
                   timezone(p.time_zone, CAST(DATE '{as_of}' AS TIMESTAMP) + INTERVAL 86399 SECOND) AS as_of
            FROM read_csv('{directory}/headaches.csv', all_varchar = true) h
            JOIN read_csv('{directory}/profiles.csv', all_varchar = true) p ON p.profile_id = h.profile_id
            WHERE h.resolved_at IS NOT NULL AND h.resolved_at <> ''
        )
        SELECT profile_id, count(*), sum(floor((epoch(resolved) - epoch(onset)) / 60))::BIGINT
        FROM h
        WHERE CAST(onset_local AS DATE) BETWEEN DATE '{as_of}' - INTERVAL {int(window) - 1} DAY AND DATE '{as_of}'
          AND resolved <= as_of
        GROUP BY profile_id ORDER BY profile_id
    """).fetchall()
    seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "totals": {p: [n, m] for p, n, m in rows}}))


def compare(duck_path, cairn_path):
    expected = json.load(open(duck_path))["totals"]
    insights = json.load(open(cairn_path))["insights"]
    found = {i["profile"]: [i["evidence"]["headaches"], i["evidence"]["total_minutes"]]
             for i in insights if i["copy_id"] == "headache-hours.total"}
    same = sum(1 for p in expected if found.get(p) == expected[p])
    print(f"  agreement: {same} of {len(expected)} profiles' totals equal; cairn shows {len(found)} totals")


if __name__ == "__main__":
    if sys.argv[1] == "duckdb":
        duck(*sys.argv[2:5])
    else:
        compare(*sys.argv[2:4])
