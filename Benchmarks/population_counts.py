#!/usr/bin/env python3
"""The two counts of Benchmarks/population.sh, by DuckDB from the population's CSV files, and
their comparison with Cairn's JSON output.

  population_counts.py duckdb DIR AS_OF_MONTH        load, count, print timings and counts (JSON)
  population_counts.py compare DUCK.json MOH.json TRIGGER.json

Medication-overuse days: distinct local days with an acute medication (is_acute true) per
profile and local month; a CSV date-time is written in the profile's local time, so its first
10 characters are the local day. Trigger co-occurrence (trigger-cooccurrence@2's tables): of
each profile's latest 20 headaches, those with any factor entry in the 24 hours before onset
(active episodes), and for each factor how many of them it came within 24 hours before. As the
contract says, a window is elapsed time between instants: local times are turned into instants
in each profile's zone with DuckDB's ICU time zones (`timezone(zone, local)`), so a window
across a daylight-saving change is 24 real hours, as in Cairn.
"""
import json, sys, time

def duck(directory, month_end):
    import duckdb
    con = duckdb.connect()
    started = time.perf_counter()
    for table in ["headaches", "medications", "factors", "sleep", "weather", "profiles"]:
        con.execute(f"CREATE TABLE {table} AS SELECT * FROM read_csv('{directory}/{table}.csv', header=true, all_varchar=true)")
    loaded = time.perf_counter()
    moh = con.execute(f"""
        SELECT profile_id, substr(taken_at, 1, 7) AS month, count(DISTINCT substr(taken_at, 1, 10)) AS days
        FROM medications WHERE lower(is_acute) = 'true' AND substr(taken_at, 1, 10) <= '{month_end}'
        GROUP BY ALL ORDER BY ALL""").fetchall()
    trigger = con.execute("""
        WITH zones AS (SELECT profile_id, coalesce(time_zone, 'UTC') AS zone FROM profiles),
        h AS (
            SELECT profile_id, headache_id, epoch(timezone(zone, CAST(substr(onset_at, 1, 16) AS TIMESTAMP))) AS onset
            FROM headaches JOIN zones USING (profile_id)),
        recent AS (SELECT *, row_number() OVER (PARTITION BY profile_id ORDER BY onset DESC) AS recency FROM h),
        f AS (
            SELECT profile_id, factor, epoch(timezone(zone, CAST(substr("at", 1, 16) AS TIMESTAMP))) AS t
            FROM factors JOIN zones USING (profile_id)),
        hits AS (
            SELECT recent.profile_id, recent.headache_id, f.factor
            FROM recent JOIN f ON f.profile_id = recent.profile_id AND f.t BETWEEN recent.onset - 86400 AND recent.onset
            WHERE recent.recency <= 20),
        active AS (SELECT profile_id, count(DISTINCT headache_id) AS episodes FROM hits GROUP BY ALL)
        SELECT hits.profile_id, factor, count(DISTINCT headache_id) AS episodes_with, any_value(active.episodes) AS episodes
        FROM hits JOIN active USING (profile_id) GROUP BY ALL ORDER BY ALL""").fetchall()
    counted = time.perf_counter()
    print(json.dumps({"load_s": loaded - started, "count_s": counted - loaded,
                      "moh": [list(r) for r in moh], "trigger": [list(r) for r in trigger]}))

def insights(path):
    with open(path) as f:
        return json.load(f)["insights"]

def compare(duck_path, moh_path, trigger_path):
    with open(duck_path) as f:
        d = json.load(f)
    # Cairn: medication-overuse at threshold 1 as of the last month: that month and every earlier one.
    cairn_moh, covered = {}, set()
    for i in insights(moh_path):
        e = i["evidence"]
        covered.add(i["profile"])
        cairn_moh[(i["profile"], e["month"])] = e["acute_days"]
        for month, days in e["earlier_months"].items():
            cairn_moh[(i["profile"], month)] = days
    duck_moh = {(p, m): n for p, m, n in d["moh"]}
    rows = [k for k in duck_moh if k[0] in covered]
    agree = sum(1 for k in rows if cairn_moh.get(k) == duck_moh[k])
    extra = [k for k in cairn_moh if k not in duck_moh]
    print(f"medication-overuse days: {agree} of {len(rows)} profile-months agree "
          f"({len(covered)} profiles with acute days in the as-of month; {len(extra)} months only in Cairn)")
    # Cairn: trigger-cooccurrence@2 with match_days 0 ... its no-pattern evidence holds every factor's table.
    cairn_trig, profiles = {}, set()
    for i in insights(trigger_path):
        if i["kind"] != "progress" or "factors" not in i["evidence"]:
            continue
        profiles.add(i["profile"])
        for factor, t in i["evidence"]["factors"].items():
            if factor != "poor_sleep" and t["episodes_with"] > 0:
                cairn_trig[(i["profile"], factor)] = (t["episodes_with"], t["episodes"])
    duck_trig = {(p, f): (w, n) for p, f, w, n in d["trigger"] if p in profiles}
    agree = sum(1 for k, v in duck_trig.items() if cairn_trig.get(k) == v)
    differ = sorted(k for k in set(duck_trig) | set(cairn_trig) if duck_trig.get(k) != cairn_trig.get(k))
    print(f"trigger co-occurrence: {agree} of {len(set(duck_trig) | set(cairn_trig))} profile-factor rows agree "
          f"({len(profiles)} profiles with every factor's table in evidence)")
    for k in differ[:5]:
        print(f"  differs: {k}: duckdb {duck_trig.get(k)}, cairn {cairn_trig.get(k)}")

if __name__ == "__main__":
    if sys.argv[1] == "duckdb":
        duck(sys.argv[2], sys.argv[3])
    else:
        compare(*sys.argv[2:5])
