#!/usr/bin/env bash
# REPL responsiveness on the demo dataset: time to open the dataset and be ready for input, and
# the time each command adds, measured as `cairn DATASET -c CMD` against `cairn DATASET -c .quit`
# (the same start-up and open). The SQLite shell answering the same SQL on the same file is the
# outside reference.
#
#   Benchmarks/repl.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
runs=${1:-21}
import_demo

ready_dir=$(time_command "$cairn" Datasets/demo -c .quit)
ready=$(time_command "$cairn" "$work/demo.sqlite" -c .quit)
sqlite=$(time_command sqlite3 "$work/demo.sqlite" "SELECT marker, count(*) FROM readings GROUP BY marker")
echo "ready for input: $(ms "$ready") ms on demo.sqlite, $(ms "$ready_dir") ms on the CSV directory (imported in memory)"
echo "sqlite3 shell, start + one GROUP BY on demo.sqlite: $(ms "$sqlite") ms"
for command in ".profiles" "SELECT marker, count(*) FROM readings GROUP BY marker" ".profile lena; .run trigger-cooccurrence" \
               ".profile maya; .run marker-trends" ".profile maya; .chart ldl" ".describe SELECT duration_min FROM sleep" \
               ".profile lena; .compare weather-correlation@1 weather-correlation@2"; do
    total=$(time_command "$cairn" "$work/demo.sqlite" -c "$command")
    echo "command: $command: +$(ms $((total - ready))) ms"
done
