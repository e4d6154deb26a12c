#!/usr/bin/env bash
# Compile-time benchmark: oclc (source to SPIR-V, whole process) against clang-14 +
# llvm-spirv-14 (source to LLVM bitcode to SPIR-V), run side by side on the same files.
# Prints per-file times (best of N runs) and the median ratio clang/oclc. clang runs at its
# default -cc1 optimization level (-O0), which is its fastest: the comparison favours clang.
#
# usage: scripts/bench-compile.sh [-n RUNS] [FILE.cl ...]
#   default files: samples/*.cl tests/run/*.cl and, when fetched, .cache/corpus/**/*.cl
#   OCLC=path/to/oclc (default: target/release/oclc, built if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(samples/*.cl tests/run/*.cl)
  if [ -d .cache/corpus ]; then
    while IFS= read -r f; do files+=("$f"); done < <(find .cache/corpus -name '*.cl' | sort)
  fi
fi
oclc=${OCLC:-target/release/oclc}
[ -x "$oclc" ] || cargo build --release -q -p oclc
command -v clang-14 >/dev/null && command -v llvm-spirv-14 >/dev/null || {
  echo "clang-14 and llvm-spirv-14 are needed (scripts/install-test-deps.sh)" >&2; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

best_ms() { # best wall time in ms of "$@" over $runs runs; prints "fail" if it fails
  local best="" t0 t1 ms
  for _ in $(seq "$runs"); do
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1 || { echo fail; return; }
    t1=$(date +%s%N)
    ms=$(( (t1 - t0) / 1000 ))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  awk -v us="$best" 'BEGIN { printf "%.2f", us / 1000 }'
}

clang_path() {
  clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL1.2 -finclude-default-header \
    -emit-llvm-bc -I "$(dirname "$1")" "$1" -o "$tmp/x.bc" && llvm-spirv-14 "$tmp/x.bc" -o "$tmp/x.spv"
}

printf '%-48s %10s %10s %8s\n' file oclc_ms clang_ms ratio
ratios=()
for f in "${files[@]}"; do
  o=$(best_ms "$oclc" "$f" -I "$(dirname "$f")" -o "$tmp/o.spv")
  c=$(best_ms clang_path "$f")
  if [ "$o" = fail ] || [ "$c" = fail ]; then
    printf '%-48s %10s %10s %8s\n' "$(basename "$f")" "$o" "$c" "-"
    continue
  fi
  r=$(awk -v a="$c" -v b="$o" 'BEGIN { printf "%.1f", a / b }')
  ratios+=("$r")
  printf '%-48s %10s %10s %8s\n' "$(basename "$f")" "$o" "$c" "$r"
done
if [ ${#ratios[@]} -gt 0 ]; then
  median=$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else printf "%.1f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }')
  echo "files compiled by both: ${#ratios[@]}; median speed-up of oclc over clang-14 + llvm-spirv-14: ${median}x"
fi
