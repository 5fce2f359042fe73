#!/usr/bin/env bash
# Issue 24's figures as medians: Cairn against DuckDB (Python package `duckdb`) on the same
# generated population, both in every round, so load on the machine falls on both.
#
#   Benchmarks/population-medians.sh PROFILES ROUNDS [REPLAY_SHARD_N]
#
# Each round: `cairn import` of the CSV directory, DuckDB's load + both counts
# (Benchmarks/population_counts.py), `cairn insights` with every module, and the two modules of
# the counts. With REPLAY_SHARD_N (say 50), also a replay of 2026 by day over share 1 of N of the
# profiles against `cairn insights` of the same share as of 3 days spread over 2026, times 365.
# CAIRN=path uses another build (to time a commit against another in the same run).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${CAIRN:-}" ]; then  # a build given: build nothing
    cairn=$CAIRN work=Benchmarks/work
    mkdir -p "$work"
    median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
else
    . Benchmarks/common.sh
fi
profiles=${1:-1000}
rounds=${2:-3}
shard=${3:-0}
python3 -c "import duckdb" 2>/dev/null || { echo "needs the duckdb Python package: pip install duckdb" >&2; exit 2; }
dir="$work/population-$profiles"
db="$work/population-$profiles-medians.sqlite"
if [ ! -f "$dir/factors.csv" ]; then "$cairn" synth scenario population --profiles "$profiles" --out "$dir" >&2; fi
seconds() { # command...: wall seconds (3 decimals); peak MiB in $work/peak.txt
    /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" > "$work/out.txt"
    read -r s kb < "$work/time.txt"
    echo $(( kb / 1024 )) > "$work/peak.txt"
    echo "$s"
}
declare -A samples
add() { samples[$1]+="$2 "; }
for round in $(seq "$rounds"); do
    rm -f "$db" "${db%.sqlite}.rejects.csv"
    add import "$(seconds "$cairn" import "$dir" --into "$db" --now 2027-06-01)"
    add duck "$(seconds python3 Benchmarks/population_counts.py duckdb "$dir" 2026-12-31)"
    add duck_load "$(python3 -c "import json,sys; print(round(json.load(open(sys.argv[1]))['load_s'], 3))" "$work/out.txt")"
    add duck_counts "$(python3 -c "import json,sys; print(round(json.load(open(sys.argv[1]))['count_s'], 3))" "$work/out.txt")"
    add all "$(seconds "$cairn" insights "$db")"
    add all_peak "$(cat "$work/peak.txt")"
    add moh "$(seconds "$cairn" insights "$db" --module medication-overuse --set medication-overuse.threshold_days=1 --as-of 2026-12-31 --format json)"
    add trigger "$(seconds "$cairn" insights "$db" --module trigger-cooccurrence@2 --as-of 2027-01-10 --format json)"
    if [ "$shard" -gt 0 ]; then
        add replay "$(seconds "$cairn" replay "$db" --shard "1/$shard" --from 2026-01-01 --to 2026-12-31 --step day)"
        total=0
        for day in 2026-03-31 2026-06-30 2026-09-29; do
            total=$(awk -v t="$total" -v s="$(seconds "$cairn" insights "$db" --shard "1/$shard" --as-of "$day")" 'BEGIN { print t + s }')
        done
        add per_day "$(awk -v t="$total" 'BEGIN { printf "%.3f", t / 3 }')"
    fi
    echo "round $round: $(for k in "${!samples[@]}"; do printf '%s=[%s] ' "$k" "${samples[$k]% }"; done)" >&2
done
med() { printf '%s\n' ${samples[$1]} | median; }
echo "population: $profiles profiles; medians of $rounds rounds; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "cairn import: $(med import) s | DuckDB load: $(med duck_load) s | ratio $(awk -v a="$(med import)" -v b="$(med duck_load)" 'BEGIN { printf "%.1f", a / b }')x"
echo "cairn insights, every module: $(med all) s, $(med all_peak) MiB | DuckDB whole process (load + both counts): $(med duck) s | ratio $(awk -v a="$(med all)" -v b="$(med duck)" 'BEGIN { printf "%.2f", a / b }')x"
echo "medication-overuse alone: $(med moh) s; trigger-cooccurrence@2 alone: $(med trigger) s | DuckDB's two counts alone: $(med duck_counts) s"
echo "import + every module: $(awk -v a="$(med import)" -v b="$(med all)" 'BEGIN { print a + b }') s | DuckDB load + counts: $(med duck) s"
if [ "$shard" -gt 0 ]; then
    echo "replay of 2026 by day, share 1/$shard: $(med replay) s | insights as of one day, same share: $(med per_day) s (x365 = $(awk -v d="$(med per_day)" 'BEGIN { print d * 365 }') s) | speed-up $(awk -v r="$(med replay)" -v d="$(med per_day)" 'BEGIN { printf "%.1f", d * 365 / r }')x"
fi
