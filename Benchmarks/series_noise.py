"""A population whose device series carry only noise, for the question issue 12 asks of
marker-trends: do samples minutes apart make a "trend"? Each of N adults wears a watch for 14
days: heart rate every 4 minutes from 07:00 to 23:00 (a daily rhythm plus noise, the same every
day), steps in 10-minute blocks, and a home blood-pressure cuff twice a day. Nothing changes
over the two weeks, so any trend prompt is a false finding; with RISE, the blood pressure
climbs that many mmHg (systolic; diastolic two thirds of it) evenly over the fortnight, a trend
a prompt should find.

    python3 Benchmarks/series_noise.py N OUT_DIR [SEED] [RISE]
"""
import csv, math, os, random, sys

count, out = int(sys.argv[1]), sys.argv[2]
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 12)
rise = float(sys.argv[4]) if len(sys.argv) > 4 else 0.0
os.makedirs(out, exist_ok=True)
with open(f"{out}/profiles.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["profile_id", "time_zone", "birth_date"])
    for p in range(count):
        w.writerow([f"p{p:04d}", "Europe/Berlin", "1980-05-01"])
with open(f"{out}/readings.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["profile_id", "marker", "value", "unit", "date", "source"])
    for p in range(count):
        pid = f"p{p:04d}"
        resting, systolic, diastolic = rng.gauss(62, 5), rng.gauss(118, 6), rng.gauss(76, 4)
        for day in range(1, 15):
            date = f"2026-03-{day:02d}"
            for minute in range(7 * 60, 23 * 60, 4):
                rhythm = 12 * math.sin(math.pi * (minute - 420) / 960)
                w.writerow([pid, "heart-rate", round(resting + rhythm + rng.gauss(0, 6)), "count/min",
                            f"{date}T{minute // 60:02d}:{minute % 60:02d}:00", "watch"])
            for minute in range(8 * 60, 22 * 60, 10):
                w.writerow([pid, "steps", max(0, round(rng.gauss(70, 40))), "count",
                            f"{date}T{minute // 60:02d}:{minute % 60:02d}:00", "watch"])
            drift = rise * (day - 1) / 13
            for hour in (7, 21):
                w.writerow([pid, "systolic-bp", round(systolic + drift + rng.gauss(0, 7)), "mmHg", f"{date}T{hour:02d}:30:00", "cuff"])
                w.writerow([pid, "diastolic-bp", round(diastolic + drift * 2 / 3 + rng.gauss(0, 5)), "mmHg",
                            f"{date}T{hour:02d}:30:00", "cuff"])
