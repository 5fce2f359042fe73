#!/usr/bin/env bash
# Issue 24's import line: `cairn import DIR` of a generated population against sqlite3's own
# `.import` of the same CSV files plus the indexes Cairn's schema creates, in one sqlite3
# process. Runs alternate between the two tools so machine noise hits both alike; medians are
# reported, and the ratio against the goal (no slower than 1.5x).
#
#   Benchmarks/import-population-vs-sqlite3.sh [PROFILES] [RUNS]
#
# The sqlite3 side: one table per CSV file with the file's own columns (REAL or INTEGER where the
# contract has a number, TEXT otherwise; profiles keyed by profile_id as Cairn keys them), each
# file loaded with `.import --csv --skip 1`, then DatasetSchema.indexSQL's indexes, on the
# contract's time text where Cairn indexes the derived `_epoch` column (sqlite3 derives none).
# No validation, no derived columns. CAIRN=path times another build without building.
# Besides wall time, each run's CPU time (user + system, /usr/bin/time): on a loaded machine
# Cairn's two threads take more of the cores than sqlite3's one, which flatters the wall ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${CAIRN:-}" ]; then
    cairn=$CAIRN work=Benchmarks/work
    mkdir -p "$work"
    now_ns() { date +%s%N; }
    median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
else
    . Benchmarks/common.sh
fi
profiles=${1:-1000}
runs=${2:-5}
command -v sqlite3 >/dev/null || { echo "sqlite3 is needed: apt-get update && apt-get install -y sqlite3" >&2; exit 2; }

dir="$work/population-$profiles"
if [ ! -f "$dir/factors.csv" ]; then "$cairn" synth scenario population --profiles "$profiles" --out "$dir" >&2; fi

# SQL types of the contract's number columns; every other column is TEXT.
declare -A types=(
    [value]=REAL [height_cm]=REAL [weight_kg]=REAL [duration_min]=REAL [temperature_c]=REAL
    [humidity_pct]=REAL [pressure_hpa]=REAL [uv_index]=REAL [ref_low]=REAL [ref_high]=REAL
    [severity]=INTEGER [quality]=INTEGER [effectiveness]=INTEGER [weather_code]=INTEGER
    [aura]=INTEGER [visual_disturbance]=INTEGER [is_acute]=INTEGER [dispenses]=INTEGER
)
# Cairn's indexes (Sources/CairnStore/Dataset/DatasetSchema.swift, indexSQL), on the text columns.
declare -A indexes=(
    [readings]="CREATE INDEX readings_by_profile_marker ON readings(profile_id, marker, date);"
    [visits]="CREATE INDEX visits_by_profile ON visits(profile_id, date);"
    [conditions]="CREATE INDEX conditions_by_profile ON conditions(profile_id, start);"
    [medication_orders]="CREATE INDEX medication_orders_by_profile ON medication_orders(profile_id, start);"
    [headaches]="CREATE UNIQUE INDEX headaches_by_profile ON headaches(profile_id, headache_id);"
    [medications]="CREATE INDEX medications_by_profile ON medications(profile_id, taken_at);"
    [sleep]="CREATE INDEX sleep_by_profile ON sleep(profile_id, night_of);"
    [weather]="CREATE INDEX weather_by_profile ON weather(profile_id, observed_at);"
    [factors]="CREATE INDEX factors_by_profile ON factors(profile_id, at);"
)
script="$work/import-population-$profiles.sql"
{
    creates="" loads="" builds=""
    for csv in "$dir"/*.csv; do
        table=$(basename "$csv" .csv)
        columns=()
        IFS=, read -r -a names < "$csv"
        for name in "${names[@]}"; do
            name=${name%$'\r'}
            [ "$table" = profiles ] && [ "$name" = profile_id ] && { columns+=("profile_id TEXT PRIMARY KEY"); continue; }
            columns+=("$name ${types[$name]:-TEXT}")
        done
        creates+="CREATE TABLE $table($(IFS=,; echo "${columns[*]}"));"$'\n'
        loads+=".import --csv --skip 1 $csv $table"$'\n'
        builds+="${indexes[$table]:-}"$'\n'
    done
    printf '%s%s%s' "$creates" "$loads" "$builds"
} > "$script"

rows=$(( $(cat "$dir"/*.csv | wc -l) - $(ls "$dir"/*.csv | wc -l) ))
cairn_db="$work/population-$profiles-cairn.sqlite"
sqlite_db="$work/population-$profiles-sqlite3.sqlite"
cairn_times=() sqlite_times=() cairn_cpu=() sqlite_cpu=()
cpu_ms() { awk '{ printf "%d", ($1 + $2) * 1000 }' "$work/cpu.txt"; }
for run in $(seq "$runs"); do
    rm -f "$cairn_db" "${cairn_db%.sqlite}".*rejects.csv "$sqlite_db"
    start=$(now_ns)
    /usr/bin/time -f "%U %S" -o "$work/cpu.txt" "$cairn" import "$dir" --into "$cairn_db" --now 2027-06-01 > "$work/report.txt"
    cairn_times+=($(( ($(now_ns) - start) / 1000000 )))
    cairn_cpu+=($(cpu_ms))

    start=$(now_ns)
    /usr/bin/time -f "%U %S" -o "$work/cpu.txt" sqlite3 "$sqlite_db" < "$script"
    sqlite_times+=($(( ($(now_ns) - start) / 1000000 )))
    sqlite_cpu+=($(cpu_ms))
    echo "run $run: cairn ${cairn_times[-1]} ms (cpu ${cairn_cpu[-1]}), sqlite3 ${sqlite_times[-1]} ms (cpu ${sqlite_cpu[-1]})" >&2
done

count() { # database: rows in every table the CSV files name
    local total=0
    for csv in "$dir"/*.csv; do
        total=$(( total + $(sqlite3 "$1" "SELECT count(*) FROM $(basename "$csv" .csv)") ))
    done
    echo "$total"
}
cairn_median=$(printf '%s\n' "${cairn_times[@]}" | median)
sqlite_median=$(printf '%s\n' "${sqlite_times[@]}" | median)
echo "population: $profiles profiles, $rows CSV rows in $(ls "$dir"/*.csv | wc -l) files (cairn stored $(count "$cairn_db"), sqlite3 loaded $(count "$sqlite_db")); load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "cairn import DIR (validates every row, derived columns, indexes), ms: ${cairn_times[*]}; median $cairn_median"
echo "sqlite3 .import of each file + the same indexes, ms:             ${sqlite_times[*]}; median $sqlite_median"
awk -v c="$cairn_median" -v s="$sqlite_median" 'BEGIN { r = c / s; printf "ratio cairn/sqlite3: %.2f (goal: 1.5 or less: %s)\n", r, (r <= 1.5) ? "met" : "not met" }'
cairn_cpu_median=$(printf '%s\n' "${cairn_cpu[@]}" | median)
sqlite_cpu_median=$(printf '%s\n' "${sqlite_cpu[@]}" | median)
echo "cpu time (user + system), ms: cairn ${cairn_cpu[*]}; median $cairn_cpu_median | sqlite3 ${sqlite_cpu[*]}; median $sqlite_cpu_median"
awk -v c="$cairn_cpu_median" -v s="$sqlite_cpu_median" 'BEGIN { printf "cpu ratio cairn/sqlite3: %.2f\n", c / s }'
