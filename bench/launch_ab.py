#!/usr/bin/env python3
"""vecadd launches of several oclc builds and PoCL, interleaved round by round.

`bench/launch_ab.py LABEL=OCLC [LABEL=OCLC ...] [--sizes ...] [--locals ...] [--rounds N]
[--repeat N] [--threads N]`: per shape and round, runs `oclc run --time` on `--device cpu`
with each binary in turn and then on `--device opencl` (PoCL through the first binary,
`POCL_MAX_PTHREAD_COUNT` = threads), so that every build and PoCL see the same load. Prints
the median over the rounds of each run's median kernel time [min-max of those medians] and
PoCL/oclc per build (above 1: oclc faster). A binary may be a wrapper script that sets
environment variables. Outputs are not compared (bench/launch_latency.py does).
"""
import argparse, os, statistics, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bench import kernel_ms  # noqa: E402

VECADD = os.path.join(HERE, "..", "samples", "vecadd.cl")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bins", nargs="+", metavar="LABEL=OCLC")
    ap.add_argument("--sizes", default="4096,65536,262144,1048576")
    ap.add_argument("--locals", default="64,256")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=200)
    ap.add_argument("--threads", type=int, default=2)
    a = ap.parse_args()
    bins = [b.split("=", 1) for b in a.bins]
    env = dict(os.environ, POCL_MAX_PTHREAD_COUNT=str(a.threads))

    def run(binary, device, n, local):
        cmd = [binary, "run", VECADD, "--kernel", "vecadd", "--global", str(n),
               "--local", str(local), "--arg", f"f32[{n}]=rand:1", "--arg", f"f32[{n}]=rand:2",
               "--arg", f"f32[{n}]=zeros", "--device", device, "--time", "--repeat", str(a.repeat)]
        if device == "cpu":
            cmd += ["--threads", str(a.threads)]
        p = subprocess.run(cmd, capture_output=True, text=True, env=env)
        t = kernel_ms(p.stdout)
        if p.returncode != 0 or t is None:
            sys.exit(f"{device} failed: {' '.join(cmd)}\n{p.stderr}")
        return t

    cell = lambda v: f"{statistics.median(v):.4f}[{min(v):.4f}-{max(v):.4f}]"
    print(f"load {os.getloadavg()}; threads {a.threads}, rounds {a.rounds}, repeat {a.repeat}")
    print(f"{'n':>8} {'l':>4} " + " ".join(f"{lab:>24}" for lab, _ in bins) + f" {'pocl':>24} "
          + " ".join(f"{'P/' + lab:>9}" for lab, _ in bins))
    for n in map(int, a.sizes.split(",")):
        for local in map(int, a.locals.split(",")):
            ours = {lab: [] for lab, _ in bins}
            pocl = []
            for _ in range(a.rounds):
                for lab, b in bins:
                    ours[lab].append(run(b, "cpu", n, local))
                pocl.append(run(bins[0][1], "opencl", n, local))
            mp = statistics.median(pocl)
            print(f"{n:>8} {local:>4} " + " ".join(f"{cell(ours[lab]):>24}" for lab, _ in bins)
                  + f" {cell(pocl):>24} "
                  + " ".join(f"{mp / statistics.median(ours[lab]):>9.2f}" for lab, _ in bins),
                  flush=True)
    print(f"load {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
