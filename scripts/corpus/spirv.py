#!/usr/bin/env python3
"""SPIR-V validity per source over the real-kernel corpus (issues 4 and 19).

For every .cl file under .cache/corpus/ (see fetch.sh), with the file's -I/-D flags (check.py):
    clang-14 -cc1 ... -fsyntax-only FILE                     clang accepts
    oclc FILE -fsyntax-only                                  oclc accepts
    oclc FILE -o ocl.spv;  spirv-val ocl.spv                 oclc OpenCL SPIR-V valid
    clang-14 -c -target spir64 ... -emit-llvm FILE -o k.bc;
      llvm-spirv-14 k.bc -o clang.spv;  spirv-val clang.spv  clang-14 + llvm-spirv-14 valid
    oclc FILE --target vulkan -o vk.spv;
      spirv-val --target-env vulkan1.2 vk.spv                oclc Vulkan SPIR-V valid
and prints the counts per source, then every file oclc accepts whose OpenCL or Vulkan module
is refused (oclc exits 1) or invalid (spirv-val rejects it), with the first error. Vulkan is
only asked of files that define a kernel (`__kernel` or `kernel` in oclc -E's output; a
library file has nothing to run).

Files oclc refuses for a known reason are listed in spirv_known.txt, one per line:
    TARGET PATH  # reason        (TARGET: opencl or vulkan)
With --baseline-check the script exits 1 when a file oclc accepts gives an invalid module, or a
refusal that spirv_known.txt does not list (a listed file that now compiles is reported, so
that its line can go).

Options:
  --oclc PATH        the oclc binary (default: $OCLC, else target-corpus/release/oclc)
  --no-clang         do not run clang-14 or llvm-spirv-14 (their columns are left out)
  --per-source N     at most N files of each source, evenly spread (default: all)
  --also PATH        check PATH (relative to .cache/corpus) as well, whatever the sampling
                     picked (repeatable)
  --cap SOURCE=N     at most N files of SOURCE, evenly spread (repeatable; the tests keep
                     hashcat's big kernels, seconds each on Vulkan, to a few)
  --jobs N           run N files at once (default: the number of CPUs)
  --baseline-check   fail on a new invalid module or unlisted refusal (see above)
  --log FILE         append each file's result to FILE (a JSON line) as it completes, and
                     take the files FILE already holds from it: a long run (all of hashcat)
                     that is stopped goes on where it stopped
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import threading

import check

KNOWN = os.path.join(check.HERE, "spirv_known.txt")
CLANG_BC = ["clang-14", "-c", "-target", "spir64-unknown-unknown", "-cl-std=CL1.2",
            "-Xclang", "-finclude-default-header", "-emit-llvm"]
KERNEL = re.compile(r"\b(__kernel|kernel)\b")


def known_refusals():
    """spirv_known.txt as {(target, path): reason}."""
    out = {}
    if not os.path.exists(KNOWN):
        return out
    with open(KNOWN) as f:
        for line in f:
            body = check.strip_comment(line).split()
            if len(body) >= 2:
                reason = line.split("#", 1)[1].strip() if "#" in line else ""
                out[(body[0], body[1])] = reason
    return out


def has_kernel(oclc, path, extra):
    """Whether the file, preprocessed by oclc -E with its flags, defines a kernel."""
    p = subprocess.run([oclc, "-E", path] + extra, stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True, errors="replace")
    return KERNEL.search(p.stdout) is not None


def spirv_val(spv, vulkan):
    cmd = ["spirv-val"] + (["--target-env", "vulkan1.2"] if vulkan else []) + [spv]
    ok, err, _, _ = check.run(cmd)
    return ok, err.strip().splitlines()[0] if err.strip() else ""


def module(oclc, path, extra, target, spv):
    """oclc to TARGET and spirv-val: ('valid'|'refused'|'invalid', first error, wall, size)."""
    if os.path.exists(spv):
        os.remove(spv)
    ok, err, wall, _ = check.run([oclc, path, "--target", target, "-o", spv] + extra)
    if not ok:
        return "refused", check.first_error(err), wall, 0
    size = os.path.getsize(spv)
    valid, verr = spirv_val(spv, target == "vulkan")
    return ("valid", "", wall, size) if valid else ("invalid", "spirv-val: " + verr, wall, size)


def one_file(rel, table, oclc, use_clang, tmp_root):
    """Every column for REL: a dict."""
    path = os.path.join(check.CORPUS, rel)
    extra = check.include_dirs(rel) + check.flags_for(table, rel)
    tmp = tempfile.mkdtemp(dir=tmp_root)
    r = {"rel": rel, "kernel": has_kernel(oclc, path, extra)}
    if use_clang:
        r["clang"] = check.run(check.CLANG + extra + [path])[0]
    r["oclc"] = check.run([oclc, path, "-fsyntax-only"] + extra)[0]
    if r["oclc"]:
        r["opencl"] = module(oclc, path, extra, "opencl", os.path.join(tmp, "ocl.spv"))
        if r["kernel"]:
            r["vulkan"] = module(oclc, path, extra, "vulkan", os.path.join(tmp, "vk.spv"))
    if use_clang and r["clang"]:
        bc, spv = os.path.join(tmp, "k.bc"), os.path.join(tmp, "clang.spv")
        r["clang_spv"] = (check.run(CLANG_BC + extra + ["-o", bc, path])[0]
                          and check.run(["llvm-spirv-14", bc, "-o", spv])[0]
                          and spirv_val(spv, False)[0])
    for name in os.listdir(tmp):
        os.remove(os.path.join(tmp, name))
    os.rmdir(tmp)
    return r


def read_log(log):
    """The results a --log file holds, by file."""
    if not os.path.exists(log):
        return {}
    with open(log) as f:
        return {r["rel"]: r for r in map(json.loads, filter(str.strip, f))}


def main(argv):
    oclc = os.environ.get("OCLC") or os.path.join(check.ROOT, "target-corpus", "release", "oclc")
    if "--oclc" in argv:
        oclc = argv[argv.index("--oclc") + 1]
    use_clang = "--no-clang" not in argv
    if not os.path.isdir(check.CORPUS):
        print("corpus not fetched; run scripts/corpus/fetch.sh")
        return 0
    per_source = int(argv[argv.index("--per-source") + 1]) if "--per-source" in argv else 0
    files = check.sample(check.corpus_files(), per_source)
    for i, arg in enumerate(argv):
        if arg == "--cap":
            source, n = argv[i + 1].split("=")
            mine = [r for r in files if check.source_of(r) == source]
            kept = set(check.sample(mine, int(n)))
            files = [r for r in files if check.source_of(r) != source or r in kept]
    # --also PATH: files checked whatever the sampling picked (the tests keep the kernels
    # that once needed a fix among them).
    everything = set(check.corpus_files())
    for i, arg in enumerate(argv):
        if arg == "--also" and argv[i + 1] in everything and argv[i + 1] not in files:
            files.append(argv[i + 1])
    table = check.flags_table()
    tmp_root = tempfile.mkdtemp(prefix="oclc-spirv-corpus-")
    log = argv[argv.index("--log") + 1] if "--log" in argv else None
    logged = read_log(log) if log else {}
    lock = threading.Lock()
    count = [0]

    def work(rel):
        if rel in logged:
            return logged[rel]
        r = one_file(rel, table, oclc, use_clang, tmp_root)
        with lock:
            count[0] += 1
            if log:
                with open(log, "a") as f:
                    f.write(json.dumps(r) + "\n")
            print(f"[{count[0] + len(logged)}/{len(files)}] {rel}", file=sys.stderr, flush=True)
        return r

    results = check.parallel_map(work, files, check.jobs_arg(argv))
    os.rmdir(tmp_root)

    def having(pred):
        return {r["rel"] for r in results if pred(r)}

    columns = []
    if use_clang:
        columns.append(("clang", having(lambda r: r["clang"])))
    columns += [("oclc", having(lambda r: r["oclc"])),
                ("ocl-valid", having(lambda r: r.get("opencl", ("",))[0] == "valid"))]
    if use_clang:
        columns.append(("clang+llvm-spirv", having(lambda r: r.get("clang_spv"))))
    columns += [("kernels", having(lambda r: r["oclc"] and r["kernel"])),
                ("vk-valid", having(lambda r: r.get("vulkan", ("",))[0] == "valid"))]
    print("SPIR-V over the corpus: clang = clang-14 -fsyntax-only accepts; oclc = oclc accepts;\n"
          "ocl-valid = oclc's OpenCL module passes spirv-val; clang+llvm-spirv = clang-14 +\n"
          "llvm-spirv-14's module passes spirv-val; kernels = accepted by oclc and defines a\n"
          "kernel; vk-valid = oclc's Vulkan module passes spirv-val --target-env vulkan1.2.")
    check.per_source_table(files, columns)

    known = known_refusals()
    new, listed, fixed = [], [], []
    for r in results:
        for target in ("opencl", "vulkan"):
            if target not in r:
                continue
            state, err, _, _ = r[target]
            key = (target, r["rel"])
            if state == "valid":
                if key in known:
                    fixed.append(key)
            elif state == "refused" and key in known:
                listed.append((key, known[key]))
            else:
                new.append((key, state, err))
    print(f"known refusals (spirv_known.txt) met: {len(listed)}")
    for (target, rel), reason in listed:
        print(f"  {target:<6} {rel}: {reason}")
    print(f"invalid modules or unlisted refusals: {len(new)}")
    for (target, rel), state, err in new:
        print(f"  {target:<6} {rel}: {state}: {err}")
    if fixed:
        print(f"listed in spirv_known.txt but valid now (drop the line): {len(fixed)}")
        for target, rel in fixed:
            print(f"  {target:<6} {rel}")

    def total(target, i):
        return sum(r[target][i] for r in results if target in r)
    print(f"oclc OpenCL: {total('opencl', 2):.2f} s, {total('opencl', 3) / 1e6:.1f} MB of modules; "
          f"Vulkan: {total('vulkan', 2):.2f} s, {total('vulkan', 3) / 1e6:.1f} MB")
    big = sorted((r["vulkan"][3], r["opencl"][3], r["rel"]) for r in results
                 if "vulkan" in r and r["opencl"][3])
    for vk, ocl, rel in big[-3:][::-1]:
        print(f"  largest Vulkan modules: {rel}: {vk / 1e6:.2f} MB (OpenCL {ocl / 1e6:.2f} MB)")
    if "--baseline-check" in argv and new:
        print("FAIL: files oclc accepts give invalid modules or new refusals (see above)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
