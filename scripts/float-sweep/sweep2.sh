#!/usr/bin/env bash
# Random and structured accuracy sweep of one two-operand float function of oclc's built-in
# library (atan2, atan2pi, pow, powr) against glibc's double functions (check2.c makes the
# operand pairs and judges the results). Like sweep.sh, the library's float*.cl sources are
# pasted into the kernel as __oclc_pasted_* and run on oclc's CPU device, or the built-in is
# called by name on --device vulkan.
#
#   scripts/float-sweep/sweep2.sh FUNC CHUNKS [cpu|vulkan] [SEED]
#   e.g. OCLC=target/release/oclc scripts/float-sweep/sweep2.sh atan2 8
# Prints one line per 16M-pair chunk (each chunk its own seed): worst ulp, where, and how many
# pairs exceed 1 ulp.
set -euo pipefail
F=$1; CHUNKS=$2; DEVICE=${3:-cpu}; SEED=${4:-1}
root=$(cd "$(dirname "$0")/../.." && pwd)
LIB=${LIB:-$root/lower/src/library/cl}
OCLC=${OCLC:-$root/target/debug/oclc}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
gcc -O2 -fopenmp -o "$work/check2" "$root/scripts/float-sweep/check2.c" -lm
call="${F}(x[i], y[i])"
if [ "$DEVICE" = cpu ]; then
  { echo '#pragma OPENCL EXTENSION cl_khr_fp64 : enable'
    for f in float_ff.cl float.cl float_trig.cl float_hyper.cl float_misc.cl float_special.cl; do
      sed 's/__oclc_/__oclc_pasted_/g' "$LIB/$f"; done
  } > "$work/k.cl"
  call="__oclc_pasted_${F}_f32(x[i], y[i])"
fi
echo "__kernel void k(__global const float *x, __global const float *y, __global float *out) { uint i = get_global_id(0); out[i] = $call; }" >> "$work/k.cl"
N=16777216
for c in $(seq 1 "$CHUNKS"); do
  "$work/check2" gen "$F" $((SEED * 1000 + c)) $N "$work/x.bin" "$work/y.bin"
  (cd "$work" && "$OCLC" run k.cl --kernel k --global $N --local 256 --device "$DEVICE" --dump out \
      --arg "f32[$N]=file:x.bin" --arg "f32[$N]=file:y.bin" --arg "f32[$N]=zeros" > log 2>&1) \
      || { cat "$work/log"; exit 1; }
  "$work/check2" check "$F" $N "$work/x.bin" "$work/y.bin" "$work/out/arg2.bin"
done
