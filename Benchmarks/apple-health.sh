#!/usr/bin/env bash
# Importing Apple Health exports of growing size: wall time and peak memory against the file's
# size (issue 12: memory stays flat), beside Python's xml.etree.iterparse streaming the same file
# and only counting its records (the outside reference: a streaming parse that stores nothing).
# The exports are synthetic (Benchmarks/apple_health_export.py).
#
#   Benchmarks/apple-health.sh [SIZES_MB...]     (default: 20 100 200)
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(20 100 200)
count_records='
import sys, xml.etree.ElementTree as ET
n = 0
for _, element in ET.iterparse(sys.argv[1]):
    if element.tag == "Record":
        n += 1
    element.clear()
print(n)'
for size in "${sizes[@]}"; do
    export="$work/apple-health-$size.xml"
    [ -f "$export" ] || python3 Benchmarks/apple_health_export.py "$size" "$export"
    db="$work/apple-health-$size.sqlite"
    rm -f "$db" "${db%.sqlite}.rejects.csv"
    /usr/bin/time -f "%e %M" -o "$work/time.txt" "$cairn" import "$export" --into "$db" --now 2030-01-01 --time-zone Europe/Berlin > "$work/out.txt"
    read -r seconds kb < "$work/time.txt"
    /usr/bin/time -f "%e %M" -o "$work/time-py.txt" python3 -c "$count_records" "$export" > "$work/out-py.txt"
    read -r py_seconds py_kb < "$work/time-py.txt"
    echo "$(du -m "$export" | cut -f1) MB export, $(cat "$work/out-py.txt") records: cairn import ${seconds} s, peak $((kb / 1024)) MiB" \
         "($(head -1 "$work/out.txt")); python iterparse count ${py_seconds} s, peak $((py_kb / 1024)) MiB"
done
