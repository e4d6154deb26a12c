#!/usr/bin/env bash
# Benchmarks oclc's Vulkan SPIR-V against the vendor's OpenCL compiler on the same kernels.
#
# usage: scripts/bench-gpu.sh [OCLC_BINARY]     (default: target/release/oclc)
#
# Runs each kernel (samples, tests/run, bench/kernels, and a copy kernel that
# measures device copy bandwidth) with `oclc run --device vulkan --time` and
# `oclc run --device opencl --time` at the same sizes, and prints per-kernel median
# kernel times, the ratio OpenCL time / Vulkan time (> 1: oclc+Vulkan is faster), their
# geometric mean, and the achieved bandwidth (bytes moved / time) of memory-bound kernels
# next to the copy bandwidth.
#
# Environment:
#   BENCH_N=N          elements of the 1-D kernels (default 16777216; 2-D kernels use
#                      about the same number of elements)
#   BENCH_SMALL=1      small sizes (N=65536, bench/kernels at their BENCH-TINY sizes) for a
#                      functional check (lavapipe + PoCL)
#   BENCH_REPEAT=R     timed launches per kernel (default 20)
#   OPENCL_DEVICE=S    --opencl-device filter (default: NVIDIA when clinfo lists it)
#   BENCH_ONLY=REGEX   run only the kernels whose name matches (grep -E), e.g.
#                      BENCH_N=67108864 BENCH_ONLY='^(copy|vecadd|saxpy|reduce4?|transpose(_rows)?|stencil)$'
#                      for the bandwidth of the memory-bound kernels on larger buffers
set -u
OCLC=${1:-target/release/oclc}
cd "$(dirname "$0")/.."
[ -x "$OCLC" ] || { echo "bench-gpu: no oclc binary at $OCLC (build with cargo build --release -p oclc)" >&2; exit 2; }
N=${BENCH_N:-16777216}
[ "${BENCH_SMALL:-0}" = 1 ] && N=65536
R=${BENCH_REPEAT:-20}
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
cat > "$TMP/copy.cl" <<'CL'
__kernel void copy(__global const float4 *in, __global float4 *out) {
    size_t i = get_global_id(0);
    out[i] = in[i];
}
CL

# name | file | bytes moved (0: not memory-bound) | oclc run arguments
KERNELS=(
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
# The benchmark suite of bench/kernels (each `// BENCH: NAME | ARGS` line, at its own sizes;
# with BENCH_SMALL=1 each file's `// BENCH-TINY: ARGS` line instead, named after the file).
for f in bench/kernels/*.cl; do
    [ -f "$f" ] || continue
    if [ "${BENCH_SMALL:-0}" = 1 ]; then
        line=$(grep -m1 '^// BENCH-TINY:' "$f") || continue
        KERNELS+=("$(basename "$f" .cl)-tiny|$f|0|${line#// BENCH-TINY: }")
        continue
    fi
    while IFS= read -r line; do
        name=$(echo "$line" | sed 's#^// BENCH: *\([^|]*\)|.*#\1#; s# *$##')
        args=$(echo "$line" | sed 's#^[^|]*| *##')
        KERNELS+=("$name|$f|0|$args")
    done < <(grep '^// BENCH:' "$f")
done

time_of() { # device file args... -> median ms, or the reason it failed
    local dev=$1 file=$2; shift 2
    local extra=()
    [ "$dev" = opencl ] && extra=("${CL_ARGS[@]}")
    local out
    if out=$("$OCLC" run "$file" "$@" --device "$dev" "${extra[@]}" --time --repeat "$R" 2>&1); then
        echo "$out" | sed -n 's/^kernel time: \([0-9.]*\) ms.*/\1/p' | tail -1
    else
        echo "FAIL: $(echo "$out" | grep -m1 -i 'error' | cut -c1-100)"
    fi
}

RESULTS="$TMP/results.tsv"
: > "$RESULTS"
for k in "${KERNELS[@]}"; do
    IFS='|' read -r name file bytes args <<< "$k"
    if [ -n "${BENCH_ONLY:-}" ] && ! grep -qE "$BENCH_ONLY" <<< "$name"; then
        continue
    fi
    read -r -a argv <<< "$args"
    vk=$(time_of vulkan "$file" "${argv[@]}")
    cl=$(time_of opencl "$file" "${argv[@]}")
    printf '%s\t%s\t%s\t%s\n' "$name" "$bytes" "$vk" "$cl" >> "$RESULTS"
done

echo "oclc: $OCLC   N=$N (2-D: ${S}x${S})   repeat=$R   OpenCL device filter: ${CL_FILTER:-<first device>}"
python3 - "$RESULTS" <<'PY'
import math, sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1]) if l.strip()]
def num(s):
    try: return float(s)
    except ValueError: return None
print(f"{'kernel':<18} {'vulkan ms':>10} {'opencl ms':>10} {'cl/vk':>7} {'vk GB/s':>9} {'cl GB/s':>9}")
ratios, copy_bw, failures = [], None, []
for name, nbytes, vk, cl in rows:
    v, c, b = num(vk), num(cl), int(nbytes)
    ratio = c / v if v and c else None
    if ratio: ratios.append(ratio)
    bw = lambda t: f"{b / (t * 1e-3) / 1e9:9.2f}" if (t and b) else f"{'-':>9}"
    fmt = lambda t: f"{t:10.4f}" if t is not None else f"{'n/a':>10}"
    print(f"{name:<18} {fmt(v)} {fmt(c)} {(f'{ratio:7.3f}' if ratio else '    n/a')} {bw(v)} {bw(c)}")
    if name == 'copy' and v and c and b:
        copy_bw = (b / (v * 1e-3) / 1e9, b / (c * 1e-3) / 1e9)
    for dev, t in (('vulkan', vk), ('opencl', cl)):
        if t.startswith('FAIL'): failures.append(f"  {name} on {dev}: {t[6:]}")
if ratios:
    g = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    print(f"geometric mean of OpenCL/Vulkan time ratios over {len(ratios)} kernels: {g:.3f}")
if copy_bw:
    print(f"device copy bandwidth (copy kernel): Vulkan {copy_bw[0]:.2f} GB/s, OpenCL {copy_bw[1]:.2f} GB/s")
if failures:
    print("not run:")
    print('\n'.join(failures))
PY
