#!/usr/bin/env bash
# The copy guard's throughput on a long file: `cairn lint-copy` of N distinct sentences of
# neutral insight copy (seeded: the same file every run), rules alone and with the reader, for
# each cairn binary given; medians of 3 interleaved rounds, so load falls on every binary alike.
# The file is linted as one text (not --lines), the case where each detector meets the whole
# file at once.
#
#   Benchmarks/lint-copy-throughput.sh [N] BINARY...
set -euo pipefail
cd "$(dirname "$0")/.."
n=3000
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then n=$1; shift; fi
file=$(mktemp /tmp/lint-copy-XXXXXX.txt)
trap 'rm -f "$file"' EXIT
python3 - "$n" > "$file" <<'PY'
import random, sys
random.seed(24)
for _ in range(int(sys.argv[1])):
    print(f"On nights after {random.randint(300, 600)} minutes of sleep, {random.randint(1, 40)} of your "
          f"{random.randint(40, 120)} headaches began the next day.")
PY
declare -A R A
for round in 1 2 3; do
  for b in "$@"; do
    # lint-copy exits 1 when it blocks something; only the time is wanted here.
    r=$( { /usr/bin/time -f "%e" "$b" lint-copy "$file" --rules-only > /dev/null || true; } 2>&1 | tail -1)
    a=$( { /usr/bin/time -f "%e" "$b" lint-copy "$file" > /dev/null || true; } 2>&1 | tail -1)
    R[$b]+="$r "; A[$b]+="$a "
    echo "round $round $b: rules alone $r s, with the reader $a s" >&2
  done
done
med() { printf '%s\n' $1 | sort -n | sed -n 2p; }
for b in "$@"; do echo "$b: $n sentences, rules alone $(med "${R[$b]}") s, with the reader $(med "${A[$b]}") s"; done
