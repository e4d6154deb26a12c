#!/usr/bin/env bash
# Benchmarks oclc's Vulkan SPIR-V against the vendor's OpenCL compiler on the same kernels.
#
# usage: scripts/bench-gpu.sh [OCLC_BINARY...]     (default: target/release/oclc)
#
# Runs each kernel (samples, tests/run, bench/kernels, and a copy kernel that
# measures device copy bandwidth) with `oclc run --device vulkan --time` and
# `oclc run --device opencl --time` at the same sizes, and prints per-kernel median
# kernel times, the ratio OpenCL time / Vulkan time (> 1: oclc+Vulkan is faster), their
# geometric mean, and the achieved bandwidth (bytes moved / time) of memory-bound kernels
# next to the copy bandwidth. With several binaries (e.g. before and after a change) each
# gets its own Vulkan columns; OpenCL runs once, with the first. The first row, `empty`,
# is each API's empty-kernel launch time: the fixed cost inside every row's time, which
# is why the default sizes make every kernel run for 0.2 ms or more on an H100 (the
# `// BENCH-GPU:` lines of bench/kernels, else their `// BENCH:` lines).
#
# Environment:
#   BENCH_N=N          elements of the 1-D kernels (default 67108864; 2-D kernels use
#                      about the same number of elements)
#   BENCH_SMALL=1      small sizes (N=65536, bench/kernels at their BENCH-TINY sizes) for a
#                      functional check (lavapipe + PoCL)
#   BENCH_REPEAT=R     timed launches per kernel (default 10)
#   OPENCL_DEVICE=S    --opencl-device filter (default: NVIDIA when clinfo lists it)
#   BENCH_ONLY=REGEX   run only the kernels whose name matches (grep -E), e.g.
#                      BENCH_N=67108864 BENCH_ONLY='^(copy|vecadd|saxpy|reduce4?|transpose(_rows)?|stencil)$'
#                      for the bandwidth of the memory-bound kernels on larger buffers
set -u
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || set -- target/release/oclc
OCLC=$1
for b in "$@"; do
    [ -x "$b" ] || { echo "bench-gpu: no oclc binary at $b (build with cargo build --release -p oclc)" >&2; exit 2; }
done
N=${BENCH_N:-67108864}
[ "${BENCH_SMALL:-0}" = 1 ] && N=65536
R=${BENCH_REPEAT:-10}
S=$(python3 -c "import math; print(max(16, int(math.isqrt($N)) // 16 * 16))")   # 2-D side
G=$(( N / 256 * 256 ))                                                          # 1-D global
S32=$(( S / 32 * 32 ))                                                          # 2-D side, tiles of 32
RG=$(( G / 64 < 262144 ? (G / 64 + 255) / 256 * 256 : 262144 ))               # reduce4 work-items
CL_FILTER=${OPENCL_DEVICE:-}
if [ -z "$CL_FILTER" ] && command -v clinfo >/dev/null && clinfo -l 2>/dev/null | grep -qi nvidia; then
    CL_FILTER=NVIDIA
fi
CL_ARGS=()
[ -n "$CL_FILTER" ] && CL_ARGS=(--opencl-device "$CL_FILTER")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cat > "$TMP/empty.cl" <<'CL'
__kernel void empty(__global float *o) { }
CL
cat > "$TMP/copy.cl" <<'CL'
__kernel void copy(__global const float4 *in, __global float4 *out) {
    size_t i = get_global_id(0);
    out[i] = in[i];
}
CL

