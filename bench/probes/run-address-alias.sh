#!/bin/bash
# Runs the sdiv probe on NVIDIA Vulkan and on NVIDIA OpenCL; prints both outputs.
OCLC=${1:?usage: run-address-alias.sh OCLC_BINARY}
A="--kernel k --global 16 --local 16 --arg f32x4[256]=randu:702:-8:8 --arg i32[16]=randu:703:0:200 --arg f32[128]=zeros --arg i64[64]=zeros --print"
for d in vulkan opencl; do echo "== $d"; "$OCLC" run bench/probes/nvidia_address_alias.cl --device $d $A 2>&1 | grep -E "^arg[23]" | cut -c1-700; done
