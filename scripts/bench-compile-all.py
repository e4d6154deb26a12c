#!/usr/bin/env python3
"""Compile-time and compile-memory benchmark of every kernel file, for every target.

Compiles each kernel file of tests/run, samples (OpenCL C and Brook+) and bench with oclc
for OpenCL SPIR-V, Vulkan SPIR-V, a CPU object (--target cpu) and the JIT (every kernel
compiled as `oclc run` does at load: the jit_compile example of the oclc crate), one
process per compile, with the compile options of the file's first RUN line. Prints per
target the slowest files with their wall time, CPU time (user + system: steadier than wall
time on a loaded machine), peak memory (maximum resident set size of the process, from
wait4) and output size, then the totals. A compile that takes minutes or gigabytes for a
12-line kernel shows at once.

usage: scripts/bench-compile-all.py [--targets opencl,vulkan,cpu,jit] [--top N] [-n RUNS]
                                    [--table FILE] [--max-seconds S] [--max-mb MB] [FILE ...]
  OCLC=path/to/oclc, JIT_COMPILE=path/to/jit_compile (default: target/release/..., built
  when missing). With --max-seconds/--max-mb the exit status is 1 when a compile exceeds
  either bound (or fails).
"""

import argparse
import glob
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ("opencl", "vulkan", "cpu", "jit")
TIMEOUT_S = 600


def default_files():
    patterns = [
        "tests/run/*.cl",
        "samples/*.cl",
        "samples/brook/*.br",
        "bench/**/*.cl",
    ]
    files = []
    for p in patterns:
        files += sorted(glob.glob(os.path.join(ROOT, p), recursive=True))
    return files


def build_tools():
    oclc = os.environ.get("OCLC", os.path.join(ROOT, "target/release/oclc"))
    jit = os.environ.get(
        "JIT_COMPILE", os.path.join(ROOT, "target/release/examples/jit_compile")
    )
    if "OCLC" not in os.environ or "JIT_COMPILE" not in os.environ:
        subprocess.run(
            ["cargo", "build", "--release", "-q", "-p", "oclc", "--bin", "oclc",
             "--example", "jit_compile"],
            cwd=ROOT, check=True,
        )
    return oclc, jit


def run_line_options(path):
    """The compile options (-D, -I, -cl-*, -O) of the file's first `// RUN:` line."""
    with open(path, errors="replace") as f:
        for line in f:
            line = line.strip()
            if line.startswith("// RUN:"):
                words = line[len("// RUN:"):].split()
                break
        else:
            return []
    out, i = [], 0
    while i < len(words):
        w = words[i]
        if w in ("-D", "-I") and i + 1 < len(words):
            out += [w, words[i + 1]]
            i += 1
        elif w.startswith(("-D", "-I", "-cl-", "-O")):
            out.append(w)
        i += 1
    return out


def command(target, oclc, jit, path, out):
    opts = ["-I", os.path.dirname(path), *run_line_options(path)]
    if target == "opencl":
        return [oclc, path, *opts, "-o", out]
    if target == "vulkan":
        return [oclc, path, *opts, "--target", "vulkan", "-o", out]
    if target == "cpu":
        return [oclc, path, *opts, "--target", "cpu", "-o", out]
    return [jit, path, *opts]


def measure(cmd):
    """(wall seconds, CPU seconds, peak RSS in MB, exit code) of one process; killed after
    TIMEOUT_S."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    timer = threading.Timer(TIMEOUT_S, lambda: os.kill(p.pid, signal.SIGKILL))
    timer.start()
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    timer.cancel()
    p.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, p.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--top", type=int, default=5, help="slowest files shown per target")
    ap.add_argument("-n", type=int, default=1, help="runs per compile (best time, max memory)")
    ap.add_argument("--table", help="also write every measurement to this file")
    ap.add_argument("--max-seconds", type=float)
    ap.add_argument("--max-mb", type=float)
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    targets = [t for t in args.targets.split(",") if t]
    for t in targets:
        if t not in TARGETS:
            sys.exit(f"unknown target '{t}' (known: {', '.join(TARGETS)})")
    files = [os.path.abspath(f) for f in args.files] or default_files()
    oclc, jit = build_tools()
    rows = []  # (target, file, wall seconds, mb, exit code, output bytes, CPU seconds)
    with tempfile.TemporaryDirectory() as tmp:
        for target in targets:
            for f in files:
                out = os.path.join(tmp, "out")
                best, best_cpu, peak, code = None, None, 0.0, 0
                for _ in range(args.n):
                    if os.path.exists(out):
                        os.remove(out)
                    wall, cpu, mb, code = measure(command(target, oclc, jit, f, out))
                    best = wall if best is None else min(best, wall)
                    best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
                    peak = max(peak, mb)
                size = os.path.getsize(out) if os.path.exists(out) else 0
                rows.append((target, os.path.relpath(f, ROOT), best, peak, code, size, best_cpu))
    report(rows, targets, args.top)
    if args.table:
        with open(args.table, "w") as t:
            t.write(f"{'target':8} {'file':48} {'wall_s':>8} {'cpu_s':>8} {'peak_MB':>8} {'exit':>4} {'bytes':>9}\n")
            for r in rows:
                t.write(f"{r[0]:8} {r[1]:48} {r[2]:8.3f} {r[6]:8.3f} {r[3]:8.1f} {r[4]:4} {r[5]:9}\n")
    over = [
        r for r in rows
        if (args.max_seconds is not None and r[2] > args.max_seconds)
        or (args.max_mb is not None and r[3] > args.max_mb)
    ]
    bounded = args.max_seconds is not None or args.max_mb is not None
    for r in over:
        print(f"OVER BOUND: {r[0]} {r[1]}: {r[2]:.3f} s wall, {r[3]:.1f} MB")
    if bounded and over:
        sys.exit(1)


def report(rows, targets, top):
    for target in targets:
        mine = [r for r in rows if r[0] == target]
        ok = [r for r in mine if r[4] == 0]
        print(f"== {target}: {len(mine)} files, {len(mine) - len(ok)} failed; "
              f"total {sum(r[2] for r in mine):.2f} s wall, {sum(r[6] for r in mine):.2f} s CPU; "
              f"peak {max((r[3] for r in mine), default=0):.0f} MB")
        print(f"   {'file':48} {'wall_s':>8} {'cpu_s':>8} {'peak_MB':>8} {'exit':>4} {'bytes':>9}")
        for r in sorted(mine, key=lambda r: -r[2])[:top]:
            print(f"   {r[1]:48} {r[2]:8.3f} {r[6]:8.3f} {r[3]:8.1f} {r[4]:4} {r[5]:9}")
        by_mem = max(mine, key=lambda r: r[3], default=None)
        if by_mem:
            print(f"   most memory: {by_mem[1]} ({by_mem[3]:.1f} MB)")


if __name__ == "__main__":
    main()
