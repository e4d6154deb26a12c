#!/usr/bin/env bash
# The transcendental bench: each float built-in (exp, log, sin, cos, tan, pow, sqrt, rsqrt,
# erf, atan2, their native_ forms where OpenCL has them) over N floats, and Black-Scholes
# over N options, through oclc's Vulkan SPIR-V (one column per oclc binary, e.g. before and
# after a change) and the vendor's OpenCL compiler, in one run.
#
# usage: scripts/bench-gpu-math.sh OCLC [OCLC...]
#
# Prints per kernel the median kernel time on each API, the ratio OpenCL time / Vulkan time
# (> 1: oclc+Vulkan is faster) per binary and its geometric mean, and first each API's
# empty-kernel launch time (the fixed cost in every row: compare kernels that take well
# above it).
#
# Environment:
#   BENCH_N=N          elements (default 67108864: 0.2 ms or more per kernel on an H100)
#   BENCH_REPEAT=R     timed launches per kernel (default 10)
#   OPENCL_DEVICE=S    --opencl-device filter (default NVIDIA)
#   BENCH_ONLY=REGEX   only the kernels whose name matches (grep -E)
set -u
[ $# -ge 1 ] || { echo "usage: $0 OCLC [OCLC...]" >&2; exit 2; }
cd "$(dirname "$0")/.."
N=${BENCH_N:-67108864}
R=${BENCH_REPEAT:-10}
CL_FILTER=${OPENCL_DEVICE:-NVIDIA}
CL_ARGS=(--opencl-device "$CL_FILTER")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# name | expression of x (and y) | x range | y range
FUNCS=(
"exp|exp(x)|-80:80|"
"log|log(x)|0.001:1000|"
"sin|sin(x)|-100:100|"
"cos|cos(x)|-100:100|"
"tan|tan(x)|-100:100|"
"pow|pow(x, y)|0.01:10|-8:8"
"sqrt|sqrt(x)|0:1000|"
"rsqrt|rsqrt(x)|0.001:1000|"
"erf|erf(x)|-4:4|"
"atan2|atan2(x, y)|-10:10|-10:10"
"native_exp|native_exp(x)|-80:80|"
"native_log|native_log(x)|0.001:1000|"
"native_sin|native_sin(x)|-3.14:3.14|"
"native_cos|native_cos(x)|-3.14:3.14|"
"native_tan|native_tan(x)|-1.5:1.5|"
"native_powr|native_powr(x, y)|0.01:10|-8:8"
"native_sqrt|native_sqrt(x)|0:1000|"
"native_rsqrt|native_rsqrt(x)|0.001:1000|"
)

cat > "$TMP/empty.cl" <<'CL'
__kernel void empty(__global float *o) { }
CL

# One row: name | file | oclc run arguments.
ROWS=("empty|$TMP/empty.cl|--kernel empty --global 256 --local 256 --arg f32[256]=zeros")
for f in "${FUNCS[@]}"; do
    IFS='|' read -r name expr xr yr <<< "$f"
    cat > "$TMP/$name.cl" <<CL
__kernel void k(__global const float *a, __global const float *b, __global float *o)
{
    size_t i = get_global_id(0);
    float x = a[i], y = b[i];
    o[i] = $expr;
}
CL
    yspec="randu:2:${yr:-0:1}"
    ROWS+=("$name|$TMP/$name.cl|--kernel k --global $N --local 256 --arg f32[$N]=randu:1:$xr --arg f32[$N]=$yspec --arg f32[$N]=zeros")
done
ROWS+=("blackscholes|bench/kernels/blackscholes.cl|--kernel blackscholes --global $N --local 256 --arg f32[$N]=randu:10:5:30 --arg f32[$N]=randu:11:1:100 --arg f32[$N]=randu:12:0.25:10 --arg f32[$N]=zeros --arg f32[$N]=zeros --arg f32:0.02 --arg f32:0.30")

. "$(dirname "$0")/bench-time-of.sh"

RESULTS="$TMP/results.tsv"
: > "$RESULTS"
for row in "${ROWS[@]}"; do
    IFS='|' read -r name file args <<< "$row"
    if [ -n "${BENCH_ONLY:-}" ] && [ "$name" != empty ] && ! grep -qE "$BENCH_ONLY" <<< "$name"; then
        continue
    fi
    read -r -a argv <<< "$args"
    line="$name	$(time_of "$1" opencl "$file" "${argv[@]}")"
    for bin in "$@"; do
        line="$line	$(time_of "$bin" vulkan "$file" "${argv[@]}")"
    done
    echo "$line" >> "$RESULTS"
    # Each row also at once on stderr, so that a run cut off by a time limit keeps its rows.
    printf 'row so far: %s\n' "$line" >&2
done

echo "N=$N   repeat=$R   OpenCL device filter: $CL_FILTER"
for i in $(seq 1 $#); do echo "vulkan[$i]: ${!i}"; done
python3 - "$RESULTS" "$#" <<'PY'
import math, sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1]) if l.strip()]
nbin = int(sys.argv[2])
def num(s):
    try: return float(s)
    except ValueError: return None
head = f"{'kernel':<14} {'opencl ms':>10}" + "".join(f" {f'vk[{i+1}] ms':>10}" for i in range(nbin))
head += "".join(f" {f'cl/vk[{i+1}]':>10}" for i in range(nbin))
print(head)
logs = [[] for _ in range(nbin)]
for r in rows:
    name, cl, vks = r[0], num(r[1]), [num(v) for v in r[2:]]
    fmt = lambda t: f"{t:10.4f}" if t is not None else f"{'fail':>10}"
    ratios = [cl / v if (cl and v) else None for v in vks]
    print(f"{name:<14} {fmt(cl)}" + "".join(f" {fmt(v)}" for v in vks)
          + "".join(f" {r:10.3f}" if r else f" {'n/a':>10}" for r in ratios))
    if name != 'empty':
        for i, q in enumerate(ratios):
            if q: logs[i].append(math.log(q))
    for i, v in enumerate(r[1:]):
        if v.startswith('FAIL'):
            print(f"   {name} {'opencl' if i == 0 else f'vk[{i}]'}: {v[5:].replace('_', ' ')}")
for i, l in enumerate(logs):
    if l:
        print(f"geometric mean cl/vk[{i+1}] over {len(l)} kernels (empty excluded): {math.exp(sum(l)/len(l)):.3f}")
PY
