#!/usr/bin/env bash
# The copy guard's detectors matched by PCRE2 alone, outside Cairn: the loader's expressions
# (Benchmarks/copy_detectors.py, vocabularies flat or as tries) compiled with the guard's
# options (UTF, UCP, caseless) and matched over every line of a file, JIT or interpreter.
# Prints compile and JIT-compile time and microseconds per line, and each detector over 3.
#
#   Benchmarks/copy-detectors.sh [FILE]      # default: 3,000 neutral sentences (seeded)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 Benchmarks/copy-detectors.c -o "$work/match" -lpcre2-8
file=${1:-}
if [ -z "$file" ]; then
    file=$work/sentences.txt
    python3 - 3000 > "$file" <<'PY'
import random, sys
random.seed(24)
for _ in range(int(sys.argv[1])):
    print(f"On nights after {random.randint(300, 600)} minutes of sleep, {random.randint(1, 40)} of your "
          f"{random.randint(40, 120)} headaches began the next day.")
PY
fi
for form in flat trie; do
    python3 Benchmarks/copy_detectors.py "$form" > "$work/$form.tsv"
    for engine in jit nojit; do
        echo "== vocabularies $form, $engine"
        "$work/match" "$work/$form.tsv" "$file" "$engine"
    done
done
