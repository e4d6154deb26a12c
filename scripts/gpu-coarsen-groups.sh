#!/usr/bin/env bash
# The work-group coarsening probe (bench/probes/coarsen_groups.cl): the GPU suite's tree
# reduction, tiled transpose and 16x4 stencil with each work-item computing its local id in
# C = 1, 2 or 4 work-groups, through oclc's Vulkan SPIR-V and the vendor's OpenCL, beside the
# copy kernel's bandwidth, at the suite's sizes (64M floats, 8192x8192).
#   scripts/gpu-coarsen-groups.sh OCLC [OPENCL_DEVICE_FILTER]
# (PROBE_G=N and PROBE_S=S shrink the sizes for a functional check, e.g. on lavapipe.)
set -u
OCLC=${1:?usage: $0 OCLC [OPENCL_DEVICE_FILTER]}
CL=${2:-NVIDIA}
cd "$(dirname "$0")/.."
G=${PROBE_G:-67108864}; S=${PROBE_S:-8192}; P=bench/probes/coarsen_groups.cl
time_of() { # DEVICE ARGS...
    local dev=$1; shift
    local x=(); [ "$dev" = opencl ] && x=(--opencl-device "$CL")
    timeout 120 "$OCLC" run "$@" --device "$dev" "${x[@]}" --time --repeat 20 2>&1 |
        grep -o "kernel time: [0-9.]* ms" | tail -1
}
for dev in vulkan opencl; do
    echo "copy $dev: $(time_of $dev bench/kernels/copy.cl --kernel copy --global $((G / 4)) --local 256 \
        --arg "f32x4[$((G / 4))]=rand:1" --arg "f32x4[$((G / 4))]=zeros")"
done
for C in 1 2 4; do
    for dev in vulkan opencl; do
        echo "reduce C=$C $dev: $(time_of $dev $P -DC=$C --kernel reduce_sum --global $((G / C)) \
            --local 128 --arg "f32[$G]=rand:7" --arg "f32[$((G / 128))]=zeros")"
        echo "transpose C=$C $dev: $(time_of $dev $P -DC=$C --kernel transpose \
            --global $S,$((S / C)) --local 16,16 --arg "f32[$S,$S]=rand:9" \
            --arg "f32[$S,$S]=zeros" --arg i32:$S --arg i32:$S)"
        echo "stencil C=$C $dev: $(time_of $dev $P -DC=$C --kernel stencil --global $S,$((S / C)) \
            --local 16,4 --arg "f32[$S,$S]=randu:5:-1:1" --arg "f32[$S,$S]=zeros")"
    done
done
