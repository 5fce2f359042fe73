#!/usr/bin/env python3
"""Writes the edge-case dataset: one profile per boundary, each named after what it tests.
Expected outcomes (README.md) come from the seeds' rules, not from Cairn's output."""
import csv, datetime as dt

profiles = [["profile_id", "time_zone"]]
headaches = [["profile_id", "headache_id", "onset_at", "resolved_at", "severity", "onset_speed", "aura", "visual_disturbance"]]
medications = [["profile_id", "taken_at", "name", "is_acute"]]
readings = [["profile_id", "marker", "value", "unit", "date"]]
sleep = [["profile_id", "night_of", "duration_min", "quality"]]
factors = [["profile_id", "at", "factor"]]
weather = [["profile_id", "observed_at", "pressure_hpa", "humidity_pct"]]

def profile(pid, zone="Europe/Berlin"):
    profiles.append([pid, zone])

def days(start, n):
    d = dt.date.fromisoformat(start)
    return [(d + dt.timedelta(days=i)).isoformat() for i in range(n)]

# Medication overuse: 9 and 10 distinct acute days in one local month (Aurae 5.3, 7.2).
for pid, n in [("acute-9-days", 9), ("acute-10-days", 10)]:
    profile(pid)
    for day in days("2024-05-01", n):
        medications.append([pid, day + "T10:00", "Ibuprofen", "true"])
# Ten days across a month end: 5 in January, 5 in February, neither month reaches 10.
profile("acute-month-end")
for day in days("2024-01-27", 10):
    medications.append(["acute-month-end", day + "T10:00", "Ibuprofen", "true"])
# Leap day: 20 to 29 February 2024 is 10 days.
profile("acute-leap-day")
for day in days("2024-02-20", 10):
    medications.append(["acute-leap-day", day + "T10:00", "Ibuprofen", "true"])
# Daylight saving: Berlin springs forward on 31 March 2024; 22 to 31 March with the last dose at
# 23:30 local (21:30 UTC) is 10 March days.
profile("acute-dst")
for day in days("2024-03-22", 10):
    medications.append(["acute-dst", day + ("T23:30" if day == "2024-03-31" else "T10:00"), "Ibuprofen", "true"])
# Local month in New York: 23:30 on 31 May local is 1 June UTC, and still May.
profile("acute-local-month", "America/New_York")
for day in days("2024-05-22", 10):
    medications.append(["acute-local-month", day + "T23:30", "Ibuprofen", "true"])
# Preventive entries never count: 12 days of propranolol marked daily.
profile("acute-preventive")
for day in days("2024-05-01", 12):
    medications.append(["acute-preventive", day + "T08:00", "Propranolol", "false"])

# Red flags (Aurae 7.1, D-33): each combination, logged on 1 May 2024 at 09:00, active.
flags = [("flag-sudden-5", "instantaneous", 5, "", ""), ("flag-sudden-3", "instantaneous", 3, "", ""),
         ("flag-sudden-1", "instantaneous", 1, "", ""), ("flag-gradual-5", "gradual", 5, "", ""),
         ("flag-moderate-5", "moderate", 5, "", ""), ("flag-not-sure-5", "", 5, "", ""),
         ("flag-aura-visual", "gradual", 3, "true", "true"), ("flag-aura-only", "gradual", 3, "true", "false"),
         ("flag-visual-only", "gradual", 3, "false", "true")]
for pid, speed, severity, aura, visual in flags:
    profile(pid)
    headaches.append([pid, pid + "-h1", "2024-05-01T09:00", "", severity, speed, aura, visual])

# Trigger gate (Aurae 5.5: 5 resolved headaches): 4 and 5.
for pid, n in [("gate-4-headaches", 4), ("gate-5-headaches", 5)]:
    profile(pid)
    for i, day in enumerate(days("2024-05-02", n * 3)[::3]):
        headaches.append([pid, f"{pid}-h{i + 1}", day + "T14:00", day + "T18:00", 3, "gradual", "", ""])
    for day in days("2024-05-01", n * 3):
        factors.append([pid, day + "T08:00", "caffeine"])
    # One factor logged on a fifth of the days, so that past the gate something is tested
    # (caffeine every day is a negative control, and a module that tests nothing is silent).
    for day in days("2024-05-01", n * 3)[::5]:
        factors.append([pid, day + "T20:00", "alcohol"])

# Weather gate (D-20: 10 resolved headaches), counted where weather allows a comparison: 10
# headaches, weather around 9 of them, and 10 with weather around all 10.
for pid, covered in [("gate-9-with-weather", 9), ("gate-10-with-weather", 10)]:
    profile(pid)
    for i, day in enumerate(days("2024-05-02", 30)[::3]):
        headaches.append([pid, f"{pid}-h{i + 1}", day + "T14:00", day + "T18:00", 3, "gradual", "", ""])
        if i < covered:
            before = (dt.date.fromisoformat(day) - dt.timedelta(days=1)).isoformat()
            weather.append([pid, before + "T14:00", "1015", "60"])
            weather.append([pid, day + "T14:00", "1013", "62"])

# Sleep gate (5 nights per group): 4 and 5 short nights, with 6 resolved headaches.
for pid, short in [("sleep-4-short-nights", 4), ("sleep-5-short-nights", 5)]:
    profile(pid)
    for i, day in enumerate(days("2024-05-01", 20)):
        sleep.append([pid, day, 300 if i < short else 480, 3])
    for i, day in enumerate(days("2024-05-03", 18)[::3]):
        headaches.append([pid, f"{pid}-h{i + 1}", day + "T14:00", day + "T18:00", 3, "gradual", "", ""])
    # A diary entry every day, so every night's next day lies inside the diary.
    for day in days("2024-05-01", 22):
        factors.append([pid, day + "T08:00", "water"])

# Marker statuses at and either side of a range boundary (Glance 5.3): LDL's high bound 100
# mg/dL, HDL's low bound 40, and sodium's 135 to 145 mmol/L.
for marker, unit, values in [("ldl", "mg/dL", [99.9, 100, 100.1]), ("hdl", "mg/dL", [39.9, 40, 40.1]),
                             ("sodium", "mmol/L", [134.9, 135, 145, 145.1])]:
    for value in values:
        pid = f"marker-{marker}-{value:g}"
        profile(pid)
        readings.append([pid, marker, f"{value:g}", unit, "2024-05-01"])

# Readings entered in the unit the lab reported, at and either side of that unit's own range:
# glucose 5.5 mmol/L is normal on the lab's scale though 99 mg/dL converts to 5.495.
for marker, unit, values in [("fasting-glucose", "mmol/L", [5.5, 5.6]), ("ldl", "mmol/L", [2.6, 2.7]),
                             ("a1c", "mmol/mol", [38, 39])]:
    for value in values:
        pid = f"lab-unit-{marker}-{value:g}"
        profile(pid)
        readings.append([pid, marker, f"{value:g}", unit, "2024-05-01"])

def write(name, rows):
    with open(name, "w", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)

for name, rows in [("profiles.csv", profiles), ("headaches.csv", headaches), ("medications.csv", medications),
                   ("readings.csv", readings), ("sleep.csv", sleep), ("factors.csv", factors), ("weather.csv", weather)]:
    write(name, rows)
