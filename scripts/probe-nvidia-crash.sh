#!/usr/bin/env bash
# Probe for the NVIDIA Vulkan driver crash on tests/run/cl30_to_space_inferred.cl.
#
# usage: scripts/probe-nvidia-crash.sh OCLC_BINARY [OUT_DIR]
#   (run from the repository root on the GPU machine, with a Vulkan loader and
#   VK_DRIVER_FILES set up as ../shared/gpu/README.md says)
#
# Each kernel of tests/probe/ (reduced variants of the crashing kernel: each removes one
# construct, plus two controls) and the full kernel is compiled to Vulkan SPIR-V
# (OUT_DIR/NAME.spv, default /tmp/oclc-probe; spirv-val runs on it when installed) and run
# with `oclc run --device vulkan` in a process of its own under `timeout`, so that a
# segfault or a hang stops only that line. The full kernel also runs under each hidden
# OCLC_VK_WORKAROUND form (backend-spirv/src/vulkan/workarounds.rs):
#   no-variable-pointers  the form before the fix (no VariablePointers capability for
#                         pointer variables): expected to segfault on NVIDIA (driver 580);
#   ptr-access-chain      every __global pointer offset as OpPtrAccessChain;
#   address-arith         every __global pointer offset as integer address arithmetic.
#
# One line per run: NAME, the exit status of the compile and of the run (139 = segfault,
# 124 = timeout), and the result against the file's `// EXPECT: V` (every element of the
# output buffer):
#   no_barrier                      compile=0 run=0   ok 321511
#   full [no-variable-pointers]     compile=0 run=139 CRASH
# The exit status is 0 when every run gives its expected value, except the control runs
# under no-variable-pointers, which may fail.
#
# Findings so far (H100, driver 580, 2026-11-23): a Function variable holding a Workgroup
# pointer in a module without the VariablePointers capability segfaults pipeline creation
# (tests/probe/local_pointer_variable.cl alone did); the same kernels run and give the
# expected values once the capability is declared, which oclc now does.
set -u
oclc=${1:?usage: $0 OCLC_BINARY [OUT_DIR]}
out=${2:-/tmp/oclc-probe}
mkdir -p "$out"
status=0

# probe NAME FILE [WORKAROUND]: compile, validate, run, compare with the file's EXPECT.
probe() {
    local name=$1 file=$2 wa=${3:-}
    local label=$name
    [ -n "$wa" ] && label="$name [$wa]"
    local expect
    expect=$(sed -n 's|^// EXPECT: \(arg[0-9]* = \)\{0,1\}\([0-9-][0-9]*\).*|\2|p' "$file" | head -1)
    local args=(-cl-std=CL3.0 --kernel k --global 8 --local 8 --arg 'i32[8]=zeros')
    OCLC_VK_WORKAROUND=$wa timeout 60 "$oclc" "$file" -cl-std=CL3.0 --target vulkan \
        -o "$out/$name${wa:+.$wa}.spv" >"$out/$name${wa:+.$wa}.compile.log" 2>&1
    local crc=$?
    local val=""
    if [ $crc -eq 0 ] && command -v spirv-val >/dev/null; then
        spirv-val --target-env vulkan1.2 "$out/$name${wa:+.$wa}.spv" >/dev/null 2>&1 \
            || val=" spirv-val=FAILED"
    fi
    OCLC_VK_WORKAROUND=$wa timeout 60 "$oclc" run "$file" "${args[@]}" --device vulkan --print \
        >"$out/$name${wa:+.$wa}.run.log" 2>&1
    local rrc=$?
    local got
    got=$(grep -o '\[[-0-9, ]*\]' "$out/$name${wa:+.$wa}.run.log" | tail -1)
    local verdict
    if [ $rrc -eq 139 ] || [ $rrc -eq 134 ]; then
        verdict="CRASH"
    elif [ $rrc -eq 124 ]; then
        verdict="TIMEOUT"
    elif [ $rrc -ne 0 ]; then
        verdict="FAILED: $(tail -c 160 "$out/$name${wa:+.$wa}.run.log" | tr '\n' ' ')"
    elif [ -n "$expect" ] && [ "$(echo "$got" | tr -d '[] ' | tr ',' '\n' | sort -u)" = "$expect" ]; then
        verdict="ok $expect"
    else
        verdict="WRONG $got (expected $expect)"
    fi
    printf '%-44s compile=%s run=%-3s %s%s\n' "$label" "$crc" "$rrc" "$verdict" "$val"
    if [ "${verdict%% *}" != "ok" ] && [ "$wa" != "no-variable-pointers" ]; then
        status=1
    fi
}

full=tests/run/cl30_to_space_inferred.cl
probe full "$full"
for f in tests/probe/*.cl; do
    probe "$(basename "$f" .cl)" "$f"
done
for wa in no-variable-pointers ptr-access-chain address-arith; do
    probe full "$full" "$wa"
done
probe local_pointer_variable tests/probe/local_pointer_variable.cl no-variable-pointers
exit $status
