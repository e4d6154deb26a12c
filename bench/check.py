#!/usr/bin/env python3
"""Speed of `oclc run --check` (see README.md in this folder).

For the first `// BENCH:` line of every bench/kernels/*.cl file it times `oclc run --time`
unchecked and with `--check` (median kernel time, same thread count), checks that the checked
run reports nothing and leaves every buffer byte for byte as the unchecked run does, and
prints checked/unchecked. Oclgrind (its OpenCL device, through an ICD file naming
/usr/lib/oclgrind/liboclgrind-rt-icd.so, with OCLGRIND_DATA_RACES=1 OCLGRIND_UNINITIALIZED=1)
is too slow for those sizes, so it runs the file's `// BENCH-TINY:` line, timed as its
event profiling reports it, beside oclc's checked run of the same line.
"""
import argparse, glob, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import bench_lines, kernel_ms, HERE  # noqa: E402


def timed(oclc, path, args, extra, env=None, timeout=600):
    cmd = [oclc, "run", path] + args + extra
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    if p.returncode != 0:
        return None, p.stderr.strip()[:300]
    return kernel_ms(p.stdout), None


def same_dumps(a, b):
    names = sorted(os.listdir(a))
    return names == sorted(os.listdir(b)) and all(
        open(os.path.join(a, n), "rb").read() == open(os.path.join(b, n), "rb").read()
        for n in names)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--oclc", default=os.environ.get(
        "OCLC", os.path.join(HERE, "..", "target", "release", "oclc")))
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--filter", default="")
    ap.add_argument("--oclgrind-timeout", type=int, default=300)
    a = ap.parse_args()
    icd = tempfile.mkdtemp()
    lib = "/usr/lib/oclgrind/liboclgrind-rt-icd.so"
    have_oclgrind = os.path.exists(lib)
    with open(os.path.join(icd, "oclgrind.icd"), "w") as f:
        f.write(lib + "\n")
    genv = dict(os.environ, OCL_ICD_VENDORS=icd, OCLGRIND_DATA_RACES="1",
                OCLGRIND_UNINITIALIZED="1")
    common = ["--threads", str(a.threads), "--time", "--repeat", str(a.repeat)]
    print(f"{'kernel':<16} {'unchecked ms':>12} {'checked ms':>11} {'ratio':>6}   "
          f"{'tiny: checked ms':>16} {'Oclgrind ms':>12} {'Oclgrind/checked':>16}")
    failed = False
    for path in sorted(glob.glob(os.path.join(HERE, "kernels", "*.cl"))):
        benches, tiny, _, _ = bench_lines(path)
        if not benches or a.filter not in os.path.basename(path):
            continue
        name, args = benches[0]
        with tempfile.TemporaryDirectory() as d:
            plain, err = timed(a.oclc, path, args, common + ["--dump", d + "/plain"])
            checked, cerr = timed(a.oclc, path, args,
                                  common + ["--check", "--dump", d + "/check"])
            if err or cerr:
                print(f"{name}: failed: {err or cerr}")
                failed = True
                continue
            if not same_dumps(d + "/plain", d + "/check"):
                print(f"{name}: the checked run's buffers differ")
                failed = True
        row = f"{name:<16} {plain:>12.3f} {checked:>11.3f} {checked / plain:>6.2f}"
        if tiny and have_oclgrind:
            tchecked, _ = timed(a.oclc, path, tiny,
                                ["--threads", "1", "--time", "--repeat", "3", "--check"])
            grind, gerr = timed(a.oclc, path, tiny,
                                ["--device", "opencl", "--opencl-device", "Oclgrind",
                                 "--time", "--repeat", "1"], genv, a.oclgrind_timeout)
            if grind is None or tchecked is None:
                row += f"   {'-':>16} {gerr or 'failed':>12}"
            else:
                row += f"   {tchecked:>16.3f} {grind:>12.1f} {grind / tchecked:>16.0f}"
        print(row, flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
