#!/usr/bin/env bash
# usage: OCLC=path/to/oclc scripts/gpu-packed-check.sh   (on the GPU machine, Vulkan set up as in
# /work/shared/gpu/README.md)
OCLC=${OCLC:-target/release/oclc}
# oclc's Vulkan on the GPU against oclc's CPU (which agrees with PoCL in the test suite) for
# the packed-struct RUN lines, where NVIDIA's own OpenCL faults on the misaligned members.
for f in tests/run/packed_buffers_nested.cl tests/run/packed_pointer_helpers.cl tests/run/packed_structs.cl tests/run/pragma_pack.cl tests/run/aligned_layouts.cl; do
  n=0
  grep '^// RUN:' $f | sed 's|^// RUN: ||' | while read -r line; do
    d=/tmp/pc/$(basename $f)-$n; mkdir -p $d/vk $d/cpu
    eval ""$OCLC" run $f $line --device vulkan --dump $d/vk" > $d/vk.log 2>&1 || { echo "$f#$n: vulkan FAILED: $(tail -2 $d/vk.log)"; n=$((n+1)); continue; }
    eval ""$OCLC" run $f $line --device cpu --dump $d/cpu" > $d/cpu.log 2>&1 || echo "$f#$n: cpu FAILED"
    if diff -r $d/vk $d/cpu > /dev/null; then echo "$f#$n: vulkan on GPU == cpu ($(ls $d/vk | wc -l) buffers)"; else echo "$f#$n: DIFFER"; fi
    n=$((n+1))
  done
done
