#!/usr/bin/env bash
# Import speed: `cairn import` of a one-million-row readings.csv against sqlite3's own `.import`
# of the same file into an equivalent table (same columns, no validation, no derived columns).
# Runs alternate between the two tools so machine noise hits both alike; medians are reported.
#
#   Benchmarks/import-vs-sqlite3.sh [ROWS] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
rows=${1:-1000000}
runs=${2:-5}
command -v sqlite3 >/dev/null || { echo "sqlite3 is needed: apt-get install sqlite3" >&2; exit 1; }

csv=$work/readings.csv
if [ ! -f "$csv" ] || [ "$(($(wc -l < "$csv") - 1))" -ne "$rows" ]; then
    "$cairn" synth readings --rows "$rows" --out "$csv"
fi


cairn_times=()
sqlite_times=()
for run in $(seq "$runs"); do
    rm -f "$work"/cairn.sqlite* "$work"/cairn.rejects.csv "$work"/sqlite3.sqlite*
    start=$(now_ns)
    "$cairn" import "$csv" --into "$work/cairn.sqlite" --now 2026-11-22 > "$work/report.txt"
    cairn_times+=($(( ($(now_ns) - start) / 1000000 )))

    start=$(now_ns)
    sqlite3 "$work/sqlite3.sqlite" <<SQL
CREATE TABLE readings(profile_id TEXT NOT NULL, marker TEXT NOT NULL, value REAL NOT NULL, unit TEXT,
                      date TEXT NOT NULL, note TEXT, source TEXT);
.import --csv --skip 1 $csv readings
SQL
    sqlite_times+=($(( ($(now_ns) - start) / 1000000 )))
done

imported=$(sqlite3 "$work/cairn.sqlite" "SELECT count(*) FROM readings")
loaded=$(sqlite3 "$work/sqlite3.sqlite" "SELECT count(*) FROM readings")
cairn_median=$(printf '%s\n' "${cairn_times[@]}" | median)
sqlite_median=$(printf '%s\n' "${sqlite_times[@]}" | median)
echo "rows: $rows (cairn imported $imported, sqlite3 loaded $loaded)"
echo "cairn import (validates every row), ms: ${cairn_times[*]}; median $cairn_median"
echo "sqlite3 .import (no validation), ms:    ${sqlite_times[*]}; median $sqlite_median"
awk -v c="$cairn_median" -v s="$sqlite_median" 'BEGIN { printf "ratio cairn/sqlite3: %.2f\n", c / s }'
head -1 "$work/report.txt"
