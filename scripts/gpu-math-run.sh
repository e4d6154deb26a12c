#!/usr/bin/env bash
# On the GPU machine (see /work/shared/gpu/README.md): the float, half and double ULP suites
# on NVIDIA's Vulkan driver, then the transcendental bench, Black-Scholes and the bench-gpu
# suite for a baseline and a changed oclc side by side against NVIDIA's OpenCL.
#
# usage: scripts/gpu-math-run.sh STEP...     (steps: ulp, math, probe, groups, suite, chapter, stats)
#
# Expects in the checkout (ignored folders the run tool carries): .gl/*.deb (the Vulkan
# loader), .gpu/oclc-base and .gpu/oclc (release binaries), .gpu/vulkan_math_ulp*
# (`cargo test --release --no-run` binaries of tests/vulkan_math_ulp*.rs, built in the
# worktree named by .gpu/built-root, whose paths they keep: the script links that path to
# this checkout and puts .gpu/oclc where they look for the binary; they read
# lower/src/library/cl and tests/data from it). Writes each step's raw output under $OUT
# (default /tmp/out).
#
# The run tool copies the lead's checkout, not a worktree: copy what the steps need
# (git archive HEAD scripts bench samples tests/run tests/data lower/src/library, plus .gl
# and .gpu) into an ignored folder of that checkout (e.g. wt/NAME, ignored by /wt/), carry
# it, and start this script from there.
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
for f in .gl/*.deb; do dpkg -x "$f" /; done
ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
mkdir -p /tmp/icd && echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
export OCL_ICD_VENDORS=/tmp/icd
chmod +x .gpu/* 2>/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/device.txt" 2>&1
cat "$OUT/device.txt"

step_ulp() {
    local built
    built=$(cat .gpu/built-root)
    mkdir -p "$(dirname "$built")"
    [ -e "$built" ] || ln -s "$PWD" "$built"
    # The tests start the oclc of the tree they were built in (where built-root points: this
    # checkout through the link, or the device's copy of the lead's checkout itself).
    mkdir -p "$built/target/release" && cp .gpu/oclc "$built/target/release/oclc"
    for t in .gpu/vulkan_math_ulp .gpu/vulkan_math_ulp_f16 .gpu/vulkan_math_ulp_f64; do
        echo "== $t (OCLC_VK_DENORM=any: the driver may flush; flush-tolerant judging)"
        OCLC_VK_DENORM=any timeout 240 "$t" --test-threads 2 --nocapture 2>&1 | tail -n 150
    done
}

case " $* " in *" ulp "*) step_ulp > "$OUT/ulp.txt" 2>&1; tail -n 40 "$OUT/ulp.txt" ;; esac
case " $* " in *" math "*)
    BENCH_REPEAT=10 scripts/bench-gpu-math.sh .gpu/oclc-base .gpu/oclc > "$OUT/math.txt" 2>&1
    cat "$OUT/math.txt" ;; esac
step_probe() {
    local n=67108864 k g
    for k in copy_size_t copy_int copy_uint copy_float4 sqrt_size_t; do
        g=$n ty=f32 len=$n
        [ $k = copy_float4 ] && { g=$((n / 4)); ty=f32x4; len=$((n / 4)); }
        for bin in opencl .gpu/oclc-base .gpu/oclc; do
            local dev=vulkan b=$bin extra=()
            [ $bin = opencl ] && { dev=opencl; b=.gpu/oclc; extra=(--opencl-device NVIDIA); }
            t=$("$b" run bench/probes/stream_forms.cl --kernel $k --global $g --local 256 \
                --arg "$ty[$len]=rand:1" --arg "$ty[$len]=zeros" --device $dev "${extra[@]}" --time --repeat 10 2>&1 |
                sed -n 's/^kernel time: \([0-9.]*\) ms.*/\1/p')
            printf '%-12s %-16s %s ms\n' $k $bin "$t"
        done
    done
}

