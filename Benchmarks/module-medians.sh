#!/usr/bin/env bash
# Two builds of cairn module by module, interleaved in every round with DuckDB's whole process
# on its two counts, medians of wall and CPU time (user + system): on a shared machine the wall
# time moves with the load, the CPU time much less.
#
#   Benchmarks/module-medians.sh BEFORE AFTER DATASET.sqlite CSV_DIR [ROUNDS]
#
# DATASET.sqlite is `cairn import CSV_DIR` of a population (Benchmarks/population-medians.sh
# makes both); the commands are those of population-medians.sh plus one per heavy module.
set -euo pipefail
cd "$(dirname "$0")/.."
before=$1 after=$2 db=$3 dir=$4 rounds=${5:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
declare -A wall cpu
run() { # key command...
    /usr/bin/time -f "%e %U %S" -o "$work/time.txt" "${@:2}" > /dev/null
    read -r e u s < "$work/time.txt"
    wall[$1]+="$e "
    cpu[$1]+="$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }') "
}
for round in $(seq "$rounds"); do
    for build in before after; do
        bin=${!build}
        run "$build: every module" "$bin" insights "$db"
        run "$build: trigger-cooccurrence@3" "$bin" insights "$db" --module trigger-cooccurrence@3
        run "$build: trigger-cooccurrence@2 (json, as of 2027-01-10)" "$bin" insights "$db" --module trigger-cooccurrence@2 --as-of 2027-01-10 --format json
        run "$build: weather-correlation@4" "$bin" insights "$db" --module weather-correlation@4
        run "$build: medication-overuse (json, threshold 1)" "$bin" insights "$db" --module medication-overuse --set medication-overuse.threshold_days=1 --as-of 2026-12-31 --format json
        run "$build: sleep-correlation@3" "$bin" insights "$db" --module sleep-correlation@3
        run "$build: calendar-patterns" "$bin" insights "$db" --module calendar-patterns
    done
    run "DuckDB: load + both counts" python3 Benchmarks/population_counts.py duckdb "$dir" 2026-12-31
    python3 Benchmarks/population_counts.py duckdb "$dir" 2026-12-31 > "$work/duck.json"
    python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print('DuckDB round $round: load %.3f s, both counts %.3f s' % (d['load_s'], d['count_s']))" "$work/duck.json"
done
median() { printf '%s\n' $1 | sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
for key in "${!wall[@]}"; do
    echo "$key: wall $(median "${wall[$key]}") s [${wall[$key]% }], cpu $(median "${cpu[$key]}") s [${cpu[$key]% }]"
done | sort
echo "load average $(cut -d' ' -f1-3 /proc/loadavg)"
