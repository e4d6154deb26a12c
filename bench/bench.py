#!/usr/bin/env python3
"""oclc CPU vs PoCL benchmark driver (see README.md in this folder).

For every `// BENCH: NAME | ARGS` line of bench/kernels/*.cl it runs
`oclc run FILE ARGS --time` on `--device cpu` and on `--device opencl` (PoCL compiling the
source) with the same sizes and thread count, checks that every buffer agrees (dump + compare),
and prints per-kernel times, the ratio PoCL/oclc and the geometric mean. Build time is the
wall time of a whole `oclc run` of the file's `// BENCH-TINY:` line (source to result on a
tiny range) on each device, with PoCL's kernel cache disabled.
"""
import argparse, glob, math, os, re, shlex, struct, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))


def bench_lines(path):
    text = open(path).read()
    benches = [(m.group(1).strip(), shlex.split(m.group(2)))
               for m in re.finditer(r"^// BENCH:\s*([^|]+)\|(.*)$", text, re.M)]
    tiny = re.search(r"^// BENCH-TINY:(.*)$", text, re.M)
    tol = re.search(r"^// TOLERANCE:\s*(\S+)\s+(\S+)", text, re.M)
    mismatch = re.search(r"^// MISMATCH:\s*(\S+)", text, re.M)
    return (benches, shlex.split(tiny.group(1)) if tiny else None,
            (float(tol.group(1)), float(tol.group(2))) if tol else (1e-5, 1e-6),
            float(mismatch.group(1)) if mismatch else 0.0)


def run(oclc, path, args, device, extra, env):
    cmd = [oclc, "run", path] + args + ["--device", device] + extra
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t0
    return p, wall


def kernel_ms(out):
    m = re.search(r"kernel time: ([0-9.]+) ms", out)
    return float(m.group(1)) if m else None


FMT = {"i8": "b", "u8": "B", "i16": "h", "u16": "H", "i32": "i", "u32": "I", "i64": "q",
       "u64": "Q", "f32": "f", "f64": "d"}


