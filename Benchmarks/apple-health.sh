#!/usr/bin/env bash
# Importing Apple Health exports of growing size: wall time and peak memory against the file's
# size (issue 12: memory stays flat). The exports are synthetic (Benchmarks/apple_health_export.py).
#
#   Benchmarks/apple-health.sh [SIZES_MB...]     (default: 20 100 200)
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(20 100 200)
for size in "${sizes[@]}"; do
    export="$work/apple-health-$size.xml"
    [ -f "$export" ] || python3 Benchmarks/apple_health_export.py "$size" "$export"
    db="$work/apple-health-$size.sqlite"
    rm -f "$db" "${db%.sqlite}.rejects.csv"
    /usr/bin/time -f "%e %M" -o "$work/time.txt" "$cairn" import "$export" --into "$db" --now 2030-01-01 --time-zone Europe/Berlin > "$work/out.txt"
    read -r seconds kb < "$work/time.txt"
    records=$(grep -c "<Record" "$export")
    echo "$(du -m "$export" | cut -f1) MB export, $records records: ${seconds} s, peak memory $((kb / 1024)) MiB ($(head -1 "$work/out.txt"))"
done
