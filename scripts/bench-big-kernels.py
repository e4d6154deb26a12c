#!/usr/bin/env python3
"""Compile time and peak memory on big kernels (issue 19): oclc against clang-14.

Files: the largest kernels of the corpus after preprocessing (hashcat's crypto kernels: tens
of thousands of lines, heavy macros, long unrolled rounds; fetch them with
scripts/corpus/fetch.sh) and generated ones that grow one dimension at a time (a kernel of N
unrolled rounds, N helper functions, N statements in one block), to see how each tool
scales. For every file and tool, the median over --repeat runs of the whole process's wall
time and its peak resident memory (ru_maxrss from wait4):
    oclc -fsyntax-only | oclc (SPIR-V for OpenCL) | oclc --target vulkan | oclc --target cpu
    clang-14 -fsyntax-only | clang-14 -emit-llvm (-O0) + llvm-spirv-14
Writes the table to stdout (bench/results/big-kernels.txt keeps one run).

usage: scripts/bench-big-kernels.py [--oclc PATH] [--repeat N] [--largest N]
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "corpus"))
import check  # noqa: E402  (the corpus's file list and -I/-D flags)

CLANG = ["clang-14", "-cc1", "-triple", "spir64-unknown-unknown", "-cl-std=CL1.2",
         "-finclude-default-header"]


def measure(cmd):
    """(ok, wall seconds, peak RSS in MiB) of CMD."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    return os.waitstatus_to_exitcode(status) == 0, wall, usage.ru_maxrss / 1024.0


def median_run(cmds, repeat):
    """Runs the command list CMDS (one after another, as one step) REPEAT times: the
    median wall time (summed over the commands) and the largest peak RSS, or None."""
    walls, peak = [], 0.0
    for _ in range(repeat):
        total = 0.0
        for cmd in cmds:
            ok, wall, rss = measure(cmd)
            if not ok:
                return None
            total += wall
            peak = max(peak, rss)
        walls.append(total)
    return statistics.median(walls), peak


def generated(tmp):
    """Generated kernels that grow one dimension: (name, path)."""
    out = []
    rounds = "\n".join(
        f"    a = ROTL(a ^ b, {i % 31 + 1}) + c * {i | 1}u; b = (b + a) ^ ROTL(c, {i % 29 + 1});"
        f" c = c + (a & ~b);"
        for i in range(20000))
    body = ("#define ROTL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))\n"
            "kernel void k(global uint *p) {\n"
            "    uint a = p[0], b = p[1], c = p[2];\n" + rounds +
            "\n    p[0] = a; p[1] = b; p[2] = c;\n}\n")
    out.append(("gen: 20000 unrolled rounds, one block", body))
    funcs = "".join(f"uint f{i}(uint x) {{ return x * {2 * i + 1}u + {i}u; }}\n"
                    for i in range(5000))
    calls = " + ".join(f"f{i}(p[{i % 64}])" for i in range(0, 5000, 7))
    out.append(("gen: 5000 helper functions",
                funcs + f"kernel void k(global uint *p) {{ p[0] = {calls}; }}\n"))
    sums = " + ".join(f"p[{i % 64}] * {i}u" for i in range(20000))
    out.append(("gen: one 20000-term sum", f"kernel void k(global uint *p) {{ p[0] = {sums}; }}\n"))
    # A right-nested ?: chain as generated lookup tables are written, just under the
    # front end's nesting limit of 10 000 levels (nesting::MAX_NESTING).
    chain = "".join(f"x == {i}u ? {i * 7 + 3}u : " for i in range(9990))
    out.append(("gen: 9990-level ?: chain", "kernel void k(global uint *p) {\n"
                "    uint x = p[get_global_id(0)];\n"
                f"    p[get_global_id(0)] = {chain}0u;\n}}\n"))
    paths = []
    for i, (name, src) in enumerate(out):
        path = os.path.join(tmp, f"gen{i}.cl")
        with open(path, "w") as f:
            f.write(src)
        paths.append((name, path, []))
    return paths


def largest_corpus_files(oclc, n, tmp):
    """The N corpus files with the most lines after preprocessing: (name, path, flags)."""
    if not os.path.isdir(check.CORPUS):
        return []
    table = check.flags_table()
    sizes = []
    for rel in check.corpus_files():
        flags = check.include_dirs(rel) + check.flags_for(table, rel)
        path = os.path.join(check.CORPUS, rel)
        p = subprocess.run([oclc, path, "-E"] + flags, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL)
        if p.returncode == 0:
            sizes.append((p.stdout.count(b"\n"), rel, path, flags))
    sizes.sort(reverse=True)
    return [(f"{rel} ({lines} lines)", path, flags) for lines, rel, path, flags in sizes[:n]]


def main(argv):
    oclc = os.path.join(check.ROOT, "target", "release", "oclc")
    if "--oclc" in argv:
        oclc = argv[argv.index("--oclc") + 1]
    repeat = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 3
    largest = int(argv[argv.index("--largest") + 1]) if "--largest" in argv else 5
    tmp = tempfile.mkdtemp(prefix="oclc-big-")
    files = largest_corpus_files(oclc, largest, tmp) + generated(tmp)
    spv, bc = os.path.join(tmp, "k.spv"), os.path.join(tmp, "k.bc")
    steps = [
        ("oclc syntax", lambda p, f: [[oclc, p, "-fsyntax-only"] + f]),
        ("oclc opencl", lambda p, f: [[oclc, p, "-o", spv] + f]),
        ("oclc vulkan", lambda p, f: [[oclc, p, "--target", "vulkan", "-o", spv] + f]),
        ("oclc cpu", lambda p, f: [[oclc, p, "--target", "cpu", "-o", os.path.join(tmp, "k.o")] + f]),
        ("clang syntax", lambda p, f: [CLANG + ["-fsyntax-only"] + f + [p]]),
        ("clang+llvm-spirv", lambda p, f: [CLANG + ["-emit-llvm-bc", "-o", bc] + f + [p],
                                           ["llvm-spirv-14", bc, "-o", spv]]),
    ]
    print(f"median of {repeat} runs; wall seconds / peak RSS MiB; '-' = the tool rejects "
          "the file")
    for name, path, flags in files:
        print(f"\n{name}")
        for label, cmds in steps:
            r = median_run(cmds(path, flags), repeat)
            cell = "-" if r is None else f"{r[0]:7.2f} s {r[1]:7.0f} MiB"
            print(f"  {label:<17} {cell}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
