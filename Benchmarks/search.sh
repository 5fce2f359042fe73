#!/usr/bin/env bash
# Visit search (MediFamily NFR-1.2: results within 500 ms for up to 1,000 visits): `cairn search`
# against the sqlite3 shell running the same query with LIKE on the same file, at 1,000 and
# 100,000 visits. Each figure is the median of RUNS whole process runs (start-up included).
#
#   Benchmarks/search.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
runs=${1:-11}

# The same visit query both ways: text in the condition, title, doctor, notes or own label,
# AND a condition, AND a date range, newest first.
query="SELECT id, profile_id, date, visit_type, visit_type_label, doctor, title, condition, notes, tags FROM visits
 WHERE (condition LIKE '%lee%' OR title LIKE '%lee%' OR doctor LIKE '%lee%' OR notes LIKE '%lee%' OR visit_type_label LIKE '%lee%')
 AND condition LIKE '%ear%' AND date_day >= '2021-01-01' AND date_day <= '2025-12-31' ORDER BY date_epoch DESC, id DESC;"

for visits in 1000 100000; do
    dir="$work/search-$visits"; db="$work/search-$visits.sqlite"
    if [ ! -f "$db" ]; then
        rm -rf "$dir"; mkdir -p "$dir"
        printf 'profile_id,time_zone\n' > "$dir/profiles.csv"
        for p in $(seq 0 9); do printf 'p%d,Europe/Berlin\n' "$p" >> "$dir/profiles.csv"; done
        # Deterministic visits: ten people, dates over 2020-2025, six doctors, five conditions.
        awk -v n="$visits" 'BEGIN {
            print "profile_id,date,visit_type,visit_type_label,doctor,title,condition,notes,tags"
            split("Dr. Amara Lee,Dr. Chen,Dr. Okafor,Dr. Lee-Hart,Dr. Silva,Dr. Novak", doctors, ",")
            split("Ear infection,Hay fever,Knee pain,Eczema,", conditions, ",")
            split("specialist,physical,dental,vision,labWork", types, ",")
            for (i = 0; i < n; i++) {
                day = (i * 7919) % 2190; year = 2020 + int(day / 365); doy = day % 365
                month = int(doy / 31) + 1; if (month > 12) month = 12; dom = doy % 28 + 1
                printf "p%d,%04d-%02d-%02d,%s,,%s,Visit %d,%s,Note %d,routine\n", i % 10, year, month, dom,
                    types[i % 5 + 1], doctors[i % 6 + 1], i, conditions[i % 5 + 1], i
            }
        }' > "$dir/visits.csv"
        "$cairn" import "$dir" --into "$db" --now 2026-11-22 > /dev/null
    fi
    count=$("$cairn" search "$db" lee --condition ear --from 2021-01-01 --to 2025-12-31 --type visit --format json | grep -c '"date"')
    sqlite_count=$(sqlite3 "$db" "$query" | wc -l)
    cairn_time=$(time_command "$cairn" search "$db" lee --condition ear --from 2021-01-01 --to 2025-12-31 --type visit)
    sqlite_time=$(time_command sqlite3 "$db" "$query")
    start_time=$(time_command "$cairn" search "$db" zzqx --type visit)
    echo "$visits visits: $count found (sqlite3: $sqlite_count); cairn search $(ms "$cairn_time") ms, sqlite3 $(ms "$sqlite_time") ms, ratio $(awk -v a="$cairn_time" -v b="$sqlite_time" 'BEGIN { printf "%.1f", a / b }'); cairn search finding nothing $(ms "$start_time") ms"
done
