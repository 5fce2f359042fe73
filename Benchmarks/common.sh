# Shared by the benchmark scripts: build Cairn in release, and time commands by median.
scripts/ensure-system-libraries
swift build -c release --product cairn >&2
cairn=.build/release/cairn
work=Benchmarks/work
mkdir -p "$work"
now_ns() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
time_command() {  # median microseconds of running "$@" $runs times (set runs first)
    local samples=()
    for _ in $(seq "$runs"); do
        local start; start=$(now_ns); "$@" > /dev/null; samples+=($(( ($(now_ns) - start) / 1000 )))
    done
    printf '%s\n' "${samples[@]}" | median
}
ms() { awk -v t="$1" 'BEGIN { printf "%.1f", t / 1000 }'; }  # microseconds as milliseconds
# Imports the demo dataset into $work/demo.sqlite, fresh.
import_demo() {
    rm -f "$work/demo.sqlite" "$work/demo.rejects.csv"
    "$cairn" import Datasets/demo --into "$work/demo.sqlite" --now 2026-11-22 > /dev/null
}
