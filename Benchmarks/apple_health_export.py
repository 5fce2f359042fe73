#!/usr/bin/env python3
"""A synthetic Apple Health export.xml of about SIZE megabytes, in the HealthKit Export Version 3
layout (the prolog and DTD of a real export, then Records grouped by type and source, as the
Health app writes them): heart rate every 4 minutes from a watch and a phone app, steps every
10 minutes from both, weight daily, and a night of sleep from two sources. Seeded: the same
arguments give the same bytes.

    apple_health_export.py SIZE_MB OUT.xml
"""
import random, sys
from datetime import datetime, timedelta

def main(size_mb, out):
    rng = random.Random(7)
    target = size_mb * 1_000_000
    start = datetime(2020, 1, 1)
    with open(out, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n'
                '<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>\n'
                '<!ATTLIST HealthData\n  locale CDATA #REQUIRED\n>\n<!ELEMENT ExportDate EMPTY>\n<!ATTLIST ExportDate\n  value CDATA #REQUIRED\n>\n'
                '<!ELEMENT Me EMPTY>\n<!ATTLIST Me\n  HKCharacteristicTypeIdentifierDateOfBirth CDATA #REQUIRED\n'
                '  HKCharacteristicTypeIdentifierBiologicalSex CDATA #REQUIRED\n>\n<!ELEMENT Record (MetadataEntry*)>\n'
                '<!ATTLIST Record\n  type CDATA #REQUIRED\n  unit CDATA #IMPLIED\n  value CDATA #IMPLIED\n  sourceName CDATA #REQUIRED\n'
                '  sourceVersion CDATA #IMPLIED\n  device CDATA #IMPLIED\n  creationDate CDATA #IMPLIED\n  startDate CDATA #REQUIRED\n'
                '  endDate CDATA #REQUIRED\n>\n<!ELEMENT MetadataEntry EMPTY>\n<!ATTLIST MetadataEntry\n  key CDATA #REQUIRED\n  value CDATA #REQUIRED\n>\n]>\n'
                '<HealthData locale="en_US">\n <ExportDate value="2024-01-01 00:00:00 +0000"/>\n'
                ' <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-06-15" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>\n')
        def stamp(t): return t.strftime("%Y-%m-%d %H:%M:%S +0000")
        def record(kind, source, unit, t, end, value):
            device = '&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, manufacturer:Apple Inc.&gt;' if "Watch" in source else ""
            return (f' <Record type="{kind}" sourceName="{source}" sourceVersion="10.0" device="{device}" unit="{unit}" '
                    f'creationDate="{stamp(end)}" startDate="{stamp(t)}" endDate="{stamp(end)}" value="{value}"/>\n')
        days = 0
        # Write a block of days per type and source until the file is large enough.
        while f.tell() < target:
            block = [start + timedelta(days=days + d) for d in range(30)]
            for source in ["Ana’s Apple Watch", "Connect"]:
                for day in block:
                    for k in range(0, 24 * 60, 4):
                        t = day + timedelta(minutes=k)
                        f.write(record("HKQuantityTypeIdentifierHeartRate", source, "count/min", t, t, rng.randint(55, 110)))
            for source in ["Ana’s Apple Watch", "Ana’s iPhone"]:
                for day in block:
                    for k in range(0, 24 * 60, 10):
                        t = day + timedelta(minutes=k)
                        f.write(record("HKQuantityTypeIdentifierStepCount", source, "count", t, t + timedelta(minutes=10), rng.randint(0, 400)))
            for day in block:
                t = day + timedelta(hours=7)
                f.write(record("HKQuantityTypeIdentifierBodyMass", "Scale", "kg", t, t, round(rng.uniform(60, 62), 1)))
            for source in ["Ana’s Apple Watch", "Sleep App"]:
                for day in block:
                    t = day + timedelta(hours=22, minutes=rng.randint(0, 60))
                    end = t + timedelta(hours=7, minutes=rng.randint(0, 60))
                    f.write(f' <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="{source}" creationDate="{stamp(end)}" '
                            f'startDate="{stamp(t)}" endDate="{stamp(end)}" value="HKCategoryValueSleepAnalysisAsleep"/>\n')
            days += 30
        f.write("</HealthData>\n")

if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
