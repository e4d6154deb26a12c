#!/usr/bin/env python3
"""Small-launch latency: oclc's CPU device vs PoCL on samples/vecadd.cl.

For each element count and local size, runs `oclc run --time --repeat R` on `--device cpu`
and on `--device opencl` (PoCL compiling the same source, timed by event profiling)
alternately, `--rounds` times each, with the same thread count (`--threads`,
`POCL_MAX_PTHREAD_COUNT`). Every run's buffers are dumped and compared. Prints, per shape,
the median over the rounds of each run's median kernel time, the spread of those medians,
and the ratio PoCL/oclc (above 1: oclc is faster). `--kernel FILE:NAME` (repeatable) times
other kernels with vecadd's parameters (three float buffers), e.g.
bench/kernels/vector_add.cl:vector_add or bench/launch/empty.cl:empty (a launch's own cost).
"""
import argparse, os, statistics, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bench import compare, kernel_ms  # noqa: E402

ROOT = os.path.join(HERE, "..")


def vecadd_args(kernel, n, local):
    return ["--kernel", kernel, "--global", str(n), "--local", str(local),
            "--arg", f"f32[{n}]=rand:1", "--arg", f"f32[{n}]=rand:2", "--arg", f"f32[{n}]=zeros"]


def timed_run(oclc, path, args, device, extra, env, dump):
    cmd = [oclc, "run", path] + args + ["--device", device] + extra + ["--dump", dump]
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    t = kernel_ms(p.stdout)
    if p.returncode != 0 or t is None:
        sys.exit(f"{device} failed: {' '.join(cmd)}\n{p.stderr}")
    return t


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--oclc", default=os.environ.get("OCLC", os.path.join(HERE, "..", "target", "release", "oclc")))
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=200, help="timed launches per run")
    ap.add_argument("--rounds", type=int, default=5, help="runs per device and shape")
    ap.add_argument("--sizes", default="4096,65536,262144")
    ap.add_argument("--locals", default="64,256")
    ap.add_argument("--kernel", action="append", metavar="FILE:NAME",
                    help="kernel to time (default samples/vecadd.cl:vecadd), repeatable")
    a = ap.parse_args()
    env = dict(os.environ, POCL_MAX_PTHREAD_COUNT=str(a.threads))
    timing = ["--time", "--repeat", str(a.repeat)]
    print(f"threads: {a.threads}, {a.rounds} runs per device alternating, {a.repeat} timed "
          f"launches per run; ms = median of the runs' medians [min-max of them]\n")
    print(f"{'kernel':<11}{'elements':>9}{'local':>6}  {'oclc ms':<24}{'PoCL ms':<24}"
          f"{'PoCL/oclc':>9}  check")
    worst = None
    for spec in a.kernel or ["samples/vecadd.cl:vecadd"]:
        file, kernel = spec.rsplit(":", 1)
        path = os.path.join(ROOT, file)
        for n in [int(s) for s in a.sizes.split(",")]:
            for local in [int(s) for s in a.locals.split(",")]:
                args = vecadd_args(kernel, n, local)
                ours, theirs, check = [], [], "ok"
                with tempfile.TemporaryDirectory() as tmp:
                    for r in range(a.rounds):
                        dc, do = os.path.join(tmp, f"cpu{r}"), os.path.join(tmp, f"ocl{r}")
                        ours.append(timed_run(a.oclc, path, args, "cpu",
                                              timing + ["--threads", str(a.threads)], env, dc))
                        theirs.append(timed_run(a.oclc, path, args, "opencl", timing, env, do))
                        err = compare(args, dc, do, (0.0, 0.0), 0.0)
                        if err:
                            check = "MISMATCH " + err
                mo, mt = statistics.median(ours), statistics.median(theirs)
                ratio = mt / mo
                worst = ratio if worst is None else min(worst, ratio)
                cell = lambda m, v: f"{m:.4f} [{min(v):.4f}-{max(v):.4f}]"
                print(f"{kernel:<11}{n:>9}{local:>6}  {cell(mo, ours):<24}{cell(mt, theirs):<24}"
                      f"{ratio:>9.2f}  {check}")
    print(f"\nlowest PoCL/oclc: {worst:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
