#!/usr/bin/env bash
# Issue 24's replay figure: for each cairn binary given, a replay of 2026 by day over share 1/100
# of the population against insights of the same share as of three days spread over 2026 (their
# mean, times 365); medians of 3 interleaved rounds, so load falls on every binary alike.
#
#   Benchmarks/replay-vs-insights.sh BINARY...     # DB=path for another population file, SHARD=7/100 for another share
#
# Build the population first: Benchmarks/population.sh 1000 0 (it writes Benchmarks/work/).
set -euo pipefail
cd "$(dirname "$0")/.."
db=${DB:-Benchmarks/work/population-1000.sqlite}
declare -A R I
for round in 1 2 3; do
  for b in "$@"; do
    r=$( { /usr/bin/time -f "%e %U %S" "$b" replay $db --shard ${SHARD:-1/100} --from 2026-01-01 --to 2026-12-31 --step day > /dev/null; } 2>&1 | tail -1)
    t=0
    for d in 2026-03-31 2026-06-30 2026-09-29; do
      s=$( { /usr/bin/time -f "%e" "$b" insights $db --shard ${SHARD:-1/100} --as-of $d > /dev/null; } 2>&1 | tail -1)
      t=$(awk -v t=$t -v s=$s 'BEGIN{print t+s}')
    done
    R[$b]+="$(echo $r | awk '{print $1}') "; I[$b]+="$(awk -v t=$t 'BEGIN{printf "%.3f", t/3}') "
    echo "round $round $b replay $r insights-mean $(awk -v t=$t 'BEGIN{printf "%.3f", t/3}')" >&2
  done
done
med() { printf '%s\n' $1 | sort -n | sed -n 2p; }
for b in "$@"; do r=$(med "${R[$b]}"); i=$(med "${I[$b]}"); echo "$b: replay $r s, insights per day $i s (x365 $(awk -v i=$i 'BEGIN{printf "%.1f", i*365}') s), speed-up $(awk -v r=$r -v i=$i 'BEGIN{printf "%.1f", i*365/r}')x"; done
