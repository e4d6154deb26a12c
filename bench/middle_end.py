#!/usr/bin/env python3
"""The middle end's effect on the optimization chapter's convolutions (bench/kernels/
convolve_chapter.cl): each kernel at -O0, -O2 and -O3 through `oclc run` on the CPU and on
PoCL 3.1 from the source, interleaved in rounds; prints the median kernel time of each and
the ratios (-O0/-O2: what the passes gain; PoCL/-O2: above 1 means oclc is faster; plain
Convolve against the hand-derived variants at -O2).

  python3 bench/middle_end.py [--oclc target/release/oclc] [--rounds 3] [--threads 2] [FILTER]
"""
import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys

KERNELS = "bench/kernels/convolve_chapter.cl"


def bench_lines(filt):
    text = open(KERNELS).read()
    for m in re.finditer(r"^// BENCH:\s*([^|]+)\|(.*)$", text, re.M):
        name = m.group(1).strip()
        if filt in name:
            yield name, shlex.split(m.group(2))


def time_run(oclc, args, device_args, repeat, threads):
    # PoCL gets as many threads as oclc (POCL_MAX_PTHREAD_COUNT; without it PoCL takes every core).
    env = dict(os.environ, POCL_MAX_PTHREAD_COUNT=str(threads))
    p = subprocess.run([oclc, "run", KERNELS] + args + device_args
                       + ["--time", "--repeat", str(repeat)], capture_output=True, text=True,
                       env=env)
    m = re.search(r"kernel time: ([0-9.]+) ms", p.stdout)
    if not m:
        sys.exit(f"failed: {' '.join(args + device_args)}\n{p.stderr[-500:]}")
    return float(m.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--oclc", default="target/release/oclc")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("filter", nargs="?", default="")
    o = ap.parse_args()
    configs = {
        "O0": ["--device", "cpu", "-O0", "--threads", str(o.threads)],
        "O2": ["--device", "cpu", "-O2", "--threads", str(o.threads)],
        "O3": ["--device", "cpu", "-O3", "--threads", str(o.threads)],
        "PoCL": ["--device", "opencl"],
    }
    rows = {}
    for name, args in bench_lines(o.filter):
        times = {c: [] for c in configs}
        for _ in range(o.rounds):
            for c, extra in configs.items():
                times[c].append(time_run(o.oclc, args, extra, o.repeat, o.threads))
        med = {c: statistics.median(v) for c, v in times.items()}
        rows[name] = med
        print(f"{name:22s} " + " ".join(f"{c} {med[c]:8.2f}" for c in configs)
              + f" | O0/O2 {med['O0'] / med['O2']:5.2f} O2/O3 {med['O2'] / med['O3']:5.2f}"
              + f" PoCL/O2 {med['PoCL'] / med['O2']:5.2f}", flush=True)
    print("\nplain Convolve at -O2 against the chapter's hand-derived variants at -O2"
          " (above 1: the variant is faster):")
    for w in ("3", "5", "8", "16"):
        base = rows.get(f"ch_Convolve_{w}")
        if not base:
            continue
        parts = []
        for v in ("ConvolveUnroll", "DefConvolve", "ConvolveFloat4", "DefFloat4"):
            r = rows.get(f"ch_{v}_{w}")
            if r:
                parts.append(f"{v} {base['O2'] / r['O2']:.2f}")
        print(f"  width {w:2s}: " + ", ".join(parts))
    geo = lambda xs: statistics.geometric_mean(xs) if xs else float("nan")
    print(f"\ngeometric means: O0/O2 {geo([r['O0'] / r['O2'] for r in rows.values()]):.2f}, "
          f"O2/O3 {geo([r['O2'] / r['O3'] for r in rows.values()]):.2f}, "
          f"PoCL/O2 {geo([r['PoCL'] / r['O2'] for r in rows.values()]):.2f}")


if __name__ == "__main__":
    main()
