#!/usr/bin/env python3
"""Compile-time growth of one oclc binary over another on the real-kernel corpus (issue 15).

Compiles every selected corpus file with two oclc binaries (BASE, e.g. one built at the
commit before a change, and NEW) at each optimisation level and target, one process per
compile, and compares their CPU time (user + system of the child process, from wait4:
steadier than wall time on a shared machine). Each compile is repeated REPEAT times, the two
binaries alternating (base first on even repetitions, new first on odd ones) so that a drift
in machine load falls on both; a file's time is the median of its repetitions.

A (file, level, target) counts only when BOTH binaries compile it; the others are listed as
excluded with the binary that failed and the first line of its error (an older binary may
reject files that later fixes accept, or a newer one may refuse a construct on purpose).

The files and their flags are those of scripts/corpus/check.py: every .cl file under the
corpus folder of each selected source, with -I the file's folder and its parents up to the
project folder, and the -D flags of scripts/corpus/flags.txt. --cap SOURCE=N keeps N files of
SOURCE, evenly spread over its sorted list (deterministic: the same N files every run).

usage: scripts/bench-compile-growth.py --base OCLC_BASE --new OCLC_NEW
           [--levels 1,2,3] [--targets opencl,vulkan[,cpu]]
           [--sources darktable,gputools,pyfai,pyopencl,silx,hashcat] [--cap hashcat=60]
           [--corpus DIR] [--repeat 3] [--jobs N] [--timeout S] [--top 5]
           [--base-flags='FLAGS'] [--new-flags='FLAGS'] [--json RAW.json] [--out TABLE.txt]
       scripts/bench-compile-growth.py --from-json RAW.json [RAW2.json ...] [--top 5]
           [--out TABLE.txt]

  --base, --new   the two oclc binaries (baseline first)
  --levels        optimisation levels, passed as -ON (default 1,2,3)
  --targets       --target values (default opencl,vulkan; cpu writes a relocatable object)
  --sources       corpus sources (folders of the corpus folder; default all six)
  --cap S=N       at most N files of source S, evenly spread (repeatable; default hashcat=60)
  --corpus DIR    the corpus folder (default .cache/corpus of the repository)
  --repeat N      compiles per binary and file (default 3; the median counts)
  --jobs N        compiles at once (default: the number of CPUs; CPU time is per process,
                  so running several at once changes it little, but do not oversubscribe)
  --timeout S     a compile running longer counts as failed (default 600)
  --base-flags F, --new-flags F
                  extra options for one binary only (shell words; write --base-flags='...'
                  with '=' when they begin with '-'), e.g. the same binary as both with
                  --base-flags='--disable-pass inline ...' to measure what passes cost
  --json FILE     write every measurement (for --from-json: several runs, e.g. one per
                  level on different invocations, can be merged into one table)
  --from-json     print the table of earlier runs' measurements instead of compiling
  --out FILE      also write the table to FILE

Output, per level and target: the files counted and excluded, per source and in total the
base and new CPU seconds (sum of per-file medians), their ratio, the median of the per-file
ratios, the per-repetition totals (noise), and the files with the largest growth in seconds
and in ratio (ratio among files whose base time is at least 0.05 s).
"""

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "corpus"))
import check  # noqa: E402  (scripts/corpus/check.py: flags, include folders, sampling)

SOURCES = ("darktable", "gputools", "pyfai", "pyopencl", "silx", "hashcat")
MIN_BASE_FOR_RATIO = 0.05


