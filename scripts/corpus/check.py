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
  --no-clang         do not run clang: compare with its verdicts recorded in clang_accepted.txt
  --baseline-check   exit 1 when oclc rejects a file listed in oclc_accepted.txt, or accepts
                     one clang rejects
  --write-baseline   rewrite oclc_accepted.txt (and clang_accepted.txt when clang ran) with
                     the files each accepts now
  --repeat N         time N passes over the corpus and report each tool's median (default 1)
  --jobs N           run N files at once (default: the number of CPUs)
  --per-source N     at most N files of each source, evenly spread (default: all)
"""
import concurrent.futures
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
CLANG_LIST = os.path.join(HERE, "clang_accepted.txt")
CLANG = ["clang-14", "-cc1", "-triple", "spir64-unknown-unknown", "-cl-std=CL1.2",
         "-finclude-default-header", "-fsyntax-only"]


def strip_comment(line):
    """LINE without a `#` comment: one at the start or after a blank (`-DM(x)=#x` stays)."""
    for i, c in enumerate(line):
        if c == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i]
    return line


def read_list(path):
    """Lines of PATH without comments and blanks."""
    if not os.path.exists(path):
        return []
    out = []
    with open(path) as f:
        for line in f:
            line = strip_comment(line).strip()
            if line:
                out.append(line)
    return out


def flags_table():
    """flags.txt: `PATH FLAG...`, PATH relative to .cache/corpus: a file, or a folder ending
    in `/` whose flags apply to every file under it."""
    table = {}
    for line in read_list(FLAGS):
        parts = line.split()
        table.setdefault(parts[0], []).extend(parts[1:])
    return table


def flags_for(table, rel):
    """The -D/-I flags flags.txt gives REL: its folders' flags, then its own."""
    out = []
    for key, flags in table.items():
        if key.endswith("/") and rel.startswith(key):
            out += flags
    return out + table.get(rel, [])


def source_of(rel):
    """The corpus source (project folder) of REL."""
    return rel.split("/", 1)[0]


