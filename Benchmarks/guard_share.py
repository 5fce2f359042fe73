#!/usr/bin/env python3
"""The copy guard's share of a `perf record -g` run: samples with a CairnCopy frame anywhere in
their call chain, or whose top frame is PCRE2 (its library or the code its JIT wrote, which perf
shows as /tmp/perf-PID.map or [unknown], since JIT code carries no frame pointers to unwind).

    perf record -g -o guard.data cairn insights Benchmarks/work/population-1000.sqlite > /dev/null
    python3 Benchmarks/guard_share.py guard.data
"""
import subprocess
import sys

out = subprocess.run(["perf", "script", "-i", sys.argv[1], "-F", "ip,sym,dso", "--no-demangle"],
                     capture_output=True, text=True, check=True).stdout
total = guard = pcre = 0
for block in out.split("\n\n"):
    frames = [line.strip() for line in block.strip().split("\n") if line.strip()]
    if not frames:
        continue
    total += 1
    top = frames[0]
    in_pcre = "libpcre2" in top or "/perf-" in top or "[JIT]" in top or ("[unknown]" in top and "(unknown)" in top)
    pcre += in_pcre
    guard += in_pcre or any("9CairnCopy" in frame for frame in frames)
print(f"samples {total}; copy guard {100 * guard / total:.1f}% (PCRE2 library and JIT code {100 * pcre / total:.1f}%)")
