#!/usr/bin/env python3
"""Two oclc builds side by side on the CPU bench (bench/kernels/*.cl BENCH lines).

`bench/ab.py BEFORE AFTER [--threads N] [--repeat N] [--rounds N] [--filter REGEX]` runs every
BENCH line (with `--filter`, those whose name REGEX matches) with `oclc run --device cpu
--time` on each binary in turn, `--rounds` times each (alternating, so both see the same
machine load), and prints the median over the rounds of
each run's median kernel time and the ratio AFTER/BEFORE (below 1: AFTER is faster). Both
runs' buffers are dumped and compared with each other.
"""
import argparse, glob, os, re, statistics, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bench import bench_lines, compare, kernel_ms  # noqa: E402


def timed(oclc, path, args, extra, dump):
    cmd = [oclc, "run", path] + args + ["--device", "cpu", "--time"] + extra + ["--dump", dump]
    p = subprocess.run(cmd, capture_output=True, text=True)
    t = kernel_ms(p.stdout)
    if p.returncode != 0 or t is None:
        sys.exit(f"failed: {' '.join(cmd)}\n{p.stderr}")
    return t


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=5, help="timed launches per run")
    ap.add_argument("--rounds", type=int, default=3, help="runs per binary and kernel")
    ap.add_argument("--filter", default="", help="regular expression the bench names must match")
    a = ap.parse_args()
    extra = ["--repeat", str(a.repeat), "--threads", str(a.threads)]
    print(f"threads: {a.threads}, {a.rounds} runs per binary alternating, {a.repeat} timed "
          f"launches per run; ms = median of the runs' medians [min-max of them]\n")
    print(f"{'kernel':<16}{'before ms':<26}{'after ms':<26}{'after/before':>12}  check")
    ratios = []
    for path in sorted(glob.glob(os.path.join(HERE, "kernels", "*.cl"))):
        benches, _, tol, mismatch = bench_lines(path)
        for name, args in benches:
            if not re.search(a.filter, name):
                continue
            before, after, check = [], [], "ok"
            with tempfile.TemporaryDirectory() as tmp:
                for r in range(a.rounds):
                    db, da = os.path.join(tmp, f"b{r}"), os.path.join(tmp, f"a{r}")
                    before.append(timed(a.before, path, args, extra, db))
                    after.append(timed(a.after, path, args, extra, da))
                    err = compare(args, da, db, tol, mismatch)
                    if err:
                        check = "MISMATCH " + err
            mb, ma = statistics.median(before), statistics.median(after)
            ratios.append(ma / mb)
            cell = lambda m, v: f"{m:.3f} [{min(v):.3f}-{max(v):.3f}]"
            print(f"{name:<16}{cell(mb, before):<26}{cell(ma, after):<26}{ma / mb:>12.2f}  {check}")
    if ratios:
        g = statistics.geometric_mean(ratios)
        print(f"\ngeometric mean after/before over {len(ratios)} kernels: {g:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