def run_timed(cmd, timeout):
    """Runs CMD: (ok, first error line, CPU seconds of the child, wall seconds)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    timer = threading.Timer(timeout, p.kill)
    timer.start()
    try:
        err = p.stderr.read()
        p.stderr.close()
        _, status, usage = os.wait4(p.pid, 0)
    finally:
        timer.cancel()
    p.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - t0
    cpu = usage.ru_utime + usage.ru_stime
    text = err.decode("utf-8", "replace")
    if p.returncode == -9 and wall >= timeout:
        return False, f"timeout after {timeout} s", cpu, wall
    return p.returncode == 0, ("" if p.returncode == 0 else check.first_error(text)), cpu, wall


def select_files(corpus, sources, caps):
    files = []
    for src in sources:
        mine = []
        for dirpath, _, names in os.walk(os.path.join(corpus, src)):
            for n in names:
                if n.endswith(".cl"):
                    mine.append(os.path.relpath(os.path.join(dirpath, n), corpus))
        mine.sort()
        if src in caps:
            mine = evenly(mine, caps[src])
        files += mine
    return files


def include_dirs(corpus, rel):
    """-I the file's folder and its parents up to the project folder (as check.py)."""
    parts = rel.split("/")[:-1]
    out = []
    while parts:
        out += ["-I", os.path.join(corpus, *parts)]
        parts = parts[:-1]
    return out


