#!/usr/bin/env bash
# Insight speed on the demo dataset: `cairn insights` (every module, every profile) against
# `cairn summary` on the same SQLite file, which pays the same start-up and open costs; the
# difference divided by the profile count is the time per profile.
#
#   Benchmarks/insights.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
runs=${1:-21}
import_demo
profiles=$(sqlite3 "$work/demo.sqlite" "SELECT count(*) FROM profiles")

insights=()
summary=()
for run in $(seq "$runs"); do
    start=$(now_ns); "$cairn" insights "$work/demo.sqlite" > /dev/null; insights+=($(( ($(now_ns) - start) / 1000 )))
    start=$(now_ns); "$cairn" summary "$work/demo.sqlite" > /dev/null; summary+=($(( ($(now_ns) - start) / 1000 )))
done
i=$(printf '%s\n' "${insights[@]}" | median)
s=$(printf '%s\n' "${summary[@]}" | median)
echo "profiles: $profiles, runs: $runs"
echo "cairn insights median: $((i / 1000)) ms; cairn summary median: $((s / 1000)) ms"
awk -v i="$i" -v s="$s" -v p="$profiles" 'BEGIN { printf "per profile (load + every module + copy guard): %.1f ms\n", (i - s) / p / 1000 }'
