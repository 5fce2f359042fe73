#!/usr/bin/env bash
# Population scale (issue 9): a generated population in the dataset contract, Cairn against
# DuckDB (Python package `duckdb`) on the same CSV files, in one run.
#
#   Benchmarks/population.sh PROFILES [REPLAY_SAMPLE_DAYS]    (REPLAY_SAMPLE_DAYS 0: no replay)
#
# 1. `cairn synth scenario population --profiles N` (10 IANA zones, two years, acute medication on
#    most headaches, one hourly weather series shared by everyone).
# 2. `cairn import DIR` (one command) against DuckDB loading the same six CSV files.
# 3. `cairn insights` (every module, every profile) wall time and peak memory.
# 4. The medication-overuse day counts and trigger co-occurrence counts: Cairn's modules against
#    DuckDB SQL over the CSV files (Benchmarks/population_counts.py), times and agreement.
# 5. Opening the dataset in the REPL and quitting.
# 6. A day-by-day replay of one year for every profile against re-running insights for every day
#    (timed on REPLAY_SAMPLE_DAYS days spread over the year, scaled to 365).
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
profiles=${1:-1000}
sample=${2:-6}
python3 -c "import duckdb" 2>/dev/null || { echo "needs the duckdb Python package: pip install duckdb" >&2; exit 2; }
dir="$work/population-$profiles"
db="$work/population-$profiles.sqlite"
if [ ! -f "$dir/factors.csv" ]; then "$cairn" synth scenario population --profiles "$profiles" --out "$dir" >&2; fi
echo "population: $profiles profiles, $(cat "$dir"/*.csv | wc -l) lines, $(du -sh "$dir" | cut -f1) of CSV"
timed() { # label, command...: prints "label: S s, M MiB"
    local label=$1; shift
    /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" > "$work/out.txt"
    read -r seconds kb < "$work/time.txt"
    echo "$label: ${seconds} s, $((kb / 1024)) MiB"
}
rm -f "$db" "${db%.sqlite}.rejects.csv"
timed "cairn import (one command)" "$cairn" import "$dir" --into "$db" --now 2027-06-01
timed "duckdb load + both counts" python3 Benchmarks/population_counts.py duckdb "$dir" 2026-12-31
cp "$work/out.txt" "$work/duck.json"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(f'  duckdb load {d[\"load_s\"]:.2f} s, counts {d[\"count_s\"]:.2f} s')" "$work/duck.json"
timed "cairn insights, every module" "$cairn" insights "$db"
timed "cairn insights, medication-overuse (threshold 1, as of 2026-12-31)" \
    "$cairn" insights "$db" --module medication-overuse --set medication-overuse.threshold_days=1 --as-of 2026-12-31 --format json
cp "$work/out.txt" "$work/moh.json"
timed "cairn insights, trigger-cooccurrence@2 (as of 2027-01-10)" \
    "$cairn" insights "$db" --module trigger-cooccurrence@2 --as-of 2027-01-10 --format json
cp "$work/out.txt" "$work/trigger.json"
python3 Benchmarks/population_counts.py compare "$work/duck.json" "$work/moh.json" "$work/trigger.json"
timed "REPL: open and quit" "$cairn" "$db" -c .quit
[ "$sample" -gt 0 ] || exit 0
# Replay of 2026 by day against insights as of each day.
start=$(now_ns)
/usr/bin/time -f "%M" -o "$work/replay-memory.txt" "$cairn" replay "$db" --from 2026-01-01 --to 2026-12-31 --step day > "$work/replay.txt"
replay_ms=$(( ($(now_ns) - start) / 1000000 ))
echo "$(tail -1 "$work/replay.txt") Peak memory $(( $(cat "$work/replay-memory.txt") / 1024 )) MiB."
total=0
for k in $(seq "$sample"); do
    day=$(date -u -d "2026-01-01 + $(( (k * 365) / (sample + 1) )) days" +%F)
    start=$(now_ns); "$cairn" insights "$db" --as-of "$day" > /dev/null; total=$(( total + ($(now_ns) - start) / 1000000 ))
done
per_day=$(( total / sample ))
echo "replay of 365 days: ${replay_ms} ms; insights as of one day: ${per_day} ms (mean of $sample), x365 = $(( per_day * 365 )) ms"
awk -v r="$replay_ms" -v d="$per_day" 'BEGIN { printf "replay speed-up against recomputing every day: %.1fx\n", d * 365 / r }'