def evenly(items, n):
    """N items evenly spread over ITEMS (sorted), deterministic."""
    if n >= len(items):
        return list(items)
    return [items[(i * len(items)) // n] for i in range(n)]


def measure_unit(unit, bins, flags, table, corpus, repeat, timeout, tmp_root):
    """One (file, level, target): both binaries, REPEAT times each, alternating."""
    rel, level, target = unit
    path = os.path.join(corpus, rel)
    extra = include_dirs(corpus, rel) + check.flags_for(table, rel)
    tmp = tempfile.mkdtemp(dir=tmp_root)
    out = os.path.join(tmp, "out.o" if target == "cpu" else "out.spv")
    rec = {"rel": rel, "level": level, "target": target}
    for name in ("base", "new"):
        rec[name] = {"ok": True, "err": "", "cpu": [], "wall": []}
    for r in range(repeat):
        order = ("base", "new") if r % 2 == 0 else ("new", "base")
        for name in order:
            side = rec[name]
            if not side["ok"]:
                continue
            cmd = ([bins[name], path, f"-O{level}", "--target", target, "-o", out] + extra
                   + flags[name])
            ok, err, cpu, wall = run_timed(cmd, timeout)
            if not ok:
                side["ok"], side["err"] = False, err
                continue
            side["cpu"].append(cpu)
            side["wall"].append(wall)
        if not (rec["base"]["ok"] and rec["new"]["ok"]):
            break
    for name in os.listdir(tmp):
        os.remove(os.path.join(tmp, name))
    os.rmdir(tmp)
    return rec


def measure(args):
    corpus = os.path.abspath(args.corpus)
    caps = {}
    for c in args.cap:
        s, n = c.split("=")
        caps[s] = int(n)
    sources = args.sources.split(",")
    files = select_files(corpus, sources, caps)
    if not files:
        sys.exit(f"no .cl files of {sources} under {corpus} (scripts/corpus/fetch.sh fetches "
                 "the corpus; --corpus DIR names another copy)")
    levels = [int(x) for x in args.levels.split(",")]
    targets = args.targets.split(",")
    table = check.flags_table()
    bins = {"base": os.path.abspath(args.base), "new": os.path.abspath(args.new)}
    flags = {"base": shlex.split(args.base_flags), "new": shlex.split(args.new_flags)}
    # Slow sources first so that the last compiles running alone are short ones.
    order = {s: i for i, s in enumerate(sorted(sources, key=lambda s: s != "hashcat"))}
    units = sorted(((rel, lv, t) for rel in files for lv in levels for t in targets),
                   key=lambda u: (order[check.source_of(u[0])], u[0], u[1], u[2]))
    tmp_root = tempfile.mkdtemp(prefix="oclc-growth-")
    done = [0]
    lock = threading.Lock()
    t0 = time.time()

    def one(unit):
        rec = measure_unit(unit, bins, flags, table, corpus, args.repeat, args.timeout, tmp_root)
        with lock:
            done[0] += 1
            if done[0] % 50 == 0 or done[0] == len(units):
                print(f"  {done[0]}/{len(units)} units done, {time.time() - t0:.0f} s",
                      file=sys.stderr, flush=True)
        return rec

    records = check.parallel_map(one, units, args.jobs)
    os.rmdir(tmp_root)
    meta = {
        "base": bins["base"], "new": bins["new"], "base_flags": args.base_flags,
        "new_flags": args.new_flags, "levels": levels, "targets": targets,
        "sources": sources, "caps": caps, "repeat": args.repeat, "jobs": args.jobs,
        "files": len(files), "host": os.uname().nodename, "cpus": os.cpu_count(),
        "loadavg_start": None, "date": time.strftime("%Y-%m-%d %H:%M:%S"),
        "elapsed_s": round(time.time() - t0, 1),
    }
    return meta, records


def med(xs):
    return statistics.median(xs) if xs else 0.0


def report(metas, records, top):
    lines = []
    p = lines.append
    for m in metas:
        p(f"run finished {m['date']} on {m['host']} ({m['cpus']} CPUs), jobs {m['jobs']}, "
          f"repeat {m['repeat']}, levels {m['levels']}, targets {m['targets']}, "
          f"{m['files']} files, {m['elapsed_s']} s; load average at start {m.get('loadavg_start')}")
        p(f"  base {m['base']} {m.get('base_flags', '')}".rstrip())
        p(f"  new  {m['new']} {m.get('new_flags', '')}".rstrip())
    keys = sorted({(r["level"], r["target"]) for r in records},
                  key=lambda k: (k[0], ["opencl", "vulkan", "cpu"].index(k[1])
                                 if k[1] in ("opencl", "vulkan", "cpu") else 9))
    summary = []
    excluded_all = {}
    for level, target in keys:
        recs = [r for r in records if r["level"] == level and r["target"] == target]
        both = [r for r in recs if r["base"]["ok"] and r["new"]["ok"]]
        excl = [r for r in recs if not (r["base"]["ok"] and r["new"]["ok"])]
        p("")
        p(f"== -O{level} --target {target}: {len(both)} files compiled by both, "
          f"{len(excl)} excluded ==")
        p(f"{'source':<16} {'files':>5} {'base CPU s':>11} {'new CPU s':>11} {'ratio':>7} "
          f"{'median file ratio':>18}")
        srcs = sorted({check.source_of(r["rel"]) for r in both})
        groups = [(s, [r for r in both if check.source_of(r["rel"]) == s]) for s in srcs]
        groups.append(("total", both))
        if "hashcat" in srcs and len(srcs) > 1:
            groups.append(("total w/o hashcat",
                           [r for r in both if check.source_of(r["rel"]) != "hashcat"]))
        for name, rs in groups:
            b = sum(med(r["base"]["cpu"]) for r in rs)
            n = sum(med(r["new"]["cpu"]) for r in rs)
            ratios = [med(r["new"]["cpu"]) / med(r["base"]["cpu"]) for r in rs
                      if med(r["base"]["cpu"]) > 0]
            p(f"{name:<16} {len(rs):>5} {b:>11.2f} {n:>11.2f} {n / b if b else 0:>7.3f} "
              f"{med(ratios):>18.3f}")
            if name == "total":
                summary.append((level, target, len(both), len(excl), b, n, med(ratios)))
        reps = min((len(r["base"]["cpu"]) for r in both), default=0)
        if reps > 1:
            per_rep = [(sum(r["base"]["cpu"][i] for r in both), sum(r["new"]["cpu"][i] for r in both))
                       for i in range(reps)]
            p("per-repetition totals (base/new CPU s): " +
              ", ".join(f"{b:.2f}/{n:.2f}" for b, n in per_rep))
        deltas = sorted(both, key=lambda r: med(r["new"]["cpu"]) - med(r["base"]["cpu"]),
                        reverse=True)
        p(f"largest growth in seconds (base -> new CPU s, ratio):")
        for r in deltas[:top]:
            b, n = med(r["base"]["cpu"]), med(r["new"]["cpu"])
            p(f"  {r['rel']}: {b:.3f} -> {n:.3f} (+{n - b:.3f} s, x{n / b if b else 0:.2f})")
        big = [r for r in both if med(r["base"]["cpu"]) >= MIN_BASE_FOR_RATIO]
        by_ratio = sorted(big, key=lambda r: med(r["new"]["cpu"]) / med(r["base"]["cpu"]),
                          reverse=True)
        p(f"largest growth in ratio (files with base >= {MIN_BASE_FOR_RATIO} s):")
        for r in by_ratio[:top]:
            b, n = med(r["base"]["cpu"]), med(r["new"]["cpu"])
            p(f"  {r['rel']}: {b:.3f} -> {n:.3f} (x{n / b:.2f})")
        for r in excl:
            who = [s for s in ("base", "new") if not r[s]["ok"]]
            errs = []
            for s in who:
                if r[s]["err"] not in errs:
                    errs.append(r[s]["err"])
            key = (r["rel"], target, "+".join(who), " | ".join(errs))
            excluded_all.setdefault(key, []).append(level)
    p("")
    p("== summary (total CPU s, sum of per-file medians over the files both compile) ==")
    p(f"{'level':<5} {'target':<7} {'files':>5} {'excl':>4} {'base':>9} {'new':>9} "
      f"{'growth':>8} {'median file ratio':>18}")
    for level, target, nb, ne, b, n, mr in summary:
        p(f"-O{level:<3} {target:<7} {nb:>5} {ne:>4} {b:>9.2f} {n:>9.2f} "
          f"{(n / b - 1) * 100 if b else 0:>+7.1f}% {mr:>18.3f}")
    p("")
    p(f"== excluded (file, target, binary that failed, levels: first error line) ==")
    if not excluded_all:
        p("  none")
    counts = {}
    for (_, target, who, _), lvls in excluded_all.items():
        counts[(target, who)] = counts.get((target, who), 0) + 1
    for (target, who), c in sorted(counts.items()):
        p(f"  {target}: {c} file(s) where {who} failed")
    for (rel, target, who, err), lvls in sorted(excluded_all.items()):
        p(f"  {rel} [{target}] {who} failed at -O{','.join(str(x) for x in sorted(lvls))}: {err}")
    return "\n".join(lines) + "\n"


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base")
    ap.add_argument("--new")
    ap.add_argument("--levels", default="1,2,3")
    ap.add_argument("--targets", default="opencl,vulkan")
    ap.add_argument("--sources", default=",".join(SOURCES))
    ap.add_argument("--cap", action="append", default=None)
    ap.add_argument("--corpus", default=check.CORPUS)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--top", type=int, default=5)
    ap.add_argument("--base-flags", default="")
    ap.add_argument("--new-flags", default="")
    ap.add_argument("--json")
    ap.add_argument("--from-json", nargs="+")
    ap.add_argument("--out")
    args = ap.parse_args(argv)
    if args.cap is None:
        args.cap = ["hashcat=60"]
    if args.from_json:
        metas, records = [], []
        for path in args.from_json:
            with open(path) as f:
                d = json.load(f)
            metas.append(d["meta"])
            records += d["records"]
    else:
        if not (args.base and args.new):
            ap.error("--base and --new are required (or --from-json)")
        load = os.getloadavg()
        meta, records = measure(args)
        meta["loadavg_start"] = [round(x, 2) for x in load]
        meta["loadavg_end"] = [round(x, 2) for x in os.getloadavg()]
        metas = [meta]
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"meta": meta, "records": records}, f)
    text = report(metas, records, args.top)
    sys.stdout.write(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
