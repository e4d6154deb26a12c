#!/usr/bin/env bash
# Exhaustive accuracy sweep of one float function of oclc's built-in library over a range of
# float bit patterns, against glibc's double functions (check.c; it knows the trig family,
# add others to its ref()). The library's float*.cl sources are pasted into the kernel as
# __oclc_pasted_* (as tests/vulkan_math_ulp.rs does) and run on oclc's CPU device, or the
# built-in is called by name on --device vulkan.
#
#   scripts/float-sweep/sweep.sh FUNC FIRST_BITS LAST_BITS [cpu|vulkan]
#   e.g. scripts/float-sweep/sweep.sh sin 0x3f490fdb 0x47800000
# One-operand functions only. Prints one line per 16M-input chunk: worst ulp, where, and how
# many inputs exceed 1 ulp.
set -euo pipefail
F=$1; FIRST=$(($2)); LAST=$(($3)); DEVICE=${4:-cpu}
root=$(cd "$(dirname "$0")/../.." && pwd)
LIB=${LIB:-$root/lower/src/library/cl}
OCLC=${OCLC:-$root/target/debug/oclc}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
gcc -O2 -fopenmp -o "$work/check" "$root/scripts/float-sweep/check.c" -lm
if [ "$DEVICE" = cpu ]; then
  { echo '#pragma OPENCL EXTENSION cl_khr_fp64 : enable'
    for f in float_ff.cl float.cl float_trig.cl float_hyper.cl float_misc.cl float_special.cl; do
      sed 's/__oclc_/__oclc_pasted_/g' "$LIB/$f"; done
    echo "__kernel void k(uint base, __global float *out) { uint i = get_global_id(0); out[i] = __oclc_pasted_${F}_f32(as_float(base + i)); }"
  } > "$work/k.cl"
else
  echo "__kernel void k(uint base, __global float *out) { uint i = get_global_id(0); out[i] = ${F}(as_float(base + i)); }" > "$work/k.cl"
fi
CH=16777216
b=$FIRST
while [ "$b" -lt "$LAST" ]; do
  n=$CH; [ $((b + n)) -gt "$LAST" ] && n=$((LAST - b))
  n=$(( (n + 255) / 256 * 256 ))
  (cd "$work" && "$OCLC" run k.cl --kernel k --global $n --local 256 --device "$DEVICE" --dump out \
      --arg u32:$b --arg "f32[$n]=zeros" > log 2>&1) || { cat "$work/log"; exit 1; }
  "$work/check" "$F" $b $n "$work/out/arg1.bin"
  b=$((b + n))
done
