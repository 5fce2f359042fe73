#!/usr/bin/env python3
"""Markdown tables of `cairn evaluate --format json` rows for BENCHMARKS.md ("Findings that are
there"): Cairn's rate beside the oracle's, each with its Wilson 95% interval, and the gap.

  oracle_table.py false-findings ROWS.json...     one row per scenario, one column per module
  oracle_table.py detection ROWS.json...          one row per scenario, module and effect size
"""
import json
import sys


def pct(x):
    return f"{x * 100:.1f}".rstrip("0").rstrip(".")


def interval(ci):
    return f"[{pct(ci[0])}, {pct(ci[1])}]" if ci else ""


def rows(paths):
    out = []
    for path in paths:
        with open(path) as f:
            out += json.load(f)
    return out


def name(r):
    """The module, and its setting when not the defaults (a `--set` grid)."""
    return r["module"] if r.get("setting", "defaults") == "defaults" else f"{r['module']} {r['setting']}"


def false_findings(data):
    modules = list(dict.fromkeys(name(r) for r in data))
    print("| scenario | " + " | ".join(f"{m} (oracle)" for m in modules) + " |")
    print("| --- |" + " --- |" * len(modules))
    for scenario in dict.fromkeys(r["scenario"] for r in data):
        cells = []
        for module in modules:
            row = next((r for r in data if r["scenario"] == scenario and name(r) == module), None)
            if row is None:
                cells.append("")
                continue
            oracle = row.get("oracle_false_finding_rate")
            cells.append(f"{pct(row['false_finding_rate'])}% {interval(row['false_finding_ci95'])}"
                         + (f" ({pct(oracle)}% {interval(row['oracle_false_finding_ci95'])})" if oracle is not None else ""))
        print(f"| {scenario} | " + " | ".join(cells) + " |")


def detection(data):
    print("| scenario | module | effect | profiles | Cairn | oracle | gap (points) | Cairn's false findings |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in data:
        if r.get("detection_rate") is None:
            continue
        gap = r.get("detection_gap")
        print(f"| {r['scenario']} | {name(r)} | {r['effect']} | {r['profiles']} | "
              f"{pct(r['detection_rate'])}% {interval(r['detection_ci95'])} | "
              f"{pct(r['oracle_detection_rate'])}% {interval(r['oracle_detection_ci95'])} | "
              f"{'+' if gap > 0 else ''}{pct(gap) if gap else '0'} | {pct(r['false_finding_rate'])}% {interval(r['false_finding_ci95'])} |")


if __name__ == "__main__":
    {"false-findings": false_findings, "detection": detection}[sys.argv[1]](rows(sys.argv[2:]))
