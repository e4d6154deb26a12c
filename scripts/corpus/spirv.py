#!/usr/bin/env python3
"""SPIR-V over the real-kernel corpus (issue 4): oclc next to clang-14 + llvm-spirv-14.

For every file of oclc_accepted.txt (the corpus files the front end accepts; fetch them with
fetch.sh) compiles source to .spv twice, with the file's -I/-D flags (see check.py):
    oclc FILE -o oclc.spv
    clang-14 -c -target spir64-unknown-unknown -cl-std=CL1.2 -Xclang -finclude-default-header
             -emit-llvm -o k.bc FILE  &&  llvm-spirv-14 k.bc -o clang.spv
and runs spirv-val on both modules. Prints how many modules each path makes valid, the
first error of every oclc failure, and the per-file compile-time ratio (whole processes,
source to .spv; median and total).

Options:
  --oclc PATH        the oclc binary (default: $OCLC, else target-corpus/release/oclc)
  --baseline-check   exit 1 when a file of oclc_spirv_valid.txt no longer gives a valid module
  --write-baseline   rewrite oclc_spirv_valid.txt with the files that give valid modules now
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

import check

BASELINE = os.path.join(check.HERE, "oclc_spirv_valid.txt")
CLANG = ["clang-14", "-c", "-target", "spir64-unknown-unknown", "-cl-std=CL1.2",
         "-Xclang", "-finclude-default-header", "-emit-llvm"]


def timed(cmd):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       errors="replace")
    return p, time.perf_counter() - t0


def valid(spv):
    p = subprocess.run(["spirv-val", spv], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, errors="replace")
    return p.returncode == 0, (p.stderr or p.stdout).strip()


def main(argv):
    oclc = os.environ.get("OCLC") or os.path.join(check.ROOT, "target-corpus", "release", "oclc")
    if "--oclc" in argv:
        oclc = argv[argv.index("--oclc") + 1]
    if not os.path.isdir(check.CORPUS):
        print("corpus not fetched; run scripts/corpus/fetch.sh")
        return 0
    table = check.flags_table()
    files = [f for f in check.read_list(check.BASELINE)
             if os.path.exists(os.path.join(check.CORPUS, f))]
    tmp = tempfile.mkdtemp(prefix="oclc-spirv-corpus-")
    oclc_ok, clang_ok, failures, ratios = set(), set(), [], []
    t_oclc = t_clang = 0.0
    for rel in files:
        path = os.path.join(check.CORPUS, rel)
        extra = check.include_dirs(rel) + table.get(rel, [])
        ours = os.path.join(tmp, "oclc.spv")
        p, dt = timed([oclc, path, "-o", ours] + extra)
        t_oclc += dt
        if p.returncode != 0:
            failures.append((rel, check.first_error(p.stderr)))
        else:
            ok, err = valid(ours)
            if ok:
                oclc_ok.add(rel)
            else:
                failures.append((rel, "spirv-val: " + err.splitlines()[0]))
        bc, theirs = os.path.join(tmp, "k.bc"), os.path.join(tmp, "clang.spv")
        p1, dt1 = timed(CLANG + extra + ["-o", bc, path])
        dt2 = 0.0
        if p1.returncode == 0:
            p2, dt2 = timed(["llvm-spirv-14", bc, "-o", theirs])
            if p2.returncode == 0 and valid(theirs)[0]:
                clang_ok.add(rel)
        t_clang += dt1 + dt2
        if p.returncode == 0 and dt > 0:
            ratios.append((dt1 + dt2) / dt)

    print(f"files the front end accepts:            {len(files)}")
    print(f"valid SPIR-V from oclc:                 {len(oclc_ok)}")
    print(f"valid SPIR-V from clang-14+llvm-spirv-14: {len(clang_ok)}")
    print(f"oclc failures: {len(failures)}")
    for rel, err in failures:
        print(f"  {rel}: {err}")
    print(f"oclc wall time:               {t_oclc:8.3f} s")
    print(f"clang+llvm-spirv wall time:   {t_clang:8.3f} s")
    if ratios:
        print(f"compile time ratio (clang+llvm-spirv / oclc), per file: median "
              f"{statistics.median(ratios):.1f}x over {len(ratios)} files")

    if "--write-baseline" in argv:
        with open(BASELINE, "w") as f:
            f.write("# Corpus files (relative to .cache/corpus) for which oclc emits a module\n"
                    "# spirv-val accepts; tests/corpus.rs fails when one of them regresses.\n"
                    "# Regenerate: scripts/corpus/spirv.py --write-baseline\n")
            for rel in sorted(oclc_ok):
                f.write(rel + "\n")
        print(f"wrote {os.path.relpath(BASELINE, check.ROOT)} ({len(oclc_ok)} files)")
    if "--baseline-check" in argv:
        lost = [rel for rel in check.read_list(BASELINE) if rel in files and rel not in oclc_ok]
        if lost:
            print(f"REGRESSION: {len(lost)} file(s) no longer give valid SPIR-V:")
            for rel in lost:
                print(f"  {rel}")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
