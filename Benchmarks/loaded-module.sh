#!/usr/bin/env bash
# A module loaded at run time (issue 13): headache-hours, the example in Plugins/Examples, built
# in release as its own package and loaded with --module-path, against DuckDB computing the same
# totals in SQL over the same CSV files, and against a built-in module reading the same table
# (streaks-frequency) in the same run. Each request to the library carries the profile's headaches
# as JSON; the difference between the two Cairn timings is what crossing costs.
#
#   Benchmarks/loaded-module.sh [PROFILES] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
profiles=${1:-1000}
runs=${2:-5}
python3 -c "import duckdb" 2>/dev/null || { echo "needs the duckdb Python package: pip install duckdb" >&2; exit 2; }
swift build -c release --package-path Plugins/Examples/HeadacheHours --scratch-path .build/examples/HeadacheHours-release --disable-build-manifest-caching >&2
library=.build/examples/HeadacheHours-release/release/libHeadacheHours.so
dir="$work/population-$profiles"
db="$work/population-$profiles.sqlite"
if [ ! -f "$dir/factors.csv" ]; then "$cairn" synth scenario population --profiles "$profiles" --out "$dir" >&2; fi
if [ ! -f "$db" ]; then "$cairn" import "$dir" --into "$db" --now 2027-06-01 > /dev/null; fi
as_of=2026-12-31
echo "population: $profiles profiles; medians of $runs runs"
loaded=$(time_command "$cairn" --module-path "$library" insights "$db" --module headache-hours --as-of "$as_of")
builtin=$(time_command "$cairn" insights "$db" --module streaks-frequency --as-of "$as_of")
echo "cairn insights, headache-hours (loaded): $(ms "$loaded") ms"
echo "cairn insights, streaks-frequency (built-in): $(ms "$builtin") ms"
"$cairn" --module-path "$library" insights "$db" --module headache-hours --as-of "$as_of" --format json > "$work/hours.json"
python3 Benchmarks/headache_hours.py duckdb "$dir" "$as_of" 30 > "$work/hours-duck.json"
python3 -c "import json,sys; print(f'duckdb, the same totals in SQL over the CSV files: {json.load(open(sys.argv[1]))[\"seconds\"] * 1000:.1f} ms')" "$work/hours-duck.json"
python3 Benchmarks/headache_hours.py compare "$work/hours-duck.json" "$work/hours.json"
replay_loaded=$(time_command "$cairn" --module-path "$library" replay "$db" --module headache-hours --from 2026-01-01 --to 2026-12-31)
replay_builtin=$(time_command "$cairn" replay "$db" --module streaks-frequency --from 2026-01-01 --to 2026-12-31)
echo "cairn replay of 2026 by day, headache-hours (loaded): $(ms "$replay_loaded") ms"
echo "cairn replay of 2026 by day, streaks-frequency (built-in): $(ms "$replay_builtin") ms"
