#!/usr/bin/env python3
"""Compare oclc's -fsyntax-only with clang-14's on the real-kernel corpus (issue 3).

For every .cl file under .cache/corpus/ (see fetch.sh) runs
    oclc FILE -fsyntax-only -I DIR... -D ...
    clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL1.2 -finclude-default-header \
             -fsyntax-only -I DIR... -D ... FILE
where the -I folders are the file's own folder and its parents up to the project folder
(.cache/corpus/PROJECT), and the -D flags come from flags.txt. Prints the totals, oclc's first
error for each file clang accepts and oclc rejects, and both tools' total wall time and CPU
time (user + system of each process, from wait4: steadier than wall time on a busy machine).

Options:
  --oclc PATH        the oclc binary (default: $OCLC, else target-corpus/release/oclc)
  --no-clang         skip clang (only oclc's numbers)
  --baseline-check   exit 1 when oclc rejects a file listed in oclc_accepted.txt
  --write-baseline   rewrite oclc_accepted.txt with the files oclc accepts now
  --repeat N         time N passes over the corpus and report each tool's median (default 1)
"""
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(ROOT, ".cache", "corpus")
FLAGS = os.path.join(HERE, "flags.txt")
BASELINE = os.path.join(HERE, "oclc_accepted.txt")
CLANG = ["clang-14", "-cc1", "-triple", "spir64-unknown-unknown", "-cl-std=CL1.2",
         "-finclude-default-header", "-fsyntax-only"]


def read_list(path):
    """Lines of PATH without comments and blanks."""
    if not os.path.exists(path):
        return []
    out = []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                out.append(line)
    return out


def flags_table():
    """flags.txt: `RELATIVE/PATH.cl FLAG...` (path relative to .cache/corpus)."""
    table = {}
    for line in read_list(FLAGS):
        parts = line.split()
        table.setdefault(parts[0], []).extend(parts[1:])
    return table


def include_dirs(rel):
    """The file's folder and its parents up to the project folder, innermost first."""
    parts = rel.split("/")[:-1]
    dirs = []
    while len(parts) >= 1:
        dirs.append(os.path.join(CORPUS, *parts))
        parts = parts[:-1]
    out = []
    for d in dirs:
        out += ["-I", d]
    return out


def run(cmd):
    """Runs CMD; returns (success, stderr, wall seconds, CPU seconds of the process)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read()
    p.stderr.close()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - t0
    cpu = usage.ru_utime + usage.ru_stime
    return p.returncode == 0, err.decode("utf-8", "replace"), wall, cpu


def first_error(stderr):
    for line in stderr.splitlines():
        if "error" in line:
            return line.strip()
    lines = stderr.strip().splitlines()
    return lines[0] if lines else "(no message)"


def one_pass(files, table, oclc, use_clang):
    """Runs both tools over FILES once: (clang_ok, oclc_ok, rejects, times)."""
    clang_ok, oclc_ok, rejects = set(), set(), []
    times = {"oclc_wall": 0.0, "oclc_cpu": 0.0, "clang_wall": 0.0, "clang_cpu": 0.0}
    for rel in files:
        path = os.path.join(CORPUS, rel)
        extra = include_dirs(rel) + table.get(rel, [])
        ok, err, wall, cpu = run([oclc, path, "-fsyntax-only"] + extra)
        times["oclc_wall"] += wall
        times["oclc_cpu"] += cpu
        if ok:
            oclc_ok.add(rel)
        if use_clang:
            cok, _, cwall, ccpu = run(CLANG + extra + [path])
            times["clang_wall"] += cwall
            times["clang_cpu"] += ccpu
            if cok:
                clang_ok.add(rel)
        if not ok and (rel in clang_ok or not use_clang):
            rejects.append((rel, first_error(err)))
    return clang_ok, oclc_ok, rejects, times


def main(argv):
    oclc = os.environ.get("OCLC") or os.path.join(ROOT, "target-corpus", "release", "oclc")
    use_clang = "--no-clang" not in argv
    if "--oclc" in argv:
        oclc = argv[argv.index("--oclc") + 1]
    if not os.path.isdir(CORPUS):
        print("corpus not fetched; run scripts/corpus/fetch.sh")
        return 0
    files = []
    for dirpath, _, names in os.walk(CORPUS):
        for n in names:
            if n.endswith(".cl"):
                files.append(os.path.relpath(os.path.join(dirpath, n), CORPUS))
    files.sort()
    table = flags_table()
    repeat = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 1
    passes = [one_pass(files, table, oclc, use_clang) for _ in range(max(repeat, 1))]
    clang_ok, oclc_ok, rejects, _ = passes[0]
    times = {k: statistics.median(p[3][k] for p in passes) for k in passes[0][3]}

    print(f"total files:        {len(files)}")
    if use_clang:
        print(f"accepted by clang:  {len(clang_ok)}")
    print(f"accepted by oclc:   {len(oclc_ok)}")
    if use_clang:
        print(f"accepted by both:   {len(clang_ok & oclc_ok)}")
        extra = sorted(oclc_ok - clang_ok)
        if extra:
            print(f"accepted by oclc only: {len(extra)}")
            for rel in extra:
                print(f"  {rel}")
    label = "accepted by clang, rejected by oclc" if use_clang else "rejected by oclc"
    print(f"{label}: {len(rejects)}")
    for rel, err in rejects:
        print(f"  {rel}: {err}")
    median = f" (median of {repeat} passes)" if repeat > 1 else ""
    print(f"oclc  wall time: {times['oclc_wall']:8.3f} s   CPU time: {times['oclc_cpu']:8.3f} s{median}")
    if use_clang:
        print(f"clang wall time: {times['clang_wall']:8.3f} s   CPU time: {times['clang_cpu']:8.3f} s")
        if times["oclc_wall"] > 0 and times["oclc_cpu"] > 0:
            print(f"clang/oclc ratio: {times['clang_wall'] / times['oclc_wall']:.2f}x wall, "
                  f"{times['clang_cpu'] / times['oclc_cpu']:.2f}x CPU")

    if "--write-baseline" in argv:
        with open(BASELINE, "w") as f:
            f.write("# Corpus files (relative to .cache/corpus) oclc -fsyntax-only accepts;\n"
                    "# tests/corpus.rs fails when one of them is rejected.\n"
                    "# Regenerate: scripts/corpus/check.sh --write-baseline\n")
            for rel in sorted(oclc_ok):
                f.write(rel + "\n")
        print(f"wrote {os.path.relpath(BASELINE, ROOT)} ({len(oclc_ok)} files)")
    if "--baseline-check" in argv:
        lost = [rel for rel in read_list(BASELINE) if rel in files and rel not in oclc_ok]
        if lost:
            print(f"REGRESSION: oclc now rejects {len(lost)} file(s) it accepted before:")
            for rel in lost:
                print(f"  {rel}")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