def parallel_map(fn, items, jobs):
    """[fn(x) for x in items] on JOBS threads (each call runs subprocesses)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(jobs, 1)) as pool:
        return list(pool.map(fn, items))


def jobs_arg(argv):
    """--jobs N (default: the number of CPUs)."""
    return int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else (os.cpu_count() or 1)


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


def one_file(rel, table, oclc, use_clang):
    """Both tools on REL: (rel, oclc ok, oclc stderr, oclc wall, oclc cpu, clang ok or None,
    clang wall, clang cpu)."""
    path = os.path.join(CORPUS, rel)
    extra = include_dirs(rel) + flags_for(table, rel)
    ok, err, wall, cpu = run([oclc, path, "-fsyntax-only"] + extra)
    cok, cwall, ccpu = None, 0.0, 0.0
    if use_clang:
        cok, _, cwall, ccpu = run(CLANG + extra + [path])
    return rel, ok, err, wall, cpu, cok, cwall, ccpu


def one_pass(files, table, oclc, use_clang, jobs=1, clang_known=None):
    """Runs both tools over FILES once: (clang_ok, oclc_ok, rejects, times). Without clang,
    CLANG_KNOWN (clang_accepted.txt) stands for its verdicts when given."""
    clang_ok, oclc_ok, rejects = set(), set(), []
    times = {"oclc_wall": 0.0, "oclc_cpu": 0.0, "clang_wall": 0.0, "clang_cpu": 0.0}
    results = parallel_map(lambda rel: one_file(rel, table, oclc, use_clang), files, jobs)
    for rel, ok, err, wall, cpu, cok, cwall, ccpu in results:
        times["oclc_wall"] += wall
        times["oclc_cpu"] += cpu
        times["clang_wall"] += cwall
        times["clang_cpu"] += ccpu
        if ok:
            oclc_ok.add(rel)
        if cok or (cok is None and clang_known is not None and rel in clang_known):
            clang_ok.add(rel)
        if not ok and (rel in clang_ok or (not use_clang and clang_known is None)):
            rejects.append((rel, first_error(err)))
    return clang_ok, oclc_ok, rejects, times


def corpus_files():
    """Every .cl file under the corpus folder, relative to it, sorted."""
    files = []
    for dirpath, _, names in os.walk(CORPUS):
        for n in names:
            if n.endswith(".cl"):
                files.append(os.path.relpath(os.path.join(dirpath, n), CORPUS))
    return sorted(files)


def sample(files, per_source):
    """At most PER_SOURCE files of each source, evenly spread over its sorted list (the
    tests' quick pass over the big sources; the scripts' default is every file)."""
    if not per_source:
        return files
    by_source = {}
    for rel in files:
        by_source.setdefault(source_of(rel), []).append(rel)
    out = []
    for rels in by_source.values():
        step = max(1, -(-len(rels) // per_source))
        out += rels[::step]
    return sorted(out)


def per_source_table(files, columns):
    """Prints `source  files  COLUMN...` counts: COLUMNS is [(title, set of files)]."""
    sources = sorted({source_of(rel) for rel in files})
    head = f"{'source':<12} {'files':>6}" + "".join(f" {t:>{max(len(t), 6)}}" for t, _ in columns)
    print(head)
    for src in sources + ["total"]:
        mine = [r for r in files if src == "total" or source_of(r) == src]
        row = f"{src:<12} {len(mine):>6}"
        for title, members in columns:
            row += f" {sum(1 for r in mine if r in members):>{max(len(title), 6)}}"
        print(row)


def write_list(path, header, rels):
    with open(path, "w") as f:
        f.write(header)
        for rel in sorted(rels):
            f.write(rel + "\n")
    print(f"wrote {os.path.relpath(path, ROOT)} ({len(rels)} files)")


def main(argv):
    oclc = os.environ.get("OCLC") or os.path.join(ROOT, "target-corpus", "release", "oclc")
    use_clang = "--no-clang" not in argv
    if "--oclc" in argv:
        oclc = argv[argv.index("--oclc") + 1]
    if not os.path.isdir(CORPUS):
        print("corpus not fetched; run scripts/corpus/fetch.sh")
        return 0
    per_source = int(argv[argv.index("--per-source") + 1]) if "--per-source" in argv else 0
    files = sample(corpus_files(), per_source)
    table = flags_table()
    clang_known = None if use_clang else set(read_list(CLANG_LIST)) or None
    repeat = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 1
    passes = [one_pass(files, table, oclc, use_clang, jobs_arg(argv), clang_known)
              for _ in range(max(repeat, 1))]
    clang_ok, oclc_ok, rejects, _ = passes[0]
    times = {k: statistics.median(p[3][k] for p in passes) for k in passes[0][3]}
    have_clang = use_clang or clang_known is not None

    verdicts = "" if use_clang else " (clang: recorded verdicts of clang_accepted.txt)"
    print(f"-fsyntax-only over the corpus{verdicts}:")
    columns = ([("clang", clang_ok)] if have_clang else []) + [("oclc", oclc_ok)]
    if have_clang:
        columns.append(("both", clang_ok & oclc_ok))
    per_source_table(files, columns)
    if have_clang:
        extra = sorted(oclc_ok - clang_ok)
        if extra:
            print(f"accepted by oclc only: {len(extra)}")
            for rel in extra:
                print(f"  {rel}")
    label = "accepted by clang, rejected by oclc" if have_clang else "rejected by oclc"
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
        write_list(BASELINE, "# Corpus files (relative to .cache/corpus) oclc -fsyntax-only accepts;\n"
                   "# tests/corpus.rs fails when one of them is rejected.\n"
                   "# Regenerate: scripts/corpus/check.sh --write-baseline\n", oclc_ok)
        if use_clang:
            write_list(CLANG_LIST, "# Corpus files (relative to .cache/corpus) clang-14 -fsyntax-only\n"
                       "# accepts (its recorded verdicts, for runs without clang).\n"
                       "# Regenerate: scripts/corpus/check.sh --write-baseline\n", clang_ok)
    if "--baseline-check" in argv:
        lost = [rel for rel in read_list(BASELINE) if rel in files and rel not in oclc_ok]
        if lost:
            print(f"REGRESSION: oclc now rejects {len(lost)} file(s) it accepted before:")
            for rel in lost:
                print(f"  {rel}")
            return 1
        if have_clang and oclc_ok - clang_ok:
            print("oclc accepts files clang-14 rejects (see above)")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
