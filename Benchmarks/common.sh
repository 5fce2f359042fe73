# Shared by the benchmark scripts: build Cairn in release, and time commands by median.
scripts/ensure-system-libraries
swift build -c release --product cairn >&2
cairn=.build/release/cairn
work=Benchmarks/work
mkdir -p "$work"
now_ns() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