def compare(args, a_dir, b_dir, tol, mismatch):
    """Compares every dumped buffer; returns an error string or None."""
    specs = [args[i + 1] for i in range(len(args) - 1) if args[i] == "--arg"]
    rtol, atol = tol
    for k, spec in enumerate(specs):
        if "[" not in spec:
            continue
        scalar = spec.split("[")[0].split("x")[0]
        if spec.startswith("image"):
            # image2d:ORDER:CHANNEL[...]: the texels as stored, channel by channel.
            channel = spec.split("[")[0].split(":")[-1]
            scalar = {"unorm8": "u8", "snorm8": "i8", "unorm16": "u16", "snorm16": "i16"}.get(
                channel, channel)
        fa, fb = os.path.join(a_dir, f"arg{k}.bin"), os.path.join(b_dir, f"arg{k}.bin")
        if not (os.path.exists(fa) and os.path.exists(fb)):
            return f"arg{k}: missing dump"
        da, db = open(fa, "rb").read(), open(fb, "rb").read()
        if len(da) != len(db):
            return f"arg{k}: sizes differ"
        if scalar == "f16":
            continue
        f = FMT[scalar]
        n = len(da) // struct.calcsize(f)
        va, vb = struct.unpack(f"<{n}{f}", da), struct.unpack(f"<{n}{f}", db)
        bad = 0
        for x, y in zip(va, vb):
            if scalar[0] == "f":
                if math.isnan(x) and math.isnan(y):
                    continue
                if abs(x - y) > atol + rtol * abs(y):
                    bad += 1
            elif x != y:
                bad += 1
        if bad > mismatch * n:
            return f"arg{k}: {bad} of {n} elements differ"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--oclc", default=os.environ.get("OCLC", os.path.join(HERE, "..", "target", "release", "oclc")))
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--filter", default="")
    ap.add_argument("--device", default="cpu", choices=["cpu", "vulkan"],
                    help="oclc's device: cpu (default) or vulkan")
    ap.add_argument("--tiny", action="store_true",
                    help="run each file's BENCH-TINY line instead of its BENCH lines (a quick "
                         "functional check, e.g. on lavapipe)")
    ap.add_argument("--oclc-flag", action="append", default=[], metavar="FLAG",
                    help="extra option for oclc's own runs, repeatable (e.g. --oclc-flag=-O0 "
                         "to time the CPU backend without its vectorize stage)")
    ap.add_argument("--opencl-device", default="",
                    help="reference OpenCL device filter (e.g. NVIDIA); default: the first device")
    a = ap.parse_args()
    env = dict(os.environ, POCL_KERNEL_CACHE="0", POCL_MAX_PTHREAD_COUNT=str(a.threads))
    threads = ["--threads", str(a.threads)] if a.device == "cpu" else []
    ref = ["--opencl-device", a.opencl_device] if a.opencl_device else []
    rows, builds = [], []
    for path in sorted(glob.glob(os.path.join(HERE, "kernels", "*.cl"))):
        benches, tiny, tol, mismatch = bench_lines(path)
        if a.tiny:
            stem = os.path.splitext(os.path.basename(path))[0]
            benches = [(stem + "-tiny", tiny)] if tiny else []
        for name, args in benches:
            if a.filter not in name:
                continue
            with tempfile.TemporaryDirectory() as tmp:
                dc, do = os.path.join(tmp, "cpu"), os.path.join(tmp, "ocl")
                timing = ["--time", "--repeat", str(a.repeat)]
                pc, _ = run(a.oclc, path, args, a.device,
                            timing + threads + a.oclc_flag + ["--dump", dc], env)
                po, _ = run(a.oclc, path, args, "opencl", timing + ref + ["--dump", do], env)
                tc, to = kernel_ms(pc.stdout), kernel_ms(po.stdout)
                if pc.returncode != 0 or tc is None:
                    rows.append((name, None, to, "oclc failed: " + (pc.stderr.strip().splitlines() or ["?"])[-1]))
                    continue
                if po.returncode != 0 or to is None:
                    rows.append((name, tc, None, "PoCL failed: " + (po.stderr.strip().splitlines() or ["?"])[-1]))
                    continue
                err = compare(args, dc, do, tol, mismatch)
                rows.append((name, tc, to, "MISMATCH " + err if err else "ok"))
        if tiny and (not a.filter or any(a.filter in n for n, _ in benches)):
            pc, wc = run(a.oclc, path, tiny, a.device, threads + a.oclc_flag, env)
            po, wo = run(a.oclc, path, tiny, "opencl", ref, env)
            builds.append((os.path.basename(path), wc if pc.returncode == 0 else None,
                           wo if po.returncode == 0 else None))
    flags = f", oclc flags: {' '.join(a.oclc_flag)}" if a.oclc_flag else ""
    print(f"oclc device: {a.device}, threads: {a.threads}, timed launches: {a.repeat} (median){flags}\n")
    print(f"{'kernel':<20}{'oclc ms':>12}{'PoCL ms':>12}{'PoCL/oclc':>11}  check")
    ratios = []
    for name, tc, to, status in rows:
        r = to / tc if tc and to else None
        if r and status == "ok":
            ratios.append(r)
        fmt = lambda v: f"{v:12.3f}" if v is not None else f"{'-':>12}"
        print(f"{name:<20}{fmt(tc)}{fmt(to)}{(f'{r:11.2f}' if r else f'{chr(45):>11}')}  {status}")
    if ratios:
        g = math.exp(sum(map(math.log, ratios)) / len(ratios))
        print(f"\ngeometric mean PoCL/oclc over {len(ratios)} agreeing kernels: {g:.2f}")
    print(f"\n{'build (tiny run, wall s)':<26}{'oclc':>9}{'PoCL':>9}{'PoCL/oclc':>11}")
    bratios = []
    for name, wc, wo in builds:
        r = wo / wc if wc and wo else None
        if r:
            bratios.append(r)
        f = lambda v: f"{v:9.3f}" if v is not None else f"{'fail':>9}"
        print(f"{name:<26}{f(wc)}{f(wo)}{(f'{r:11.2f}' if r else f'{chr(45):>11}')}")
    if bratios:
        g = math.exp(sum(map(math.log, bratios)) / len(bratios))
        print(f"geometric mean build PoCL/oclc: {g:.2f}")
    return 0 if all(s == "ok" for *_, s in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