# name | file | bytes moved (0: not memory-bound) | oclc run arguments
KERNELS=(
"empty|$TMP/empty.cl|0|--kernel empty --global 256 --local 256 --arg f32[256]=zeros"
"copy|$TMP/copy.cl|$((8 * G))|--kernel copy --global $((G / 4)) --local 256 --arg f32x4[$((G / 4))]=rand:1 --arg f32x4[$((G / 4))]=zeros"
"vecadd|samples/vecadd.cl|$((12 * G))|--kernel vecadd --global $G --local 256 --arg f32[$G]=rand:1 --arg f32[$G]=rand:2 --arg f32[$G]=zeros"
"saxpy|samples/saxpy.cl|$((12 * G))|--kernel saxpy --global $G --local 256 --arg f32:2.5 --arg f32[$G]=rand:3 --arg f32[$G]=rand:4 --arg i32:$G"
"reduce|samples/reduce.cl|$((4 * G))|--kernel reduce_sum --global $G --local 128 --arg f32[$G]=rand:7 --arg f32[$((G / 128))]=zeros --arg local:512"
"transpose|samples/transpose.cl|$((8 * S * S))|--kernel transpose --global $S,$S --local 16,16 --arg f32[$S,$S]=rand:9 --arg f32[$S,$S]=zeros --arg i32:$S --arg i32:$S"
"reduce4|samples/reduce_float4.cl|$((4 * G))|--kernel reduce_sum4 --global $RG --local 256 --arg f32x4[$((G / 4))]=rand:7 --arg u32:$((G / 4)) --arg f32[$((RG / 256))]=zeros --arg local:1024"
"transpose_rows|samples/transpose_rows.cl|$((8 * S32 * S32))|--kernel transpose_rows --global $S32,$((S32 / 4)) --local 32,8 --arg f32[$S32,$S32]=rand:9 --arg f32[$S32,$S32]=zeros --arg i32:$S32 --arg i32:$S32"
"vector_math|samples/vector_math.cl|0|--kernel vector_math --global $((G / 4)) --local 64 --arg f32x4[$((G / 4))]=randu:10:-4:4 --arg i32x4[$((G / 4))]=randu:11:-100:100 --arg f32:1.5"
"control_flow|tests/run/control_flow.cl|0|--kernel control_flow --global $G --local 256 --arg i32[$G]=randu:4:-50:50 --arg i32[$G]=zeros"
"integer_ops|tests/run/integer_ops.cl|0|--kernel integer_ops --global $G --local 256 --arg i32[$G]=randu:1:-1000000:1000000 --arg u32[$G]=rand:2 --arg i64[$G]=rand:3 --arg i32[$G]=zeros --arg u32[$G]=zeros --arg i64[$G]=zeros"
"stencil|tests/run/local_2d.cl|$((8 * S * S))|--kernel stencil --global $S,$S --local 16,4 --arg f32[$S,$S]=randu:5:-1:1 --arg f32[$S,$S]=zeros"
)
# The benchmark suite of bench/kernels (each `// BENCH-GPU: NAME | ARGS` line, or where a file
# has none each `// BENCH: NAME | ARGS` line, at its own sizes; with BENCH_SMALL=1 each file's
# `// BENCH-TINY: ARGS` line instead, named after the file).
for f in bench/kernels/*.cl; do
    [ -f "$f" ] || continue
    if [ "${BENCH_SMALL:-0}" = 1 ]; then
        line=$(grep -m1 '^// BENCH-TINY:' "$f") || continue
        KERNELS+=("$(basename "$f" .cl)-tiny|$f|0|${line#// BENCH-TINY: }")
        continue
    fi
    while IFS= read -r line; do
        name=$(echo "$line" | sed 's#^// BENCH[-A-Z]*: *\([^|]*\)|.*#\1#; s# *$##')
        args=$(echo "$line" | sed 's#^[^|]*| *##')
        KERNELS+=("$name|$f|0|$args")
    done < <(grep '^// BENCH-GPU:' "$f" || grep '^// BENCH:' "$f")
done

. "$(dirname "$0")/bench-time-of.sh"

RESULTS="$TMP/results.tsv"
: > "$RESULTS"
for k in "${KERNELS[@]}"; do
    IFS='|' read -r name file bytes args <<< "$k"
    if [ -n "${BENCH_ONLY:-}" ] && [ "$name" != empty ] && ! grep -qE "$BENCH_ONLY" <<< "$name"; then
        continue
    fi
    read -r -a argv <<< "$args"
    row="$name	$bytes	$(time_of "$OCLC" opencl "$file" "${argv[@]}")"
    for b in "$@"; do
        row="$row	$(time_of "$b" vulkan "$file" "${argv[@]}")"
    done
    echo "$row" >> "$RESULTS"
    # Each row also at once on stderr, so that a run cut off by a time limit keeps its rows.
    printf 'row so far: %s\n' "$row" >&2
done

echo "oclc: $*   N=$N (2-D: ${S}x${S})   repeat=$R   OpenCL device filter: ${CL_FILTER:-<first device>}"
python3 - "$RESULTS" "$#" <<'PY'
import math, sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1]) if l.strip()]
nbin = int(sys.argv[2])
def num(s):
    try: return float(s)
    except ValueError: return None
tag = lambda i: '' if nbin == 1 else f'[{i + 1}]'
print(f"{'kernel':<20} {'opencl ms':>10}" + ''.join(f" {'vk' + tag(i) + ' ms':>10}" for i in range(nbin))
      + ''.join(f" {'cl/vk' + tag(i):>9}" for i in range(nbin))
      + f" {'cl GB/s':>8}" + ''.join(f" {'vk' + tag(i) + ' GB/s':>10}" for i in range(nbin)))
logs, low = [[] for _ in range(nbin)], [[] for _ in range(nbin)]
copy_bw, failures = None, []
for r in rows:
    name, b, cl, vks = r[0], int(r[1]), num(r[2]), [num(v) for v in r[3:]]
    fmt = lambda t: f"{t:10.4f}" if t is not None else f"{'n/a':>10}"
    bw = lambda t, w: f"{b / (t * 1e-3) / 1e9:{w}.1f}" if (t and b) else f"{'-':>{w}}"
    ratios = [cl / v if (cl and v) else None for v in vks]
    print(f"{name:<20} {fmt(cl)}" + ''.join(f" {fmt(v)}" for v in vks)
          + ''.join(f" {q:9.3f}" if q else f" {'n/a':>9}" for q in ratios)
          + f" {bw(cl, 8)}" + ''.join(f" {bw(v, 10)}" for v in vks))
    if name != 'empty':
        for i, q in enumerate(ratios):
            if q:
                logs[i].append(math.log(q))
                if q < 0.95: low[i].append(f"{name} {q:.2f}")
    if name == 'copy' and b:
        copy_bw = [b / (t * 1e-3) / 1e9 if t else None for t in [cl] + vks]
    for i, t in enumerate(r[2:]):
        if t.startswith('FAIL'):
            failures.append(f"  {name} on {'opencl' if i == 0 else 'vulkan' + tag(i - 1)}: {t[6:]}")
for i, l in enumerate(logs):
    if l:
        print(f"geometric mean of OpenCL/Vulkan{tag(i)} time ratios over {len(l)} kernels (empty excluded): "
              f"{math.exp(sum(l) / len(l)):.3f}; below 0.95: {', '.join(low[i]) or 'none'}")
if copy_bw:
    names = ['OpenCL'] + [f'Vulkan{tag(i)}' for i in range(nbin)]
    print("device copy bandwidth (copy kernel): "
          + ", ".join(f"{n} {v:.1f} GB/s" for n, v in zip(names, copy_bw) if v))
if failures:
    print("not run:")
    print('\n'.join(failures))
PY
