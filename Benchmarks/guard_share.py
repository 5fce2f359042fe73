#!/usr/bin/env python3
"""The copy guard's share of a `perf record -g` run: samples with a CairnCopy frame anywhere in
their call chain, or whose top frame is PCRE2 (its library or the code its JIT wrote, which perf
shows as /tmp/perf-PID.map, [JIT] or [unknown], since JIT code carries no frame pointers to
unwind). With --by-frame, also where those samples were: PCRE2's JIT code and its library apart,
and the rest by the guard's outermost and innermost frames.

    perf record -g -o guard.data cairn insights Benchmarks/work/population-1000.sqlite > /dev/null
    python3 Benchmarks/guard_share.py guard.data [--by-frame]
"""
import collections
import subprocess
import sys

out = subprocess.run(["perf", "script", "-i", sys.argv[1], "-F", "ip,sym,dso", "--no-demangle"],
                     capture_output=True, text=True, check=True).stdout
total = guard = pcre = jit = 0
outer, inner = collections.Counter(), collections.Counter()
for block in out.split("\n\n"):
    frames = [line.strip() for line in block.strip().split("\n") if line.strip()]
    if not frames:
        continue
    total += 1
    top = frames[0]
    in_jit = "/perf-" in top or "[JIT]" in top or ("[unknown]" in top and "(unknown)" in top)
    in_pcre = "libpcre2" in top or in_jit
    copy_frames = [frame for frame in frames if "9CairnCopy" in frame]
    pcre += in_pcre
    jit += in_jit
    if in_pcre or copy_frames:
        guard += 1
        if not in_pcre:
            outer[copy_frames[-1].split()[1][:100]] += 1
            inner[copy_frames[0].split()[1][:100]] += 1
print(f"samples {total}; copy guard {100 * guard / total:.1f}% (PCRE2 library and JIT code {100 * pcre / total:.1f}%)")
if "--by-frame" in sys.argv:
    print(f"  PCRE2's JIT code {100 * jit / total:.1f}%, its library {100 * (pcre - jit) / total:.1f}%")
    for name, count in outer.most_common(8):
        print(f"  {100 * count / total:5.1f}% under {name}")
    for name, count in inner.most_common(12):
        print(f"  {100 * count / total:5.1f}% in {name}")