case " $* " in *" probe "*) step_probe > "$OUT/probe.txt" 2>&1; cat "$OUT/probe.txt" ;; esac
step_groups() {
    local n=67108864 k args
    for k in ${GROUP_KERNELS:-hist_size_t hist_uint hist_flat hist_rotated reduce_sum reduce_uint reduce_own reduce_unrolled barriers_only barriers_unrolled no_barriers}; do
        case $k in
            hist_*) args=(--global $n --local 256 --arg "u8[$n]=rand:3" --arg "u32[$n]=zeros") ;;
            reduce_merged2|*_256) args=(--global $n --local 256 --arg "f32[$n]=rand:7" --arg "f32[$((n / 128))]=zeros") ;;
            reduce_sum|reduce_uint) args=(--global $n --local 128 --arg "f32[$n]=rand:7" --arg "f32[$((n / 128))]=zeros" --arg local:512) ;;
            *) args=(--global $n --local 128 --arg "f32[$n]=rand:7" --arg "f32[$((n / 128))]=zeros") ;;
        esac
        for bin in opencl .gpu/oclc-base .gpu/oclc; do
            local dev=vulkan b=$bin extra=()
            [ $bin = opencl ] && { dev=opencl; b=.gpu/oclc; extra=(--opencl-device NVIDIA); }
            t=$("$b" run bench/probes/group_forms.cl --kernel $k "${args[@]}" --device $dev "${extra[@]}" --time --repeat 10 2>&1 |
                sed -n 's/^kernel time: \([0-9.]*\) ms.*/\1/p')
            printf '%-14s %-16s %s ms\n' $k $bin "$t"
        done
    done
}

case " $* " in *" groups "*) step_groups > "$OUT/groups.txt" 2>&1; cat "$OUT/groups.txt" ;; esac
case " $* " in *" suite "*)
    BENCH_ONLY='^([^c]|c[^h]|ch[^_])' scripts/bench-gpu.sh .gpu/oclc-base .gpu/oclc > "$OUT/suite.txt" 2>&1
    cat "$OUT/suite.txt" ;; esac
case " $* " in *" chapter "*)
    BENCH_ONLY='^ch_' scripts/bench-gpu.sh .gpu/oclc > "$OUT/chapter.txt" 2>&1
    cat "$OUT/chapter.txt" ;; esac
step_stats() {
    # What each compiler made of the kernels that trail: the Vulkan driver's pipeline
    # statistics, NVIDIA OpenCL's ptxas report and PTX.
    local spec name file args
    for spec in \
        "hist_size_t|bench/probes/group_forms.cl|--local 256 --arg u8[65536]=rand:3 --arg u32[65536]=zeros" \
        "reduce_sum|bench/probes/group_forms.cl|--local 128 --arg f32[65536]=rand:7 --arg f32[512]=zeros --arg local:512" \
        "barriers_only|bench/probes/group_forms.cl|--local 128 --arg f32[65536]=rand:7 --arg f32[512]=zeros" \
        "control_flow|tests/run/control_flow.cl|--local 256 --arg i32[65536]=randu:4:-50:50 --arg i32[65536]=zeros" \
        "blackscholes|bench/kernels/blackscholes.cl|--local 256 --arg f32[65536]=randu:1:5:30 --arg f32[65536]=randu:2:1:100 --arg f32[65536]=randu:3:0.25:10 --arg f32[65536]=zeros --arg f32[65536]=zeros --arg f32:0.02 --arg f32:0.30" \
        "copy_uint|bench/probes/stream_forms.cl|--local 256 --arg f32[65536]=rand:1 --arg f32[65536]=zeros"; do
        IFS='|' read -r name file args <<< "$spec"
        echo "=== $name ($file): Vulkan"
        # shellcheck disable=SC2086
        OCLC_VK_PIPELINE_STATS=1 .gpu/oclc run "$file" --kernel "$name" --global 65536 $args --device vulkan 2>&1 | head -c 200000
        echo "=== $name ($file): NVIDIA OpenCL"
        # shellcheck disable=SC2086
        OCLC_CL_EXTRA_OPTIONS=-cl-nv-verbose OCLC_CL_BUILD_LOG=1 OCLC_CL_DUMP_BINARY="$OUT/$name.ptx" \
            .gpu/oclc run "$file" --kernel "$name" --global 65536 $args --device opencl --opencl-device NVIDIA 2>&1 | head -c 20000
    done
}

case " $* " in *" stats "*) step_stats > "$OUT/stats.txt" 2>&1; grep -v '^ *[%;]' "$OUT/stats.txt" | head -c 60000 ;; esac
exit 0
