#!/usr/bin/env bash
# The coarsening probe (bench/probes/coarsen_rows.cl): the chapter's DefConvolve and Convolve
# against the same kernels computing two output rows per work-item, at filter widths 5, 8
# and 16 on an 8192x8192 output, through oclc's Vulkan SPIR-V and the vendor's OpenCL.
#   scripts/gpu-coarsen-probe.sh OCLC [OPENCL_DEVICE_FILTER]
set -u
OCLC=${1:?usage: $0 OCLC [OPENCL_DEVICE_FILTER]}
CL=${2:-NVIDIA}
cd "$(dirname "$0")/.."
for w in 5 8 16; do
    S=8192; IW=$((S + w - 1)); N=$((IW * (S + w)))
    for k in DefConvolve DefConvolve2 Convolve Convolve2; do
        G="$S,$S"; case $k in *2) G="$S,$((S / 2))";; esac
        for dev in vulkan opencl; do
            X=(); [ $dev = opencl ] && X=(--opencl-device "$CL")
            t=$(timeout 60 "$OCLC" run bench/probes/coarsen_rows.cl -DFILTER_WIDTH=$w --kernel $k \
                --global $G --local 16,16 --arg "f32[$N]=rand:1" --arg "f32[$((w * w))]=rand:2" \
                --arg "f32[$((S * S))]=zeros" --arg i32:$IW --arg i32:$S --arg i32:$S --arg i32:$w \
                --device $dev "${X[@]}" --time --repeat 10 2>&1 | grep "kernel time" | tail -1)
            echo "w=$w $k $dev: $t"
        done
    done
done
