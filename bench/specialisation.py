#!/usr/bin/env python3
"""Argument specialisation on the chapter's convolution and the naive matrix multiply.

For each filter width it runs, side by side in rounds (so that the shared machine's load
falls on every variant alike): Convolve generic at -O2 and at -O3,
Convolve at -O3 specialised on its argument values (--specialize-args), DefConvolve with
-DFILTER_WIDTH at -O3 (generic, and specialised on its other arguments), and PoCL running
Convolve from source (bench/kernels/convolve_chapter.cl); then matmul_naive
(bench/kernels/matmul.cl, n = 512 as an argument) generic and specialised at -O3 and on
PoCL. It prints the median of each run's median kernel time, the specialised run's
one-time compile cost, and checks that every oclc variant's output agrees with PoCL's.

    python3 bench/specialisation.py [--oclc target/release/oclc] [--rounds 5] [--threads 2]
"""
import argparse, math, os, re, shlex, statistics, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bench import bench_lines, compare, kernel_ms  # noqa: E402

FILE = os.path.join(HERE, "kernels", "convolve_chapter.cl")
MATMUL = os.path.join(HERE, "kernels", "matmul.cl")

VARIANTS = [
    # name, kernel, device, extra options
    ("Convolve -O2", "Convolve", "cpu", ["-O2"]),
    ("Convolve -O3 generic", "Convolve", "cpu", ["-O3"]),
    ("Convolve -O3 specialised", "Convolve", "cpu", ["-O3", "--specialize-args"]),
    ("DefConvolve -O3", "DefConvolve", "cpu", ["-O3"]),
    ("DefConvolve -O3 specialised", "DefConvolve", "cpu", ["-O3", "--specialize-args"]),
    ("PoCL Convolve", "Convolve", "opencl", []),
]
MATMUL_VARIANTS = [
    ("matmul -O3 generic", "matmul_naive", "cpu", ["-O3"]),
    ("matmul -O3 specialised", "matmul_naive", "cpu", ["-O3", "--specialize-args"]),
    ("PoCL matmul", "matmul_naive", "opencl", []),
]


def args_for(width, kernel):
    """The BENCH line of ch_Convolve_<width> with the kernel and -DFILTER_WIDTH set."""
    benches, _, tol, mismatch = bench_lines(FILE)
    args = dict(benches)[f"ch_Convolve_{width}"]
    i = args.index("--kernel")
    args = args[:i + 1] + [kernel] + args[i + 2:]
    return [f"-DFILTER_WIDTH={width}"] + args, tol, mismatch


def matmul_args(kernel):
    """The BENCH line of matmul_naive."""
    benches, _, tol, mismatch = bench_lines(MATMUL)
    return dict(benches)["matmul_naive"], tol, mismatch


def run_round(opts, env, tmp, key, file, variants, args_of, times, compile_ms, failures):
    """Runs every variant once on `file`; records times (by (key, name)) and compares each
    oclc output with the PoCL one (the variant whose device is opencl)."""
    dumps = {}
    ref = None
    for name, kernel, device, extra in variants:
        args, tol, mismatch = args_of(kernel)
        dump = os.path.join(tmp, f"{key}-{len(dumps)}")
        cmd = [opts.oclc, "run", file] + args + extra + [
            "--device", device, "--time", "--repeat", str(opts.repeat),
            "--threads", str(opts.threads), "--dump", dump]
        p = subprocess.run(cmd, capture_output=True, text=True, env=env)
        ms = kernel_ms(p.stdout)
        if p.returncode != 0 or ms is None:
            failures.append(f"{' '.join(map(shlex.quote, cmd))}: {p.stderr.strip()}")
            continue
        times[(key, name)].append(ms)
        m = re.search(r"compiled in ([0-9.]+) ms", p.stdout)
        if m:
            compile_ms.setdefault((key, name), []).append(float(m.group(1)))
        if device == "opencl":
            ref = dump
        dumps[name] = (dump, args, tol, mismatch)
    for name, (dump, args, tol, mismatch) in dumps.items():
        if ref and dump != ref:
            err = compare(args, dump, ref, tol, mismatch)
            if err:
                failures.append(f"{key}, {name} vs PoCL: {err}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--oclc", default=os.path.join(HERE, "..", "target", "release", "oclc"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--widths", default="3,5,8,16")
    opts = ap.parse_args()
    widths = [int(w) for w in opts.widths.split(",")]
    env = dict(os.environ, POCL_KERNEL_CACHE="0")
    times = {(w, v[0]): [] for w in widths for v in VARIANTS}
    compile_ms = {}
    failures = []
    times.update({("matmul", v[0]): [] for v in MATMUL_VARIANTS})
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(opts.rounds):
            for w in widths:
                run_round(opts, env, tmp, w, FILE, VARIANTS, lambda k, w=w: args_for(w, k),
                          times, compile_ms, failures)
            run_round(opts, env, tmp, "matmul", MATMUL, MATMUL_VARIANTS, matmul_args, times,
                      compile_ms, failures)
            print(f"round {r + 1}/{opts.rounds} done", file=sys.stderr)
    names = [v[0] for v in VARIANTS]
    print("median of per-run median kernel times in ms (rounds: %d, %d timed launches each, "
          "%d threads); in brackets: time / DefConvolve -O3" % (opts.rounds, opts.repeat,
                                                               opts.threads))
    print("width | " + " | ".join(names) + " | specialisation compile ms (once)")
    for w in widths:
        med = {n: statistics.median(times[(w, n)]) if times[(w, n)] else float("nan")
               for n in names}
        base = med["DefConvolve -O3"]
        cells = [f"{med[n]:.2f} ({med[n] / base:.2f})" for n in names]
        comp = statistics.median(compile_ms.get((w, "Convolve -O3 specialised"), [math.nan]))
        print(f"{w} | " + " | ".join(cells) + f" | {comp:.1f}")
    names = [v[0] for v in MATMUL_VARIANTS]
    med = {n: statistics.median(times[("matmul", n)]) if times[("matmul", n)]
           else float("nan") for n in names}
    base = med["matmul -O3 generic"]
    comp = statistics.median(compile_ms.get(("matmul", "matmul -O3 specialised"), [math.nan]))
    print("matmul_naive n=512 | " + " | ".join(f"{n} {med[n]:.2f} ({med[n] / base:.2f})"
                                               for n in names)
          + f" | specialisation compile ms (once) {comp:.1f}; in brackets: time / generic")
    for f in failures:
        print("FAILED:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
