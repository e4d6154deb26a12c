#!/usr/bin/env python3
"""Runs every `// RUN:` line of samples/ and tests/run/ through `oclc run --device vulkan`
and through a vendor OpenCL device compiling the source (`--device opencl`), and compares the
buffers (integers exactly, floats within the file's `// TOLERANCE: RTOL ATOL`, default
1e-5 1e-6), like tests/run_reference.rs does with lavapipe and PoCL. For GPU machines where
the test suite's tools (PoCL, llvm-spirv-14) are absent.

usage: scripts/gpu-differential.py OCLC_BINARY [--opencl-device FILTER]
       (GPU_DIFF_FILTER=REGEX limits the run to matching files; GPU_DIFF_TIMEOUT=S bounds each
       `oclc run`, default 120 s)

Prints every RUN line's outcome as it goes (agreeing ones as `ok` with their time), so that a
run cut short by a time limit still says how far it got and which kernel was slow.
"""
import glob, os, re, shlex, struct, subprocess, sys, tempfile, time

FMT = {"f32": "f", "f64": "d", "f16": "e", "i8": "b", "u8": "B", "i16": "h", "u16": "H",
       "i32": "i", "u32": "I", "i64": "q", "u64": "Q"}


def arg_types(run):
    """The scalar type of each --arg buffer spec, in order (None for non-buffers)."""
    out, it = [], iter(run)
    for a in it:
        if a == "--arg":
            spec = next(it)
            m = re.match(r"([a-z]\d+)(x\d+)?\[", spec)
            out.append(m.group(1) if m else None)
    return out


def compare(a, b, scalar, rtol, atol):
    """None when the buffers agree, else a description of the first difference."""
    if scalar not in FMT:
        return None if a == b else "bytes differ"
    size = struct.calcsize(FMT[scalar])
    if len(a) != len(b):
        return "sizes differ"
    n = len(a) // size
    xs = struct.unpack(f"<{n}{FMT[scalar]}", a)
    ys = struct.unpack(f"<{n}{FMT[scalar]}", b)
    for i, (x, y) in enumerate(zip(xs, ys)):
        if x == y or (x != x and y != y):
            continue
        if scalar[0] == "f" and abs(x - y) <= atol + rtol * abs(y):
            continue
        return f"element {i}: vulkan {x!r}, reference {y!r}"
    return None


def run_oclc(argv):
    """`oclc run` with a time limit; a run past it fails with a TIMEOUT message."""
    limit = float(os.environ.get("GPU_DIFF_TIMEOUT", "120"))
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(argv, 124, "", f"TIMEOUT after {limit:.0f} s")


def main():
    oclc = sys.argv[1]
    extra = sys.argv[2:]
    files = sorted(glob.glob("samples/*.cl")) + sorted(glob.glob("tests/run/*.cl"))
    only = os.environ.get("GPU_DIFF_FILTER")
    if only:
        files = [f for f in files if re.search(only, f)]
    ok = bad = skipped = 0
    for f in files:
        text = open(f).read()
        runs = [shlex.split(l.split("RUN:", 1)[1]) for l in text.splitlines() if l.startswith("// RUN:")]
        tol = re.search(r"// TOLERANCE: *(\S+) +(\S+)", text)
        rtol, atol = (float(tol.group(1)), float(tol.group(2))) if tol else (1e-5, 1e-6)
        vk_unsupported = "// VULKAN-UNSUPPORTED:" in text
        run_only = "// VULKAN-RUN-ONLY:" in text
        for n, run in enumerate(runs):
            name = f"{f}#{n}"
            with tempfile.TemporaryDirectory() as d:
                start = time.monotonic()
                ref = run_oclc([oclc, "run", f, *run, "--device", "opencl", *extra, "--dump", f"{d}/ref"])
                vk = run_oclc([oclc, "run", f, *run, "--device", "vulkan", "--dump", f"{d}/vk"])
                took = time.monotonic() - start
                if vk_unsupported:
                    print(f"{name}: marked VULKAN-UNSUPPORTED: vulkan {'FAILED as expected' if vk.returncode else 'SUCCEEDED'}")
                    skipped += 1
                    continue
                if ref.returncode != 0:
                    print(f"{name}: reference failed: {ref.stderr.strip()[:300]}")
                    skipped += 1
                    continue
                if vk.returncode != 0:
                    print(f"{name}: VULKAN FAILED: {vk.stderr.strip()[:300]}")
                    bad += 1
                    continue
                if run_only:
                    print(f"{name}: ran (results not compared: VULKAN-RUN-ONLY)")
                    ok += 1
                    continue
                diffs = []
                for i, scalar in enumerate(arg_types(run)):
                    p, q = f"{d}/vk/arg{i}.bin", f"{d}/ref/arg{i}.bin"
                    if scalar is None or not os.path.exists(p):
                        continue
                    why = compare(open(p, "rb").read(), open(q, "rb").read(), scalar, rtol, atol)
                    if why:
                        diffs.append(f"arg{i} ({why})")
                if diffs:
                    print(f"{name}: MISMATCH in {', '.join(diffs)}")
                    bad += 1
                else:
                    print(f"{name}: ok ({took:.1f} s)")
                    ok += 1
    print(f"\n{ok} RUN lines agree, {bad} differ or fail, {skipped} skipped (reference failed or marked)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
