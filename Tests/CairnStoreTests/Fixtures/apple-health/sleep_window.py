# Independent reading of Apple Health sleep under Aurae D-04: nights 22:00 -> 10:00 local (UTC here).
import sys, xml.etree.ElementTree as ET
from datetime import datetime, timedelta, timezone
SLEEP = "HKCategoryTypeIdentifierSleepAnalysis"
def inst(t): return datetime.strptime(t, "%Y-%m-%d %H:%M:%S %z")
def rank(name):
    n = name.lower()
    if "watch" in n: return (0, n)
    if "iphone" in n: return (1, n)
    if n == "health": return (3, n)
    return (2, n)
recs = []
depth = 0
for ev, el in ET.iterparse(sys.argv[1], events=("start", "end")):
    if el.tag == "Correlation":
        depth += 1 if ev == "start" else -1
    if ev == "start" and el.tag == "Record" and depth == 0 and el.get("type") == SLEEP:
        recs.append((el.get("sourceName"), inst(el.get("startDate")).astimezone(timezone.utc), inst(el.get("endDate")).astimezone(timezone.utc), el.get("value")))
def night(s, e):
    d = s.date()
    for n in (d - timedelta(days=1), d):
        o = datetime(n.year, n.month, n.day, 22, tzinfo=timezone.utc)
        c = o + timedelta(hours=12)
        a, b = max(s, o), min(e, c)
        if a < b: return n, a, b
    return None
outside = 0
by = {}
for src, s, e, v in recs:
    r = night(s, e)
    if r is None: outside += 1; continue
    by.setdefault(r[0], []).append((src, r[1], r[2], v))
lower = 0
tot = 0; nights = {}
for n, items in sorted(by.items()):
    best = min({i[0] for i in items}, key=rank)
    lower += sum(1 for i in items if i[0] != best)
    chosen = [i for i in items if i[0] == best]
    asleep = [(a, b) for _, a, b, v in chosen if v.startswith("HKCategoryValueSleepAnalysisAsleep")]
    inbed = [(a, b) for _, a, b, v in chosen if v == "HKCategoryValueSleepAnalysisInBed"]
    rs = sorted(asleep if asleep else inbed)
    sec = 0; cur = None
    for a, b in rs:
        if cur and a <= cur[1]: cur = (cur[0], max(cur[1], b))
        else:
            if cur: sec += (cur[1] - cur[0]).total_seconds()
            cur = (a, b)
    if cur: sec += (cur[1] - cur[0]).total_seconds()
    if sec > 0:
        m = min(1440, round(sec / 60)); nights[n] = (m, best); tot += m
print("sleep records", len(recs), "outside window", outside, "lower priority sleep", lower)
print("nights", len(nights), "minutes", tot)
for d in ("2017-09-02", "2017-08-31"):
    print(d, nights.get(datetime.strptime(d, "%Y-%m-%d").date()))
# The old rule, for the change in skip counts: noon to noon, no clipping.
old = {}
for src, s, e, v in recs:
    old.setdefault((s - timedelta(hours=12)).date(), []).append(src)
print("old lower priority sleep", sum(sum(1 for x in srcs if x != min(set(srcs), key=rank)) for srcs in old.values()))
